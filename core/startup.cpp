#include "startup.hpp"

#include <algorithm>

namespace sizer {

StartupRates startup_rates(std::optional<TierId> tier) {
  if (tier == TierId::hyperscaler) return {180.0, 1.25};
  if (tier == TierId::marketplace) return {120.0, 0.25};
  return {90.0, 0.6};
}

Startup startup_time(const StartupRates& rates, double weights_bytes, int64_t instances) {
  (void)instances;  // instances start in parallel: each pays the same boot, pull, download and load
  Startup s;
  s.boot_s = rates.boot_s;
  s.image_s = kImageBytes / (std::min(rates.network_gbs, kImageExtractGbs) * 1e9);
  s.download_s = std::max(0.0, weights_bytes) / (rates.network_gbs * 1e9);
  s.load_s = std::max(0.0, weights_bytes) / (kLoadGbsPerInstance * 1e9);
  s.total_s = s.boot_s + s.image_s + s.download_s + s.load_s;
  return s;
}

}  // namespace sizer

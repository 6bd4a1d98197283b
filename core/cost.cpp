#include "cost.hpp"

#include <algorithm>
#include <cmath>

namespace sizer {

double billed_seconds(double seconds, const Provider& provider) {
  const double granularity = std::max(1.0, provider.billing_granularity_s);
  const double rounded = std::ceil(std::max(0.0, seconds) / granularity - 1e-9) * granularity;
  return std::max(rounded, provider.minimum_charge_s.value_or(0.0));
}

SpotOverhead spot_overhead(double seconds, std::optional<double> checkpoint_every_s) {
  SpotOverhead o;
  const double interval = checkpoint_every_s.value_or(3600.0);
  o.expected_interruptions = kSpotInterruptionsPerHour * seconds / 3600.0;
  o.extra_seconds = o.expected_interruptions * (kSpotRestartSeconds + interval / 2.0);
  return o;
}

StorageCost storage_cost(const Provider& provider, double bytes_stored, double seconds, double bytes_out) {
  StorageCost c;
  c.bytes_stored = bytes_stored;
  const double gb = bytes_stored / 1e9;
  const double months = std::max(seconds, 86400.0) / (730.0 * 3600.0);
  c.usd_storage = gb * provider.block_storage_usd_per_gb_month.value_or(0.0) * months;
  c.usd_egress = bytes_out / 1e9 * provider.egress_usd_per_gb.value_or(0.0);
  return c;
}

}  // namespace sizer

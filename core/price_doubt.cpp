#include "price_doubt.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <string_view>
#include <tuple>
#include <utility>

namespace sizer {
namespace {

double median_of_sorted(const std::vector<double>& s) {
  const size_t n = s.size();
  return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

}  // namespace

void mark_doubtful_prices(Catalog& catalog) {
  // $/GPU-h of every price, by GPU and kind (false: on demand, true: spot), all rows and the rows not stale apart.
  // The median is the market a person would compare against (audit-2026-12 README "Method"), read from the prices
  // that are not stale where at least kDoubtMinRows are: stale rows repeat one old price (B200 spot had three of
  // Verda's stale $0.95 rows in five) and would otherwise make the market they are judged against. With fewer
  // current rows, every row counts.
  struct Market {
    std::vector<double> all, current;
  };
  std::map<std::pair<std::string, bool>, Market> per_gpu_hour;
  for (Offering& o : catalog.offerings) {
    o.credible_usd_per_hour.reset();
    o.credible_spot_usd_per_hour.reset();
    o.credible_is_current_floor = o.credible_spot_is_current_floor = false;
    if (o.gpus <= 0) continue;
    const double gpus = static_cast<double>(o.gpus);
    auto add = [&](bool spot, const std::optional<double>& price, PriceConfidenceId confidence) {
      if (!price) return;
      Market& m = per_gpu_hour[{o.gpu, spot}];
      m.all.push_back(*price / gpus);
      if (confidence != PriceConfidenceId::stale) m.current.push_back(*price / gpus);
    };
    add(false, o.usd_per_hour, o.price_confidence);
    add(true, o.spot_usd_per_hour, o.spot_price_confidence());
  }
  // Per GPU and kind: the median a bargain is judged against, and the cheapest current price (the floor of a stale one).
  struct Reference {
    std::optional<double> median, floor;
  };
  std::map<std::pair<std::string, bool>, Reference> reference;
  for (auto& [key, market] : per_gpu_hour) {
    Reference& r = reference[key];
    if (!market.current.empty()) r.floor = *std::min_element(market.current.begin(), market.current.end());
    std::vector<double>& values = market.current.size() >= kDoubtMinRows ? market.current : market.all;
    if (values.size() < kDoubtMinRows) continue;
    std::sort(values.begin(), values.end());
    r.median = median_of_sorted(values);
  }
  // The credible $/GPU-h of a price and whether the stale floor set it; nullopt when the price stands.
  auto credible = [&](const Offering& o, bool spot, const std::optional<double>& price, PriceConfidenceId confidence,
                      bool* from_floor) -> std::optional<double> {
    if (!price || confidence == PriceConfidenceId::confirmed) return std::nullopt;
    const auto r = reference.find({o.gpu, spot});
    if (r == reference.end()) return std::nullopt;
    const double gpus = static_cast<double>(o.gpus);
    const double per_gpu = *price / gpus;
    std::optional<double> out;
    if (r->second.median && per_gpu < kDoubtfulFractionOfMedian * *r->second.median) out = *r->second.median;
    if (confidence == PriceConfidenceId::stale && r->second.floor && per_gpu < *r->second.floor &&
        (!out || *r->second.floor > *out)) {
      out = *r->second.floor;
      *from_floor = true;
    }
    if (!out) return std::nullopt;
    return *out * gpus;
  };
  for (Offering& o : catalog.offerings) {
    if (o.gpus <= 0) continue;
    o.credible_usd_per_hour = credible(o, false, o.usd_per_hour, o.price_confidence, &o.credible_is_current_floor);
    o.credible_spot_usd_per_hour =
        credible(o, true, o.spot_usd_per_hour, o.spot_price_confidence(), &o.credible_spot_is_current_floor);
  }
  index_offerings(catalog);
}

void index_offerings(Catalog& catalog) {
  auto index = std::make_shared<OfferingIndex>();
  index->offerings = catalog.offerings.size();
  // What the ranking reads of an offering besides its price (catalog.hpp OfferingGroup).
  using Key = std::tuple<std::string_view, std::optional<TierId>, std::string_view, int64_t, InterconnectId>;
  std::map<Key, size_t> group_of;
  for (size_t i = 0; i < catalog.offerings.size(); ++i) {
    const Offering& o = catalog.offerings[i];
    const auto [it, fresh] = group_of.try_emplace(Key{o.provider, o.tier, o.gpu, o.gpus, o.interconnect}, index->groups.size());
    if (fresh) index->groups.push_back({i, {}});
    OfferingGroup& g = index->groups[it->second];
    if (o.usd_per_hour) g.by_price[0].push_back(static_cast<uint32_t>(i));
    if (o.spot_usd_per_hour) g.by_price[1].push_back(static_cast<uint32_t>(i));
  }
  for (OfferingGroup& g : index->groups) {
    for (int spot = 0; spot < 2; ++spot) {
      auto ranked_price = [&](uint32_t i) {
        const Offering& o = catalog.offerings[i];
        const std::optional<double>& credible = spot ? o.credible_spot_usd_per_hour : o.credible_usd_per_hour;
        return credible ? *credible : *(spot ? o.spot_usd_per_hour : o.usd_per_hour);
      };
      std::stable_sort(g.by_price[spot].begin(), g.by_price[spot].end(),
                       [&](uint32_t a, uint32_t b) { return ranked_price(a) < ranked_price(b); });
    }
  }
  catalog.offering_index = std::move(index);
}

}  // namespace sizer

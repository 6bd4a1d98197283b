#include "ranking.hpp"

#include <array>

namespace sizer {
namespace {

// Lower first, when the keys differ (NaN never equals: the pair is then ordered "after" both ways,
// exactly as a plain `a < b` comparison would leave it).
int lower_first(double a, double b) {
  if (a == b) return 0;
  return a < b ? -1 : 1;
}
int higher_first(double a, double b) {
  if (a == b) return 0;
  return a > b ? -1 : 1;
}

// 0: fits and meets the targets, 1: fits, 2: does not fit.
int fit_group(const Option& o) {
  if (o.fits && o.meets_targets) return 0;
  if (o.fits) return 1;
  return 2;
}

// The figure "faster" means for the workload: the run's duration, items a second, or tokens a second.
double speed_key(const Option& o) {
  if (o.train_s) return -*o.train_s;
  if (o.items_per_s) return *o.items_per_s;
  return o.output_tokens_per_s.value_or(0);
}

// The figure "cheaper" means: the job's total, else $ per million output tokens, else the hourly price.
double cost_key(const Option& o) {
  if (o.usd_total) return *o.usd_total;
  return o.usd_per_million_output_tokens.value_or(o.usd_per_hour.value_or(0) * 1e6);
}

int by_fit(const Option& a, const Option& b, const RankingPolicy&) { return lower_first(fit_group(a), fit_group(b)); }

// Both in the same group from here on. Options that do not fit are ordered by this alone.
int by_memory_pressure(const Option& a, const Option& b, const RankingPolicy&) {
  if (a.fits) return 0;
  return a.memory_pressure < b.memory_pressure ? -1 : (b.memory_pressure < a.memory_pressure ? 1 : 0);
}

int by_hourly_price(const Option& a, const Option& b, const RankingPolicy& p) {
  if (!a.fits || p.order != "cheapest_per_hour") return 0;
  return lower_first(a.usd_per_hour.value_or(0), b.usd_per_hour.value_or(0));
}

int by_speed_asked(const Option& a, const Option& b, const RankingPolicy& p) {
  if (!a.fits || p.order != "fastest") return 0;
  return higher_first(speed_key(a), speed_key(b));
}

int by_on_demand_for_endpoints(const Option& a, const Option& b, const RankingPolicy& p) {
  if (!a.fits || p.order != "best" || !p.spot_last) return 0;
  const bool spot_a = a.pricing == "spot";
  const bool spot_b = b.pricing == "spot";
  return spot_a == spot_b ? 0 : (spot_a ? 1 : -1);
}

int by_cost(const Option& a, const Option& b, const RankingPolicy& p) {
  if (!a.fits || p.order != "best") return 0;
  return lower_first(cost_key(a), cost_key(b));
}

int by_speed(const Option& a, const Option& b, const RankingPolicy&) {
  if (!a.fits) return 0;
  return higher_first(speed_key(a), speed_key(b));
}

}  // namespace

RankingPolicy ranking_policy(const Request& request) {
  RankingPolicy policy;
  // Unknown orders rank as "best" (the request parser accepts only the three).
  policy.order = request.order == "cheapest_per_hour" || request.order == "fastest" ? request.order : "best";
  policy.spot_last = request.kind == WorkloadKind::inference && request.filters.pricing != "spot";
  return policy;
}

std::span<const RankingRule> ranking_rules() {
  static constexpr std::array<RankingRule, 7> kRules = {{
      {"fits and meets the targets, then fits, then the rest",
       "1. VRAM first, then bandwidth: keep the offerings that hold the model and its KV cache", by_fit},
      {"of those that do not fit, the closest to fitting",
       "1. VRAM first: the nearest miss is the cheapest change (fewer users, shorter context, lower precision)",
       by_memory_pressure},
      {"order=cheapest_per_hour: the lowest $ per hour", "the request's own order", by_hourly_price},
      {"order=fastest: the fastest", "the request's own order", by_speed_asked},
      {"order=best: on-demand before spot for an endpoint, unless spot was asked for",
       "8. Spot suits fault-tolerant batch work; on-demand or reserved for user-facing endpoints",
       by_on_demand_for_endpoints},
      {"order=best: the lowest cost of the work ($ for the job, else $ per million output tokens)",
       "7. and 9. Billing granularity, minimum charge, spot restarts, storage and egress are all in the cost, "
       "not only GPU time",
       by_cost},
      {"then the fastest", "10. and 1. Bandwidth (the decode rate) decides between equals", by_speed},
  }};
  return kRules;
}

bool ranks_before(const Option& a, const Option& b, const RankingPolicy& policy) {
  for (const RankingRule& rule : ranking_rules()) {
    if (const int c = rule.compare(a, b, policy); c != 0) return c < 0;
  }
  return false;
}

void rank_options(std::vector<Option>& options, const Request& request) {
  rank_by(options, request, [](const Option& o) -> const Option& { return o; });
}

}  // namespace sizer

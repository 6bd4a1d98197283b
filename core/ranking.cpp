#include "ranking.hpp"

#include <array>
#include <cmath>

#include "capabilities.hpp"
#include "format.hpp"

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
int fit_group(const RankKey& o) {
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

int by_fit(const RankKey& a, const RankKey& b, const RankingPolicy&) { return lower_first(fit_group(a), fit_group(b)); }

// Both in the same group from here on. Options that do not fit are ordered by this alone.
int by_memory_pressure(const RankKey& a, const RankKey& b, const RankingPolicy&) {
  if (a.fits) return 0;
  return a.memory_pressure < b.memory_pressure ? -1 : (b.memory_pressure < a.memory_pressure ? 1 : 0);
}

int by_hourly_price(const RankKey& a, const RankKey& b, const RankingPolicy& p) {
  if (!a.fits || p.order != OrderId::cheapest_per_hour) return 0;
  return lower_first(a.usd_per_hour, b.usd_per_hour);
}

int by_speed_asked(const RankKey& a, const RankKey& b, const RankingPolicy& p) {
  if (!a.fits || p.order != OrderId::fastest) return 0;
  return higher_first(a.speed, b.speed);
}

int by_on_demand_for_endpoints(const RankKey& a, const RankKey& b, const RankingPolicy& p) {
  if (!a.fits || p.order != OrderId::best || !p.spot_last) return 0;
  return a.spot == b.spot ? 0 : (a.spot ? 1 : -1);
}

int by_cost(const RankKey& a, const RankKey& b, const RankingPolicy& p) {
  if (!a.fits || p.order != OrderId::best) return 0;
  // The guide's judgement (apply_judgement) weighs the cost: an option it demotes must be that much cheaper.
  return lower_first(a.cost * a.ranking_factor, b.cost * b.ranking_factor);
}

int by_speed(const RankKey& a, const RankKey& b, const RankingPolicy&) {
  if (!a.fits) return 0;
  return higher_first(a.speed, b.speed);
}

}  // namespace

namespace {

int64_t replica_span(const Option& o) { return o.tensor * o.pipeline; }

// Multiplies the option's factor; with notes, records the rule's note with its margin and `params()`.
template <class Params>
void weigh(Option& o, double factor, const char* rule, bool with_notes, Params params) {
  o.ranking_factor *= factor;
  if (!with_notes) return;
  std::vector<Param> p = params();
  p.push_back(param_number("margin", factor - 1.0, format_percent(factor - 1.0)));
  o.notes.push_back(note("judgement", SeverityId::info, std::string("judgement.") + rule, std::move(p)));
}

}  // namespace

bool counts_as_one_gpu(const Option& o, const Request& request) {
  if (!o.fits || !o.meets_targets) return false;
  const bool serving = request.kind == WorkloadKind::inference;
  const bool training = is_training(request.kind);
  return (serving && replica_span(o) == 1) || ((training || is_media(request.kind)) && o.gpus == 1);
}

JudgedFacts judged_facts(const Option& o) {
  return {o.fits, o.gpus, replica_span(o), o.tier, o.job_s, o.pricing};
}

namespace {

// The judgement's rules (see the constants above), in the order they apply: apply(factor, rule, names_gpu)
// for each that does. judge_option records a note for each; judged_factor only multiplies.
template <class Apply>
void for_each_rule(const JudgedFacts& o, const Gpu* gpu, bool legacy, bool one_gpu_does, const Request& request,
                   Apply apply) {
  if (!o.fits) return;
  const bool serving = request.kind == WorkloadKind::inference;
  const bool training = is_training(request.kind);
  const bool big_training = request.kind == WorkloadKind::pretrain ||
                            (request.kind == WorkloadKind::finetune && request.training.method == MethodId::full);
  const bool big_serving = serving && request.model.params_b >= kBigServingParamsB;
  if (one_gpu_does && !is_media(request.kind) && ((serving && o.replica_span > 1) || (training && o.gpus > 1))) {
    apply(kSplitMargin, "split_when_one_fits", false);
  }
  if (o.tier == TierId::marketplace) {
    if (serving) {
      apply(kMarketplaceEndpoint, "marketplace_endpoint", false);
    } else if (o.job_s && *o.job_s > kLongJobS) {
      apply(kMarketplaceLongJob, "marketplace_long_job", false);
    }
  }
  if (gpu != nullptr && (big_training || big_serving)) {
    if (!gpu->is_hbm()) apply(kNoHbm, "no_hbm", true);
    if (!gpu->tflops.fp8) apply(kNoFp8, "no_fp8", true);
  }
  if (gpu != nullptr && legacy) apply(training ? kLegacyGpuTraining : kLegacyGpuServing, "legacy_gpu", true);
  if (request.kind == WorkloadKind::pretrain && o.pricing == PricingId::spot) apply(kSpotPretraining, "spot_pretraining", false);
}

}  // namespace

bool legacy_gpu(const Gpu* gpu) {
  if (gpu == nullptr) return false;
  const Capabilities c = capabilities_of(*gpu);
  return !c.bf16 || c.flash_attention == 0;
}

double judged_factor(const JudgedFacts& facts, double start, const Gpu* gpu, bool legacy, bool one_gpu_does,
                     const Request& request) {
  double factor = start;
  for_each_rule(facts, gpu, legacy, one_gpu_does, request, [&](double f, const char*, bool) { factor *= f; });
  return factor;
}

void judge_option(Option& o, const Gpu* gpu, bool one_gpu_does, const Request& request, const Catalog& catalog,
                  bool with_notes) {
  if (!o.fits) return;
  for_each_rule(judged_facts(o), gpu, legacy_gpu(gpu), one_gpu_does, request, [&](double factor, const char* rule, bool names_gpu) {
    weigh(o, factor, rule, with_notes, [&] {
      return names_gpu ? std::vector<Param>{param_text("gpu", gpu->name)} : std::vector<Param>{};
    });
  });
  if (!with_notes) return;
  if (request.kind == WorkloadKind::pretrain && o.job_s && *o.job_s > kReservedSuggestionS) {
    const Provider* provider = catalog.find_provider(o.provider);
    const bool published = provider && !provider->commitments.empty();
    o.notes.push_back(note("reserved", SeverityId::info, published ? "reserved.published" : "reserved.ask",
                           {param_text("provider", provider ? provider->name : o.provider)}));
  }
  if (o.tier == TierId::marketplace) o.notes.push_back(note("listing", SeverityId::info, "listing"));
}

void apply_judgement(const std::vector<Option*>& options, const Request& request, const Catalog& catalog,
                     bool with_notes) {
  // Rule 3 needs to know whether one GPU would do.
  bool one_gpu_does = false;
  for (const Option* o : options) one_gpu_does = one_gpu_does || counts_as_one_gpu(*o, request);
  for (Option* o : options) {
    if (!o->fits) continue;
    judge_option(*o, catalog.find_gpu(o->gpu), one_gpu_does, request, catalog, with_notes);
  }
}

RankKey rank_key(const Option& o) {
  RankKey k;
  k.fits = o.fits;
  k.meets_targets = o.meets_targets;
  k.spot = o.pricing == PricingId::spot;
  k.memory_pressure = o.memory_pressure;
  k.usd_per_hour = o.usd_per_hour.value_or(0);
  k.speed = speed_key(o);
  k.cost = cost_key(o);
  k.ranking_factor = o.ranking_factor;
  return k;
}

RankingPolicy ranking_policy(const Request& request) {
  RankingPolicy policy;
  // Unknown orders rank as "best" (the request parser accepts only the three).
  policy.order = request.order;
  // Rules 5 and 8 decide eligibility, not a margin (DESIGN.md "How the rules act"): spot is never the default
  // pick for a user-facing endpoint or a pretraining run, because real spot gaps (an eighth of on-demand)
  // overwhelm any stated margin; kSpotPretraining still orders spot options among themselves.
  policy.spot_last = (request.kind == WorkloadKind::inference || request.kind == WorkloadKind::pretrain) &&
                     request.filters.pricing != PricingId::spot;
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
      {"order=best: on-demand before spot for an endpoint or a pretraining run, unless spot was asked for",
       "8. and 5. Spot suits fault-tolerant batch work; on-demand or reserved for user-facing endpoints and long "
       "multi-node runs",
       by_on_demand_for_endpoints},
      {"order=best: the lowest cost of the work ($ for the job, else $ per million output tokens), weighed by the "
       "guide's judgement (apply_judgement: splits that must earn their place, marketplace reliability, HBM and "
       "FP8 for big work, GPUs that lack the run's formats, spot for pretraining)",
       "7. and 9. Billing granularity, minimum charge, spot restarts, storage and egress are all in the cost, "
       "not only GPU time",
       by_cost},
      {"then the fastest", "10. and 1. Bandwidth (the decode rate) decides between equals", by_speed},
  }};
  return kRules;
}

namespace {

// The first rule that tells `a` and `b` apart: < 0 `a` ranks first, > 0 `b` does, 0 none can.
int compare_keys(const RankKey& a, const RankKey& b, const RankingPolicy& policy) {
  for (const RankingRule& rule : ranking_rules()) {
    if (const int c = rule.compare(a, b, policy); c != 0) return c;
  }
  return 0;
}

// Whether no figure a rule compares is NaN. Each rule compares two numbers, so for such keys it tells (b, a) apart
// the other way round; lower_first orders a pair with a NaN "after" both ways.
bool nan_free(const RankKey& k) {
  return !std::isnan(k.memory_pressure) && !std::isnan(k.usd_per_hour) && !std::isnan(k.speed) &&
         !std::isnan(k.cost * k.ranking_factor);
}

}  // namespace

bool ranks_before(const RankKey& a, const RankKey& b, const RankingPolicy& policy) {
  return compare_keys(a, b, policy) < 0;
}

bool ranks_before(const Option& a, const Option& b, const RankingPolicy& policy) {
  return ranks_before(rank_key(a), rank_key(b), policy);
}

std::vector<size_t> ranked_positions(const std::vector<RankKey>& keys, const Request& request, size_t keep) {
  const RankingPolicy policy = ranking_policy(request);
  std::vector<size_t> order(keys.size());
  std::vector<char> plain(keys.size());
  for (size_t i = 0; i < order.size(); ++i) {
    order[i] = i;
    plain[i] = nan_free(keys[i]);
  }
  // `a` first when the rules say so; when they say `b` does, asking again the other way round is needed only for
  // a NaN (nan_free); when none can tell them apart, neither can the other way round: the catalog's order, as the
  // stable sort keeps it. The rules run once per comparison, not twice (ranking was ~7% of a ranked evaluate).
  auto before = [&](size_t a, size_t b) {
    const int c = compare_keys(keys[a], keys[b], policy);
    if (c < 0) return true;
    if (c > 0 && ((plain[a] && plain[b]) || ranks_before(keys[b], keys[a], policy))) return false;
    return a < b;
  };
  keep = std::min(keep, order.size());
  if (keep < order.size()) {
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep), order.end(), before);
  } else {
    std::sort(order.begin(), order.end(), before);
  }
  return order;
}

void rank_options(std::vector<Option>& options, const Request& request) {
  rank_by(options, request, [](const Option& o) -> const Option& { return o; });
}

}  // namespace sizer

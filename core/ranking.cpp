#include "ranking.hpp"

#include <array>
#include <cmath>

#include "capabilities.hpp"
#include "format.hpp"
#include "uncertainty.hpp"

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

// The figure "cheaper" means: the job's total (training, media, an offline batch), else $ per million output
// tokens at the request's concurrency, else the hourly price. A fixed load with targets ranks by RankKey::monthly
// instead (RankingPolicy::fixed_load).
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

// The guide's "use X for Y" rules, before any price (DESIGN.md "How the rules act"): eligible (or asked for)
// before outside the rules. order=best only: cheapest_per_hour and fastest are the request's own orders.
int by_eligibility(const RankKey& a, const RankKey& b, const RankingPolicy& p) {
  if (!a.fits || p.order != OrderId::best) return 0;
  return lower_first(a.eligibility, b.eligibility);
}

// Targets met at the low end of the option's own range before targets met only at the point estimate.
int by_target_margin(const RankKey& a, const RankKey& b, const RankingPolicy& p) {
  if (!a.fits || !a.meets_targets || p.order != OrderId::best) return 0;
  return a.margin_met == b.margin_met ? 0 : (a.margin_met ? -1 : 1);
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
  if (p.fixed_load) return lower_first(a.monthly * a.ranking_factor, b.monthly * b.ranking_factor);
  return lower_first(a.cost * a.ranking_factor, b.cost * b.ranking_factor);
}

int by_speed(const RankKey& a, const RankKey& b, const RankingPolicy&) {
  if (!a.fits) return 0;
  return higher_first(a.speed, b.speed);
}

}  // namespace

namespace {

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
  const bool sharded = o.gpus > 1 && (o.sharding == ShardingId::zero3 || o.sharding == ShardingId::fsdp);
  return {o.fits, o.gpus, replica_span(o), o.interconnect == InterconnectId::pcie, sharded, o.tier, o.job_s, o.pricing};
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
  const bool big_training = is_big_training(request);
  const bool big_serving = serving && request.model.params_b >= kBigServingParamsB;
  // Not for pretraining: rule 5 says "Pretraining is multi-GPU, multi-node", and data parallelism keeps every GPU of
  // a node busy (rule 3's "a multi-GPU box you cannot fully use" is a serving replica's concern).
  const bool split_rule = serving || (training && request.kind != WorkloadKind::pretrain);
  if (one_gpu_does && !is_media(request.kind) && split_rule && ((serving && o.replica_span > 1) || (training && o.gpus > 1))) {
    apply(kSplitMargin, "split_when_one_fits", false);
  }
  if (training && o.pcie_only && (o.replica_span > 1 || o.weights_sharded)) apply(kPcieModelSplitTraining, "pcie_model_split_training", false);
  if (request.kind == WorkloadKind::pretrain && o.gpus == 1 && o.job_s && *o.job_s > kLongJobS) {
    apply(kOneGpuPretraining, "one_gpu_pretraining", false);
  }
  // A marketplace endpoint, and a marketplace host for a multi-day pretraining run or full fine-tune, are classes now
  // (eligibility_verdict, rules 5 and 8); another job of over a day on one stays a preference.
  if (o.tier == TierId::marketplace && !serving && o.job_s && *o.job_s > kLongJobS) {
    apply(kMarketplaceLongJob, "marketplace_long_job", false);
  }
  if (gpu != nullptr && (big_training || big_serving)) {
    if (!gpu->is_hbm()) apply(kNoHbm, "no_hbm", true);
    if (!gpu->tflops.fp8) apply(kNoFp8, "no_fp8", true);
  }
  if (gpu != nullptr && legacy) apply(training ? kLegacyGpuTraining : kLegacyGpuServing, "legacy_gpu", true);
  // Spot for a long run is a class now (eligibility_verdict, rules 5 and 8); a short pretraining run on spot (under
  // kLongJobS, eligible) still pays the stated margin: a gang of spot nodes stalls whenever one is reclaimed.
  if (request.kind == WorkloadKind::pretrain && o.pricing == PricingId::spot && !(o.job_s && *o.job_s > kLongJobS)) {
    apply(kSpotPretraining, "spot_pretraining", false);
  }
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
  // Reserved capacity is suggested beside an on-demand pick; beside a spot pick (asked for) it would contradict it,
  // and an option priced at a published term already says so (cost.cpp note "reserved.priced").
  if (request.kind == WorkloadKind::pretrain && o.pricing == PricingId::on_demand && o.job_s && *o.job_s > kReservedSuggestionS) {
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
  k.monthly = o.usd_per_month.value_or(k.cost);
  k.ranking_factor = o.ranking_factor;
  return k;
}

// ---- Eligibility (ranking.hpp): kept apart from the judgement's margins and the ranking rules above.

EligibilityFacts eligibility_facts(const Option& o, bool fabric, bool hbm) {
  EligibilityFacts f;
  f.fits = o.fits;
  f.no_kernel = !o.fits && o.memory_pressure >= kNoKernelPressure;
  f.gpus = o.gpus;
  f.instances = o.instances;
  f.used_gpus = o.tensor * o.pipeline * o.data;
  f.data = o.data;
  f.concurrency = o.concurrency;
  f.tier = o.tier;
  f.pricing = o.pricing;
  f.job_s = o.job_s;
  f.fabric = fabric;
  f.hbm = hbm;
  f.tensor = o.tensor;
  f.pcie_only = o.interconnect == InterconnectId::pcie;
  f.vram_bytes_per_gpu = o.vram_bytes_per_gpu;
  return f;
}

namespace {

// The GPUs that do work: the layout's, less the serving replicas that have no sequence to run (five replicas of two
// GPUs for four users leave one replica idle, billed like the others).
int64_t working_gpus(const EligibilityFacts& f, const Request& request) {
  if (request.kind != WorkloadKind::inference || f.data <= f.concurrency || f.data <= 0) return f.used_gpus;
  return f.used_gpus / f.data * std::max<int64_t>(1, f.concurrency);
}

bool asks_marketplace(const Request& request) {
  return std::find(request.filters.tiers.begin(), request.filters.tiers.end(), TierId::marketplace) !=
         request.filters.tiers.end();
}

// A run the guide calls long: pretraining, or a full fine-tune, for more than a day (rules 5 and 8).
bool long_run(const EligibilityFacts& f, const Request& request) {
  return is_big_training(request) && f.job_s && *f.job_s > kLongJobS;
}

}  // namespace

EligibilityVerdict eligibility_verdict(const EligibilityFacts& f, const Request& request) {
  using E = EligibilityId;
  if (f.no_kernel) return {E::cannot_run, 6, "no_kernel"};
  if (!f.fits) return {E::does_not_fit, 1, "does_not_fit"};
  const bool spot = f.pricing == PricingId::spot;
  const bool spot_asked = request.filters.pricing == PricingId::spot;
  const bool endpoint = request.kind == WorkloadKind::inference && !request.inference.batch();  // no batch: users wait
  // Rule 5: whole nodes on a cluster fabric, for work that talks between them; an image, video or audio job's
  // instances each run their own copies (options_media.cpp scale_out_media) and need no network between them.
  if (!is_media(request.kind) && f.instances > 1 && !f.fabric) return {E::outside_rules, 5, "nodes_without_fabric"};
  if (!is_media(request.kind) && f.instances > 1 && f.gpus / f.instances < kWholeNodeGpus) {
    return {E::outside_rules, 5, "partial_nodes"};
  }
  // Rule 5: "Pretraining is multi-GPU, multi-node: interconnect, fast shared storage, reliable HBM + FP8
  // accelerators". A multi-node or multi-day pretraining run on GDDR cards is outside it, whatever they cost.
  if (request.kind == WorkloadKind::pretrain && !f.hbm && (f.instances > 1 || long_run(f, request))) {
    return {E::outside_rules, 5, "pretrain_without_hbm"};
  }
  // Rule 4: "Full fine-tunes carry optimizer state and gradients: 80 GB cards or multi-GPU nodes with a strong
  // interconnect". Spread over smaller cards on PCIe, every step moves the gradients (and, sharded, the weights)
  // over the host's bus; a cheap box of 48 GB cards loses to that whatever it costs. One card that holds it is fine.
  if (is_full_finetune(request) && f.gpus > 1 && f.pcie_only && f.vram_bytes_per_gpu > 0 &&
      f.vram_bytes_per_gpu < kFullFinetuneCardBytes) {
    return {E::outside_rules, 4, "full_finetune_pcie_small_cards"};
  }
  // Rule 3: a box you cannot fully use.
  if (working_gpus(f, request) < f.gpus) return {E::outside_rules, 3, "idle_gpus"};
  // Rule 3: "Reach for NVLink multi-GPU only when the model really spans cards; PCIe-only multi-GPU works but limits
  // tensor-parallel serving". An endpoint whose replica is split tensor-parallel over more than two PCIe-only GPUs
  // waits on two all-reduces per layer over PCIe at every token; a cheap box of many small cards loses to that.
  if (endpoint && f.pcie_only && f.tensor > kPcieTensorWays) return {E::outside_rules, 3, "endpoint_pcie_split"};
  // Rules 5 and 8: long runs on capacity that stays.
  if (spot && long_run(f, request)) return spot_asked ? EligibilityVerdict{E::asked, 8, "spot_long_run_asked"}
                                                       : EligibilityVerdict{E::outside_rules, 8, "spot_long_run"};
  // Rule 8: an endpoint on capacity that stays.
  if (endpoint && spot) return spot_asked ? EligibilityVerdict{E::asked, 8, "endpoint_spot_asked"}
                                          : EligibilityVerdict{E::outside_rules, 8, "endpoint_spot"};
  if (endpoint && f.tier == TierId::marketplace) {
    return asks_marketplace(request) ? EligibilityVerdict{E::asked, 8, "endpoint_marketplace_asked"}
                                     : EligibilityVerdict{E::outside_rules, 8, "endpoint_marketplace"};
  }
  // Rules 5 and 8: "reliable HBM + FP8 accelerators" and "on-demand or reserved for ... long runs that are hard to
  // resume": one third-party host's listing may be withdrawn or rebooted mid-run, and a multi-day pretraining run or
  // full fine-tune then waits for another host and restarts from its last checkpoint. Price gaps to a provider's
  // list (often 1.5-2x) overwhelm a margin, so it is a class, as for an endpoint.
  if (f.tier == TierId::marketplace && long_run(f, request)) {
    return asks_marketplace(request) ? EligibilityVerdict{E::asked, 8, "long_run_marketplace_asked"}
                                     : EligibilityVerdict{E::outside_rules, 8, "long_run_marketplace"};
  }
  if (long_run(f, request)) {
    if (f.instances > 1) return {E::eligible, 5, "long_run_whole_nodes"};
    return f.pricing == PricingId::reserved ? EligibilityVerdict{E::eligible, 8, "long_run_reserved"}
                                            : EligibilityVerdict{E::eligible, 8, "long_run_on_demand"};
  }
  if (endpoint) return {E::eligible, 8, "endpoint_stays"};
  if (spot) return {E::eligible, 8, "spot_fault_tolerant"};
  return {};
}

Eligibility judge_eligibility(const Option& o, bool fabric, const Request& request, bool hbm) {
  const EligibilityFacts f = eligibility_facts(o, fabric, hbm);
  const EligibilityVerdict v = eligibility_verdict(f, request);
  Eligibility e;
  e.klass = v.klass;
  e.rule = v.rule;
  e.code = v.code;
  std::vector<Param> params;
  const std::string code = v.code;
  if (code == "nodes_without_fabric" || code == "partial_nodes" || code == "long_run_whole_nodes") {
    params.push_back(param_number("instances", static_cast<double>(f.instances), std::to_string(f.instances)));
    const int64_t per = f.gpus / std::max<int64_t>(1, f.instances);
    params.push_back(param_number("gpus_per_instance", static_cast<double>(per), std::to_string(per)));
  }
  if (code == "endpoint_pcie_split") {
    params.push_back(param_number("tensor", static_cast<double>(f.tensor), std::to_string(f.tensor)));
  }
  if (code == "idle_gpus") {
    const int64_t used = working_gpus(f, request);
    params.push_back(param_number("used", static_cast<double>(used), std::to_string(used)));
    params.push_back(param_number("gpus", static_cast<double>(f.gpus), std::to_string(f.gpus)));
  }
  if (f.job_s && (code.rfind("spot_long_run", 0) == 0 || code.rfind("long_run_marketplace", 0) == 0)) {
    const double days = *f.job_s / 86400.0;
    params.push_back(param_number("days", days, format_number(std::round(days * 10.0) / 10.0)));
  }
  e.reason = message("eligibility." + code, std::move(params));
  return e;
}

int eligibility_rank(EligibilityId klass) {
  switch (klass) {
    case EligibilityId::eligible:
    case EligibilityId::asked: return 0;
    case EligibilityId::outside_rules: return 1;
    default: return 2;
  }
}

TargetFactors target_factors(const Request& request, std::string_view vendor) {
  TargetFactors t;
  // The option's own range (uncertainty.cpp `add`): the table's factor, widened in log space by 1 + the sum of the w
  // of each condition away from the calibration (vendor, MoE, FP4, load), so the margin reads the range the option shows.
  auto low = [&](std::string_view figure) {
    const std::optional<RangeFactors> f = range_factors(request, figure, vendor);
    return f ? f->low : 1.0;
  };
  if (request.kind == WorkloadKind::inference) {
    t.decode = low("decode_output_tokens_per_s_per_user");
    // A time's high end is value / low_factor + slow_add_s (uncertainty.cpp).
    const std::optional<RangeFactors> ttft = range_factors(request, "ttft_s", vendor);
    t.ttft = ttft ? 1.0 / ttft->low : 1.0;
    t.ttft_add_s = ttft ? ttft->slow_add_s : 0.0;
  } else if (is_training(request.kind)) {
    t.training = 1.0 / low("train_s");
  } else if (is_media(request.kind)) {
    t.media = 1.0 / low(request.kind == WorkloadKind::audio ? "real_time_factor" : "seconds_per_image");
  }
  return t;
}

std::optional<double> target_margin(const Option& o, const Request& request, const TargetFactors& t) {
  if (!o.fits) return std::nullopt;
  std::optional<double> worst;
  auto take = [&](double ratio) {
    if (std::isfinite(ratio)) worst = worst ? std::min(*worst, ratio) : ratio;
  };
  if (request.kind == WorkloadKind::inference) {
    const InferenceWorkload& w = request.inference;
    if (w.min_output_tokens_per_s_per_user && *w.min_output_tokens_per_s_per_user > 0 && o.decode_output_tokens_per_s_per_user) {
      take(*o.decode_output_tokens_per_s_per_user * t.decode / *w.min_output_tokens_per_s_per_user);
    }
    // The target is on the first token at the workload's load (options_inference.cpp targets_met).
    const std::optional<double>& ttft = o.ttft_mean_s ? o.ttft_mean_s : o.ttft_s;
    if (w.max_ttft_s && *w.max_ttft_s > 0 && ttft && *ttft > 0) take(*w.max_ttft_s / (*ttft * t.ttft + t.ttft_add_s));
  } else if (is_training(request.kind) && request.training.deadline_s && o.train_s) {
    // Every billed second counts: the whole job (start-up, spot restarts) with the training time at its slow end.
    const double whole = o.job_s.value_or(*o.train_s);
    const double slow = whole - *o.train_s + *o.train_s * t.training;
    if (slow > 0) take(*request.training.deadline_s / slow);
  } else if (is_media(request.kind) && request.media.deadline_s && o.items_per_s && *o.items_per_s > 0) {
    // The same for an image, video or audio job: its compute at the slow end of the item time's range.
    const double compute = media_job_items(request) / *o.items_per_s;
    const double whole = o.job_s.value_or(compute);
    const double slow = whole - compute + compute * t.media;
    if (slow > 0) take(*request.media.deadline_s / slow);
  }
  return worst;
}

void note_target_margin(Option& o, const Request& request, const TargetFactors& factors, bool with_notes) {
  o.target_margin = target_margin(o, request, factors);
  if (!with_notes || !o.target_margin || !o.meets_targets) return;
  const double m = *o.target_margin;
  if (m >= 1.0) {
    o.notes.push_back(note("target_margin", SeverityId::info, "target_margin.met",
                           {param_number("margin", m - 1.0, format_percent(m - 1.0))}));
  } else {
    o.notes.push_back(note("target_margin", SeverityId::warning, "target_margin.paper",
                           {param_number("shortfall", 1.0 - m, format_percent(1.0 - m))}));
  }
}

RankingPolicy ranking_policy(const Request& request) {
  RankingPolicy policy;
  // Unknown orders rank as "best" (the request parser accepts only the three).
  policy.order = request.order;
  policy.spot_last = request.kind == WorkloadKind::inference && !request.inference.batch() &&
                     request.filters.pricing != PricingId::spot;
  // A fixed load with targets (users and a speed or latency they need): the person pays for the capacity that meets
  // them, a month of it. Without targets the speed the users get is unstated, and $ per million output tokens at the
  // request's concurrency (the month's cost over the users' combined rate) keeps it in the balance.
  const InferenceWorkload& w = request.inference;
  policy.fixed_load = request.kind == WorkloadKind::inference && !w.batch() &&
                      (w.min_output_tokens_per_s_per_user.has_value() || w.max_ttft_s.has_value());
  return policy;
}

std::span<const RankingRule> ranking_rules() {
  static constexpr std::array<RankingRule, 9> kRules = {{
      {"fits and meets the targets, then fits, then the rest",
       "1. VRAM first, then bandwidth: keep the offerings that hold the model and its KV cache", by_fit},
      {"of those that do not fit, the closest to fitting",
       "1. VRAM first: the nearest miss is the cheapest change (fewer users, shorter context, lower precision)",
       by_memory_pressure},
      {"order=best: eligible under the guide's rules (or asked for) before outside them",
       "5. and 8. Long runs on on-demand or reserved capacity, multi-node only of whole nodes on a cluster fabric, "
       "endpoints on capacity that stays; 3. no GPU billed and idle (ranking.hpp \"Eligibility\")",
       by_eligibility},
      {"order=best: targets met at the low end of the option's range before targets met only at the point estimate",
       "a target met only on paper is a gamble: the ~80% range (uncertainty.hpp) says how far the figure may fall",
       by_target_margin},
      {"order=cheapest_per_hour: the lowest $ per hour", "the request's own order", by_hourly_price},
      {"order=fastest: the fastest", "the request's own order", by_speed_asked},
      {"order=best: on-demand before spot for an endpoint or a pretraining run, unless spot was asked for",
       "8. and 5. Spot suits fault-tolerant batch work; on-demand or reserved for user-facing endpoints and long "
       "multi-node runs",
       by_on_demand_for_endpoints},
      {"order=best: the lowest cost of the work ($ for the job or an offline batch; $ a month for a fixed load with targets; else "
       "$ per million output tokens), weighed by the "
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
         !std::isnan(k.cost * k.ranking_factor) && !std::isnan(k.monthly * k.ranking_factor);
}

// The figure each rule of ranking_rules() compares, in their order, as a number that ranks lower first, for a key
// without a NaN: after by_fit both keys of a pair are in one fit group, so a rule that reads `a.fits` or
// `a.meets_targets` reads the same of `b`, and a rule that does not apply is 0 for both. Kept beside the rules: a
// rule added or changed there changes this (ranked_positions uses it only while there are kRuleFigures rules, and
// tests/cpp/ranked_groups_test.cpp checks a limited ranking, ordered by compare_keys, against the sorted one).
constexpr size_t kRuleFigures = 9;
std::array<double, kRuleFigures> rule_figures(const RankKey& k, const RankingPolicy& p) {
  const bool best = p.order == OrderId::best;
  std::array<double, kRuleFigures> f{};
  f[0] = fit_group(k);                                             // by_fit
  if (!k.fits) {
    f[1] = k.memory_pressure;                                      // by_memory_pressure
    return f;
  }
  if (best) f[2] = k.eligibility;                                  // by_eligibility
  if (best && k.meets_targets) f[3] = k.margin_met ? 0 : 1;        // by_target_margin
  if (p.order == OrderId::cheapest_per_hour) f[4] = k.usd_per_hour;  // by_hourly_price
  if (p.order == OrderId::fastest) f[5] = -k.speed;                // by_speed_asked
  if (best && p.spot_last) f[6] = k.spot ? 1 : 0;                  // by_on_demand_for_endpoints
  if (best) f[7] = p.fixed_load ? k.monthly * k.ranking_factor : k.cost * k.ranking_factor;  // by_cost
  f[8] = -k.speed;                                                 // by_speed
  return f;
}

}  // namespace

bool ranks_before(const RankKey& a, const RankKey& b, const RankingPolicy& policy) {
  return compare_keys(a, b, policy) < 0;
}

int compare_rank_keys(const RankKey& a, const RankKey& b, const RankingPolicy& policy) { return compare_keys(a, b, policy); }

bool rank_key_nan_free(const RankKey& k) { return nan_free(k); }

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
  // Keys without a NaN: each rule compares one figure of the pair, lower first (rule_figures), so the rules are a
  // lexicographic comparison of those figures, read once per key instead of through the rule list at every
  // comparison (the sort of every option was ~40% of a "table" evaluate over a 10x catalog).
  if (std::all_of(plain.begin(), plain.end(), [](char p) { return p != 0; }) && ranking_rules().size() == kRuleFigures) {
    // The figures sorted with their position beside them, not through `order`: a comparison then reads two
    // neighbouring records instead of two records anywhere in memory (the sort of every option over a 10x catalog
    // was a quarter of a "table" evaluate when it sorted positions).
    struct Ranked {
      std::array<double, kRuleFigures> figures;
      size_t position;
    };
    std::vector<Ranked> ranked(keys.size());
    for (size_t i = 0; i < keys.size(); ++i) ranked[i] = {rule_figures(keys[i], policy), i};
    auto figures_before = [](const Ranked& x, const Ranked& y) {
      for (size_t r = 0; r < kRuleFigures; ++r) {
        if (x.figures[r] != y.figures[r]) return x.figures[r] < y.figures[r];
      }
      return x.position < y.position;
    };
    // The first `keep` selected, then sorted (a heap, partial_sort, was slower for most of the list).
    const auto head = ranked.begin() + static_cast<std::ptrdiff_t>(keep);
    if (keep < ranked.size()) std::nth_element(ranked.begin(), head, ranked.end(), figures_before);
    std::sort(ranked.begin(), head, figures_before);
    for (size_t i = 0; i < ranked.size(); ++i) order[i] = ranked[i].position;
    return order;
  }
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

// Ranking: the order the options come back in, best first. The rules are one list (ranking_rules()),
// applied in turn until one tells two options apart; each names the rule of thumb it encodes
// (DESIGN.md "The guide's rules of thumb", numbered as there).
#pragma once
#include <algorithm>
#include <span>
#include <string_view>
#include <vector>

#include "catalog.hpp"
#include "request.hpp"
#include "response.hpp"

namespace sizer {

// The guide's judgement, written down: each rule below multiplies an option's cost as the ranking sees
// it (Option::ranking_factor), so a demoted option must be that much cheaper to come first, and says so
// in a note. The factors are stated margins, not fits:
// - rule 3, one GPU when the model fits one: a replica split over several GPUs (or a job spread over
//   several) while a single-GPU option fits and meets the targets must win by kSplitMargin;
// - rule 8 and provider tiers: a marketplace listing (one third-party host's offer) for a job longer than a day
//   that a host may drop (kMarketplaceLongJob); behind a user-facing endpoint it is an eligibility class below;
// - rules 4–6, big work wants HBM and FP8: pretraining, full fine-tunes and serving models of 30B+ on
//   GDDR memory (kNoHbm) or without FP8 tensor cores (kNoFp8);
// - capabilities: a GPU that runs the job's bf16 as fp16 or has no FlashAttention (kLegacyGpuTraining
//   for training, kLegacyGpuServing for serving), and ranks after every GPU that has both;
// - rule 3, "Reach for NVLink multi-GPU only when the model really spans cards; PCIe-only multi-GPU ... limits ...
//   large-model training": a training job whose model is split over GPUs joined by PCIe only (tensor or pipeline
//   parallel, or its weights sharded by ZeRO-3/FSDP, gathered over the bus at every step) must win by kSplitMargin
//   against a box whose GPUs are linked (kPcieModelSplitTraining);
// - rule 5, pretraining is multi-GPU: a run of more than a day on one GPU (kOneGpuPretraining);
// - rules 5 and 8, spot for pretraining shorter than a day (kSpotPretraining); longer, it is an eligibility class
//   below; reserved capacity is suggested beside an on-demand pick (a note, with the provider's published commitments).
constexpr double kSplitMargin = 1.25;
// Rule 5, "Pretraining is multi-GPU": a pretraining run of more than a day on one GPU must be this much cheaper than
// the options that spread it (the same stated margin as rule 3's, the other way round): data parallelism keeps a
// node's GPUs busy, so the spread run costs about the same and ends days sooner.
constexpr double kOneGpuPretraining = kSplitMargin;
// Rule 3's caveat for training, the same stated margin as its split: a model split over PCIe-only GPUs (Qwen3-235B
// LoRA pipelined over two boxes of eight L40S, 3.7x slower than one B200 box) must be that much cheaper than a linked
// box. A full fine-tune over small PCIe cards is a class (eligibility_verdict); data-parallel copies stay out of it.
constexpr double kPcieModelSplitTraining = kSplitMargin;
constexpr double kMarketplaceLongJob = 1.25;
constexpr double kNoHbm = 1.25;
constexpr double kNoFp8 = 1.15;
// Pre-Ampere cards (no bf16, no FlashAttention-2) must be half the price: current engines target
// sm80+ (FlashAttention-2, vLLM's V1 kernels, TensorRT-LLM's FP8/bf16 paths) and bf16 checkpoints risk
// fp16 overflow on them.
constexpr double kLegacyGpuTraining = 2.0;
constexpr double kLegacyGpuServing = 2.0;
// Spot for a pretraining run under a day: capacity for a gang of nodes is rarely there on spot, and the run stalls
// whenever any node is reclaimed; it must be half the price of on-demand to come first.
constexpr double kSpotPretraining = 2.0;
constexpr double kBigServingParamsB = 30.0;
constexpr double kLongJobS = 86400.0;
// An endpoint's replica split tensor-parallel over more GPUs than this, joined by PCIe only, is outside rule 3
// (a 2-way split over PCIe, as on a bridged pair of workstation cards, stays a preference).
constexpr int64_t kPcieTensorWays = 2;
constexpr double kReservedSuggestionS = 14.0 * 86400.0;

// Sets each option's ranking_factor and records the notes of the rules that applied (without `with_notes`,
// only the factor). `catalog` gives the GPUs (memory type, formats) and providers (commitments) behind the options.
void apply_judgement(const std::vector<Option*>& options, const Request& request, const Catalog& catalog,
                     bool with_notes = true);

// apply_judgement in its two steps, for a pipeline that weighs ~2,800 priced offerings and phrases only the
// options it returns: rule 3 needs to know, over all options, whether one GPU would do (counts_as_one_gpu
// for each, after pricing), then each option is judged on its own. `gpu` is the catalog's GPU of the option
// (null when the catalog has none); without `with_notes` only the ranking_factor is set (the same factors
// in the same order, so the same product), and the notes are recorded when the option is materialised.
bool counts_as_one_gpu(const Option& option, const Request& request);
void judge_option(Option& option, const Gpu* gpu, bool one_gpu_does, const Request& request, const Catalog& catalog,
                  bool with_notes);
// The GPUs one serving replica spans (tensor × pipeline): 1 when each GPU holds a replica of its own.
inline int64_t replica_span(const Option& o) { return o.tensor * o.pipeline; }
// What the judgement's factors read of a priced option, so they can be weighed without the Option.
struct JudgedFacts {
  bool fits = false;
  int64_t gpus = 1;
  int64_t replica_span = 1;  // tensor × pipeline
  bool pcie_only = false;    // the option's GPUs are joined by PCIe only
  bool weights_sharded = false;  // training: the weights sharded over the data-parallel GPUs (ZeRO-3, FSDP)
  std::optional<TierId> tier;
  std::optional<double> job_s;
  std::optional<PricingId> pricing;
};
JudgedFacts judged_facts(const Option& option);
// The factor judge_option multiplies ranking_factor by (1 when the option does not fit), the same rules in
// the same order as a product from `start` (the option's ranking_factor before judging).
// `legacy` is legacy_gpu(gpu), which a caller weighing many offerings of one GPU finds once.
double judged_factor(const JudgedFacts& facts, double start, const Gpu* gpu, bool legacy, bool one_gpu_does,
                     const Request& request);
// A GPU that runs bf16 as fp16 or has no FlashAttention (capabilities.hpp): the judgement's "legacy_gpu".
bool legacy_gpu(const Gpu* gpu);

// ---- Eligibility (DESIGN.md "How the rules act"): the guide's rules that say "use X for Y" decide which
// options are eligible for the work before any price is compared, because real price gaps (spot at an eighth
// of on-demand) overwhelm any stated margin. The margins above remain for preferences inside a class. Each
// class cites its rule:
// - rules 5, 8: long pretraining and multi-day full fine-tunes (kLongJobS) on on-demand (or reserved)
//   capacity, not spot, unless the request asks for spot (filters.pricing "spot");
// - rule 5: a multi-node job only of whole nodes (kWholeNodeGpus) joined by the provider's cluster fabric;
// - rule 3: no GPU billed and left idle (a 3-GPU box running a 2-GPU replica);
// - rule 8: an endpoint on capacity that stays: no spot, no marketplace host, unless the request asks for
//   them (filters.pricing "spot", filters.tiers naming "marketplace");
// - rule 6 and the kernels a GPU has: a format the GPU has no kernel for cannot run (class cannot_run);
// - rule 4: a full fine-tune spread over several cards smaller than the 80 GB class joined by PCIe only (neither
//   "80 GB cards" nor "multi-GPU nodes with a strong interconnect").
// A GPU cluster is sold as 8-GPU nodes: NVIDIA HGX/DGX H100, H200, B200 baseboards and AMD's MI300X platform
// carry 8 GPUs each on NVLink / Infinity Fabric, and the cluster fabric (InfiniBand, EFA, RoCE) joins those.
constexpr int64_t kWholeNodeGpus = 8;
// Rule 4's "80 GB cards": the 80 GB class (A100 80GB, H100 at 80 GB, H100 NVL, H200, ...), with room below 80 GB for
// how a catalog states it; the 40-48 GB cards (A100 40GB, L40S, RTX 6000 Ada, A6000) are below it.
constexpr double kFullFinetuneCardBytes = 75e9;

// What the eligibility classes read of a priced option.
struct EligibilityFacts {
  bool fits = false;
  bool no_kernel = false;  // the format has no kernel on the GPU (memory_pressure kNoKernelPressure)
  int64_t gpus = 1;        // all instances'
  int64_t instances = 1;
  int64_t used_gpus = 1;   // tensor × pipeline × data
  int64_t data = 1;        // replicas
  int64_t concurrency = 1; // the sequences served at once (inference), the micro-batch or the batch otherwise
  std::optional<TierId> tier;
  std::optional<PricingId> pricing;
  std::optional<double> job_s;
  bool fabric = false;     // the provider joins instances by a cluster fabric
  bool hbm = true;         // the GPU's memory is HBM-class (Gpu::is_hbm; unknown GPUs count as HBM)
  int64_t tensor = 1;      // tensor-parallel ways of one replica
  bool pcie_only = false;  // the instance's GPUs talk over PCIe only
  double vram_bytes_per_gpu = 0;  // one card's memory as the catalog states it (rule 4's "80 GB cards"); 0: unknown
};
// `fabric`: the provider joins instances by a cluster fabric (pinned hardware: assumed, as the timing assumes).
// `hbm`: the option's GPU has HBM-class memory.
EligibilityFacts eligibility_facts(const Option& option, bool fabric, bool hbm = true);

// The class, the rule it cites and a stable code, without words (the hot loop of a ranked evaluate).
struct EligibilityVerdict {
  EligibilityId klass = EligibilityId::eligible;
  int rule = 0;
  const char* code = "no_rule_excludes";
};
EligibilityVerdict eligibility_verdict(const EligibilityFacts& facts, const Request& request);
// The same with the reason as a fact (message "eligibility.<code>"), for the options returned.
Eligibility judge_eligibility(const Option& option, bool fabric, const Request& request, bool hbm = true);
// 0: eligible or asked, 1: outside the rules, 2: cannot run or does not fit (RankKey::eligibility).
int eligibility_rank(EligibilityId klass);

// ---- Margin on targets: an option whose targets hold at the low end of its own ~80% range (uncertainty.hpp)
// ranks before one that meets them only at the point estimate. The low-end factor of each target figure is a
// property of the request (engine, model family), found once.
struct TargetFactors {
  double decode = 1;    // low-end factor of a per-user decode rate (truth / prediction, 10th percentile)
  double ttft = 1;      // high-end factor of a time to first token (a time takes the reciprocal)
  double ttft_add_s = 0;  // seconds its high end adds (uncertainty.hpp additive_slow_s)
  double training = 1;  // high-end factor of a training time
  double media = 1;     // high-end factor of an image's, a clip's or the audio's compute time
};
// `vendor`: the option's GPU vendor, one of the conditions its range widens for (uncertainty.hpp).
TargetFactors target_factors(const Request& request, std::string_view vendor);
// The worst ratio, over the request's targets, of what the low end of the option's range delivers to what the
// target asks (>= 1: met with margin); nullopt when the request sets no target the option is timed against.
std::optional<double> target_margin(const Option& option, const Request& request, const TargetFactors& factors);
// Sets option.target_margin and, with notes, says by how much the targets hold (or fail) at the low end of the range.
void note_target_margin(Option& option, const Request& request, const TargetFactors& factors, bool with_notes);

// What of the request the rules read.
struct RankingPolicy {
  OrderId order = OrderId::best;
  // Spot is never the default pick for a user-facing endpoint or a pretraining run, unless the request asked
  // for spot.
  bool spot_last = false;
  // A fixed load with targets: cost is RankKey::monthly (ranking_policy says when).
  bool fixed_load = false;
};
RankingPolicy ranking_policy(const Request& request);

// The figures of an option the rules read, taken once per option (rank_key) so a ranking compares a few
// plain numbers instead of reading optionals out of ~2,800 Options at every comparison. A figure added here for a
// rule to compare joins nan_free (ranking.cpp) too: ranked_positions asks the rules once per pair only for keys
// whose compared figures hold no NaN.
struct RankKey {
  bool fits = false;
  bool meets_targets = false;
  bool spot = false;
  double memory_pressure = 0;
  double usd_per_hour = 0;    // absent: 0
  double speed = 0;           // the figure "faster" means for the workload (higher first)
  double cost = 0;            // the figure "cheaper" means, before the judgement's factor
  double monthly = 0;         // $ a month (serving), else `cost`: what a fixed load with targets ranks by
  double ranking_factor = 1;  // Option::ranking_factor
  int eligibility = 0;        // eligibility_rank of the option's class
  bool margin_met = true;     // targets hold at the low end of the range (or none is set)
};
RankKey rank_key(const Option& option);

struct RankingRule {
  std::string_view name;
  std::string_view rule_of_thumb;  // the guide's rule it encodes, or why the rule is there
  // < 0: `a` ranks first; > 0: `b` does; 0: this rule cannot tell them apart (the next one decides).
  int (*compare)(const RankKey& a, const RankKey& b, const RankingPolicy& policy);
};

// The rules, in the order they apply.
std::span<const RankingRule> ranking_rules();

// True when `a` ranks before `b`: the first rule that tells them apart decides.
bool ranks_before(const RankKey& a, const RankKey& b, const RankingPolicy& policy);
bool ranks_before(const Option& a, const Option& b, const RankingPolicy& policy);
// The first rule that tells `a` and `b` apart: < 0 `a` ranks first, > 0 `b` does, 0 none can.
int compare_rank_keys(const RankKey& a, const RankKey& b, const RankingPolicy& policy);
// No figure a rule compares is NaN: for such keys compare_rank_keys(b, a) is -compare_rank_keys(a, b), and the rules
// then the position are a total order (ranked_positions).
bool rank_key_nan_free(const RankKey& key);

// Sorts best first (stable: options the rules cannot tell apart keep the catalog's order).
void rank_options(std::vector<Option>& options, const Request& request);

// The same for anything that carries an Option (the pipeline ranks options with their explanations).
template <class T, class OptionOf>
void rank_by(std::vector<T>& items, const Request& request, OptionOf option_of) {
  const RankingPolicy policy = ranking_policy(request);
  std::stable_sort(items.begin(), items.end(),
                   [&](const T& a, const T& b) { return ranks_before(option_of(a), option_of(b), policy); });
}

// The positions of `keys` in ranked order, best first, only the first `keep` of them (the rest unordered).
// The same order a stable sort gives (ties keep their position): the rules, then the position, is a total
// order, so a partial sort of it finds the options returned without ordering all ~2,800.
std::vector<size_t> ranked_positions(const std::vector<RankKey>& keys, const Request& request, size_t keep);

}  // namespace sizer

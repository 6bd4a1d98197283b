// The response's value types (CONTRACT.md "Response"): what every stage hands on and json_io writes.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "catalog.hpp"
#include "messages.hpp"
#include "request.hpp"
#include "vocabulary.hpp"

namespace sizer {

struct Range {
  std::string metric;
  double low = 0;
  double high = 0;
};

// An ~80% interval of one headline figure (CONTRACT.md `ranges`, uncertainty.hpp): the measurements
// behind it and the table row ("group/engine/family") it came from.
struct FigureRange {
  std::string figure;  // the Option field it brackets
  double low = 0;
  double high = 0;
  int cases = 0;
  std::string basis;
};

// One reason or warning of an option, as a fact: the stage that found it records the code, how much it
// matters and the message-catalog key with its figures ("note.<code>[.<detail>]"); the phrasing step
// (phrasing.hpp) writes `text` in the request's locale and fills Option::reasons and Option::warnings.
struct Note {
  std::string code;  // stable, machine-readable: "fits", "spot", "below_decode_target", ...
  SeverityId severity = SeverityId::info;
  Message fact;
  std::string text;  // written by phrase_options
};

// Where an option stands with the guide's rules before its price is weighed (ranking.hpp "Eligibility"):
// the class, the rule of thumb it cites (DESIGN.md numbering; 0: none), a stable code and the reason as a
// fact, phrased into `text` in the request's locale.
struct Eligibility {
  EligibilityId klass = EligibilityId::eligible;
  int rule = 0;
  std::string code;  // "spot_long_run", "endpoint_spot", "nodes_without_fabric", ...
  Message reason;
  std::string text;  // written by the phrasing step
};

// memory_pressure of an option whose format has no kernel on its GPU: it cannot run, whatever the memory says,
// and ranks after every option that only lacks memory.
constexpr double kNoKernelPressure = 1e6;

// One ranked option (CONTRACT.md "options"). Absent (nullopt / empty) means "does not apply".
struct Option {
  std::string provider, instance, offering_id, region;
  std::string gpu;
  int64_t gpus = 1;
  std::optional<PricingId> pricing;  // on_demand, spot or reserved (a published term); nullopt: unpriced (pinned hardware)
  bool fits = false;
  bool meets_targets = false;
  double vram_bytes_per_gpu = 0;
  double used_bytes_per_gpu = 0;
  int64_t tensor = 1, pipeline = 1, data = 1, expert = 1, context = 1;
  int64_t concurrency = 1;  // the batch the speed figures are at
  std::optional<InterconnectId> interconnect;
  std::optional<BottleneckId> bottleneck;
  std::optional<double> decode_output_tokens_per_s_per_user, output_tokens_per_s, ttft_s;
  // Under load (CONTRACT.md): the first token's and the time per output token's mean and 90th percentile.
  std::optional<double> ttft_mean_s, ttft_p90_s, tpot_mean_s, tpot_p90_s;
  std::optional<int64_t> max_concurrency, max_context_tokens, kv_capacity_tokens;
  std::optional<double> train_tokens_per_s, train_s, gpu_hours, mfu;
  std::optional<double> seconds_per_image, real_time_factor, items_per_s;
  std::optional<double> usd_per_hour, usd_per_million_output_tokens, usd_per_month, usd_total;
  std::optional<double> usd_compute, usd_storage, usd_egress;  // the parts of usd_total
  std::optional<double> job_s;                                  // wall-clock seconds of the whole job
  std::optional<double> billed_s;                               // compute seconds billed for the job
  std::optional<double> spot_extra_s;                           // expected time lost to interruptions
  std::optional<double> term_days;  // pricing reserved: the length of the term billed (covering the job), days
  int64_t instances = 1;
  std::optional<TierId> tier;              // the provider's
  std::optional<double> usd_per_gpu_hour;  // usd_per_hour / (gpus × instances)
  std::optional<double> startup_s;         // boot + image + weight download + load (startup.hpp)
  std::string price_seen;                  // the offering's price_seen ("" unknown)
  std::optional<PriceConfidenceId> price_confidence;  // of the price this option is priced at (spot or on demand)
  std::optional<double> listed_usd_per_hour;  // the catalog's price when a doubtful one was replaced (price_doubt.hpp)
  std::optional<ShardingId> sharding;  // training: the ZeRO stage used
  std::optional<Range> range;
  std::vector<FigureRange> ranges;  // ~80% interval of each headline figure (uncertainty.hpp)
  std::vector<Note> notes;            // facts, in the order the stages found them
  std::vector<std::string> reasons;   // the info notes, phrased
  std::vector<std::string> warnings;  // the warning notes, phrased
  double memory_pressure = 0;  // used / usable, for ranking options that do not fit
  double ranking_factor = 1;   // the guide's judgement on the cost (ranking.cpp); 1 = none applied
  std::optional<Eligibility> eligibility;  // set by the ranking (judge_eligibility) for every option returned
  // Whether the targets hold at the low end of the option's ~80% range (ranking.hpp target_margin), and the
  // worst ratio of that low-end figure to its target (>= 1: met with margin); absent without targets.
  std::optional<double> target_margin;
};

// One row of the scale-out table: the top option's GPU kind and provider at another instance count.
struct ScalingRow {
  int64_t gpus = 0, instances = 0;
  double job_s = 0, usd_total = 0;
  bool meets_targets = false;
};

// Memory of one replica before it is split (CONTRACT.md "memory"); training parts absent for serving.
struct MemoryReport {
  double weights_bytes = 0, activations_bytes = 0, overhead_bytes = 0, total_bytes = 0;
  std::optional<double> kv_cache_bytes, kv_bytes_per_token;
  std::optional<double> gradients_bytes, optimizer_bytes, adapter_bytes;
  std::optional<double> host_bytes;  // training: host (CPU) RAM the offloaded state needs
};

// For each GPU kind of the catalog: the fewest GPUs that hold one replica (CONTRACT.md extension
// `fit_by_gpu`). Absent `gpus_needed` means not even 64 do (or, for diffusion/audio, one does not).
struct GpuFit {
  std::string gpu;
  double vram_bytes_per_gpu = 0;
  std::optional<int64_t> gpus_needed;
  std::optional<double> used_bytes_per_gpu;
};

struct Guidance {
  std::string id, question, answer;
};

// "Show the math" for one figure. A stage builds it in the function that computes the figure, from the
// same values and constants; `figure` names the field inside the stage's result ("weights_bytes",
// "usd_total") until the pipeline files it under the response ("memory.", "options.0.").
struct Explanation {
  std::string figure, formula;
  std::vector<std::pair<std::string, double>> values;
  double result = 0;
  std::string source;
};

// The options as columns of numbers (detail "table", table.hpp): the columns are TableColumnId's, column c's
// row r at values[c * rows + r], NaN where the option has no such figure (null outside the core).
struct OptionTable {
  size_t rows = 0;
  std::vector<double> values;
};

// A filter that left no offering to rank: its name (a field of `filters`) and how many offerings it excluded
// of those the filters before it left (evaluate.cpp filter_that_excludes_all).
struct FilteredOut {
  std::string filter;
  int64_t excluded = 0;
};

struct Response {
  bool ok = false;
  std::optional<FilteredOut> filtered_out;
  Issues errors;
  Issues warnings;
  Model model;
  std::optional<MemoryReport> memory;
  WorkloadKind kind = WorkloadKind::inference;
  Request request;  // as evaluated: defaults filled in (the response echoes it as `workload`)
  std::vector<Option> options;
  std::optional<OptionTable> table;  // detail "table": the options, which `options` then leaves out
  std::vector<GpuFit> fit_by_gpu;
  std::vector<ScalingRow> scaling;  // jobs: the top option at other instance counts
  int64_t options_evaluated = 0;
  std::vector<Guidance> guidance;
  std::vector<Explanation> explain;
  std::string catalog_as_of;
};

// A note of `code` with the catalog key "note.<key_suffix>" (the code, or the code and a detail).
inline Note note(std::string code, SeverityId severity, std::string key_suffix, std::vector<Param> params = {},
                 std::string plural_param = "") {
  return Note{std::move(code), severity, message("note." + key_suffix, std::move(params), std::move(plural_param)), ""};
}

}  // namespace sizer

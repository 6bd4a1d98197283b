// The whole pipeline, request → response, as one pure function:
// catalog + request → memory → placement → performance → cost → ranking → guidance.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "memory.hpp"
#include "request.hpp"

namespace sizer {

struct Range {
  std::string metric;
  double low = 0;
  double high = 0;
};

// One ranked option (CONTRACT.md "options"). Absent (nullopt / empty) means "does not apply".
struct Option {
  std::string provider, instance, offering_id, region;
  std::string gpu;
  int64_t gpus = 1;
  std::string pricing;  // on_demand, spot
  bool fits = false;
  bool meets_targets = false;
  double vram_bytes_per_gpu = 0;
  double used_bytes_per_gpu = 0;
  int64_t tensor = 1, pipeline = 1, data = 1, expert = 1;
  int64_t concurrency = 1;  // the batch the speed figures are at
  std::string interconnect;
  std::string bottleneck;
  std::optional<double> decode_output_tokens_per_s_per_user, output_tokens_per_s, ttft_s;
  std::optional<int64_t> max_concurrency, max_context_tokens, kv_capacity_tokens;
  std::optional<double> train_tokens_per_s, train_s, gpu_hours, mfu;
  std::optional<double> seconds_per_image, real_time_factor, items_per_s;
  std::optional<double> usd_per_hour, usd_per_million_output_tokens, usd_per_month, usd_total;
  std::optional<double> usd_compute, usd_storage, usd_egress;  // the parts of usd_total
  std::optional<double> job_s;                                  // wall-clock seconds of the whole job
  std::optional<double> billed_s;                               // compute seconds billed for the job
  std::optional<double> spot_extra_s;                           // expected time lost to interruptions
  int64_t instances = 1;
  std::string sharding;  // training: the ZeRO stage used
  std::optional<Range> range;
  std::vector<std::string> reasons;
  std::vector<std::string> warnings;
  double memory_pressure = 0;  // used / usable, for ranking options that do not fit
};

// Memory of one replica before it is split (CONTRACT.md "memory"); training parts absent for serving.
struct MemoryReport {
  double weights_bytes = 0, activations_bytes = 0, overhead_bytes = 0, total_bytes = 0;
  std::optional<double> kv_cache_bytes, kv_bytes_per_token;
  std::optional<double> gradients_bytes, optimizer_bytes, adapter_bytes;
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

struct Explanation {
  std::string figure, formula;
  std::vector<std::pair<std::string, double>> values;
  double result = 0;
  std::string source;
};

struct Response {
  bool ok = false;
  Issues errors;
  Issues warnings;
  Model model;
  std::optional<MemoryReport> memory;
  WorkloadKind kind = WorkloadKind::inference;
  Request request;  // as evaluated: defaults filled in (the response echoes it as `workload`)
  std::vector<Option> options;
  std::vector<GpuFit> fit_by_gpu;
  int64_t options_evaluated = 0;
  std::vector<Guidance> guidance;
  std::vector<Explanation> explain;
  std::string catalog_as_of;
};

Response evaluate(const json& request_document, const Catalog& catalog);

// Bytes kept in storage while an option runs, and bytes downloaded at the end: training keeps resumable
// checkpoints (weights, adapters, optimizer state) and downloads the weights or the adapter; serving and
// media keep the weights and download nothing. Costs and guidance both price these.
void storage_needs(const Request& request, const MemoryReport& memory, double& stored, double& egress);

// Checkpoint interval a spot restart loses half of: the request's for training; media jobs lose at most
// the items in flight, taken as 10 minutes.
std::optional<double> spot_restart_interval(const Request& request);

// Fraction of a GPU's VRAM a workload may fill: the engine's reservation for serving, 5% allocator
// fragmentation for training, 5% headroom for diffusion and audio pipelines.
double usable_vram_fraction(const Request& request);

}  // namespace sizer

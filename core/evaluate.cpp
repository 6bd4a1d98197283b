#include "evaluate.hpp"

#include <algorithm>
#include <cmath>

#include "engines.hpp"
#include "formats.hpp"
#include "guidance.hpp"
#include "performance.hpp"
#include "placement.hpp"

namespace sizer {
namespace {

constexpr int64_t kMaxTensorInBox = 8;     // NVLink/NVSwitch domains of HGX/DGX and MI300X platforms
constexpr int64_t kMaxAutoBatch = 256;     // vLLM max_num_seqs default: the largest batch we assume
constexpr double kHoursPerMonth = 730.0;   // 8760 h / 12

struct OptionInputs {
  const Gpu* gpu;
  int64_t gpus;
  std::string interconnect;
};

bool targets_met(const InferenceWorkload& w, const InferenceSpeed& s) {
  if (w.min_output_tokens_per_s_per_user && s.decode_tokens_per_s_per_user < *w.min_output_tokens_per_s_per_user) {
    return false;
  }
  if (w.max_ttft_s && s.ttft_s > *w.max_ttft_s) return false;
  return true;
}

// Places and times `workload` on one hardware option; fills the option's placement and speed fields.
void evaluate_on(const Request& request, const InferenceWorkload& workload, const EnginePreset& engine,
                 const OptionInputs& in, Option& option, InferenceSpeed& speed) {
  const MemoryBreakdown memory = inference_memory(request.model, workload, engine);
  const int64_t max_tensor = std::min<int64_t>(kMaxTensorInBox, in.gpus);
  const Placement placement = choose_placement(request.model, workload, engine, memory, *in.gpu, in.gpus, max_tensor);
  const Link link = tensor_parallel_link(*in.gpu, in.interconnect);
  speed = inference_speed(request.model, workload, engine, memory, *in.gpu, link, placement);
  option.gpu = in.gpu->id;
  option.gpus = in.gpus;
  option.interconnect = in.interconnect;
  option.fits = placement.fits;
  option.meets_targets = placement.fits && targets_met(workload, speed);
  option.vram_bytes_per_gpu = in.gpu->vram_bytes();
  option.used_bytes_per_gpu = placement.used_bytes_per_gpu;
  option.memory_pressure = placement.usable_bytes_per_gpu > 0
                               ? placement.used_bytes_per_gpu / placement.usable_bytes_per_gpu : 1e9;
  option.tensor = placement.tensor;
  option.pipeline = placement.pipeline;
  option.data = placement.data;
  option.concurrency = workload.concurrency;
  option.max_concurrency = placement.max_concurrency;
  option.max_context_tokens = placement.max_context_tokens;
  option.kv_capacity_tokens = placement.kv_capacity_tokens;
  option.reasons.clear();
  option.warnings.clear();
  if (placement.fits) {
    option.bottleneck = speed.bottleneck;
    option.decode_output_tokens_per_s_per_user = speed.decode_tokens_per_s_per_user;
    option.output_tokens_per_s = speed.output_tokens_per_s;
    option.ttft_s = speed.ttft_s;
    option.range = Range{"output_tokens_per_s", speed.output_tokens_per_s * (1.0 - engine.speed_relative_error),
                         speed.output_tokens_per_s * (1.0 + engine.speed_relative_error)};
    const double spare = placement.usable_bytes_per_gpu - placement.used_bytes_per_gpu;
    std::string split = placement.tensor * placement.pipeline == 1
                            ? "one GPU per replica"
                            : "a replica spans " + std::to_string(placement.tensor * placement.pipeline) + " GPUs";
    option.reasons.push_back("Fits with " + format_gb(spare) + " spare per GPU (" + split + ", " +
                             std::to_string(placement.data) + (placement.data == 1 ? " replica)." : " replicas)."));
    if (!speed.compute_native) {
      option.reasons.push_back("No " + std::string(find_weight_format(workload.weights)->compute) +
                               " tensor cores on this GPU: the matmuls run at the 16-bit rate (weight-only).");
    }
    if (placement.tensor > 1 && link.kind == "pcie") {
      option.warnings.push_back("The model is split over " + std::to_string(placement.tensor) +
                                " GPUs that talk over PCIe: every layer waits on two all-reduces.");
    }
    if (memory.total_bytes > 0 && placement.fits) {
      const double kv_share = memory.kv_cache_bytes / memory.total_bytes;
      if (kv_share >= 0.3) {
        option.reasons.push_back("The KV cache is " + std::to_string(static_cast<int>(std::lround(kv_share * 100))) +
                                 "% of the memory at this context and concurrency.");
      }
    }
    if (!option.meets_targets) {
      if (workload.min_output_tokens_per_s_per_user &&
          speed.decode_tokens_per_s_per_user < *workload.min_output_tokens_per_s_per_user) {
        option.warnings.push_back("Decodes " + format_number(std::round(speed.decode_tokens_per_s_per_user * 10) / 10) +
                                  " tokens/s per user, below the target of " +
                                  format_number(*workload.min_output_tokens_per_s_per_user) + ".");
      }
      if (workload.max_ttft_s && speed.ttft_s > *workload.max_ttft_s) {
        option.warnings.push_back("Time to first token " + format_number(std::round(speed.ttft_s * 100) / 100) +
                                  " s is above the target of " + format_number(*workload.max_ttft_s) + " s.");
      }
    }
  } else {
    option.reasons.push_back("Does not fit: needs " + format_gb(placement.used_bytes_per_gpu) +
                             " per GPU, but " + format_gb(placement.usable_bytes_per_gpu) + " of " +
                             format_gb(in.gpu->vram_bytes()) + " is usable with " + std::string(engine.id) + ".");
  }
}

// For pinned hardware without a concurrency: the largest batch that fits and meets the targets.
InferenceWorkload auto_batch(const Request& request, const EnginePreset& engine, const OptionInputs& in) {
  InferenceWorkload w = request.inference;
  Option probe;
  InferenceSpeed speed;
  w.concurrency = 1;
  evaluate_on(request, w, engine, in, probe, speed);
  if (!probe.fits || !probe.meets_targets) return w;
  int64_t low = 1;  // known good
  int64_t high = std::min<int64_t>(kMaxAutoBatch * std::max<int64_t>(1, probe.data),
                                   std::max<int64_t>(1, probe.max_concurrency.value_or(1)));
  while (low < high) {
    const int64_t mid = low + (high - low + 1) / 2;
    w.concurrency = mid;
    evaluate_on(request, w, engine, in, probe, speed);
    if (probe.fits && probe.meets_targets) {
      low = mid;
    } else {
      high = mid - 1;
    }
  }
  w.concurrency = low;
  return w;
}

void add_costs(Option& option, const InferenceWorkload& workload, double usd_per_hour) {
  option.usd_per_hour = usd_per_hour;
  const double hours_per_day = workload.hours_per_day.value_or(24.0);
  option.usd_per_month = usd_per_hour * kHoursPerMonth * hours_per_day / 24.0;
  if (option.output_tokens_per_s && *option.output_tokens_per_s > 0) {
    option.usd_per_million_output_tokens = usd_per_hour / (*option.output_tokens_per_s * 3600.0) * 1e6;
  }
}

bool passes_filters(const Filters& filters, const Offering& offering) {
  if (!filters.providers.empty() &&
      std::find(filters.providers.begin(), filters.providers.end(), offering.provider) == filters.providers.end()) {
    return false;
  }
  if (filters.max_gpus && offering.gpus > *filters.max_gpus) return false;
  return true;
}

int rank_group(const Option& o) {
  if (o.fits && o.meets_targets) return 0;
  if (o.fits) return 1;
  return 2;
}

struct Candidate {
  Option option;
  InferenceSpeed speed;
  const Gpu* gpu;
};

// Best first: options that fit and meet the targets, then those that only fit, then the rest by how far
// they are from fitting. Within a group, by the request's order (default: $ per million output tokens,
// on-demand before spot for an endpoint unless spot was asked for, faster first on ties).
void rank(std::vector<Candidate>& candidates, const Request& request) {
  const bool spot_last = request.filters.pricing != "spot";
  auto cost_key = [](const Option& o) {
    return o.usd_per_million_output_tokens.value_or(o.usd_per_hour.value_or(0) * 1e6);
  };
  std::stable_sort(candidates.begin(), candidates.end(), [&](const Candidate& ca, const Candidate& cb) {
    const Option& a = ca.option;
    const Option& b = cb.option;
    const int ga = rank_group(a);
    const int gb = rank_group(b);
    if (ga != gb) return ga < gb;
    if (ga == 2) return a.memory_pressure < b.memory_pressure;
    if (request.order == "cheapest_per_hour") {
      if (a.usd_per_hour.value_or(0) != b.usd_per_hour.value_or(0)) return a.usd_per_hour.value_or(0) < b.usd_per_hour.value_or(0);
    } else if (request.order == "fastest") {
      if (a.output_tokens_per_s.value_or(0) != b.output_tokens_per_s.value_or(0)) {
        return a.output_tokens_per_s.value_or(0) > b.output_tokens_per_s.value_or(0);
      }
    } else {
      const bool sa = spot_last && a.pricing == "spot";
      const bool sb = spot_last && b.pricing == "spot";
      if (sa != sb) return !sa;
      if (cost_key(a) != cost_key(b)) return cost_key(a) < cost_key(b);
    }
    return a.output_tokens_per_s.value_or(0) > b.output_tokens_per_s.value_or(0);
  });
}

void explain_memory(const Request& request, const MemoryBreakdown& m, Response& response) {
  const Model& model = request.model;
  const WeightFormat* wf = find_weight_format(request.inference.weights);
  const KvFormat* kf = find_kv_format(request.inference.kv_cache);
  if (wf == nullptr || kf == nullptr) return;
  response.explain.push_back(
      {"memory.weights_bytes",
       wf->embeddings_stay_16bit ? "(params − embedding params) × bits_per_weight / 8 + embedding params × 2"
                                 : "params × bits_per_weight / 8",
       {{"params", model.params_b * 1e9}, {"bits_per_weight", wf->bits_per_weight},
        {"embedding_params", wf->embeddings_stay_16bit ? model.embedding_params() : 0.0}},
       m.weights_bytes, std::string(wf->source)});
  if (model.uses_mla()) {
    response.explain.push_back({"memory.kv_bytes_per_token", "layers × (kv_lora_rank + rope_head_dim) × bytes",
                                {{"layers", static_cast<double>(model.layers)},
                                 {"kv_lora_rank", static_cast<double>(model.kv_lora_rank)},
                                 {"rope_head_dim", static_cast<double>(model.rope_head_dim)},
                                 {"bytes", kf->bytes_per_element}},
                                m.kv_bytes_per_token, "DeepSeek-V2 paper §2.1 (multi-head latent attention)"});
  } else {
    response.explain.push_back({"memory.kv_bytes_per_token", "2 × layers × kv_heads × head_dim × bytes",
                                {{"layers", static_cast<double>(model.layers)},
                                 {"kv_heads", static_cast<double>(model.kv_heads)},
                                 {"head_dim", static_cast<double>(model.head_dim)},
                                 {"bytes", kf->bytes_per_element}},
                                m.kv_bytes_per_token, "K and V per layer per token; GQA through kv_heads"});
  }
  response.explain.push_back(
      {"memory.kv_cache_bytes",
       "concurrency × kv_bytes_per_token / layers × (full_layers × tokens + sliding_layers × min(tokens, window)), "
       "tokens rounded up to blocks",
       {{"concurrency", static_cast<double>(request.inference.concurrency)},
        {"tokens", static_cast<double>(request.inference.context_tokens)},
        {"sliding_layers", static_cast<double>(model.sliding_layers)},
        {"window", static_cast<double>(model.sliding_window)}},
       m.kv_cache_bytes, "Paged KV allocation (vLLM PagedAttention, Kwon et al. 2023)"});
}

void explain_speed(const Option& top, const InferenceSpeed& s, const Gpu& gpu, const EnginePreset& engine,
                   Response& response) {
  response.explain.push_back(
      {"options.0.decode_output_tokens_per_s_per_user",
       "1 / (max(bytes_per_step / (bandwidth × efficiency), flops_per_step / (peak × mfu)) + interconnect_s + overhead_s)",
       {{"bytes_per_step", s.bytes_per_step}, {"bandwidth_bytes_per_s", gpu.memory_bandwidth_gbs * 1e9},
        {"bandwidth_efficiency", engine.bandwidth_efficiency}, {"flops_per_step", s.flops_per_step},
        {"peak_flops", gpu.tflops_for(s.compute_precision) * 1e12}, {"mfu", engine.compute_efficiency},
        {"interconnect_s", s.interconnect_s}, {"overhead_s", s.overhead_s}},
       top.decode_output_tokens_per_s_per_user.value_or(0),
       "Roofline model (Williams et al. 2009); engine preset: " + std::string(engine.source)});
}

}  // namespace

Response evaluate(const json& request_document, const Catalog& catalog) {
  Response response;
  response.catalog_as_of = catalog.as_of;
  ParsedRequest parsed = parse_request(request_document, catalog);
  response.warnings = parsed.warnings;
  if (!parsed.ok()) {
    response.errors = parsed.errors;
    return response;
  }
  const Request& request = parsed.request;
  response.model = request.model;
  const EnginePreset& engine = *find_engine(request.engine);
  const MemoryBreakdown memory = inference_memory(request.model, request.inference, engine);
  response.memory = memory;
  explain_memory(request, memory, response);

  std::vector<Candidate> candidates;
  if (request.hardware) {
    const OptionInputs in{&request.hardware->gpu, request.hardware->count, request.hardware->gpu.interconnect_kind};
    const InferenceWorkload workload =
        request.inference.concurrency_given ? request.inference : auto_batch(request, engine, in);
    Option option;
    InferenceSpeed speed;
    evaluate_on(request, workload, engine, in, option, speed);
    candidates.push_back({option, speed, &request.hardware->gpu});
  } else {
    for (const Offering& offering : catalog.offerings) {
      if (!passes_filters(request.filters, offering)) continue;
      const Gpu* gpu = catalog.find_gpu(offering.gpu);
      if (gpu == nullptr || gpu->kind != "gpu") continue;  // TPUs/NPUs run other engines: not modelled
      const OptionInputs in{gpu, offering.gpus, offering.interconnect};
      Option base;
      InferenceSpeed speed;
      evaluate_on(request, request.inference, engine, in, base, speed);
      base.provider = offering.provider;
      base.instance = offering.instance;
      base.offering_id = offering.id;
      base.region = offering.region;
      auto add = [&](const char* pricing, double usd_per_hour) {
        if (request.filters.max_usd_per_hour && usd_per_hour > *request.filters.max_usd_per_hour) return;
        Option option = base;
        option.pricing = pricing;
        add_costs(option, request.inference, usd_per_hour);
        if (option.pricing == "spot") {
          const Provider* provider = catalog.find_provider(offering.provider);
          std::string notice = provider && provider->spot_notice_s
                                   ? " with " + format_number(*provider->spot_notice_s) + " s notice" : "";
          option.warnings.push_back("Spot capacity can be reclaimed" + notice +
                                    ": a risk for a user-facing endpoint.");
        }
        candidates.push_back({option, speed, gpu});
      };
      if (offering.usd_per_hour && request.filters.pricing != "spot") add("on_demand", *offering.usd_per_hour);
      if (offering.spot_usd_per_hour && request.filters.pricing != "on_demand") add("spot", *offering.spot_usd_per_hour);
    }
  }
  response.options_evaluated = static_cast<int64_t>(candidates.size());
  rank(candidates, request);
  if (!candidates.empty() && candidates.front().option.fits) {
    explain_speed(candidates.front().option, candidates.front().speed, *candidates.front().gpu, engine, response);
  }
  const size_t keep = std::min(candidates.size(), static_cast<size_t>(request.limit));
  response.options.reserve(keep);
  for (size_t i = 0; i < keep; ++i) response.options.push_back(std::move(candidates[i].option));
  response.guidance = inference_guidance(request, response);
  response.ok = true;
  return response;
}

}  // namespace sizer

// Serving a language model on one hardware option: the split that serves it best, its speed, its notes.
#include <algorithm>
#include <cmath>

#include "formats.hpp"
#include "format.hpp"
#include "memory.hpp"
#include "options.hpp"
#include "noinline.hpp"
#include "performance.hpp"
#include "placement.hpp"
#include "ranking.hpp"
#include "search.hpp"

namespace sizer {
namespace {

// The KV cache is worth a note once it holds this share of the memory (rule of thumb 1: never size on
// weights alone).
constexpr double kKvShareNote = 0.3;
// A split must serve 2% more to be preferred over one with fewer GPUs (noise in the estimate).
constexpr double kBetterSplitMargin = 1.02;

// An open-loop endpoint (workload.requests_per_s) needs the rate's output, requests_per_s × output_tokens a
// second, from the replica's aggregate capacity: below it the queue grows for as long as the load lasts (the TTFT
// model holds utilisation at kMaxUtilisation and reports a floor, performance.cpp).
bool sustains_rate(const InferenceWorkload& w, const InferenceSpeed& s) {
  if (!w.open_loop() || w.batch()) return true;
  return s.output_tokens_per_s >= *w.requests_per_s * static_cast<double>(w.output_tokens) * (1.0 - 1e-9);
}

bool targets_met(const InferenceWorkload& w, const InferenceSpeed& s) {
  if (w.min_output_tokens_per_s_per_user && s.decode_tokens_per_s_per_user < *w.min_output_tokens_per_s_per_user) {
    return false;
  }
  // The first token as the users get it at the workload's load (the mean over requests, queueing included): an
  // endpoint whose unloaded prefill meets the target can miss it by seconds at its request rate.
  if (w.max_ttft_s && s.ttft_mean_s > *w.max_ttft_s) return false;
  if (!sustains_rate(w, s)) return false;
  return true;
}

std::string round1(double x) { return format_number(std::round(x * 10.0) / 10.0); }

struct Served {
  MemoryBreakdown memory;
  Placement placement;
  InferenceSpeed speed;
  Link link;
};

// Of the splits that fit, the one serving this workload best: meeting the targets first, then one whose every
// replica has a sequence to run (rule 3: a box you cannot fully use; ranking.cpp idle_gpus), then the highest
// aggregate rate, then fewer GPUs.
Served serve(const Request& request, const InferenceWorkload& workload, const EnginePreset& engine,
             const OptionInputs& in) {
  Served s;
  s.memory = inference_memory(request.model, workload, engine);
  const int64_t max_tensor = std::min<int64_t>(kMaxTensorInBox, in.gpus);
  s.link = tensor_parallel_link(*in.gpu, in.interconnect);
  const std::vector<Placement> splits =
      candidate_placements(request.model, workload, engine, s.memory, *in.gpu, in.gpus, max_tensor);
  s.placement = splits.back();
  bool chosen = false;
  bool chosen_meets = false;
  bool chosen_idle = false;
  for (const Placement& candidate : splits) {
    if (!candidate.fits) continue;
    if (in.max_replica_span > 0 && candidate.tensor * candidate.pipeline > in.max_replica_span) continue;
    const InferenceSpeed speed = inference_speed(request.model, workload, engine, s.memory, *in.gpu, s.link, candidate);
    const bool meets = targets_met(workload, speed);
    const bool idle = candidate.data > std::max<int64_t>(1, workload.concurrency);
    const bool faster = speed.output_tokens_per_s > s.speed.output_tokens_per_s * kBetterSplitMargin;
    const bool better = !chosen || (meets && !chosen_meets) ||
                        (meets == chosen_meets && ((chosen_idle && !idle) || (idle == chosen_idle && faster)));
    if (better) {
      s.placement = candidate;
      s.speed = speed;
      chosen = true;
      chosen_meets = meets;
      chosen_idle = idle;
    }
  }
  take_best_capacities(splits, s.placement);
  if (!chosen) s.speed = inference_speed(request.model, workload, engine, s.memory, *in.gpu, s.link, s.placement);
  return s;
}

Option option_from(const InferenceWorkload& workload, const OptionInputs& in, const Served& s) {
  Option option;
  const Placement& placement = s.placement;
  describe_hardware(option, in);
  option.fits = placement.fits;
  option.meets_targets = placement.fits && targets_met(workload, s.speed);
  option.used_bytes_per_gpu = placement.used_bytes_per_gpu;
  option.memory_pressure =
      placement.usable_bytes_per_gpu > 0 ? placement.used_bytes_per_gpu / placement.usable_bytes_per_gpu : 1e9;
  option.tensor = placement.tensor;
  option.pipeline = placement.pipeline;
  option.data = placement.data;
  option.concurrency = workload.concurrency;
  option.max_concurrency = placement.max_concurrency;
  option.max_context_tokens = placement.max_context_tokens;
  option.kv_capacity_tokens = placement.kv_capacity_tokens;
  return option;
}

// The notes are built only for the options returned: kept out of the hot evaluate_with (noinline.hpp).
SIZER_NOINLINE void note_fit(Option& option, const InferenceWorkload& workload, const Served& s, const Gpu& gpu) {
  const Placement& placement = s.placement;
  const double spare = placement.usable_bytes_per_gpu - placement.used_bytes_per_gpu;
  const int64_t span = placement.tensor * placement.pipeline;
  const auto replicas = static_cast<double>(placement.data);
  std::vector<Param> params = {param_number("spare_bytes_per_gpu", spare, format_gb(spare)),
                               param_number("replicas", replicas, std::to_string(placement.data))};
  if (span > 1) params.push_back(param_number("gpus_per_replica", static_cast<double>(span), std::to_string(span)));
  option.notes.push_back(note("fits", SeverityId::info, span == 1 ? "fits.serving_one_gpu" : "fits.serving_spans",
                              std::move(params), "replicas"));
  // What the GPU lacks for this format, and what the engine runs instead (capabilities.hpp).
  if (s.speed.kernel_path == KernelPath::as_fp16) {
    option.notes.push_back(note("bf16_as_fp16", SeverityId::warning, "capability.bf16_as_fp16",
                                {param_text("gpu", gpu.name)}));
  } else if (!s.speed.compute_native) {
    const std::string precision(find_weight_format(workload.weights)->compute);
    option.notes.push_back(note("no_native_compute", SeverityId::info, "no_native_compute",
                                {param_text("precision", precision)}));
  }
  if (!s.speed.flash_attention) {
    option.notes.push_back(note("no_flash_attention", SeverityId::warning, "capability.no_flash_attention",
                                {param_text("gpu", gpu.name)}));
  }
  // Rule of thumb 3: PCIe-only multi-GPU limits tensor-parallel serving.
  if (placement.tensor > 1 && s.link.kind == InterconnectId::pcie) {
    option.notes.push_back(note("tensor_parallel_over_pcie", SeverityId::warning, "tensor_parallel_over_pcie",
                                {param_number("tensor", static_cast<double>(placement.tensor),
                                              std::to_string(placement.tensor))}));
  }
  if (s.memory.total_bytes > 0) {
    const double kv_share = s.memory.kv_cache_bytes / s.memory.total_bytes;
    if (kv_share >= kKvShareNote) {
      const std::string pct = std::to_string(static_cast<int>(std::lround(kv_share * 100))) + "%";
      option.notes.push_back(note("kv_cache_share", SeverityId::info, "kv_cache_share",
                                  {param_number("kv_share", kv_share, pct)}));
    }
  }
}

SIZER_NOINLINE void note_targets(Option& option, const InferenceWorkload& workload, const InferenceSpeed& speed) {
  if (option.meets_targets) return;
  if (workload.min_output_tokens_per_s_per_user &&
      speed.decode_tokens_per_s_per_user < *workload.min_output_tokens_per_s_per_user) {
    const double target = *workload.min_output_tokens_per_s_per_user;
    option.notes.push_back(
        note("below_decode_target", SeverityId::warning, "below_decode_target",
             {param_number("decode_tokens_per_s", speed.decode_tokens_per_s_per_user,
                           round1(speed.decode_tokens_per_s_per_user)),
              param_number("target_tokens_per_s", target, format_number(target))}));
  }
  if (!sustains_rate(workload, speed)) {
    const double needed = *workload.requests_per_s * static_cast<double>(workload.output_tokens);
    option.notes.push_back(note("below_request_rate", SeverityId::warning, "below_request_rate",
                                {param_number("output_tokens_per_s", speed.output_tokens_per_s, round1(speed.output_tokens_per_s)),
                                 param_number("needed_tokens_per_s", needed, round1(needed))}));
  }
  if (workload.max_ttft_s && speed.ttft_mean_s > *workload.max_ttft_s) {
    const double target = *workload.max_ttft_s;
    option.notes.push_back(
        note("above_ttft_target", SeverityId::warning, "above_ttft_target",
             {param_number("ttft_s", speed.ttft_s, format_number(std::round(speed.ttft_s * 100) / 100) + " s"),
              param_number("ttft_mean_s", speed.ttft_mean_s, format_number(std::round(speed.ttft_mean_s * 100) / 100) + " s"),
              param_number("target_s", target, format_number(target) + " s")}));
  }
}

// The engine as the locale names it ("vLLM", "Generic" / "عام"); the machine-readable param stays its id.
Param engine_word(const EnginePreset& engine) {
  Param p = param_word("engine", "vocab.engines." + std::string(engine.id));
  p.text = std::string(engine.id);
  return p;
}

SIZER_NOINLINE void note_no_fit(Option& option, const EnginePreset& engine, const OptionInputs& in, const Placement& placement) {
  option.notes.push_back(
      note("does_not_fit", SeverityId::info, "does_not_fit.serving",
           {param_number("needed_bytes_per_gpu", placement.used_bytes_per_gpu, format_gb(placement.used_bytes_per_gpu)),
            param_number("usable_bytes_per_gpu", placement.usable_bytes_per_gpu, format_gb(placement.usable_bytes_per_gpu)),
            param_number("vram_bytes_per_gpu", in.gpu->vram_bytes(), format_gb(in.gpu->vram_bytes())),
            engine_word(engine)}));
}

// The option for `workload` (which may differ from the request's while auto_batch searches).
Candidate evaluate_with(const Request& request, const InferenceWorkload& workload, const EnginePreset& engine,
                        const OptionInputs& in) {
  const Served s = serve(request, workload, engine, in);
  Candidate c;
  c.option = option_from(workload, in, s);
  Option& option = c.option;
  // A format with no kernel on this GPU does not run at all, whatever the memory says.
  if (s.speed.kernel_path == KernelPath::none) {
    option.fits = false;
    option.meets_targets = false;
    option.memory_pressure = kNoKernelPressure;
    if (in.notes) {
      option.notes.push_back(note("no_kernel", SeverityId::warning, "capability.no_kernel",
                                  {param_text("format", std::string(id_of(workload.weights))), param_text("gpu", in.gpu->name),
                                   param_text("missing", s.speed.missing_feature)}));
    }
    return c;
  }
  if (!s.placement.fits) {
    if (in.notes) note_no_fit(option, engine, in, s.placement);
    return c;
  }
  option.bottleneck = s.speed.bottleneck;
  option.decode_output_tokens_per_s_per_user = s.speed.decode_tokens_per_s_per_user;
  option.output_tokens_per_s = s.speed.output_tokens_per_s;
  option.ttft_s = s.speed.ttft_s;
  option.ttft_mean_s = s.speed.ttft_mean_s;
  option.ttft_p90_s = s.speed.ttft_p90_s;
  option.tpot_mean_s = s.speed.tpot_mean_s;
  option.tpot_p90_s = s.speed.tpot_p90_s;
  option.range = range_around("output_tokens_per_s", s.speed.output_tokens_per_s, engine.speed_relative_error);
  if (in.notes) {
    note_fit(option, workload, s, *in.gpu);
    note_targets(option, workload, s.speed);
  }
  if (in.explain) c.explain = explain_inference_speed(s.speed, workload, engine);
  return c;
}

// The most sequences an option runs at once: what its memory holds, within the engine's batch cap per replica.
int64_t batch_cap(const EnginePreset& engine, const Placement& placement) {
  return std::min<int64_t>(engine.max_batch * std::max<int64_t>(1, placement.data),
                           std::max<int64_t>(1, placement.max_concurrency));
}

}  // namespace

Range range_around(const char* metric, double value, double relative_error) {
  return Range{metric, value * (1.0 - relative_error), value * (1.0 + relative_error)};
}

MemoryReport inference_memory_report(const Request& request, const EnginePreset& engine,
                                     std::vector<Explanation>& explain) {
  const MemoryBreakdown m = inference_memory(request.model, request.inference, engine);
  for (Explanation& e : explain_inference_memory(request.model, request.inference, engine, m)) {
    explain.push_back(std::move(e));
  }
  MemoryReport report;
  report.weights_bytes = m.weights_bytes;
  report.kv_cache_bytes = m.kv_cache_bytes;
  report.kv_bytes_per_token = m.kv_bytes_per_token;
  report.activations_bytes = m.activations_bytes;
  report.overhead_bytes = m.overhead_bytes;
  report.total_bytes = m.total_bytes;
  return report;
}

namespace {

SIZER_NOINLINE Candidate evaluate_inference_split(const Request& request, const EnginePreset& engine, const OptionInputs& in) {
  // An offline batch with no concurrency given runs as an engine runs one: as many sequences at once as the option's
  // memory holds (up to the engine's batch cap, and within any targets), the largest batch that fits, as for pinned
  // hardware (evaluate.cpp). At one sequence, 1e9 tokens of Llama 3.1 8B took ~300 days on the GPU that won;
  // the throughput-optimal batch is what vLLM's offline LLM.generate and a `--max-num-seqs` server do.
  // An endpoint given by its request rate and no concurrency runs the sequences the rate keeps in flight on this
  // option (Little's law, rate_batch), not one. Either way the option says the batch it chose.
  const InferenceWorkload& asked = request.inference;
  const bool batch_job = asked.batch() && !asked.concurrency_given;
  const bool by_rate = !batch_job && asked.open_loop() && !asked.concurrency_given;
  if (batch_job || by_rate) {
    const InferenceWorkload w = batch_job ? auto_batch(request, engine, in) : rate_batch(request, engine, in);
    Candidate c = evaluate_with(request, w, engine, in);
    if (in.notes && c.option.fits && w.concurrency > 1) {
      const char* code = batch_job ? "batch_concurrency" : "rate_concurrency";
      c.option.notes.push_back(note(code, SeverityId::info, code,
                                    {param_number("concurrency", static_cast<double>(w.concurrency),
                                                  std::to_string(w.concurrency))}));
    }
    return c;
  }
  return evaluate_with(request, request.inference, engine, in);
}

// Whether the catalog's option runs as replicas of one GPU rather than the split serve chose (below).
SIZER_NOINLINE bool replicas_preferred(const Request& request, const Option& split, const Option& replicas) {
  if (!replicas.fits || !replicas.meets_targets || replica_span(replicas) != 1) return false;
  if (replicas.data > std::max<int64_t>(1, replicas.concurrency)) return false;  // an idle replica (a box not fully used)
  const bool batch_job = request.inference.batch() && !request.inference.concurrency_given;
  return !batch_job ||
         replicas.output_tokens_per_s.value_or(0) * kSplitMargin >= split.output_tokens_per_s.value_or(0);
}

}  // namespace

Candidate evaluate_inference_option(const Request& request, const EnginePreset& engine, const OptionInputs& in) {
  Candidate best = evaluate_inference_split(request, engine, in);
  // Rule 3: "One fast GPU per replica beats sharding when the model fits", for the catalog's options. The split
  // chooser (serve) takes the highest aggregate rate, and a memory-bound decode step reads half the weights per GPU
  // when tensor-parallel, so an 8B model on two PCIe cards came out as one 2-way replica. The same box as replicas
  // of one GPU each is the option when they meet the targets with every replica busy (an endpoint's rate or users
  // sized on them: a rate keeps more sequences in flight on slower replicas). An offline batch pays for its
  // throughput, so there the split must also be kSplitMargin faster, the margin the ranking states for the same rule
  // between options. Pinned hardware keeps the split that serves it best: the person's own box, timed as it runs
  // fastest (a published TP=8 run of a 70B model on eight MI300X is what its measurement describes).
  if (!request.hardware && in.gpus > 1 && in.max_replica_span != 1 && best.option.fits && replica_span(best.option) > 1) {
    OptionInputs one = in;
    one.max_replica_span = 1;
    Candidate replicas = evaluate_inference_split(request, engine, one);
    if (replicas_preferred(request, best.option, replicas.option)) best = std::move(replicas);
  }
  return best;
}

InferenceWorkload rate_batch(const Request& request, const EnginePreset& engine, const OptionInputs& in) {
  // Little's law on this option: the sequences in flight are the rate times a request's time in flight,
  // ttft_mean_s + (output_tokens - 1) * tpot_mean_s, and that time grows with the sequences (a larger batch decodes
  // slower per user and queues more prompts). From one sequence the count only grows, to the least count that holds;
  // an option whose memory (or engine) cannot hold it stops at what it holds, and then cannot sustain the rate
  // (sustains_rate: its note says so).
  InferenceWorkload w = request.inference;
  w.concurrency = 1;
  Served s = serve(request, w, engine, in);
  if (!s.placement.fits) return w;
  const double rate = *w.requests_per_s;
  const int64_t high = batch_cap(engine, s.placement);
  constexpr int kPasses = 12;
  for (int pass = 0; pass < kPasses; ++pass) {
    const double in_flight_s = s.speed.ttft_mean_s + static_cast<double>(std::max<int64_t>(0, w.output_tokens - 1)) *
                                                         s.speed.tpot_mean_s;
    const double sequences = std::ceil(rate * in_flight_s - 1e-9);
    if (!std::isfinite(sequences)) break;
    const int64_t n = std::min<int64_t>(high, std::max<int64_t>(1, static_cast<int64_t>(std::min(sequences, 1e9))));
    if (n <= w.concurrency) break;
    w.concurrency = n;
    s = serve(request, w, engine, in);
    if (!s.placement.fits) return w;
  }
  // The replica's aggregate output (the prompts' prefill counted in full, performance.cpp) grows with the batch and
  // may need more sequences than the per-user figures give Little's law: the least batch whose output sustains the
  // rate (sustains_rate), where one exists within what the option holds.
  if (sustains_rate(w, s.speed) || w.concurrency >= high) return w;
  const InferenceWorkload at = w;
  auto short_of_rate = [&](int64_t concurrency) {
    InferenceWorkload t = at;
    t.concurrency = concurrency;
    const Served more = serve(request, t, engine, in);
    return !more.placement.fits || !sustains_rate(t, more.speed);
  };
  w.concurrency = std::min<int64_t>(high, largest_int_such_that(at.concurrency, high, short_of_rate) + 1);
  return w;
}

InferenceWorkload auto_batch(const Request& request, const EnginePreset& engine, const OptionInputs& in) {
  InferenceWorkload w = request.inference;
  w.concurrency = 1;
  const Served one = serve(request, w, engine, in);
  if (!one.placement.fits || !targets_met(w, one.speed)) return w;
  auto serves = [&](int64_t concurrency) {
    w.concurrency = concurrency;
    const Served s = serve(request, w, engine, in);
    return s.placement.fits && targets_met(w, s.speed);
  };
  const int64_t high = batch_cap(engine, one.placement);
  w.concurrency = largest_int_such_that(1, high, serves);
  return w;
}

}  // namespace sizer

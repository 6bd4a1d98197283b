#include "evaluate.hpp"

#include <algorithm>
#include <cmath>

#include "cost.hpp"
#include "engines.hpp"
#include "formats.hpp"
#include "guidance.hpp"
#include "media.hpp"
#include "performance.hpp"
#include "placement.hpp"
#include "training.hpp"

namespace sizer {
namespace {

constexpr int64_t kMaxTensorInBox = 8;     // NVLink/NVSwitch domains of HGX/DGX and MI300X platforms

struct OptionInputs {
  const Gpu* gpu;
  int64_t gpus;
  std::string interconnect;
  int64_t gpus_per_node = 8;
  bool fast_fabric = true;  // between nodes (pinned hardware: assumed to be a cluster)
};

// A reason or warning in the request's language (locale "ar" or "en"). Figures, units and names stay in
// Latin script, isolated inside Arabic text (iso).
std::string say(const Request& request, const std::string& en, const std::string& ar) {
  return request.locale == "ar" ? ar : en;
}
std::string iso(const std::string& text) { return isolate(text); }
std::string round1(double x) { return format_number(std::round(x * 10.0) / 10.0); }

Range range_around(const char* metric, double value, double relative_error) {
  return Range{metric, value * (1.0 - relative_error), value * (1.0 + relative_error)};
}

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
  option = Option{};
  const MemoryBreakdown memory = inference_memory(request.model, workload, engine);
  const int64_t max_tensor = std::min<int64_t>(kMaxTensorInBox, in.gpus);
  const Link link = tensor_parallel_link(*in.gpu, in.interconnect);
  // Of the splits that fit, the one serving this workload best: meeting the targets first, then the
  // highest aggregate rate (at concurrency 1, tensor parallelism beats idle replicas), then fewer GPUs.
  const std::vector<Placement> splits =
      candidate_placements(request.model, workload, engine, memory, *in.gpu, in.gpus, max_tensor);
  Placement placement = splits.back();
  bool chosen = false;
  bool chosen_meets = false;
  for (const Placement& candidate : splits) {
    if (!candidate.fits) continue;
    const InferenceSpeed candidate_speed =
        inference_speed(request.model, workload, engine, memory, *in.gpu, link, candidate);
    const bool meets = targets_met(workload, candidate_speed);
    const bool better = !chosen || (meets && !chosen_meets) ||
                        (meets == chosen_meets && candidate_speed.output_tokens_per_s > speed.output_tokens_per_s * 1.02);
    if (better) {
      placement = candidate;
      speed = candidate_speed;
      chosen = true;
      chosen_meets = meets;
    }
  }
  take_best_capacities(splits, placement);
  if (!chosen) speed = inference_speed(request.model, workload, engine, memory, *in.gpu, link, placement);
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
  if (placement.fits) {
    option.bottleneck = speed.bottleneck;
    option.decode_output_tokens_per_s_per_user = speed.decode_tokens_per_s_per_user;
    option.output_tokens_per_s = speed.output_tokens_per_s;
    option.ttft_s = speed.ttft_s;
    option.range = range_around("output_tokens_per_s", speed.output_tokens_per_s, engine.speed_relative_error);
    const double spare = placement.usable_bytes_per_gpu - placement.used_bytes_per_gpu;
    const int64_t span = placement.tensor * placement.pipeline;
    const std::string replicas = std::to_string(placement.data);
    option.reasons.push_back(say(
        request,
        "Fits with " + format_gb(spare) + " spare per GPU (" +
            (span == 1 ? std::string("one GPU per replica") : "a replica spans " + std::to_string(span) + " GPUs") +
            ", " + replicas + (placement.data == 1 ? " replica)." : " replicas)."),
        "يتسع مع فائض " + iso(format_gb(spare)) + " في كل معالج (" +
            (span == 1 ? std::string("معالج واحد لكل نسخة") : "تمتد كل نسخة على " + iso(std::to_string(span)) + " معالجات") +
            "، وعدد النسخ " + iso(replicas) + ")."));
    if (!speed.compute_native) {
      const std::string precision(find_weight_format(workload.weights)->compute);
      option.reasons.push_back(say(request,
                                   "No " + precision + " tensor cores on this GPU: the matmuls run at the 16-bit rate "
                                   "(weight-only).",
                                   "لا أنوية " + iso(precision) + " في هذا المعالج: تُنفَّذ ضرب المصفوفات بسرعة الدقة "
                                   + iso("16-bit") + " (التكميم للأوزان فقط)."));
    }
    if (placement.tensor > 1 && link.kind == "pcie") {
      const std::string n = std::to_string(placement.tensor);
      option.warnings.push_back(say(request,
                                    "The model is split over " + n +
                                        " GPUs that talk over PCIe: every layer waits on two all-reduces.",
                                    "النموذج مقسّم على " + iso(n) + " معالجات تتواصل عبر " + iso("PCIe") +
                                        ": كل طبقة تنتظر عمليتي تجميع بينها."));
    }
    if (memory.total_bytes > 0 && placement.fits) {
      const double kv_share = memory.kv_cache_bytes / memory.total_bytes;
      if (kv_share >= 0.3) {
        const std::string pct = std::to_string(static_cast<int>(std::lround(kv_share * 100))) + "%";
        option.reasons.push_back(say(request, "The KV cache is " + pct + " of the memory at this context and concurrency.",
                                     "تشغل ذاكرة KV المؤقتة " + iso(pct) +
                                         " من الذاكرة بهذا الطول من السياق وهذا العدد من المستخدمين."));
      }
    }
    if (!option.meets_targets) {
      if (workload.min_output_tokens_per_s_per_user &&
          speed.decode_tokens_per_s_per_user < *workload.min_output_tokens_per_s_per_user) {
        const std::string rate = round1(speed.decode_tokens_per_s_per_user);
        const std::string target = format_number(*workload.min_output_tokens_per_s_per_user);
        option.warnings.push_back(say(request,
                                      "Decodes " + rate + " tokens/s per user, below the target of " + target + ".",
                                      "يولّد " + iso(rate) + " رمز في الثانية لكل مستخدم، دون الهدف البالغ " +
                                          iso(target) + "."));
      }
      if (workload.max_ttft_s && speed.ttft_s > *workload.max_ttft_s) {
        const std::string ttft = format_number(std::round(speed.ttft_s * 100) / 100) + " s";
        const std::string target = format_number(*workload.max_ttft_s) + " s";
        option.warnings.push_back(say(request, "Time to first token " + ttft + " is above the target of " + target + ".",
                                      "زمن أول رمز " + iso(ttft) + " أطول من الهدف البالغ " + iso(target) + "."));
      }
    }
  } else {
    const std::string need = format_gb(placement.used_bytes_per_gpu);
    const std::string usable = format_gb(placement.usable_bytes_per_gpu);
    const std::string vram = format_gb(in.gpu->vram_bytes());
    const std::string engine_id(engine.id);
    option.reasons.push_back(say(request,
                                 "Does not fit: needs " + need + " per GPU, but " + usable + " of " + vram +
                                     " is usable with " + engine_id + ".",
                                 "لا يتسع: يحتاج إلى " + iso(need) + " لكل معالج، والمتاح " + iso(usable) + " من " +
                                     iso(vram) + " مع " + iso(engine_id) + "."));
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
  int64_t high = std::min<int64_t>(engine.max_batch * std::max<int64_t>(1, probe.data),
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

// Prices the option for the provider: $/hour, and for the workload a month of serving, $ per million
// tokens, or the job's total with billing granularity, minimum charge, spot interruptions and storage.
void add_costs(Option& option, const Request& request, const Provider* provider, double usd_per_hour,
               double storage_bytes, double egress_bytes) {
  option.usd_per_hour = usd_per_hour;
  if (request.kind == WorkloadKind::inference) {
    const InferenceWorkload& w = request.inference;
    const double hours_per_day = w.hours_per_day.value_or(24.0);
    option.usd_per_month = usd_per_hour * kHoursPerMonth * hours_per_day / 24.0;
    if (option.output_tokens_per_s && *option.output_tokens_per_s > 0) {
      option.usd_per_million_output_tokens = usd_per_hour / (*option.output_tokens_per_s * 3600.0) * 1e6;
    }
    if (provider) {
      const StorageCost storage = storage_cost(*provider, storage_bytes, kHoursPerMonth * 3600.0, 0.0);
      option.usd_storage = storage.usd_storage;
    }
    return;
  }
  // A job: compute seconds, plus (on spot) the expected restarts and redone work.
  double seconds = 0;
  if (option.train_s) {
    seconds = *option.train_s;
  } else if (option.items_per_s && *option.items_per_s > 0) {
    const double items = request.kind == WorkloadKind::audio ? 1.0 : request.media.images;
    seconds = items / *option.items_per_s;
  }
  if (!option.fits || !(seconds > 0)) return;
  option.job_s = seconds;
  if (option.pricing == "spot") {
    const SpotOverhead extra = spot_overhead(seconds, spot_restart_interval(request));
    option.spot_extra_s = extra.extra_seconds;
    seconds += extra.extra_seconds;
  }
  const double billed = provider ? billed_seconds(seconds, *provider) : seconds;
  option.billed_s = billed;
  option.usd_compute = usd_per_hour * billed / 3600.0;
  if (provider) {
    const double hourly_usd = usd_per_hour * std::ceil(seconds / 3600.0 - 1e-9);
    const bool per_second = provider->billing_granularity_s <= 1;
    if (provider->billing_granularity_s < 3600 && hourly_usd - *option.usd_compute >= 0.01) {
      option.reasons.push_back(say(request,
                                   std::string("Billed per ") + (per_second ? "second" : "minute") + ": " +
                                       format_usd(*option.usd_compute) + " of compute, where hourly billing would charge " +
                                       format_usd(hourly_usd) + ".",
                                   std::string("فوترة ") + (per_second ? "بالثانية" : "بالدقيقة") + ": " +
                                       iso(format_usd(*option.usd_compute)) + " للحوسبة، مقابل " +
                                       iso(format_usd(hourly_usd)) + " لو قُرّبت الفوترة إلى الساعة."));
    } else if (provider->billing_granularity_s >= 3600 && billed - seconds >= 300) {
      const std::string minutes = format_number(std::round(seconds / 60.0));
      const std::string hours = format_number(billed / 3600.0);
      option.warnings.push_back(say(request,
                                    "Billed by the hour: " + minutes + " minutes of work pay for " + hours + " h.",
                                    "فوترة بالساعة: " + iso(minutes) + " دقيقة من العمل تُدفع كـ" + iso(hours) +
                                        " ساعة."));
    }
  }
  double total = *option.usd_compute;
  if (provider) {
    const StorageCost storage = storage_cost(*provider, storage_bytes, seconds, egress_bytes);
    option.usd_storage = storage.usd_storage;
    option.usd_egress = storage.usd_egress;
    total += storage.usd_storage + storage.usd_egress;
  }
  option.usd_total = total;
}

bool passes_filters(const Filters& filters, const Offering& offering) {
  if (!filters.providers.empty() &&
      std::find(filters.providers.begin(), filters.providers.end(), offering.provider) == filters.providers.end()) {
    return false;
  }
  if (filters.max_gpus && offering.gpus > *filters.max_gpus) return false;
  return true;
}

// Training on `in` (one option): placement over the GPUs, ZeRO stage, speed and time.
void evaluate_training_on(const Request& request, const EnginePreset& engine, const OptionInputs& in, Option& option,
                          std::vector<Explanation>& explain) {
  option = Option{};
  const Model& model = request.model;
  const TrainingWorkload& w = request.training;
  const Fabric fabric = training_fabric(*in.gpu, in.interconnect, in.gpus_per_node, in.fast_fabric);
  const TrainingMemory memory = training_memory(model, w, engine.training_logits_copies);
  TrainingPlacement placement =
      place_training(model, w, memory, *in.gpu, in.gpus, fabric, engine.training_logits_copies);
  // Unless the request said otherwise, recompute activations when that is what makes the run fit.
  TrainingWorkload recomputed = w;
  if (!placement.fits && !w.grad_checkpointing && !w.grad_checkpointing_given) {
    recomputed.grad_checkpointing = true;
    const TrainingMemory recomputed_memory = training_memory(model, recomputed, engine.training_logits_copies);
    const TrainingPlacement retry =
        place_training(model, recomputed, recomputed_memory, *in.gpu, in.gpus, fabric, engine.training_logits_copies);
    if (retry.fits) {
      placement = retry;
      option.reasons.push_back(say(request, "Activations are recomputed (gradient checkpointing) so the run fits.",
                                   "تُعاد حساب التفعيلات (gradient checkpointing) كي يتسع التدريب."));
    } else {
      recomputed = w;
    }
  }
  option.gpu = in.gpu->id;
  option.gpus = in.gpus;
  option.interconnect = in.interconnect;
  option.fits = placement.fits;
  option.vram_bytes_per_gpu = in.gpu->vram_bytes();
  option.used_bytes_per_gpu = placement.used_bytes_per_gpu;
  option.memory_pressure = placement.used_bytes_per_gpu / std::max(1.0, placement.usable_bytes_per_gpu);
  option.tensor = placement.tensor;
  option.pipeline = placement.pipeline;
  option.data = placement.data;
  option.expert = placement.expert;
  option.concurrency = w.micro_batch;
  option.sharding = placement.sharding;
  option.max_context_tokens = placement.max_seq_len;
  if (!placement.fits) {
    const std::string need = format_gb(placement.used_bytes_per_gpu);
    const std::string usable = format_gb(placement.usable_bytes_per_gpu);
    option.reasons.push_back(say(request,
                                 "Does not fit: needs " + need + " per GPU with " + placement.sharding +
                                     " sharding, but " + usable + " is usable.",
                                 "لا يتسع: يحتاج إلى " + iso(need) + " لكل معالج مع تجزئة " + iso(placement.sharding) +
                                     "، والمتاح " + iso(usable) + "."));
    return;
  }
  const TrainingSpeed speed =
      training_speed(model, recomputed, *in.gpu, placement,
                     training_memory(model, recomputed, engine.training_logits_copies), fabric);
  option.train_tokens_per_s = speed.tokens_per_s;
  option.train_s = speed.train_s;
  option.gpu_hours = static_cast<double>(in.gpus) * speed.train_s / 3600.0;
  option.mfu = speed.mfu;
  option.bottleneck = "compute";
  option.meets_targets = !w.deadline_s || speed.train_s <= *w.deadline_s;
  option.range = range_around("train_tokens_per_s", speed.tokens_per_s, 0.3);
  const std::string spare = format_gb(placement.usable_bytes_per_gpu - placement.used_bytes_per_gpu);
  const std::string tp = std::to_string(placement.tensor);
  option.reasons.push_back(say(
      request,
      "Fits with " + spare + " spare per GPU using " +
          (placement.sharding == "none" ? std::string("no sharding") : placement.sharding + " sharding") +
          (placement.tensor > 1 ? ", tensor parallel " + tp : "") + ".",
      "يتسع مع فائض " + iso(spare) + " في كل معالج " +
          (placement.sharding == "none" ? std::string("بلا تجزئة") : "مع تجزئة " + iso(placement.sharding)) +
          (placement.tensor > 1 ? "، وتوازي موترات " + iso(tp) : "") + "."));
  if (w.deadline_s && !option.meets_targets) {
    const std::string hours = round1(speed.train_s / 3600.0);
    const std::string deadline = round1(*w.deadline_s / 3600.0);
    option.warnings.push_back(say(request, "Takes " + hours + " h, past the deadline of " + deadline + " h.",
                                  "يستغرق " + iso(hours + " h") + "، بعد الموعد المحدد البالغ " + iso(deadline + " h") +
                                      "."));
  }
  if (in.gpus > 1 && in.interconnect != "nvlink" && in.interconnect != "infinity_fabric") {
    option.warnings.push_back(say(request,
                                  "Gradients are exchanged over PCIe here: expect slower steps than on an NVLink box.",
                                  "تُتبادل التدرجات هنا عبر " + iso("PCIe") + ": توقّع خطوات أبطأ مما في خادم " +
                                      iso("NVLink") + "."));
  }
  const StepTime& step = speed.step;
  explain.push_back({"options.0.train_s",
                     "tokens / tokens_per_s; tokens_per_s = tokens_per_step / (compute_s + bubble_s + tensor_parallel_s + "
                     "pipeline_p2p_s + data_parallel_s + expert_all_to_all_s); compute_s = tokens_per_step × "
                     "flops_per_token / (gpus × peak_flops × utilisation)",
                     {{"tokens", recomputed.tokens},
                      {"flops_per_token", speed.hardware_flops_per_token},
                      {"gpus", static_cast<double>(in.gpus)},
                      {"peak_flops", speed.peak_flops_per_gpu},
                      {"utilisation", speed.utilisation},
                      {"tokens_per_step", step.tokens_per_step},
                      {"micro_batches", static_cast<double>(step.micro_batches)},
                      {"compute_s", step.compute_s},
                      {"bubble_s", step.bubble_s},
                      {"tensor_parallel_s", step.tensor_parallel_s},
                      {"pipeline_p2p_s", step.pipeline_p2p_s},
                      {"data_parallel_s", step.data_parallel_s},
                      {"expert_all_to_all_s", step.expert_all_to_all_s}},
                     speed.train_s,
                     "6·N per token (Kaplan et al. 2020), 4·N for LoRA, +2·N with recomputation; attention per "
                     "PaLM (Chowdhery et al. 2022, App. B); layout costs per Narayanan et al. 2021 (core/parallelism.cpp)"});
}

// Diffusion or audio on `in`: one full copy of the pipeline per GPU (these models are not split).
void evaluate_media_on(const Request& request, const EnginePreset& engine, const OptionInputs& in, Option& option,
                       std::vector<Explanation>& explain) {
  option = Option{};
  const MediaMemory memory = media_memory(request.model, request.media, request.kind, engine);
  const double usable = in.gpu->vram_bytes() * kMediaUsableFraction;
  option.gpu = in.gpu->id;
  option.gpus = in.gpus;
  option.interconnect = in.interconnect;
  option.vram_bytes_per_gpu = in.gpu->vram_bytes();
  option.used_bytes_per_gpu = memory.total_bytes;
  option.memory_pressure = memory.total_bytes / usable;
  option.fits = memory.total_bytes <= usable;
  option.data = in.gpus;
  option.concurrency = request.media.batch;
  if (!option.fits) {
    option.reasons.push_back(say(request,
                                 "Does not fit: needs " + format_gb(memory.total_bytes) + " but " + format_gb(usable) +
                                     " is usable (diffusion and audio pipelines run one copy per GPU).",
                                 "لا يتسع: يحتاج إلى " + iso(format_gb(memory.total_bytes)) + " والمتاح " +
                                     iso(format_gb(usable)) + " (تعمل نسخة كاملة من خط المعالجة على كل معالج)."));
    return;
  }
  const MediaSpeed speed = media_speed(request.model, request.media, request.kind, engine, *in.gpu, in.gpus);
  option.meets_targets = true;
  option.bottleneck = speed.bottleneck;
  option.items_per_s = speed.items_per_s;
  option.seconds_per_image = speed.seconds_per_item;
  if (request.kind == WorkloadKind::audio) {
    option.real_time_factor = speed.real_time_factor;
    option.range = range_around("real_time_factor", speed.real_time_factor, 0.35);
  } else {
    option.range = range_around("seconds_per_image", speed.seconds_per_item, 0.3);
  }
  const std::string copies = std::to_string(in.gpus);
  option.reasons.push_back(say(request,
                               "Fits with " + format_gb(usable - memory.total_bytes) + " spare; " + copies +
                                   (in.gpus == 1 ? " copy" : " copies") + " of the pipeline.",
                               "يتسع مع فائض " + iso(format_gb(usable - memory.total_bytes)) + "؛ عدد نسخ خط المعالجة " +
                                   iso(copies) + "."));
  const bool audio = request.kind == WorkloadKind::audio;
  explain.push_back({audio ? "options.0.real_time_factor" : "options.0.seconds_per_image",
                     audio ? "compute seconds per second of audio: encoder FLOPs / (peak × efficiency) + decode steps × "
                             "(decoder bytes / bandwidth + overhead)"
                           : "steps × passes × (2 × backbone_params × tokens + 4 × layers × tokens² × hidden) / "
                             "(peak × efficiency)",
                     {{"flops_per_item", speed.flops_per_item},
                      {"peak_flops", in.gpu->tflops_for(speed.precision) * 1e12},
                      {"steps", static_cast<double>(request.media.steps)},
                      {"tokens", backbone_tokens(request.model, request.media)}},
                     audio ? speed.real_time_factor : speed.seconds_per_item,
                     "Compute-bound denoising (Peebles & Xie 2023 for DiT FLOPs); efficiency 0.5 of peak (first cut)"});
}

int rank_group(const Option& o) {
  if (o.fits && o.meets_targets) return 0;
  if (o.fits) return 1;
  return 2;
}

struct Candidate {
  Option option;
  std::vector<Explanation> explain;  // how this option's headline figures were computed
};

// Best first: options that fit and meet the targets, then those that only fit, then the rest by how far
// they are from fitting. Within a group, by the request's order (default: $ per million output tokens,
// on-demand before spot for an endpoint unless spot was asked for, faster first on ties).
void rank(std::vector<Candidate>& candidates, const Request& request) {
  // Spot is never the default pick for a user-facing endpoint; checkpointable batch work may take it.
  const bool spot_last = request.kind == WorkloadKind::inference && request.filters.pricing != "spot";
  auto cost_key = [](const Option& o) {
    if (o.usd_total) return *o.usd_total;
    return o.usd_per_million_output_tokens.value_or(o.usd_per_hour.value_or(0) * 1e6);
  };
  auto speed_key = [](const Option& o) {
    if (o.train_s) return -*o.train_s;
    if (o.items_per_s) return *o.items_per_s;
    return o.output_tokens_per_s.value_or(0);
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
      if (speed_key(a) != speed_key(b)) return speed_key(a) > speed_key(b);
    } else {
      const bool sa = spot_last && a.pricing == "spot";
      const bool sb = spot_last && b.pricing == "spot";
      if (sa != sb) return !sa;
      if (cost_key(a) != cost_key(b)) return cost_key(a) < cost_key(b);
    }
    return speed_key(a) > speed_key(b);
  });
}

void explain_inference_memory(const Request& request, const MemoryBreakdown& m, Response& response) {
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
  response.explain.push_back(
      {"memory.activations_bytes", "prefill_chunk_tokens × (4 × hidden + 2 × ffn) × 2 bytes + sequences × vocab × 4 bytes",
       {{"hidden", static_cast<double>(model.hidden)}, {"ffn", static_cast<double>(model.ffn)},
        {"vocab", static_cast<double>(model.vocab)}},
       m.activations_bytes, "The engine's profiled activation peak for one prefill chunk, and fp32 logits"});
  response.explain.push_back({"memory.total_bytes", "weights + kv_cache + activations + overhead",
                              {{"weights_bytes", m.weights_bytes}, {"kv_cache_bytes", m.kv_cache_bytes},
                               {"activations_bytes", m.activations_bytes}, {"overhead_bytes", m.overhead_bytes}},
                              m.total_bytes, "CUDA context, libraries and CUDA graphs: engine preset"});
}

std::vector<Explanation> explain_inference_speed(const Option& top, const InferenceSpeed& s, const Gpu& gpu,
                                                 const EnginePreset& engine, const InferenceWorkload& w) {
  const std::string range = "; range ±" + std::to_string(static_cast<int>(std::lround(engine.speed_relative_error * 100))) +
                            "% from the engine preset's error on the calibration cases (npm run accuracy)";
  std::vector<Explanation> out;
  out.push_back(
      {"options.0.decode_output_tokens_per_s_per_user",
       "1 / (max(bytes_per_step / (bandwidth × efficiency), flops_per_step / (peak × efficiency)) + interconnect_s + "
       "overhead_s)",
       {{"bytes_per_step", s.bytes_per_step}, {"bandwidth_bytes_per_s", gpu.memory_bandwidth_gbs * 1e9},
        {"bandwidth_efficiency", bandwidth_efficiency(engine, gpu.is_hbm())}, {"flops_per_step", s.flops_per_step},
        {"peak_flops", gpu.tflops_for(s.compute_precision) * 1e12}, {"compute_efficiency", engine.compute_efficiency},
        {"interconnect_s", s.interconnect_s}, {"overhead_s", s.overhead_s}},
       top.decode_output_tokens_per_s_per_user.value_or(0),
       "Roofline model (Williams et al. 2009); engine preset: " + std::string(engine.source) + range});
  out.push_back({"options.0.output_tokens_per_s",
                 "sequences × output_tokens / (output_tokens × step_s + sequences_per_replica × prefill_s)",
                 {{"sequences", static_cast<double>(top.concurrency)},
                  {"output_tokens", static_cast<double>(w.output_tokens)},
                  {"step_s", s.step_s},
                  {"prefill_s", s.prefill_s}},
                 top.output_tokens_per_s.value_or(0),
                 "Continuous batching: each sequence's prompt is prefilled between decode steps" + range});
  out.push_back({"options.0.ttft_s",
                 "max(2 × active_params × prompt_tokens + 2 × layers × prompt_tokens² × heads × head_dim) / (peak × "
                 "efficiency), weights / bandwidth) + interconnect + one decode step",
                 {{"prompt_tokens", static_cast<double>(w.prompt_tokens)}, {"prefill_s", s.prefill_s}, {"step_s", s.step_s}},
                 top.ttft_s.value_or(0), "Prefill is compute-bound (Pope et al. 2022, Efficiently Scaling Transformer Inference)"});
  return out;
}

// How the top option's price figures were reached.
void explain_costs(const Option& top, const Request& request, Response& response) {
  if (!top.usd_per_hour) return;
  if (top.usd_per_million_output_tokens) {
    response.explain.push_back({"options.0.usd_per_million_output_tokens", "usd_per_hour / (output_tokens_per_s × 3600) × 10⁶",
                                {{"usd_per_hour", *top.usd_per_hour}, {"output_tokens_per_s", top.output_tokens_per_s.value_or(0)}},
                                *top.usd_per_million_output_tokens, "The option's on-demand or spot price from the catalog"});
  }
  if (top.usd_per_month) {
    response.explain.push_back({"options.0.usd_per_month", "usd_per_hour × 730 h × hours_per_day / 24",
                                {{"usd_per_hour", *top.usd_per_hour},
                                 {"hours_per_day", request.inference.hours_per_day.value_or(24.0)}},
                                *top.usd_per_month, "An always-on endpoint unless hours_per_day says otherwise"});
  }
  if (top.usd_total) {
    response.explain.push_back({"options.0.usd_total", "usd_per_hour × billed_s / 3600 + storage + egress",
                                {{"usd_per_hour", *top.usd_per_hour}, {"billed_s", top.billed_s.value_or(0)},
                                 {"spot_extra_s", top.spot_extra_s.value_or(0)}, {"usd_storage", top.usd_storage.value_or(0)},
                                 {"usd_egress", top.usd_egress.value_or(0)}},
                                *top.usd_total,
                                "Billing granularity and minimum charge from the provider; spot adds expected restarts "
                                "(5% an hour, 10 min each, plus half a checkpoint interval)"});
  }
}

MemoryReport memory_report(const Request& request, const EnginePreset& engine, Response& response) {
  MemoryReport report;
  if (request.kind == WorkloadKind::inference) {
    const MemoryBreakdown m = inference_memory(request.model, request.inference, engine);
    explain_inference_memory(request, m, response);
    report.weights_bytes = m.weights_bytes;
    report.kv_cache_bytes = m.kv_cache_bytes;
    report.kv_bytes_per_token = m.kv_bytes_per_token;
    report.activations_bytes = m.activations_bytes;
    report.overhead_bytes = m.overhead_bytes;
    report.total_bytes = m.total_bytes;
  } else if (is_training(request.kind)) {
    const TrainingMemory m = training_memory(request.model, request.training, engine.training_logits_copies);
    report.weights_bytes = m.weights_bytes;
    report.gradients_bytes = m.gradients_bytes;
    report.optimizer_bytes = m.optimizer_bytes;
    report.adapter_bytes = m.adapter_bytes;
    report.activations_bytes = m.activations_bytes;
    report.overhead_bytes = m.overhead_bytes;
    report.total_bytes = m.total_bytes;
    response.explain.push_back(
        {"memory.optimizer_bytes", "trainable_params × (fp32 master copy + optimizer moments)",
         {{"trainable_params", m.trainable_params}}, m.optimizer_bytes,
         "Mixed-precision AdamW: 2 (weights) + 2 (grads) + 12 (fp32 master, m, v) = 16 B per trainable parameter "
         "(Rajbhandari et al. 2020, ZeRO §3)"});
    response.explain.push_back(
        {"memory.activations_bytes",
         "layers × s·b·(15·hidden + 8·ffn) (or 2·s·b·hidden per layer + one layer with checkpointing) + s·b·vocab·4",
         {{"seq_len", static_cast<double>(request.training.seq_len)},
          {"micro_batch", static_cast<double>(request.training.micro_batch)},
          {"layers", static_cast<double>(request.model.layers)},
          {"hidden", static_cast<double>(request.model.hidden)},
          {"ffn", static_cast<double>(request.model.ffn)}},
         m.activations_bytes, "Korthikanti et al. 2022, Table 2, with flash attention and a gated MLP"});
  } else {
    const MediaMemory m = media_memory(request.model, request.media, request.kind, engine);
    report.weights_bytes = m.weights_bytes;
    report.activations_bytes = m.activations_bytes;
    report.overhead_bytes = m.overhead_bytes;
    report.total_bytes = m.total_bytes;
  }
  return report;
}

// The fewest GPUs of each kind that hold one replica: 1, 2, 4, 8 in a box, then 16…64 across boxes.
std::vector<GpuFit> fit_by_gpu(const Request& request, const EnginePreset& engine, const Catalog& catalog) {
  std::vector<GpuFit> fits;
  std::vector<const Gpu*> gpus;
  for (const Gpu& gpu : catalog.gpus) {
    if (gpu.kind == "gpu") gpus.push_back(&gpu);
  }
  std::stable_sort(gpus.begin(), gpus.end(), [](const Gpu* a, const Gpu* b) { return a->vram_gib < b->vram_gib; });
  InferenceWorkload one_replica = request.inference;
  const MemoryBreakdown inference = inference_memory(request.model, one_replica, engine);
  const TrainingMemory training = training_memory(request.model, request.training, engine.training_logits_copies);
  const MediaMemory media = media_memory(request.model, request.media, request.kind, engine);
  for (const Gpu* gpu : gpus) {
    GpuFit fit;
    fit.gpu = gpu->id;
    fit.vram_bytes_per_gpu = gpu->vram_bytes();
    if (is_media(request.kind)) {
      if (media.total_bytes <= gpu->vram_bytes() * kMediaUsableFraction) {
        fit.gpus_needed = 1;
        fit.used_bytes_per_gpu = media.total_bytes;
      }
    } else {
      for (int64_t count = 1; count <= 64; count *= 2) {
        const int64_t max_tensor = std::min<int64_t>(kMaxTensorInBox, count);
        double used = 0;
        bool fits = false;
        if (request.kind == WorkloadKind::inference) {
          // One replica: the split must hold all the requested sequences.
          const Placement p = place_inference(request.model, one_replica, engine, inference, *gpu,
                                              engine.splits_layers ? 1 : max_tensor,
                                              engine.splits_layers ? count : std::max<int64_t>(1, count / max_tensor), 1);
          fits = p.fits;
          used = p.used_bytes_per_gpu;
        } else {
          // One box of up to 8 GPUs, or several over a cluster fabric.
          const Fabric fabric = training_fabric(*gpu, gpu->interconnect_kind, std::min<int64_t>(count, 8), true);
          const TrainingPlacement p = place_training(request.model, request.training, training, *gpu, count, fabric,
                                                     engine.training_logits_copies);
          fits = p.fits;
          used = p.used_bytes_per_gpu;
        }
        if (fits) {
          fit.gpus_needed = count;
          fit.used_bytes_per_gpu = used;
          break;
        }
      }
    }
    fits.push_back(fit);
  }
  return fits;
}

}  // namespace

void storage_needs(const Request& request, const MemoryReport& m, double& stored, double& egress) {
  if (is_training(request.kind)) {
    const bool adapters = m.adapter_bytes.value_or(0) > 0;
    stored = m.weights_bytes + m.adapter_bytes.value_or(0) + m.optimizer_bytes.value_or(0);
    egress = adapters ? m.adapter_bytes.value_or(0) : m.weights_bytes;
  } else {
    stored = m.weights_bytes;
    egress = 0;
  }
}

std::optional<double> spot_restart_interval(const Request& request) {
  return is_training(request.kind) ? request.training.checkpoint_every_s : std::optional<double>(600.0);
}

double usable_vram_fraction(const Request& request) {
  if (request.kind == WorkloadKind::inference) return find_engine(request.engine)->memory_utilization;
  return is_training(request.kind) ? 1.0 - kTrainingFragmentation : kMediaUsableFraction;
}

Response evaluate(const json& request_document, const Catalog& catalog) {
  Response response;
  response.catalog_as_of = catalog.as_of;
  ParsedRequest parsed = parse_request(request_document, catalog);
  response.warnings = parsed.warnings;
  if (!parsed.ok()) {
    response.errors = parsed.errors;
    return response;
  }
  Request& request = parsed.request;
  response.model = request.model;
  response.kind = request.kind;
  const EnginePreset& engine = *find_engine(request.engine);
  // Pinned hardware without a concurrency: the largest batch that fits and meets the targets becomes the
  // request's concurrency, so the memory, the option and the answers all describe the same batch.
  if (request.hardware && request.kind == WorkloadKind::inference && !request.inference.concurrency_given) {
    const OptionInputs in{&request.hardware->gpu, request.hardware->count, request.hardware->gpu.interconnect_kind};
    request.inference = auto_batch(request, engine, in);
    request.inference.concurrency_given = true;
  }
  const MemoryReport memory = memory_report(request, engine, response);
  response.memory = memory;
  double stored_bytes = 0;
  double egress_bytes = 0;
  storage_needs(request, memory, stored_bytes, egress_bytes);

  // One hardware option: place and time the workload on it.
  auto evaluate_hardware = [&](const OptionInputs& in, Option& option, std::vector<Explanation>& explain) {
    if (request.kind == WorkloadKind::inference) {
      const InferenceWorkload& workload = request.inference;
      InferenceSpeed speed;
      evaluate_on(request, workload, engine, in, option, speed);
      if (option.fits) {
        for (auto& e : explain_inference_speed(option, speed, *in.gpu, engine, workload)) explain.push_back(std::move(e));
      }
    } else if (is_training(request.kind)) {
      evaluate_training_on(request, engine, in, option, explain);
    } else {
      evaluate_media_on(request, engine, in, option, explain);
    }
  };

  std::vector<Candidate> candidates;
  if (request.hardware) {
    Candidate candidate;
    const OptionInputs in{&request.hardware->gpu, request.hardware->count, request.hardware->gpu.interconnect_kind,
                          std::min<int64_t>(kMaxTensorInBox, request.hardware->count), true};
    evaluate_hardware(in, candidate.option, candidate.explain);
    candidates.push_back(std::move(candidate));
  } else {
    for (const Offering& offering : catalog.offerings) {
      if (!passes_filters(request.filters, offering)) continue;
      const Gpu* gpu = catalog.find_gpu(offering.gpu);
      if (gpu == nullptr || gpu->kind != "gpu") continue;  // TPUs/NPUs run other software stacks: not modelled
      const Provider* provider = catalog.find_provider(offering.provider);
      Candidate base;
      const bool fabric = provider != nullptr && provider->multi_node_fabric_on_demand;
      evaluate_hardware({gpu, offering.gpus, offering.interconnect, offering.gpus, fabric}, base.option, base.explain);
      // Training that does not fit one instance may span several (multi-node): the fewest that fit.
      for (int64_t instances = 2; is_training(request.kind) && !base.option.fits && instances <= 64; instances *= 2) {
        if (request.filters.max_gpus && offering.gpus * instances > *request.filters.max_gpus) break;
        Candidate wider;
        evaluate_hardware({gpu, offering.gpus * instances, offering.interconnect, offering.gpus, fabric}, wider.option,
                          wider.explain);
        if (!wider.option.fits) continue;
        base = std::move(wider);
        base.option.instances = instances;
        const std::string n = std::to_string(instances);
        base.option.warnings.push_back(say(
            request,
            "Spans " + n + " instances: " +
                (fabric ? std::string("the provider's fast inter-node network (InfiniBand, RoCE or EFA) carries the "
                                      "gradients.")
                        : std::string("this provider offers no fast network between on-demand instances, so the run "
                                      "is estimated at half speed; a cluster product or another provider suits it "
                                      "better.")),
            "يمتد على " + iso(n) + " خوادم: " +
                (fabric ? std::string("تنقل شبكة المزوّد السريعة بين الخوادم (InfiniBand أو RoCE أو EFA) التدرجات.")
                        : std::string("لا يقدّم هذا المزوّد شبكة سريعة بين الخوادم عند الطلب، فقُدّرت السرعة بالنصف؛ "
                                      "يناسبه عرض عنقودي أو مزوّد آخر."))));
      }
      base.option.provider = offering.provider;
      base.option.instance = offering.instance;
      base.option.offering_id = offering.id;
      base.option.region = offering.region;
      auto add = [&](const char* pricing, double usd_per_hour_per_instance) {
        const double usd_per_hour = usd_per_hour_per_instance * static_cast<double>(base.option.instances);
        if (request.filters.max_usd_per_hour && usd_per_hour > *request.filters.max_usd_per_hour) return;
        Candidate candidate = base;
        candidate.option.pricing = pricing;
        add_costs(candidate.option, request, provider, usd_per_hour, stored_bytes, egress_bytes);
        if (candidate.option.pricing == "spot") {
          const bool has_notice = provider && provider->spot_notice_s;
          const std::string seconds = has_notice ? format_number(*provider->spot_notice_s) + " s" : "";
          const std::string en = "Spot capacity can be reclaimed" + (has_notice ? " with " + seconds + " notice" : "");
          const std::string ar = "قد تُسترد سعة Spot" + (has_notice ? " بإشعار مدته " + iso(seconds) : "");
          candidate.option.warnings.push_back(
              request.kind == WorkloadKind::inference
                  ? say(request, en + ": a risk for a user-facing endpoint.",
                        ar + ": وهذا خطر على خدمة يستعملها الناس مباشرة.")
                  : say(request, en + "; the total includes the expected restarts.",
                        ar + "؛ والمجموع يشمل إعادات التشغيل المتوقعة."));
        }
        candidates.push_back(std::move(candidate));
      };
      if (offering.usd_per_hour && request.filters.pricing != "spot") add("on_demand", *offering.usd_per_hour);
      if (offering.spot_usd_per_hour && request.filters.pricing != "on_demand") add("spot", *offering.spot_usd_per_hour);
    }
  }
  response.options_evaluated = static_cast<int64_t>(candidates.size());
  rank(candidates, request);
  if (!candidates.empty() && candidates.front().option.fits) {
    for (auto& e : candidates.front().explain) response.explain.push_back(std::move(e));
    explain_costs(candidates.front().option, request, response);
  }
  const size_t keep = std::min(candidates.size(), static_cast<size_t>(request.limit));
  response.options.reserve(keep);
  for (size_t i = 0; i < keep; ++i) response.options.push_back(std::move(candidates[i].option));
  response.fit_by_gpu = fit_by_gpu(request, engine, catalog);
  response.request = request;
  response.guidance = build_guidance(request, response, catalog);
  response.ok = true;
  return response;
}

}  // namespace sizer

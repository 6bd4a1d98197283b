// Fine-tuning and pretraining on one hardware option: placement over the GPUs, ZeRO stage, speed, time.
#include <algorithm>
#include <cmath>

#include "format.hpp"
#include "options.hpp"
#include "placement.hpp"
#include "parallelism.hpp"
#include "training.hpp"

namespace sizer {
namespace {

// Relative error of the training-speed estimate (one side), from the calibration cases (accuracy report).
constexpr double kTrainingSpeedRelativeError = 0.3;

std::string round1(double x) { return format_number(std::round(x * 10.0) / 10.0); }

// Unless the request said otherwise, recompute activations when that is what makes the run fit, and no more than it
// takes, as the least sharding that fits is taken (training.cpp place_training): selectively first (half the matmuls
// again, about a sixth more FLOPs; torchtitan's Llama 3 8B recipe runs selective checkpointing), the whole forward
// (a third more) only where that is not enough. Llama 3 405B's TP 8 x PP 16 layout (Dubey et al. 2024, Table 4)
// holds 16 micro-batches of activations on its first stage: by this memory count selective recomputation makes
// room, and charging the whole forward read it a third slower than the paper's 400-430 TFLOP/s.
struct Fitted {
  TrainingPlacement placement;
  TrainingWorkload workload;  // as run: with recomputation when that made it fit
  TrainingMemory memory;      // of that workload
  Fabric fabric;              // the links the option's GPUs talk over
  bool recomputed = false;
  bool auto_offloaded = false;  // the request set no offload; the optimizer (and weights) went to host RAM
};

Fitted fit(const Request& request, const EnginePreset& engine, const OptionInputs& in) {
  const Model& model = request.model;
  const double logits = engine.training_logits_copies;
  const Fabric fabric = training_fabric(*in.gpu, in.interconnect, in.gpus_per_node, in.fast_fabric);
  const TrainingWorkload& w = request.training;
  const TrainingMemory memory = training_memory(model, w, logits);
  Fitted f{place_training(model, w, memory, *in.gpu, in.gpus, fabric, logits), w, memory, fabric, false};
  if (!f.placement.fits && !w.grad_checkpointing && !w.grad_checkpointing_given) {
    for (const bool selective : {true, false}) {
      TrainingWorkload recomputed = w;
      recomputed.grad_checkpointing = true;
      recomputed.selective_checkpointing = selective;
      const TrainingMemory recomputed_memory = training_memory(model, recomputed, logits);
      const TrainingPlacement retry = place_training(model, recomputed, recomputed_memory, *in.gpu, in.gpus, fabric, logits);
      if (retry.fits) {
        f = Fitted{retry, recomputed, recomputed_memory, fabric, true};
        break;
      }
    }
  }
  // Pinned hardware that holds the run in no layout: keep the optimizer state, then the weights too, in
  // host RAM (ZeRO-Offload / ZeRO-Infinity), as DeepSpeed and FSDP recipes do when the GPUs are given.
  // A catalog search instead grows the option (scale_out), which is faster than offloading.
  // Only full training: its optimizer state is what offload moves; an adapter run's is already small.
  if (!f.placement.fits && !f.placement.layout_mismatch && request.hardware && !w.offload_given &&
      w.method == MethodId::full) {
    for (OffloadId offload : {OffloadId::optimizer, OffloadId::optimizer_and_params}) {
      TrainingWorkload offloaded = f.workload;
      offloaded.offload = offload;
      const TrainingMemory offloaded_memory = training_memory(model, offloaded, logits);
      const TrainingPlacement retry = place_training(model, offloaded, offloaded_memory, *in.gpu, in.gpus, fabric, logits);
      if (retry.fits) {
        f = Fitted{retry, offloaded, offloaded_memory, fabric, f.recomputed, true};
        break;
      }
    }
  }
  return f;
}

// What the host offload costs: the CPU RAM it needs and the share of each step it takes.
void note_offload(Option& option, const Fitted& f, const TrainingSpeed& speed) {
  const double host = f.memory.host_bytes + f.placement.spilled_bytes_per_gpu * static_cast<double>(f.placement.gpus);
  if (f.auto_offloaded) {
    option.notes.push_back(note("offloaded", SeverityId::warning,
                                f.workload.offload == OffloadId::optimizer ? "offload.auto_optimizer"
                                                                            : "offload.auto_optimizer_and_params",
                                {param_number("host_bytes", host, format_gb(host))}));
  }
  if (f.memory.host_bytes > 0 && f.workload.offload != OffloadId::none) {
    const double share = speed.step.step_s > 0 ? speed.step.offload_s / speed.step.step_s : 0;
    option.notes.push_back(note("host_memory", SeverityId::info, "offload.host_memory",
                                {param_number("host_bytes", host, format_gb(host)),
                                 param_number("offload_share", share, format_percent(share))}));
  }
  if (f.placement.spilled_bytes_per_gpu > 0) {
    option.notes.push_back(note("paged_spill", SeverityId::info, "offload.paged_spill",
                                {param_number("spilled_bytes_per_gpu", f.placement.spilled_bytes_per_gpu,
                                              format_gb(f.placement.spilled_bytes_per_gpu))}));
  }
}

void note_fit(Option& option, const TrainingPlacement& placement) {
  const double spare = placement.usable_bytes_per_gpu - placement.used_bytes_per_gpu;
  std::vector<Param> params = {param_number("spare_bytes_per_gpu", spare, format_gb(spare))};
  std::string key = placement.sharding == ShardingId::none ? "fits.training_unsharded" : "fits.training_sharded";
  if (placement.sharding != ShardingId::none) params.push_back(sharding_phrase("sharding", id_of(placement.sharding)));
  if (placement.tensor > 1) {
    key += "_tensor_parallel";
    params.push_back(param_number("tensor", static_cast<double>(placement.tensor), std::to_string(placement.tensor)));
  }
  option.notes.push_back(note("fits", SeverityId::info, key, std::move(params)));
}

// Big runs: say how the layout splits the model and what the split costs each step.
void note_layout(Option& option, const TrainingPlacement& placement, const TrainingSpeed& speed) {
  if (placement.pipeline == 1 && placement.expert == 1 && placement.tensor == 1 && placement.context == 1) return;
  const StepTime& step = speed.step;
  const double comm = step.bubble_s + step.tensor_parallel_s + step.pipeline_p2p_s + step.data_parallel_s +
                      step.expert_all_to_all_s + step.context_parallel_s;
  const double share = step.step_s > 0 ? comm / step.step_s : 0;
  auto count = [](const char* name, int64_t v) { return param_number(name, static_cast<double>(v), std::to_string(v)); };
  option.notes.push_back(note("layout", SeverityId::info, placement.pinned ? "layout.pinned" : "layout.chosen",
                              {count("tensor", placement.tensor), count("pipeline", placement.pipeline),
                               count("data", placement.data), count("expert", placement.expert),
                               count("context", placement.context),
                               param_number("overhead_share", share, format_percent(share))}));
}

// What the GPU cannot run natively for this run (capabilities.hpp), and what it runs instead.
void note_training_capabilities(Option& option, const Gpu& gpu, const TrainingWorkload& w, const TrainingSpeed& speed) {
  if (speed.requested_precision == PrecisionId::fp8 && speed.precision != "fp8") {
    option.notes.push_back(note("no_fp8_training", SeverityId::warning, "capability.no_fp8_training",
                                {param_text("gpu", gpu.name), param_text("precision", speed.precision)}));
  } else if (speed.precision == "fp16" && w.precision == PrecisionId::bf16) {
    option.notes.push_back(note("bf16_as_fp16", SeverityId::warning, "capability.bf16_as_fp16_training",
                                {param_text("gpu", gpu.name)}));
  }
  if (!speed.flash_attention) {
    option.notes.push_back(note("no_flash_attention", SeverityId::warning, "capability.no_flash_attention",
                                {param_text("gpu", gpu.name)}));
  }
}

}  // namespace

MemoryReport training_memory_report(const Request& request, const EnginePreset& engine,
                                    std::vector<Explanation>& explain) {
  const TrainingMemory m = training_memory(request.model, request.training, engine.training_logits_copies);
  for (Explanation& e : explain_training_memory(request.model, request.training, engine.training_logits_copies, m)) {
    explain.push_back(std::move(e));
  }
  MemoryReport report;
  report.weights_bytes = m.weights_bytes;
  report.gradients_bytes = m.gradients_bytes;
  report.optimizer_bytes = m.optimizer_bytes;
  report.adapter_bytes = m.adapter_bytes;
  report.activations_bytes = m.activations_bytes;
  report.overhead_bytes = m.overhead_bytes;
  report.total_bytes = m.total_bytes;
  if (m.host_bytes > 0) report.host_bytes = m.host_bytes;
  return report;
}

Candidate evaluate_training_option(const Request& request, const EnginePreset& engine, const OptionInputs& in) {
  const Fitted f = fit(request, engine, in);
  const TrainingPlacement& placement = f.placement;
  const TrainingWorkload& w = request.training;
  Candidate c;
  Option& option = c.option;
  if (f.recomputed && in.notes) {
    option.notes.push_back(note("recomputed_activations", SeverityId::info,
                                f.workload.selective_checkpointing ? "recomputed_activations_selective"
                                                                   : "recomputed_activations"));
  }
  describe_hardware(option, in);
  option.fits = placement.fits;
  option.used_bytes_per_gpu = placement.used_bytes_per_gpu;
  option.memory_pressure = placement.used_bytes_per_gpu / std::max(1.0, placement.usable_bytes_per_gpu);
  option.tensor = placement.tensor;
  option.pipeline = placement.pipeline;
  option.data = placement.data;
  option.expert = placement.expert;
  option.context = placement.context;
  option.concurrency = w.micro_batch;
  option.sharding = placement.sharding;
  option.max_context_tokens = placement.max_seq_len;
  if (!placement.fits && placement.layout_mismatch) {
    const auto& p = *w.parallelism;
    const int64_t layout_gpus = p.tensor * p.pipeline * p.context * p.data;
    if (!in.notes) return c;
    option.notes.push_back(note("does_not_fit", SeverityId::info, "does_not_fit.layout_gpus",
                                {param_number("layout_gpus", static_cast<double>(layout_gpus), std::to_string(layout_gpus)),
                                 param_number("gpus", static_cast<double>(in.gpus), std::to_string(in.gpus))}));
    return c;
  }
  if (!placement.fits) {
    if (!in.notes) return c;
    option.notes.push_back(note(
        "does_not_fit", SeverityId::info, "does_not_fit.training",
        {param_number("needed_bytes_per_gpu", placement.used_bytes_per_gpu, format_gb(placement.used_bytes_per_gpu)),
         sharding_phrase("sharding", id_of(placement.sharding)),
         param_number("usable_bytes_per_gpu", placement.usable_bytes_per_gpu, format_gb(placement.usable_bytes_per_gpu))}));
    return c;
  }
  const TrainingSpeed speed = training_speed(request.model, f.workload, *in.gpu, placement, f.memory, f.fabric);
  option.train_tokens_per_s = speed.tokens_per_s;
  option.train_s = speed.train_s;
  option.gpu_hours = static_cast<double>(in.gpus) * speed.train_s / 3600.0;
  option.mfu = speed.mfu;
  option.bottleneck = BottleneckId::compute;
  option.meets_targets = !w.deadline_s || speed.train_s <= *w.deadline_s;
  option.range = range_around("train_tokens_per_s", speed.tokens_per_s, kTrainingSpeedRelativeError);
  if (in.explain) c.explain.push_back(explain_training_time(f.workload, speed, in.gpus));
  if (!in.notes) return c;
  note_fit(option, placement);
  note_layout(option, placement, speed);
  note_training_capabilities(option, *in.gpu, w, speed);
  note_offload(option, f, speed);
  if (w.deadline_s && !option.meets_targets) note_past_deadline(option, speed.train_s, *w.deadline_s);
  // Rule of thumb 3: PCIe-only multi-GPU limits large-model training.
  if (in.gpus > 1 && in.interconnect != InterconnectId::nvlink && in.interconnect != InterconnectId::infinity_fabric) {
    option.notes.push_back(note("gradients_over_pcie", SeverityId::warning, "gradients_over_pcie"));
  }
  return c;
}

void note_past_deadline(Option& option, double seconds, double deadline_s) {
  const double hours = seconds / 3600.0;
  const double deadline_hours = deadline_s / 3600.0;
  option.notes.push_back(note("past_deadline", SeverityId::warning, "past_deadline",
                              {param_number("hours", hours, round1(hours) + " h"),
                               param_number("deadline_hours", deadline_hours, round1(deadline_hours) + " h")}));
}

void scale_out(const Request& request, const EnginePreset& engine, const OptionInputs& in, Candidate& base) {
  const bool has_deadline = request.training.deadline_s.has_value();
  if (base.option.fits && (!has_deadline || base.option.meets_targets)) return;
  Candidate best = base;
  bool have = base.option.fits;
  for (int64_t instances = 2; instances <= kMaxTrainingInstances; instances *= 2) {
    if (request.filters.max_gpus && in.gpus * instances > *request.filters.max_gpus) break;
    // To fit at all any network will do (slowly); to finish sooner, only a cluster fabric scales.
    if (base.option.fits && !in.fast_fabric) break;
    OptionInputs wider_in = in;
    wider_in.gpus = in.gpus * instances;
    Candidate wider = evaluate_training_option(request, engine, wider_in);
    if (!wider.option.fits) continue;
    wider.option.instances = instances;
    // Rule of thumb 5: pretraining is multi-node; it needs the provider's fast fabric.
    if (in.notes) {
      wider.option.notes.push_back(note("multi_node", SeverityId::warning,
                                        in.fast_fabric ? "multi_node.fast_fabric" : "multi_node.no_fast_fabric",
                                        {param_number("instances", static_cast<double>(instances),
                                                      std::to_string(instances))}));
    }
    const bool faster = !have || wider.option.train_s.value_or(1e300) < best.option.train_s.value_or(1e300);
    if (faster) {
      best = std::move(wider);
      have = true;
    } else if (best.option.fits) {
      break;  // more GPUs no longer help: communication outgrows the compute they add
    }
    if (best.option.meets_targets) break;
  }
  base = std::move(best);
}

}  // namespace sizer

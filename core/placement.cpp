#include "placement.hpp"
#include "noinline.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "media.hpp"
#include "search.hpp"
#include "training.hpp"

namespace sizer {
namespace {

double kv_share(const Model& model, int64_t tensor) {
  // MLA's latent is shared by all heads, so every tensor-parallel rank keeps the whole latent cache
  // (vLLM/SGLang MLA backends); GQA splits KV heads over ranks, and ranks beyond kv_heads hold a copy.
  if (model.uses_mla() || model.kv_heads <= 0) return 1.0;
  const double heads_per_gpu = std::ceil(static_cast<double>(model.kv_heads) / static_cast<double>(tensor));
  return heads_per_gpu / static_cast<double>(model.kv_heads);
}

// floor(x) as an integer count, clamped so that no product of counts can overflow int64.
int64_t safe_floor(double x) {
  if (!(x > 0)) return 0;
  return static_cast<int64_t>(std::min(std::floor(x), 9.0e15));
}

}  // namespace

Placement place_inference(const Model& model, const InferenceWorkload& workload, const EnginePreset& engine,
                          const MemoryBreakdown& memory, const Gpu& gpu, int64_t tensor, int64_t pipeline,
                          int64_t data) {
  Placement p;
  p.tensor = tensor;
  p.pipeline = pipeline;
  p.data = data;
  p.gpus = tensor * pipeline * data;
  p.concurrency_per_replica = (workload.concurrency + data - 1) / data;
  p.kv_share_per_gpu = kv_share(model, tensor) / static_cast<double>(pipeline);
  const double shards = static_cast<double>(tensor * pipeline);
  // The engine's fraction is of what the driver reports (vLLM: torch.cuda.mem_get_info's total), not the nominal size.
  p.usable_bytes_per_gpu = gpu.driver_bytes() * engine.memory_utilization;
  // Activations split over tensor ranks, except the sampled logits (full vocabulary on the ranks that
  // sample); tensor-parallel ranks also hold the engine's communication buffers.
  const double split_activations = memory.activations_bytes - memory.sampler_bytes;
  const double fixed = memory.weights_bytes / shards + split_activations / static_cast<double>(tensor) +
                       memory.sampler_bytes + memory.overhead_bytes +
                       (tensor > 1 ? engine.tensor_parallel_bytes_per_gpu : 0.0);
  const double kv_per_sequence_per_gpu = memory.kv_bytes_per_sequence * p.kv_share_per_gpu;
  p.used_bytes_per_gpu = fixed + kv_per_sequence_per_gpu * static_cast<double>(p.concurrency_per_replica);
  p.free_kv_bytes_per_gpu = std::max(0.0, p.usable_bytes_per_gpu - fixed);
  p.fits = p.used_bytes_per_gpu <= p.usable_bytes_per_gpu;

  const double per_token_per_gpu = workload.context_tokens > 0
                                       ? kv_per_sequence_per_gpu / static_cast<double>(workload.context_tokens)
                                       : 0.0;
  if (per_token_per_gpu > 0) {
    p.kv_capacity_tokens = safe_floor(std::floor(p.free_kv_bytes_per_gpu / per_token_per_gpu) * static_cast<double>(data));
  }
  if (kv_per_sequence_per_gpu > 0) {
    p.max_concurrency =
        safe_floor(std::floor(p.free_kv_bytes_per_gpu / kv_per_sequence_per_gpu) * static_cast<double>(data));
  }
  // Longest context per sequence at this concurrency: KV grows monotonically with tokens.
  const KvFormat* kv_format = find_kv_format(workload.kv_cache);
  if (kv_format != nullptr) {
    auto fits_context = [&](int64_t tokens) {
      return kv_bytes_for_sequence(model, *kv_format, tokens, engine.kv_block_tokens) * p.kv_share_per_gpu *
                 static_cast<double>(p.concurrency_per_replica) <=
             p.free_kv_bytes_per_gpu;
    };
    const double sequence_bytes = p.free_kv_bytes_per_gpu /
                                  (p.kv_share_per_gpu * static_cast<double>(std::max<int64_t>(1, p.concurrency_per_replica)));
    const int64_t guess = kv_tokens_within(model, *kv_format, sequence_bytes, engine.kv_block_tokens);
    p.max_context_tokens = largest_int_such_that_near(0, std::max<int64_t>(1, model.max_context), guess, fits_context);
  }
  return p;
}

std::vector<Placement> candidate_placements(const Model& model, const InferenceWorkload& workload,
                                            const EnginePreset& engine, const MemoryBreakdown& memory,
                                            const Gpu& gpu, int64_t gpus, int64_t max_tensor) {
  std::vector<Placement> splits;
  if (engine.splits_layers) {
    // llama.cpp --split-mode layer: k GPUs hold consecutive layers, any k; the rest run more replicas.
    for (int64_t stages = 1; stages <= gpus; ++stages) {
      splits.push_back(place_inference(model, workload, engine, memory, gpu, 1, stages, gpus / stages));
    }
    return splits;
  }
  const int64_t tensor_limit = std::max<int64_t>(1, std::min(gpus, max_tensor));
  for (int64_t tensor = 1; tensor <= tensor_limit; tensor *= 2) {
    splits.push_back(place_inference(model, workload, engine, memory, gpu, tensor, 1, gpus / tensor));
  }
  // Past one box: pipeline stages of `tensor_limit` GPUs each (a replica spans boxes).
  for (int64_t stages = 2; tensor_limit * stages <= gpus; stages *= 2) {
    splits.push_back(
        place_inference(model, workload, engine, memory, gpu, tensor_limit, stages, gpus / (tensor_limit * stages)));
  }
  return splits;
}

void take_best_capacities(const std::vector<Placement>& splits, Placement& chosen) {
  for (const auto& p : splits) {
    chosen.max_concurrency = std::max(chosen.max_concurrency, p.max_concurrency);
    chosen.kv_capacity_tokens = std::max(chosen.kv_capacity_tokens, p.kv_capacity_tokens);
    chosen.max_context_tokens = std::max(chosen.max_context_tokens, p.max_context_tokens);
  }
}

double usable_vram_fraction(const Request& request) {
  if (request.kind == WorkloadKind::inference) return find_engine(request.engine)->memory_utilization;
  return is_training(request.kind) ? 1.0 - kTrainingFragmentation : kMediaUsableFraction;
}

SIZER_NOINLINE std::vector<GpuFit> fit_by_gpu(const Request& request, const EnginePreset& engine, const Catalog& catalog) {
  std::vector<GpuFit> fits;
  std::vector<const Gpu*> gpus;
  for (const Gpu& gpu : catalog.gpus) {
    if (gpu.kind == HardwareKindId::gpu) gpus.push_back(&gpu);
  }
  std::stable_sort(gpus.begin(), gpus.end(), [](const Gpu* a, const Gpu* b) { return a->vram_gib < b->vram_gib; });
  const InferenceWorkload& one_replica = request.inference;
  const MemoryBreakdown inference = inference_memory(request.model, one_replica, engine);
  const TrainingMemory training = training_memory(request.model, request.training, engine.training_logits_copies);
  const MediaMemory media = media_memory(request.model, request.media, request.kind, engine);
  for (const Gpu* gpu : gpus) {
    GpuFit fit;
    fit.gpu = gpu->id;
    fit.vram_bytes_per_gpu = gpu->vram_bytes();
    if (is_media(request.kind)) {
      if (media.total_bytes <= gpu->driver_bytes() * kMediaUsableFraction) {
        fit.gpus_needed = 1;
        fit.used_bytes_per_gpu = media.total_bytes;
      }
      fits.push_back(fit);
      continue;
    }
    // 1, 2, 4, 8 in a box, then 16…64 across boxes: the first count that holds one replica.
    for (int64_t count = 1; count <= 64; count *= 2) {
      const int64_t max_tensor = std::min<int64_t>(kMaxTensorInBox, count);
      double used = 0;
      bool fits_here = false;
      if (request.kind == WorkloadKind::inference) {
        // One replica: the split must hold all the requested sequences.
        const Placement p = place_inference(request.model, one_replica, engine, inference, *gpu,
                                            engine.splits_layers ? 1 : max_tensor,
                                            engine.splits_layers ? count : std::max<int64_t>(1, count / max_tensor), 1);
        fits_here = p.fits;
        used = p.used_bytes_per_gpu;
      } else {
        // One box of up to 8 GPUs, or several over a cluster fabric.
        const Fabric fabric = training_fabric(*gpu, gpu->interconnect_kind, std::min<int64_t>(count, kMaxTensorInBox), true);
        const TrainingPlacement p = place_training(request.model, request.training, training, *gpu, count, fabric,
                                                   engine.training_logits_copies);
        fits_here = p.fits;
        used = p.used_bytes_per_gpu;
      }
      if (fits_here) {
        fit.gpus_needed = count;
        fit.used_bytes_per_gpu = used;
        break;
      }
    }
    fits.push_back(fit);
  }
  return fits;
}

}  // namespace sizer

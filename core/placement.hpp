// Placement: how a replica is split over GPUs (tensor parallel inside a box, pipeline across boxes),
// how many replicas the GPUs hold, what each GPU then carries, and the inverse questions (how many
// sequences, how long a context, how many KV tokens fit).
#pragma once
#include <cstdint>
#include <vector>

#include "catalog.hpp"
#include "engines.hpp"
#include "memory.hpp"
#include "model.hpp"
#include "request.hpp"
#include "response.hpp"

namespace sizer {

// Tensor-parallel degree one box holds: the NVLink/NVSwitch domains of HGX/DGX and MI300X platforms.
constexpr int64_t kMaxTensorInBox = 8;

struct Placement {
  int64_t gpus = 1;      // GPUs used by the option
  int64_t tensor = 1;    // tensor-parallel degree of one replica
  int64_t pipeline = 1;  // pipeline stages of one replica
  int64_t data = 1;      // replicas
  int64_t concurrency_per_replica = 1;
  double usable_bytes_per_gpu = 0;  // what the engine lets the model use
  double used_bytes_per_gpu = 0;    // weights share + KV share + activations share + overhead
  double kv_share_per_gpu = 1;      // fraction of a replica's KV one GPU holds (GQA heads replicate past kv_heads)
  double free_kv_bytes_per_gpu = 0; // left for the KV cache after weights, activations and overhead
  bool fits = false;
  int64_t kv_capacity_tokens = 0;   // over all replicas
  int64_t max_concurrency = 0;      // sequences of the requested context, over all replicas
  int64_t max_context_tokens = 0;   // per sequence at the requested concurrency
};

// Evaluates one split. `concurrency` is the option's total; replicas share it.
Placement place_inference(const Model& model, const InferenceWorkload& workload, const EnginePreset& engine,
                          const MemoryBreakdown& memory, const Gpu& gpu, int64_t tensor, int64_t pipeline,
                          int64_t data);

// Every split worth considering for `gpus` GPUs: tensor-parallel degrees 1, 2, 4, 8 with replicas, then
// pipeline stages across boxes; for engines that split by layers (llama.cpp), 1…gpus layer stages.
std::vector<Placement> candidate_placements(const Model& model, const InferenceWorkload& workload,
                                            const EnginePreset& engine, const MemoryBreakdown& memory,
                                            const Gpu& gpu, int64_t gpus, int64_t max_tensor);

// The largest inverse answers (max_concurrency, kv_capacity_tokens, max_context_tokens) over `splits`,
// written into `chosen`: adding GPUs then never lowers them.
void take_best_capacities(const std::vector<Placement>& splits, Placement& chosen);

// Fraction of a GPU's VRAM a workload may fill: the engine's reservation for serving, 5% allocator
// fragmentation for training, 5% headroom for diffusion and audio pipelines.
double usable_vram_fraction(const Request& request);

// For every GPU kind of the catalog, smallest VRAM first: the fewest GPUs (1, 2, 4, 8 in a box, then
// 16…64 across boxes) that hold one replica; diffusion and audio are not split, so 1 or none.
std::vector<GpuFit> fit_by_gpu(const Request& request, const EnginePreset& engine, const Catalog& catalog);

}  // namespace sizer

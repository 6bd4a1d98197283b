// Speed from the roofline: a decode step streams the weights and the KV cache (memory bound at small
// batch), prefill multiplies matrices (compute bound); tensor parallelism adds two all-reduces per layer.
#pragma once
#include <string>

#include "capabilities.hpp"
#include "catalog.hpp"
#include "engines.hpp"
#include "memory.hpp"
#include "model.hpp"
#include "placement.hpp"
#include "response.hpp"

namespace sizer {

struct InferenceSpeed {
  double step_s = 0;        // one decode step of the whole batch of one replica
  double memory_s = 0;      // bytes moved / effective bandwidth
  double compute_s = 0;     // FLOPs / effective tensor rate
  double interconnect_s = 0;
  double overhead_s = 0;
  double bytes_per_step = 0;   // per GPU
  double flops_per_step = 0;   // per GPU
  double arithmetic_intensity = 0;  // FLOPs per byte of the decode step
  double ridge_intensity = 0;       // the GPU's FLOPs per byte at the roofline's knee
  double decode_tokens_per_s_per_user = 0;
  double output_tokens_per_s = 0;   // all replicas
  double prefill_s = 0;
  double prefill_compute_s = 0;     // the prompt's matmuls alone, interleaved with decode steps
  double ttft_s = 0;
  double peak_flops = 0;            // per GPU at compute_precision
  double compute_efficiency = 0;    // share of peak the matmuls reach (engine preset, less at 8/4 bit)
  double bandwidth_bytes_per_s = 0; // the GPU's peak memory bandwidth
  double bandwidth_efficiency = 0;  // share of it a decode step reaches (engine preset, HBM or GDDR)
  double sequences_per_replica = 0; // the busiest replica's batch
  double sequences = 0;             // decoded at once over all replicas
  std::string compute_precision;    // the tensor rate used ("fp8", "bf16", ...)
  bool compute_native = true;       // false when the weights' format has no hardware path here
  KernelPath kernel_path = KernelPath::native;  // how the weights' matmuls run on this GPU
  std::string missing_feature;      // what the GPU lacks for the format ("FP8 tensor cores", "bf16")
  bool flash_attention = true;      // FlashAttention-2/3 kernels exist for this GPU
  std::optional<BottleneckId> bottleneck;
};

// Link used by tensor-parallel all-reduces: the instance's interconnect kind decides NVLink vs PCIe.
struct Link {
  double bandwidth_gbs = 0;  // unidirectional per GPU
  double latency_s = 0;      // per all-reduce
  InterconnectId kind = InterconnectId::pcie;
};
Link tensor_parallel_link(const Gpu& gpu, InterconnectId interconnect_kind);

// Without FlashAttention (Volta, Turing) engines fall back to memory-efficient SDPA/xformers kernels:
// no s² memory, but attention runs at about half the speed (FlashAttention-2 paper, Dao 2023, Fig. 4:
// 1.7–3× over PyTorch/xformers attention on A100). Counted as twice the attention FLOPs.
constexpr double kNoFlashAttentionSlowdown = 2.0;

// Expected distinct experts a batch touches per layer: E × (1 − (1 − k/E)^B) for B tokens routing to k of
// E experts uniformly (the balanced-routing assumption MoE training losses enforce).
double experts_touched(const Model& model, double batch_tokens);

// The roofline's knee for a decode step of `weights_format` on `gpu`: the achievable tensor rate over the
// achievable memory bandwidth, in FLOPs per byte (InferenceSpeed::ridge_intensity).
double ridge_intensity(const Gpu& gpu, const EnginePreset& engine, WeightFormatId weights_format);

InferenceSpeed inference_speed(const Model& model, const InferenceWorkload& workload, const EnginePreset& engine,
                               const MemoryBreakdown& memory, const Gpu& gpu, const Link& link,
                               const Placement& placement);

// How `speed` (inference_speed's result) gives the per-user decode rate, the aggregate output rate and
// the time to first token, from the values inference_speed used (the range's error is the engine's).
std::vector<Explanation> explain_inference_speed(const InferenceSpeed& speed, const InferenceWorkload& workload,
                                                 const EnginePreset& engine);

}  // namespace sizer

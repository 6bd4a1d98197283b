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
  double memory_s = 0;      // bytes moved / effective bandwidth (weights_s + the KV cache's)
  double weights_s = 0;     // the weights' share of memory_s
  double dequant_s = 0;     // CUDA-core time weight-only kernels spend unpacking the weights (engine preset)
  double expert_bandwidth_share = 1;  // share of it grouped MoE expert kernels reach (kMoeExpertBandwidthShare)
  double tpot_s = 0;        // time per output token: step_s plus the other sequences' prefill interleaved
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
  // Under load (performance.cpp, "serving under load"): the first token's mean and 90th percentile over the
  // requests, and the time per output token's, as benchmarks (vLLM bench serve, genai-perf) report them.
  double ttft_mean_s = 0;
  double ttft_p90_s = 0;
  double tpot_mean_s = 0;
  double tpot_p90_s = 0;
  double prompt_chunks = 1;           // steps a prompt rides: ceil(prompt / the token budget)
  double prompt_extra_s = 0;          // what one prompt's budget-sized chunks add to the decode steps they ride
  double aggregate_step_s = 0;        // a step with every sequence's prompt work mixed in (aggregate rate)
  double queue_mean_s = 0;            // of ttft_mean_s: waiting behind other requests' prefills
  // Its parts (explain_inference_speed): the decode step in flight, the queue of prompts ahead (M/D/1 at
  // `utilisation`, their service time), and the benchmark's first wave spread over its requests.
  double step_wait_s = 0;
  double queue_wait_s = 0;
  double prompt_service_s = 0;
  double queue_load_share = 0;  // `utilisation` held below kMaxUtilisation: the ρ the queue waits at
  double first_wave_s = 0;
  double prefill_s_per_token = 0;     // a prompt token's share of prefill_compute_s (plus its exchange)
  double chunk_tokens = 0;            // the engine's prefill token budget per step
  double utilisation = 0;             // open loop: offered requests over what the replicas serve
  double peak_flops = 0;            // per GPU at compute_precision
  double prefill_peak_flops = 0;    // the rate prefill runs at (twice peak_flops for fp16 accumulation on GeForce)
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

// MoE decode. Routed experts stream through fused/grouped MoE kernels (vLLM/SGLang fused_moe, TensorRT-LLM
// MoE plugin) over many small per-expert matrices (7168 × 256 per rank for DeepSeek-V3 at TP 8), which reach
// a smaller share of the bandwidth and tensor rate than dense matmuls of the same size; each MoE layer also
// runs the router GEMM, top-k, token alignment/permutation and the weighted unpermute (~5 extra kernels of
// ~10 µs each, with CUDA graphs). Both set together on the DeepSeek-R1 FP8 8×H200 SGLang sweep
// (https://github.com/SemiAnalysisAI/InferenceX/issues/870: mean TPOT 12.8/25.6/34.6 ms at concurrency
// 8/32/64, output 74.6/223.6 tokens/s per GPU at 8/64; residuals −12% to −7%) and TensorRT-LLM's
// Qwen3-235B-A22B FP8 8×H200 1000/1000 throughput (perf-overview; still +40%: attention DP and expert
// parallelism are not modelled). The same grouped kernels run the prompt's expert rows, so prefill counts the
// routed FLOPs at 1 / share too (since 2026-12-07: that Qwen3-235B row +18.6% -> +7.8%, InferenceX's DeepSeek-R1
// first tokens -69..-22% -> -61..-1%, GPUStack's gpt-oss-120b saturated rows in tests/calibration/added/load.json
// closer on one H100 and at TP 2).
constexpr double kMoeExpertBandwidthShare = 0.7;
// Rows of the M tile grouped expert GEMMs pad each expert's tokens to: DeepGEMM's contiguous grouped layout
// aligns every expert's segment to get_m_alignment_for_contiguous_layout() = 128 rows (deepseek-ai/DeepGEMM
// README, "grouped GEMMs (contiguous layout)"), and vLLM/SGLang's moe_align_block_size pads each expert's
// tokens to the fused-MoE kernel's BLOCK_SIZE_M (64–128 at prefill sizes) alike.
constexpr double kMoeTileRows = 128.0;
constexpr double kMoeLayerLatencyS = 55e-6;

// True for GPUs whose listed 16-bit tensor rate is half of what fp16 accumulation reaches (GeForce).
bool halves_fp32_accumulate(const Gpu& gpu);

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

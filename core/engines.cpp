#include "engines.hpp"

#include <iterator>
#include <string>
#include <vector>

#include "tunables.hpp"

namespace sizer {
namespace {

constexpr double kGiB = 1073741824.0;
constexpr double kGraphLayerFloorS = 20e-6;
constexpr double kMarlinDequantOps = 4.5;
constexpr double kAutoGptqDequantOps = 12.0;
constexpr double kLlamaCppPrefillShare = 0.46;
constexpr double kTensorParallelBuffers = 1.8 * kGiB;

// Memory figures: vLLM docs (EngineArgs: gpu_memory_utilization default 0.9; block_size 16),
// SGLang server args (mem_fraction_static ≈ 0.88 on 80 GB cards), TensorRT-LLM KvCacheConfig
// (free_gpu_memory_fraction 0.9, tokens_per_block 64), llama.cpp (contiguous KV for n_ctx, n_batch 2048).
// A CUDA context with cuBLAS/NCCL takes 0.5–1 GiB per GPU on Hopper; a plain PyTorch process ~0.35 GiB.
//
// Speed figures were chosen on tests/calibration/cases.json with `npm run accuracy` (the README shows
// the error per metric): vLLM reaches ~0.75 of HBM bandwidth at batch 1 (Qwen2.5 7B/32B on A100);
// llama.cpp ~0.5 on HBM cards and ~0.75 on GDDR cards (XiongjieDai's A100/H100 vs 3090/4090 tables);
// eager transformers generate() pays ~0.4 ms of launches per layer per token (Qwen2.5 HF speed tables);
// prefill reaches 0.6–0.7 of the 16-bit peak in TensorRT-LLM/vLLM on A100 (TTFT tables), 0.46 of the
// fp16-accumulate rate in llama.cpp (kLlamaCppPrefillShare below). Batch limits: vLLM max_num_seqs 1024 (V1 on large GPUs), TensorRT-LLM
// max_batch_size 2048, llama.cpp/transformers a few hundred at most.
// The relative error becomes the range shown around each speed.
//
// Serving physics set together on tests/calibration/added/serving.json and cases.json (`npm run accuracy`):
// - kGraphLayerFloorS: with CUDA graphs a decode layer still costs ~20 µs beyond its bytes (about ten
//   kernels of a few µs each, launch gaps and tails): Qwen2.5 7B/14B/32B/72B bf16 on vLLM 0.6.3 read
//   15–16% fast without it, growing with the layer count.
// - kMarlinDequantOps: a 4-bit weight takes ~4–5 CUDA-core operations to unpack, convert and scale (shift,
//   mask, int→half, fma with the group scale) in the Marlin-class fused kernels vLLM runs for GPTQ/AWQ
//   (Frantar et al. 2024, "MARLIN", arXiv:2408.11743: they reach the bandwidth roofline only where the
//   CUDA cores have room to spare, e.g. A10/RTX cards). Set on Qwen2.5 7B/14B/32B int4 vs bf16 on vLLM 0.6.3
//   and Qwen2.5-72B AWQ TP2 (A100: 19.5 TFLOPS fp32 for 2 TB/s; residuals +11%, +7%, −5%, −10%, −9%).
// - kAutoGptqDequantOps: transformers runs GPTQ/AWQ through AutoGPTQ/AutoAWQ kernels that unpack far less
//   efficiently: Qwen2.5 14B GPTQ-Int4 and 72B AWQ in the Qwen transformers table need ~19 and ~8
//   operations per weight (25.9 and 11.5 tokens/s on A100).
// - kLlamaCppPrefillShare: llama.cpp's prompt matmuls run through cuBLAS with CUBLAS_COMPUTE_16F
//   (ggml-cuda.cu, ggml_cuda_op_mul_mat_cublas), the full tensor rate on GeForce cards; pp512 of Llama 3 8B
//   F16/Q4_K_M on RTX 3090/4090 (XiongjieDai tables) reaches 0.35–0.51 of that rate.
// - kTensorParallelBuffers: vLLM's profiler reports 1.79 GiB of non-torch memory for Llama 3 8B at TP=1
//   and 3.58 GiB at TP=2 on H100 (vllm-project/vllm PR #10511): NCCL and custom all-reduce buffers.
constexpr EnginePreset kEngines[] = {
    {"vllm", 0.90, 0.75 * kGiB, 0.5 * kGiB, 16, 8192, 0.75, 0.80, 0.60, 0.0010, kGraphLayerFloorS, 1.0, 1024, false, 0.20,
     "vLLM EngineArgs defaults (gpu_memory_utilization 0.9, block_size 16, CUDA graphs)", kMarlinDequantOps, false,
     kTensorParallelBuffers},
    {"sglang", 0.88, 0.75 * kGiB, 0.5 * kGiB, 16, 8192, 0.75, 0.80, 0.60, 0.0010, kGraphLayerFloorS, 1.0, 1024, false, 0.25,
     "SGLang ServerArgs (mem_fraction_static ~0.88, CUDA graphs)", kMarlinDequantOps, false, kTensorParallelBuffers},
    {"tensorrt-llm", 0.90, 0.75 * kGiB, 0.25 * kGiB, 64, 8192, 0.80, 0.82, 0.65, 0.0008, kGraphLayerFloorS, 1.0, 2048, false,
     0.25, "TensorRT-LLM KvCacheConfig (free_gpu_memory_fraction 0.9, tokens_per_block 64)", kMarlinDequantOps, false,
     kTensorParallelBuffers},
    {"llama.cpp", 1.00, 0.5 * kGiB, 0.0, 1, 2048, 0.50, 0.75, kLlamaCppPrefillShare, 0.0005, 0.0, 1.0, 256, true, 0.25,
     "llama.cpp (contiguous KV cache for n_ctx, n_batch 2048, --split-mode layer)", 0.0, true, 0.0},
    {"transformers", 1.00, 0.35 * kGiB, 0.0, 1, 1 << 24, 0.80, 0.80, 0.40, 0.0010, 0.0004, 4.0, 256, true, 0.30,
     "Hugging Face transformers generate() in eager PyTorch (whole prompt in one forward pass; device_map=\"auto\" "
     "places consecutive layers on each GPU)",
     kAutoGptqDequantOps, false, 0.0, true},
    {"generic", 0.90, 0.75 * kGiB, 0.5 * kGiB, 16, 8192, 0.75, 0.80, 0.55, 0.0015, 0.0, 1.0, 1024, false, 0.30,
     "A typical optimised server: vLLM-like memory and efficiency; training with a fused loss", kMarlinDequantOps, false,
     kTensorParallelBuffers},
};

}  // namespace

double bandwidth_efficiency(const EnginePreset& engine, bool hbm) {
  return hbm ? engine.bandwidth_efficiency : engine.bandwidth_efficiency_gddr;
}

// The scheduler's default prompt-token budget per step by GPU memory (what a server started without
// --max-num-batched-tokens / --chunked-prefill-size runs with):
// - vLLM, OpenAI-compatible server: max_num_batched_tokens 8192 when the device has at least 70 GiB and its
//   name does not contain "a100", else 2048 (vllm-project/vllm vllm/engine/arg_utils.py,
//   EngineArgs._set_default_args, at commit 99d7eb5d (v0.11 series): `if device_memory >= 70 * GiB_bytes and
//   "a100" not in device_name` ... `UsageContext.OPENAI_API_SERVER: 8192` / `2048`; the A100 exception from
//   vllm PR #17885). The preset's 8192 is the large-GPU value.
// - SGLang: chunked_prefill_size 2048 below 35 GiB ("A10, L40, 4090"), 8192 below 160 GiB ("H100, H200,
//   A100, H20"), 16384 above ("B200, MI300") (sgl-project/sglang python/sglang/srt/server_args.py,
//   ServerArgs.__post_init__, "Set chunked prefill size, which depends on the gpu memory capacity").
constexpr double kVllmLargeGpuGib = 70.0;
constexpr int kVllmSmallGpuBudget = 2048;
constexpr double kSglangSmallGpuGib = 35.0;
constexpr double kSglangLargeGpuGib = 160.0;
constexpr int kSglangSmallGpuBudget = 2048;
constexpr int kSglangLargeGpuBudget = 16384;

int prefill_token_budget(const EnginePreset& engine, double vram_gib, std::string_view gpu_id) {
  if (engine.id == "vllm") {
    const bool a100 = gpu_id.find("a100") != std::string_view::npos;
    return vram_gib >= kVllmLargeGpuGib && !a100 ? engine.prefill_chunk_tokens : kVllmSmallGpuBudget;
  }
  if (engine.id == "sglang") {
    if (vram_gib < kSglangSmallGpuGib) return kSglangSmallGpuBudget;
    if (vram_gib >= kSglangLargeGpuGib) return kSglangLargeGpuBudget;
    return engine.prefill_chunk_tokens;
  }
  return engine.prefill_chunk_tokens;
}

// The presets with the CLI's refit multipliers applied (tunables.hpp; a plain copy everywhere else).
static const std::vector<EnginePreset>& tuned_engines() {
  static std::vector<EnginePreset> engines;
  static uint64_t built_for = ~uint64_t{0};
  if (built_for != tunables_generation()) {
    engines.assign(std::begin(kEngines), std::end(kEngines));
    for (EnginePreset& e : engines) {
      const std::string p = "engine." + std::string(e.id) + ".";
      e.bandwidth_efficiency = tuned(p + "bandwidth_efficiency", e.bandwidth_efficiency);
      e.bandwidth_efficiency_gddr = tuned(p + "bandwidth_efficiency_gddr", e.bandwidth_efficiency_gddr);
      e.compute_efficiency = tuned(p + "compute_efficiency", e.compute_efficiency);
      e.step_overhead_s = tuned(p + "step_overhead_s", e.step_overhead_s);
      e.step_overhead_per_layer_s = tuned(p + "step_overhead_per_layer_s", e.step_overhead_per_layer_s);
    }
    built_for = tunables_generation();
  }
  return engines;
}

const EnginePreset* find_engine(std::string_view id) {
  for (const auto& engine : tuned_engines()) {
    if (engine.id == id) return &engine;
  }
  return nullptr;
}

const EnginePreset* find_engine(EngineId id) { return find_engine(id_of(id)); }

}  // namespace sizer

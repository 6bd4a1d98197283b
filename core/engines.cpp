#include "engines.hpp"

namespace sizer {
namespace {

constexpr double kGiB = 1073741824.0;

// Memory figures: vLLM docs (EngineArgs: gpu_memory_utilization default 0.9; block_size 16),
// SGLang server args (mem_fraction_static ≈ 0.88 on 80 GB cards), TensorRT-LLM KvCacheConfig
// (free_gpu_memory_fraction 0.9, tokens_per_block 64), llama.cpp (contiguous KV for n_ctx, n_batch 2048).
// A CUDA context with cuBLAS/NCCL takes 0.5–1 GiB per GPU on Hopper (nvidia-smi on an idle process).
//
// Speed figures are a first cut from the roofline, to be replaced by presets fitted on
// shared/calibration/cases.json ("Speed and time" issue): decode reaches 70–85% of peak bandwidth in
// optimised engines and about half of it in eager PyTorch; prefill MFU 40–60%.
constexpr EnginePreset kEngines[] = {
    {"vllm", 0.90, 0.75 * kGiB, 0.5 * kGiB, 16, 8192, 0.80, 0.50, 0.0015, 0.25,
     "vLLM EngineArgs defaults (gpu_memory_utilization 0.9, block_size 16)"},
    {"sglang", 0.88, 0.75 * kGiB, 0.5 * kGiB, 16, 8192, 0.80, 0.50, 0.0012, 0.25,
     "SGLang ServerArgs (mem_fraction_static ~0.88, page_size 1 rounded to 16 here)"},
    {"tensorrt-llm", 0.90, 0.75 * kGiB, 0.25 * kGiB, 64, 8192, 0.85, 0.55, 0.0010, 0.25,
     "TensorRT-LLM KvCacheConfig (free_gpu_memory_fraction 0.9, tokens_per_block 64)"},
    {"llama.cpp", 1.00, 0.5 * kGiB, 0.0, 1, 2048, 0.65, 0.40, 0.0020, 0.30,
     "llama.cpp (contiguous KV cache for n_ctx, n_batch 2048, compute buffer per batch)"},
    {"transformers", 1.00, 0.75 * kGiB, 0.0, 1, 4096, 0.45, 0.35, 0.0150, 0.40,
     "Hugging Face transformers generate() in eager PyTorch"},
    {"generic", 0.90, 0.75 * kGiB, 0.5 * kGiB, 16, 8192, 0.75, 0.45, 0.0020, 0.30,
     "A typical optimised server: vLLM-like memory, slightly lower efficiency"},
};

}  // namespace

const EnginePreset* find_engine(std::string_view id) {
  for (const auto& engine : kEngines) {
    if (engine.id == id) return &engine;
  }
  return nullptr;
}

}  // namespace sizer

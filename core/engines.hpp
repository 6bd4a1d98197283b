// Serving-engine presets: how much of the GPU an engine lets the model use, what it reserves, and how
// close to the hardware roofline it runs. Every constant says where it comes from.
#pragma once
#include <string_view>

#include "vocabulary.hpp"

namespace sizer {

struct EnginePreset {
  std::string_view id;
  // Fraction of VRAM the engine plans to use (vLLM gpu_memory_utilization, SGLang mem_fraction_static,
  // TensorRT-LLM free_gpu_memory_fraction applies to what is left after weights: approximated here).
  double memory_utilization;
  // Per GPU: CUDA context + library workspaces (cuBLAS/NCCL), outside the engine's own accounting.
  double runtime_bytes_per_gpu;
  // Per GPU: captured CUDA graphs and engine buffers (vLLM logs 0.5–1 GiB for graphs on 8B–70B).
  double graph_bytes_per_gpu;
  // Tokens per KV block (vLLM/SGLang page size 16, TensorRT-LLM 64 tokens per block; 1 = contiguous).
  int kv_block_tokens;
  // Tokens one prefill chunk processes: the engine's token budget per step (vLLM V1 max_num_batched_tokens
  // 8192 for the OpenAI server on large GPUs, vllm/engine/arg_utils.py; SGLang chunked_prefill_size 8192,
  // ServerArgs; TensorRT-LLM max_num_tokens 8192, BuildConfig/LlmArgs defaults; llama.cpp n_batch 2048;
  // transformers: the whole batch in one pass). The activation peak scales with it, and under load a
  // request's first token waits for the prompts ahead of it in steps of this many tokens (performance.cpp).
  int prefill_chunk_tokens;
  // Fraction of peak memory bandwidth a decode step achieves on weights and KV reads, on HBM and on
  // GDDR cards (llama.cpp's kernels reach a larger share of a GDDR card's lower bandwidth).
  double bandwidth_efficiency;
  double bandwidth_efficiency_gddr;
  // Fraction of peak tensor throughput prefill achieves (model FLOPs utilisation).
  double compute_efficiency;
  // Fixed time per decode step: scheduling, sampling (seconds).
  double step_overhead_s;
  // Fixed time per layer per step (seconds): kernel launches where the engine runs eagerly; with CUDA
  // graphs the floor a layer's ~10 small decode kernels (norms, projections, rope, attention, MLP, their
  // ramp-up and tail) take beyond their bytes.
  double step_overhead_per_layer_s;
  // fp32 copies of the full logits a training step keeps (training with this framework): 1 with a fused
  // or chunked cross-entropy, ~4 for Hugging Face's loss (upcast, shift, log-softmax, gradient).
  double training_logits_copies;
  // Most sequences the engine batches at once (vLLM max_num_seqs, TensorRT-LLM max_batch_size).
  int max_batch;
  // Splits a model over GPUs by layers (llama.cpp's default --split-mode layer) rather than tensors.
  bool splits_layers;
  // Relative error of the speed estimate (one side), shown as the range around it.
  double speed_relative_error;
  std::string_view source;
  // CUDA-core operations per weight that weight-only matmuls (weights dequantised in the kernel: GPTQ/AWQ
  // int4, NF4, FP8/FP4 on GPUs without those tensor cores) spend unpacking and scaling each weight at
  // decode, on top of streaming it; 0 where the bandwidth efficiency above was itself set on quantized
  // cases (llama.cpp).
  double dequant_ops_per_weight = 0.0;
  // Prefill matmuls accumulate in fp16 (llama.cpp's cuBLAS path), which GeForce cards run at twice the
  // fp32-accumulate tensor rate the catalog lists for them.
  bool fp16_accumulate = false;
  // Per GPU when a replica is split by tensor parallelism: NCCL communicators and custom all-reduce
  // buffers, allocated outside the engine's torch pool.
  double tensor_parallel_bytes_per_gpu = 0;
  // QLoRA through PEFT's prepare_model_for_kbit_training (what TRL's SFTTrainer calls for a k-bit model):
  // every parameter bitsandbytes left unquantised (embeddings, lm_head, norms) is cast to fp32
  // (peft/utils/other.py: "cast all non INT8 parameters to fp32"), so the residual stream runs in fp32
  // (transformers' flash-attention path warns "The input hidden states seems to be silently casted in
  // float32 ... upcasted embedding or layer norm layers in float32").
  bool training_kbit_fp32_upcast = false;
};

// nullptr for an unknown id.
const EnginePreset* find_engine(std::string_view id);
const EnginePreset* find_engine(EngineId id);

// The decode bandwidth efficiency of `engine` on a GPU with HBM (true) or GDDR memory.
double bandwidth_efficiency(const EnginePreset& engine, bool hbm);

// Prompt tokens the engine's scheduler puts into one step by default on a GPU of `vram_gib` whose catalog
// id is `gpu_id`: vLLM and SGLang pick their chunked-prefill token budget from the GPU's memory (engines.cpp
// cites both); the other engines keep the preset's prefill_chunk_tokens whatever the GPU.
int prefill_token_budget(const EnginePreset& engine, double vram_gib, std::string_view gpu_id);

}  // namespace sizer

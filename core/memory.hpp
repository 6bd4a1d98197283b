// Memory a workload needs for one replica, before it is split over GPUs (CONTRACT.md "memory").
// Every formula is here, with where it comes from.
#pragma once
#include <cstdint>

#include "engines.hpp"
#include "formats.hpp"
#include "model.hpp"
#include "request.hpp"
#include "response.hpp"

namespace sizer {

struct MemoryBreakdown {
  double weights_bytes = 0;
  double kv_cache_bytes = 0;      // all sequences at the full context, after block rounding
  double kv_bytes_per_token = 0;  // one token through every layer, no window cap
  double kv_bytes_per_sequence = 0;
  double activations_bytes = 0;   // the engine's activation peak (prefill chunk) and logits
  double sampler_bytes = 0;       // the logits part of activations_bytes (full vocabulary, not split by TP)
  double overhead_bytes = 0;      // per GPU: CUDA context, libraries, CUDA graphs
  double total_bytes = 0;
};

// params × bits / 8, with the embedding and output matrices at 16 bit where the format keeps them so.
double weights_bytes(const Model& model, const WeightFormat& format);

// KV bytes per token (all layers):
//   standard attention: 2 (K and V) × layers × kv_heads × head_dim × bytes_per_element
//   MLA (DeepSeek-V2 §2.1.2, V3 config): layers × (kv_lora_rank + rope_head_dim) × bytes_per_element —
//   one compressed latent plus the decoupled RoPE key per layer, no separate V.
double kv_bytes_per_token(const Model& model, const KvFormat& format);

// KV bytes one sequence of `tokens` holds: sliding-window layers keep at most `sliding_window` tokens
// (Mistral 7B, Gemma 2/3, gpt-oss), and engines allocate whole blocks of `block_tokens`.
double kv_bytes_for_sequence(const Model& model, const KvFormat& format, int64_t tokens, int block_tokens);
// About the most tokens one sequence's KV cache holds in `bytes` (kv_bytes_for_sequence inverted): a search's
// starting guess, exact but for floating-point rounding at a block's edge.
int64_t kv_tokens_within(const Model& model, const KvFormat& format, double bytes, int block_tokens);

// The split of parameters into always-read (attention, embeddings, shared) and expert weights:
// total = dense + experts, active = dense + experts × k / E. Dense models have no expert part.
struct ParamSplit {
  double dense_params = 0;
  double expert_params = 0;
};
ParamSplit split_params(const Model& model);

// Routing is never perfectly balanced: the busiest expert of a layer gets more tokens than the mean, and
// the layer waits for it. 1.4× on the active experts' FLOPs is an assumption, not a fit (DeepSeek-V3 §3.4
// keeps redundant copies of hot experts for this reason); with it DeepSeek-V3's pretraining estimate moves
// from −41% to −29% of the published GPU-hours. MoE serving is still over-predicted (accuracy report).
constexpr double kMoeImbalance = 1.4;

// Parameters whose FLOPs a token pays: the active count, with the active experts' share × kMoeImbalance.
double effective_active_params(const Model& model);

MemoryBreakdown inference_memory(const Model& model, const InferenceWorkload& workload, const EnginePreset& engine);

// How `memory` (inference_memory's result for the same inputs) was reached: weights, KV per token, KV
// cache, activations and total, each from the values the formulas above used.
std::vector<Explanation> explain_inference_memory(const Model& model, const InferenceWorkload& workload,
                                                  const EnginePreset& engine, const MemoryBreakdown& memory);

}  // namespace sizer

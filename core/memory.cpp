#include "memory.hpp"

#include <algorithm>
#include <cmath>

namespace sizer {

namespace {

// Parameters kept at 16 bit by `format`: quantisers leave the token embedding and lm_head in 16 bit
// (AutoGPTQ/AWQ skip lm_head; bitsandbytes keeps nn.Embedding; vLLM FP8 checkpoints keep lm_head bf16).
// Capped at half the model for tiny inputs.
double sixteen_bit_params(const Model& model, const WeightFormat& format) {
  if (!format.embeddings_stay_16bit || model.kind != ModelKindId::llm) return 0.0;
  return std::min(model.embedding_params(), model.params_b * 1e9 / 2.0);
}

// Tokens of the prefill chunk whose activation peak the engine reserves: engines that profile (vLLM,
// SGLang, TensorRT-LLM) reserve a full chunk whatever the request.
// A server's own budget (workload.prefill_token_budget) replaces the preset's.
double prefill_chunk_tokens(const InferenceWorkload& workload, const EnginePreset& engine) {
  const bool profiles_full_chunk = engine.kv_block_tokens > 1;
  const double chunk = workload.prefill_token_budget ? *workload.prefill_token_budget
                                                     : static_cast<double>(engine.prefill_chunk_tokens);
  return profiles_full_chunk ? chunk
                             : std::min<double>(chunk, static_cast<double>(workload.prompt_tokens) *
                                                           static_cast<double>(workload.concurrency));
}

// Logits in fp32 for the sequences sampled in one step (vLLM computes them only for the last position).
// Engines that profile reserve them for their whole batch limit (vLLM's dummy sampler run over
// max_num_seqs, SGLang's and TensorRT-LLM's max batch), not for the request's concurrency.
double sampled_sequences(const InferenceWorkload& workload, const EnginePreset& engine) {
  if (engine.kv_block_tokens > 1) return static_cast<double>(std::max(1, engine.max_batch));
  return std::min<double>(static_cast<double>(workload.concurrency), 256.0);
}

// fp32 copies of the sampled logits live at the sampler's peak: the logits and the probabilities the
// softmax makes from them (vLLM Sampler: temperature, top-p/top-k on probabilities).
constexpr double kSamplerLogitCopies = 2.0;

double experts_active(const Model& model) {
  return model.experts > 1 ? static_cast<double>(model.experts_per_token) : 1.0;
}

}  // namespace

double weights_bytes(const Model& model, const WeightFormat& format) {
  const double params = model.params_b * 1e9;
  if (!format.embeddings_stay_16bit || model.kind != ModelKindId::llm) return params * format.bits_per_weight / 8.0;
  const double embed = sixteen_bit_params(model, format);
  return (params - embed) * format.bits_per_weight / 8.0 + embed * 2.0;
}

double kv_bytes_per_token(const Model& model, const KvFormat& format) {
  const double layers = static_cast<double>(model.layers);
  if (model.uses_mla()) {
    return layers * static_cast<double>(model.kv_lora_rank + model.rope_head_dim) * format.bytes_per_element;
  }
  return 2.0 * layers * static_cast<double>(model.kv_heads) * static_cast<double>(model.head_dim) *
         format.bytes_per_element;
}

double kv_bytes_for_sequence(const Model& model, const KvFormat& format, int64_t tokens, int block_tokens) {
  const int64_t block = std::max(1, block_tokens);
  auto round_up = [block](int64_t n) { return ((n + block - 1) / block) * block; };
  const double per_layer_token = kv_bytes_per_token(model, format) / static_cast<double>(std::max<int64_t>(1, model.layers));
  const int64_t full_layers = model.layers - model.sliding_layers;
  const int64_t window_tokens = model.sliding_window > 0 ? std::min(tokens, model.sliding_window) : tokens;
  return per_layer_token * (static_cast<double>(full_layers) * static_cast<double>(round_up(tokens)) +
                            static_cast<double>(model.sliding_layers) * static_cast<double>(round_up(window_tokens)));
}

int64_t kv_tokens_within(const Model& model, const KvFormat& format, double bytes, int block_tokens) {
  // kv_bytes_for_sequence inverted: per_layer_token × (full_layers × ⌈t⌉ + sliding_layers × ⌈min(t, window)⌉),
  // ⌈·⌉ rounding up to whole blocks, is at most `bytes`.
  constexpr double kUnbounded = 1e15;
  const double block = static_cast<double>(std::max(1, block_tokens));
  const double per_layer_token = kv_bytes_per_token(model, format) / static_cast<double>(std::max<int64_t>(1, model.layers));
  if (!(per_layer_token > 0) || !(bytes >= 0)) return bytes >= 0 ? static_cast<int64_t>(kUnbounded) : 0;
  const double units = bytes / per_layer_token;  // token-layers that fit
  const auto full = static_cast<double>(model.layers - model.sliding_layers);
  const auto sliding = static_cast<double>(model.sliding_layers);
  auto whole_blocks = [&](double tokens) { return std::min(kUnbounded, std::floor(tokens / block) * block); };
  if (full + sliding <= 0) return static_cast<int64_t>(kUnbounded);
  const double within_window = whole_blocks(units / (full + sliding));
  if (model.sliding_window <= 0 || within_window < static_cast<double>(model.sliding_window)) {
    return static_cast<int64_t>(within_window);
  }
  // Past the window only the full-attention layers grow.
  const auto window = static_cast<double>(model.sliding_window);
  if (full <= 0) return static_cast<int64_t>(kUnbounded);
  const double window_units = sliding * std::ceil(window / block) * block;
  return static_cast<int64_t>(std::max(window, whole_blocks((units - window_units) / full)));
}

ParamSplit split_params(const Model& model) {
  const double total = model.params_b * 1e9;
  const double active = model.active_params_b * 1e9;
  if (model.experts <= 1 || model.experts_per_token >= model.experts || active >= total) return {total, 0};
  const double share = static_cast<double>(model.experts_per_token) / static_cast<double>(model.experts);
  const double experts = (total - active) / (1.0 - share);
  return {std::max(0.0, total - experts), experts};
}

double effective_active_params(const Model& model) {
  const ParamSplit split = split_params(model);
  if (split.expert_params <= 0) return model.active_params_b * 1e9;
  const double active_experts =
      split.expert_params * static_cast<double>(model.experts_per_token) / static_cast<double>(model.experts);
  return model.active_params_b * 1e9 + (kMoeImbalance - 1.0) * active_experts;
}

MemoryBreakdown inference_memory(const Model& model, const InferenceWorkload& workload, const EnginePreset& engine) {
  MemoryBreakdown m;
  const WeightFormat* weight_format = find_weight_format(workload.weights);
  const KvFormat* kv_format = find_kv_format(workload.kv_cache);
  if (weight_format == nullptr || kv_format == nullptr) return m;  // the request parser rejects these first
  m.weights_bytes = weights_bytes(model, *weight_format);
  m.kv_bytes_per_token = kv_bytes_per_token(model, *kv_format);
  m.kv_bytes_per_sequence = kv_bytes_for_sequence(model, *kv_format, workload.context_tokens, engine.kv_block_tokens);
  m.kv_cache_bytes = m.kv_bytes_per_sequence * static_cast<double>(workload.concurrency);
  // Activation peak of one prefill chunk: per token the residual stream, the attention projections and
  // the gated MLP's two intermediate tensors are live at once, ≈ (4·hidden + 2·ffn_active) 16-bit values
  // (the inference analogue of Korthikanti et al. 2022, Table 2, without what training keeps for backward).
  const double chunk_tokens = prefill_chunk_tokens(workload, engine);
  // MoE layers also hold each token's k expert outputs before their weighted sum (vLLM fused_moe
  // intermediate_cache3: tokens × top_k × hidden).
  const double moe_outputs = model.experts > 1 ? experts_active(model) * static_cast<double>(model.hidden) : 0.0;
  const double per_token = (4.0 * static_cast<double>(model.hidden) +
                            2.0 * static_cast<double>(model.ffn) * experts_active(model) + moe_outputs) * 2.0;
  const double logit_copies = engine.kv_block_tokens > 1 ? kSamplerLogitCopies : 1.0;
  m.sampler_bytes = sampled_sequences(workload, engine) * static_cast<double>(model.vocab) * 4.0 * logit_copies;
  m.activations_bytes = chunk_tokens * per_token + m.sampler_bytes;
  m.overhead_bytes = engine.runtime_bytes_per_gpu + engine.graph_bytes_per_gpu;
  m.total_bytes = m.weights_bytes + m.kv_cache_bytes + m.activations_bytes + m.overhead_bytes;
  return m;
}

std::vector<Explanation> explain_inference_memory(const Model& model, const InferenceWorkload& workload,
                                                  const EnginePreset& engine, const MemoryBreakdown& m) {
  const WeightFormat* wf = find_weight_format(workload.weights);
  const KvFormat* kf = find_kv_format(workload.kv_cache);
  if (wf == nullptr || kf == nullptr) return {};
  // Each formula is an expression over its listed values (the page shows it, a test substitutes the
  // values and compares with the result: tests/cpp/explain_reproduces_test.cpp).
  const bool kept_16bit = wf->embeddings_stay_16bit && model.kind == ModelKindId::llm;
  std::vector<Explanation> out;
  if (kept_16bit) {
    out.push_back({"weights_bytes", "(params − embedding_params) × bits_per_weight / 8 + embedding_params × 2",
                   {{"params", model.params_b * 1e9}, {"bits_per_weight", wf->bits_per_weight},
                    {"embedding_params", sixteen_bit_params(model, *wf)}},
                   m.weights_bytes,
                   std::string(wf->source) + "; token embedding and lm_head stay 16-bit (AutoGPTQ/AWQ, bitsandbytes, vLLM FP8)"});
  } else {
    out.push_back({"weights_bytes", "params × bits_per_weight / 8",
                   {{"params", model.params_b * 1e9}, {"bits_per_weight", wf->bits_per_weight}},
                   m.weights_bytes, std::string(wf->source)});
  }
  if (model.uses_mla()) {
    out.push_back({"kv_bytes_per_token", "layers × (kv_lora_rank + rope_head_dim) × bytes_per_element",
                   {{"layers", static_cast<double>(model.layers)},
                    {"kv_lora_rank", static_cast<double>(model.kv_lora_rank)},
                    {"rope_head_dim", static_cast<double>(model.rope_head_dim)},
                    {"bytes_per_element", kf->bytes_per_element}},
                   m.kv_bytes_per_token, "DeepSeek-V2 paper §2.1 (multi-head latent attention)"});
  } else {
    out.push_back({"kv_bytes_per_token", "2 × layers × kv_heads × head_dim × bytes_per_element",
                   {{"layers", static_cast<double>(model.layers)},
                    {"kv_heads", static_cast<double>(model.kv_heads)},
                    {"head_dim", static_cast<double>(model.head_dim)},
                    {"bytes_per_element", kf->bytes_per_element}},
                   m.kv_bytes_per_token, "K and V per layer per token; GQA through kv_heads"});
  }
  // kv_bytes_for_sequence: full-attention layers cache every token, sliding-window layers at most the
  // window; each rounded up to whole blocks of the engine's paged cache.
  const double block = static_cast<double>(std::max(1, engine.kv_block_tokens));
  const double tokens = static_cast<double>(workload.context_tokens);
  const double window_tokens = model.sliding_window > 0 ? std::min(tokens, static_cast<double>(model.sliding_window)) : tokens;
  out.push_back({"kv_cache_bytes",
                 "concurrency × kv_bytes_per_token / layers × (full_layers × ceil(context_tokens / block_tokens) × "
                 "block_tokens + sliding_layers × ceil(window_tokens / block_tokens) × block_tokens)",
                 {{"concurrency", static_cast<double>(workload.concurrency)},
                  {"kv_bytes_per_token", m.kv_bytes_per_token},
                  {"layers", static_cast<double>(std::max<int64_t>(1, model.layers))},
                  {"full_layers", static_cast<double>(model.layers - model.sliding_layers)},
                  {"sliding_layers", static_cast<double>(model.sliding_layers)},
                  {"context_tokens", tokens},
                  {"window_tokens", window_tokens},
                  {"block_tokens", block}},
                 m.kv_cache_bytes, "Paged KV allocation (vLLM PagedAttention, Kwon et al. 2023)"});
  out.push_back({"activations_bytes",
                 "prefill_chunk_tokens × (4 × hidden + 2 × ffn × experts_active + moe_outputs_per_token) × 2 + "
                 "sampled_sequences × vocab × 4 × logit_copies",
                 {{"prefill_chunk_tokens", prefill_chunk_tokens(workload, engine)},
                  {"hidden", static_cast<double>(model.hidden)},
                  {"ffn", static_cast<double>(model.ffn)},
                  {"experts_active", experts_active(model)},
                  {"moe_outputs_per_token", model.experts > 1 ? experts_active(model) * static_cast<double>(model.hidden) : 0.0},
                  {"sampled_sequences", sampled_sequences(workload, engine)},
                  {"vocab", static_cast<double>(model.vocab)},
                  {"logit_copies", engine.kv_block_tokens > 1 ? kSamplerLogitCopies : 1.0}},
                 m.activations_bytes,
                 "The engine's profiled activation peak for one prefill chunk (16-bit; MoE layers also hold each "
                 "token's k expert outputs), and fp32 logits (for the engine's whole batch limit where it profiles a "
                 "dummy sampler run)"});
  out.push_back({"total_bytes", "weights_bytes + kv_cache_bytes + activations_bytes + overhead_bytes",
                 {{"weights_bytes", m.weights_bytes}, {"kv_cache_bytes", m.kv_cache_bytes},
                  {"activations_bytes", m.activations_bytes}, {"overhead_bytes", m.overhead_bytes}},
                 m.total_bytes, "Overhead: CUDA context, libraries and CUDA graphs (engine preset)"});
  return out;
}

}  // namespace sizer

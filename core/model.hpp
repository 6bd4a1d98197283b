// A model's architecture: as written (catalog preset, inline request model, or a Hugging Face
// config.json), and resolved, with every missing field filled by a stated rule and listed as assumed.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "json_read.hpp"

namespace sizer {

struct ModelComponent {
  std::string name;
  std::string role;  // text_encoder, backbone, vae, encoder, decoder, vocoder
  double params_b = 0;
  bool operator==(const ModelComponent&) const = default;
};

// What diffusion and audio models need for sizing (catalog fields; see catalog/README.md).
struct MediaSpec {
  std::optional<BackboneId> backbone;
  std::optional<MediaTaskId> task;  // audio
  std::optional<int64_t> latent_downsample, latent_channels, patch_size, temporal_downsample;
  std::optional<int64_t> default_steps, native_width, native_height, default_frames;
  std::optional<double> fps, sample_rate_hz, chunk_seconds;
  std::optional<int64_t> encoder_layers, decoder_layers;
  std::optional<bool> guidance_distilled;  // one backbone pass per step (FLUX.1-dev)
  bool operator==(const MediaSpec&) const = default;
};

// As written; any field may be missing.
struct ModelArch {
  std::string id;
  std::string name;
  ModelKindId kind = ModelKindId::llm;
  std::optional<double> params_b;
  std::optional<double> active_params_b;  // MoE: parameters used per token
  std::optional<int64_t> layers, hidden, heads, kv_heads, head_dim, ffn, vocab, max_context;
  std::optional<int64_t> experts, experts_per_token;
  std::optional<int64_t> kv_lora_rank, rope_head_dim;     // MLA (DeepSeek-V2/V3)
  std::optional<int64_t> sliding_window, sliding_layers;  // local-attention layers and their window
  std::optional<bool> tied_embeddings;
  // The format the published checkpoint stores its weights in, where it is not 16-bit (gpt-oss: MXFP4 experts,
  // "fp4"; DeepSeek-V3: FP8): what serving runs when the request names no `weights`.
  std::optional<WeightFormatId> checkpoint_weights;
  std::vector<ModelComponent> components;
  MediaSpec media;
  std::string source;
  std::string as_of;
  bool operator==(const ModelArch&) const = default;  // the built-in catalog's test compares presets
};

// Every field concrete. `assumed` lists the JSON Pointers of fields that were filled by a rule.
struct Model {
  std::string id;
  std::string name;
  ModelKindId kind = ModelKindId::llm;
  double params_b = 0;
  double active_params_b = 0;
  int64_t layers = 0, hidden = 0, heads = 0, kv_heads = 0, head_dim = 0, ffn = 0, vocab = 0, max_context = 0;
  int64_t experts = 0, experts_per_token = 0;
  int64_t kv_lora_rank = 0, rope_head_dim = 0;
  int64_t sliding_window = 0, sliding_layers = 0;
  bool tied_embeddings = false;
  std::optional<WeightFormatId> checkpoint_weights;  // ModelArch::checkpoint_weights
  std::vector<ModelComponent> components;
  MediaSpec media;
  std::vector<std::string> assumed;

  bool uses_mla() const { return kv_lora_rank > 0; }
  // Parameters in the input embedding and output projection (vocab × hidden, once if tied).
  double embedding_params() const;
  // Parameters of the components with `role` (0 when the model lists none).
  double component_params(std::string_view role) const;
};

// Reads a model object (catalog preset or inline request model). `catalog_item` requires id, source, as_of.
ModelArch read_model_arch(const json& object, const std::string& path, JsonReader& reader, bool catalog_item);

// Reads a Hugging Face config.json object (Llama, Qwen2/3, Mistral, Mixtral, Gemma 2/3, DeepSeek-V3, gpt-oss,
// Phi-3) into a ModelArch, estimating the parameter count from the shapes when the config has none.
ModelArch read_hf_config(const json& config, const std::string& path, JsonReader& reader);

// Parameter count of a decoder-only transformer from its shapes (billions). Attention: q and o are
// hidden × heads·head_dim, k and v hidden × kv_heads·head_dim; MLP: gated (3 matrices) of ffn;
// MoE: every expert's MLP resident. Norms and biases are under 0.1% and left out.
double estimate_params_b(const ModelArch& arch);

// Fills missing fields with the documented rules; warnings "assumed_field" name each one.
Model resolve_model(const ModelArch& arch, const std::string& path, Issues& warnings);

}  // namespace sizer

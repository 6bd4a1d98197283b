#include "model.hpp"

#include <algorithm>
#include <cmath>

#include "vocabulary.hpp"

namespace sizer {

double Model::embedding_params() const {
  const double one = static_cast<double>(vocab) * static_cast<double>(hidden);
  return tied_embeddings ? one : 2.0 * one;
}

double Model::component_params(std::string_view role) const {
  double sum = 0;
  for (const auto& component : components) {
    if (component.role == role) sum += component.params_b * 1e9;
  }
  return sum;
}

namespace {
constexpr int64_t kMaxDim = 1 << 20;       // no published model has a dimension near 1M
constexpr int64_t kMaxLayers = 1000;
constexpr int64_t kMaxContext = 1 << 27;   // 134M tokens
constexpr double kMaxParamsB = 100000;     // 100 T parameters
}  // namespace

ModelArch read_model_arch(const json& object, const std::string& path, JsonReader& r, bool catalog_item) {
  ModelArch arch;
  if (catalog_item) {
    arch.id = r.string(object, "id", path, true, 100).value_or("");
  }
  arch.name = r.string(object, "name", path, catalog_item, 200).value_or("");
  arch.kind = r.choice_id<ModelKindId>(object, "kind", path).value_or(ModelKindId::llm);
  arch.params_b = r.number(object, "params_b", path, {0, kMaxParamsB, true}, true);
  arch.active_params_b = r.number(object, "active_params_b", path, {0, kMaxParamsB, true}, false, true);
  auto dim = [&](const char* key, int64_t min, int64_t max) {
    return r.integer(object, key, path, min, max, false, /*null_ok=*/true);
  };
  arch.layers = dim("layers", 1, kMaxLayers);
  arch.hidden = dim("hidden", 1, kMaxDim);
  arch.heads = dim("heads", 1, 65536);
  arch.kv_heads = dim("kv_heads", 1, 65536);
  arch.head_dim = dim("head_dim", 1, 65536);
  arch.ffn = dim("ffn", 1, kMaxDim * 4);
  arch.vocab = dim("vocab", 1, 1 << 24);
  arch.max_context = dim("max_context", 1, kMaxContext);
  arch.experts = dim("experts", 1, 65536);
  arch.experts_per_token = dim("experts_per_token", 1, 65536);
  arch.kv_lora_rank = dim("kv_lora_rank", 1, 65536);
  arch.rope_head_dim = dim("rope_head_dim", 0, 65536);
  arch.sliding_window = dim("sliding_window", 1, kMaxContext);
  arch.sliding_layers = dim("sliding_layers", 0, kMaxLayers);
  if (object.is_object() && object.contains("tied_embeddings") && !object["tied_embeddings"].is_null()) {
    arch.tied_embeddings = r.boolean(object, "tied_embeddings", path);
  }
  arch.checkpoint_weights = r.choice_id<WeightFormatId>(object, "checkpoint_weights", path);
  if (const json* components = r.array(object, "components", path)) {
    for (size_t i = 0; i < components->size() && i < 64; ++i) {
      const std::string item_path = pointer_append(pointer_append(path, "components"), i);
      const json& item = (*components)[i];
      if (!item.is_object()) {
        r.error("invalid_type", item_path, message("issue.invalid_type.component"));
        continue;
      }
      ModelComponent component;
      component.name = r.string(item, "name", item_path, true, 100).value_or("");
      component.role = r.string(item, "role", item_path, true, 40).value_or("");
      component.params_b = r.number(item, "params_b", item_path, {0, kMaxParamsB, true}, true).value_or(0);
      arch.components.push_back(component);
    }
  }
  MediaSpec& media = arch.media;
  media.backbone = r.choice_id<BackboneId>(object, "backbone", path);
  media.task = r.choice_id<MediaTaskId>(object, "task", path);
  media.latent_downsample = dim("latent_downsample", 1, 64);
  media.latent_channels = dim("latent_channels", 1, 1024);
  media.patch_size = dim("patch_size", 1, 64);
  media.temporal_downsample = dim("temporal_downsample", 1, 64);
  media.default_steps = dim("default_steps", 1, 10000);
  media.native_width = dim("native_width", 1, 65536);
  media.native_height = dim("native_height", 1, 65536);
  media.default_frames = dim("default_frames", 1, 100000);
  media.fps = r.number(object, "fps", path, {0, 1000, true}, false, true);
  media.sample_rate_hz = r.number(object, "sample_rate_hz", path, {0, 1e6, true}, false, true);
  media.chunk_seconds = r.number(object, "chunk_seconds", path, {0, 3600, true}, false, true);
  media.encoder_layers = dim("encoder_layers", 1, kMaxLayers);
  media.decoder_layers = dim("decoder_layers", 1, kMaxLayers);
  if (object.is_object() && object.contains("guidance_distilled") && !object["guidance_distilled"].is_null()) {
    media.guidance_distilled = r.boolean(object, "guidance_distilled", path);
  }
  if (catalog_item) {
    arch.source = r.string(object, "source", path, true, 2000).value_or("");
    arch.as_of = r.string(object, "as_of", path, true, 10).value_or("");
  }
  // Cross-field checks: only when both sides were read.
  if (arch.active_params_b && arch.params_b && *arch.active_params_b > *arch.params_b) {
    r.error("out_of_range", pointer_append(path, "active_params_b"),
            message("issue.out_of_range.active_params_b",
                    {param_number("active_params_b", *arch.active_params_b, format_number(*arch.active_params_b)),
                     param_number("params_b", *arch.params_b, format_number(*arch.params_b))}));
  }
  if (arch.kv_heads && arch.heads && *arch.kv_heads > *arch.heads) {
    r.error("out_of_range", pointer_append(path, "kv_heads"),
            message("issue.out_of_range.kv_heads",
                    {param_number("kv_heads", static_cast<double>(*arch.kv_heads), std::to_string(*arch.kv_heads)),
                     param_number("heads", static_cast<double>(*arch.heads), std::to_string(*arch.heads))}));
  }
  if (arch.sliding_layers && arch.layers && *arch.sliding_layers > *arch.layers) {
    r.error("out_of_range", pointer_append(path, "sliding_layers"),
            message("issue.out_of_range.sliding_layers",
                    {param_number("layers", static_cast<double>(*arch.layers), std::to_string(*arch.layers))}));
  }
  if (arch.experts_per_token && arch.experts && *arch.experts_per_token > *arch.experts) {
    r.error("out_of_range", pointer_append(path, "experts_per_token"),
            message("issue.out_of_range.experts_per_token",
                    {param_number("experts", static_cast<double>(*arch.experts), std::to_string(*arch.experts))}));
  }
  return arch;
}

namespace {
std::optional<int64_t> hf_int(const json& config, std::initializer_list<const char*> keys, const std::string& path,
                              JsonReader& r, int64_t min, int64_t max) {
  for (const char* key : keys) {
    if (config.contains(key) && !config[key].is_null()) return r.integer(config, key, path, min, max);
  }
  return std::nullopt;
}
}  // namespace

double estimate_params_b(const ModelArch& arch) {
  if (!arch.layers || !arch.hidden) return 0;
  const double h = static_cast<double>(*arch.hidden);
  const double heads = static_cast<double>(arch.heads.value_or(*arch.hidden / 128));
  const double head_dim = static_cast<double>(arch.head_dim.value_or(static_cast<int64_t>(h / std::max(1.0, heads))));
  const double kv_heads = static_cast<double>(arch.kv_heads.value_or(static_cast<int64_t>(heads)));
  const double ffn = static_cast<double>(arch.ffn.value_or(*arch.hidden * 4));
  const double vocab = static_cast<double>(arch.vocab.value_or(32000));
  double attention = 0;
  if (arch.kv_lora_rank) {
    // MLA (DeepSeek-V2 §2.1): KV down-projection to the latent plus up-projections back to every head.
    const double rank = static_cast<double>(*arch.kv_lora_rank);
    const double rope = static_cast<double>(arch.rope_head_dim.value_or(64));
    attention = h * (rank + rope) + rank * heads * (head_dim + head_dim) + 2.0 * h * heads * head_dim;
  } else {
    attention = 2.0 * h * heads * head_dim + 2.0 * h * kv_heads * head_dim;
  }
  const double experts = static_cast<double>(arch.experts.value_or(1));
  const double mlp = 3.0 * h * ffn * experts + (experts > 1 ? h * experts : 0.0);
  const double embeddings = vocab * h * (arch.tied_embeddings.value_or(false) ? 1.0 : 2.0);
  return (static_cast<double>(*arch.layers) * (attention + mlp) + embeddings) / 1e9;
}

namespace {
// The weight format a config.json's quantization_config says the checkpoint is stored in (transformers'
// quantizers: "fp8" with block scales, DeepSeek-V3; "mxfp4", gpt-oss; "awq"/"gptq" at 4 bits; NVIDIA ModelOpt's
// FP8 and NVFP4; bitsandbytes 4-bit as NF4). Nullopt for a 16-bit checkpoint or a method not listed.
std::optional<WeightFormatId> hf_checkpoint_weights(const json& config) {
  if (!config.contains("quantization_config") || !config["quantization_config"].is_object()) return std::nullopt;
  const json& q = config["quantization_config"];
  auto text = [&](const char* key) {
    return q.contains(key) && q[key].is_string() ? q[key].get_ref<const std::string&>() : std::string();
  };
  auto lower = [](std::string s) {
    for (char& ch : s) ch = static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
    return s;
  };
  const std::string method = lower(text("quant_method"));
  const bool four_bits = q.contains("bits") && q["bits"].is_number_integer() && q["bits"].get<int64_t>() == 4;
  if (method == "fp8") return WeightFormatId::fp8;
  if (method == "mxfp4") return WeightFormatId::fp4;
  if ((method == "awq" || method == "gptq") && four_bits) return WeightFormatId::int4;
  if (method == "modelopt") {
    const std::string algo = lower(text("quant_algo"));
    if (algo == "fp8") return WeightFormatId::fp8;
    if (algo == "nvfp4") return WeightFormatId::fp4;
  }
  if (method == "bitsandbytes" && q.contains("load_in_4bit") && q["load_in_4bit"].is_boolean() &&
      q["load_in_4bit"].get<bool>()) {
    return WeightFormatId::nf4;
  }
  return std::nullopt;
}
}  // namespace

ModelArch read_hf_config(const json& config, const std::string& path, JsonReader& r) {
  ModelArch arch;
  if (!config.is_object()) {
    r.error("invalid_type", path, message("issue.invalid_type.hf_config"));
    return arch;
  }
  // Multimodal wrappers (Gemma 3, Llama 4, Mistral 3) nest the language model under text_config.
  const json& c = (config.contains("text_config") && config["text_config"].is_object()) ? config["text_config"] : config;
  const std::string cpath = (&c == &config) ? path : pointer_append(path, "text_config");
  arch.name = "";
  if (config.contains("_name_or_path") && config["_name_or_path"].is_string()) {
    arch.name = config["_name_or_path"].get_ref<const std::string&>().substr(0, 200);
  } else if (config.contains("model_type") && config["model_type"].is_string()) {
    arch.name = config["model_type"].get_ref<const std::string&>().substr(0, 200);
  }
  arch.layers = hf_int(c, {"num_hidden_layers", "n_layer", "num_layers"}, cpath, r, 1, kMaxLayers);
  arch.hidden = hf_int(c, {"hidden_size", "n_embd", "d_model"}, cpath, r, 1, kMaxDim);
  arch.heads = hf_int(c, {"num_attention_heads", "n_head"}, cpath, r, 1, 65536);
  arch.kv_heads = hf_int(c, {"num_key_value_heads", "num_kv_heads"}, cpath, r, 1, 65536);
  arch.head_dim = hf_int(c, {"head_dim", "v_head_dim"}, cpath, r, 1, 65536);
  arch.vocab = hf_int(c, {"vocab_size"}, cpath, r, 1, 1 << 24);
  arch.max_context = hf_int(c, {"max_position_embeddings", "n_positions"}, cpath, r, 1, kMaxContext);
  arch.experts = hf_int(c, {"num_local_experts", "num_experts", "n_routed_experts"}, cpath, r, 1, 65536);
  arch.experts_per_token = hf_int(c, {"num_experts_per_tok", "experts_per_token", "moe_topk"}, cpath, r, 1, 65536);
  arch.kv_lora_rank = hf_int(c, {"kv_lora_rank"}, cpath, r, 1, 65536);
  arch.rope_head_dim = hf_int(c, {"qk_rope_head_dim"}, cpath, r, 0, 65536);
  // MoE models give the per-expert width separately; dense layers use intermediate_size.
  const bool moe = arch.experts && *arch.experts > 1;
  arch.ffn = moe ? hf_int(c, {"moe_intermediate_size", "intermediate_size"}, cpath, r, 1, kMaxDim * 4)
                 : hf_int(c, {"intermediate_size", "n_inner", "ffn_dim"}, cpath, r, 1, kMaxDim * 4);
  if (c.contains("sliding_window") && c["sliding_window"].is_number()) {
    arch.sliding_window = hf_int(c, {"sliding_window"}, cpath, r, 1, kMaxContext);
    // Which layers slide: Gemma 2 alternates (1 in 2); Gemma 3 uses 5 local : 1 global
    // (sliding_window_pattern 6); gpt-oss alternates via layer_types; Mistral slides on all layers.
    if (c.contains("layer_types") && c["layer_types"].is_array()) {
      int64_t count = 0;
      for (const auto& type : c["layer_types"]) {
        if (type.is_string() && type.get_ref<const std::string&>() == "sliding_attention") ++count;
      }
      arch.sliding_layers = count;
    } else if (arch.layers) {
      const std::string type = c.contains("model_type") && c["model_type"].is_string()
                                   ? c["model_type"].get_ref<const std::string&>() : "";
      int64_t pattern = 0;
      if (c.contains("sliding_window_pattern") && c["sliding_window_pattern"].is_number_integer()) {
        pattern = c["sliding_window_pattern"].get<int64_t>();
      } else if (type == "gemma2") {
        pattern = 2;
      } else if (type.rfind("gemma3", 0) == 0) {
        pattern = 6;
      }
      const bool use_sliding = !(c.contains("use_sliding_window") && c["use_sliding_window"].is_boolean() &&
                                 !c["use_sliding_window"].get<bool>());
      if (!use_sliding) {
        arch.sliding_window.reset();  // Qwen2 configs carry a window they do not use
      } else if (pattern > 1) {
        arch.sliding_layers = *arch.layers - *arch.layers / pattern;
      } else {
        arch.sliding_layers = *arch.layers;
      }
    }
  }
  if (c.contains("tie_word_embeddings") && c["tie_word_embeddings"].is_boolean()) {
    arch.tied_embeddings = c["tie_word_embeddings"].get<bool>();
  }
  arch.checkpoint_weights = hf_checkpoint_weights(config);
  if (!arch.layers || !arch.hidden) {
    r.error("missing_field", path, message("issue.missing_field.hf_config"));
    return arch;
  }
  arch.params_b = estimate_params_b(arch);
  if (moe && arch.experts_per_token) {
    ModelArch active = arch;
    active.experts = arch.experts_per_token;
    arch.active_params_b = estimate_params_b(active);
  }
  return arch;
}

Model resolve_model(const ModelArch& arch, const std::string& path, Issues& warnings) {
  Model m;
  m.id = arch.id;
  m.name = arch.name.empty() ? (arch.id.empty() ? "custom model" : arch.id) : arch.name;
  m.kind = arch.kind;
  m.params_b = arch.params_b.value_or(0);
  m.components = arch.components;
  m.media = arch.media;
  m.checkpoint_weights = arch.checkpoint_weights;
  // Diffusion and audio models are sized from their components, not these transformer shapes: their
  // fills are silent (they only feed the DiT attention term, and the catalog gives those that matter).
  // The warning's key is "issue.assumed_field.<rule>"; `value` is the figure the rule gave, if any.
  auto assume = [&](const char* field, const char* rule, std::optional<int64_t> value = std::nullopt) {
    if (m.kind != ModelKindId::llm) return;
    const std::string where = pointer_append(path, field);
    m.assumed.push_back(where);
    std::vector<Param> params{param_text("field", field)};
    if (value) params.push_back(param_number("value", static_cast<double>(*value), std::to_string(*value)));
    warnings.push_back(make_issue("assumed_field", where, message(std::string("issue.assumed_field.") + rule, params)));
  };
  // Shape rules for a dense decoder when the architecture is unknown. Published dense models keep
  // hidden/layers near 128 (Llama-2-7B 4096/32, Llama-3-8B 4096/32, Qwen2.5-14B 5120/48 ≈ 107) and
  // params ≈ 12·layers·hidden² (Kaplan et al. 2020, eq. 2.1), so layers ≈ cbrt(params / (12·128²)).
  const double params = m.params_b * 1e9;
  if (arch.layers) {
    m.layers = *arch.layers;
  } else {
    m.layers = std::max<int64_t>(1, std::llround(std::cbrt(params / (12.0 * 128.0 * 128.0))));
    assume("layers", "layers", m.layers);
  }
  if (arch.hidden) {
    m.hidden = *arch.hidden;
  } else {
    const double h = std::sqrt(params / (12.0 * static_cast<double>(m.layers)));
    m.hidden = std::max<int64_t>(64, std::llround(h / 64.0) * 64);
    assume("hidden", "hidden", m.hidden);
  }
  if (arch.head_dim) {
    m.head_dim = *arch.head_dim;
  } else if (arch.heads) {
    m.head_dim = std::max<int64_t>(1, m.hidden / *arch.heads);
    assume("head_dim", "head_dim", m.head_dim);
  } else {
    m.head_dim = 128;
    assume("head_dim", "head_dim_default");
  }
  if (arch.heads) {
    m.heads = *arch.heads;
  } else {
    m.heads = std::max<int64_t>(1, m.hidden / m.head_dim);
    assume("heads", "heads", m.heads);
  }
  if (arch.kv_heads) {
    m.kv_heads = *arch.kv_heads;
  } else if (!arch.kv_lora_rank) {
    m.kv_heads = m.heads;  // full multi-head attention: the largest KV cache, so never an optimistic fit
    assume("kv_heads", "kv_heads", m.heads);
  }
  if (arch.ffn) {
    m.ffn = *arch.ffn;
  } else {
    m.ffn = 4 * m.hidden;
    if (m.kind == ModelKindId::llm) assume("ffn", "ffn", m.ffn);
  }
  if (arch.vocab) {
    m.vocab = *arch.vocab;
  } else {
    m.vocab = 32000;
    if (m.kind == ModelKindId::llm) assume("vocab", "vocab");
  }
  if (arch.max_context) {
    m.max_context = *arch.max_context;
  } else {
    m.max_context = 131072;
    if (m.kind == ModelKindId::llm) assume("max_context", "max_context");
  }
  m.experts = arch.experts.value_or(0);
  m.experts_per_token = arch.experts_per_token.value_or(m.experts);
  m.kv_lora_rank = arch.kv_lora_rank.value_or(0);
  m.rope_head_dim = arch.rope_head_dim.value_or(arch.kv_lora_rank ? 64 : 0);
  m.sliding_window = arch.sliding_window.value_or(0);
  m.sliding_layers = m.sliding_window > 0 ? std::min(arch.sliding_layers.value_or(m.layers), m.layers) : 0;
  m.tied_embeddings = arch.tied_embeddings.value_or(false);
  if (arch.active_params_b) {
    m.active_params_b = *arch.active_params_b;
  } else {
    m.active_params_b = m.params_b;
    if (m.experts > 1 && m.experts_per_token < m.experts) {
      assume("active_params_b", "active_params_b");
    }
  }
  return m;
}

}  // namespace sizer

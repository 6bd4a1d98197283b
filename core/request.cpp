#include "request.hpp"

#include <algorithm>

#include "engines.hpp"
#include "formats.hpp"

namespace sizer {
namespace {

constexpr int64_t kMaxTokens = 1 << 27;        // 134M tokens: past any model's context
constexpr int64_t kMaxConcurrency = 1 << 20;

std::optional<Model> parse_model(const json& document, const Catalog& catalog, JsonReader& r, Issues& warnings) {
  const bool has_model = document.contains("model");
  const bool has_hf = document.contains("hf_config");
  if (has_model && has_hf) {
    r.warning("ignored_field", "/hf_config", "Both \"model\" and \"hf_config\" were given; \"model\" was used.");
  }
  if (has_model) {
    const json& model = document["model"];
    if (model.is_string()) {
      const auto& id = model.get_ref<const std::string&>();
      const ModelArch* preset = catalog.find_model(id);
      if (preset == nullptr) {
        r.error("unknown_model", "/model",
                "No model preset \"" + id.substr(0, 80) + "\" is in the catalog; give its id or an architecture object.");
        return std::nullopt;
      }
      return resolve_model(*preset, "/model", warnings);
    }
    if (model.is_object()) {
      const size_t before = r.errors().size();
      ModelArch arch = read_model_arch(model, "/model", r, false);
      r.unknown_fields(model, "/model",
                       {"name", "kind", "params_b", "active_params_b", "layers", "hidden", "heads", "kv_heads",
                        "head_dim", "ffn", "vocab", "max_context", "experts", "experts_per_token", "kv_lora_rank",
                        "rope_head_dim", "sliding_window", "sliding_layers", "tied_embeddings", "components", "id",
                        "source", "as_of"});
      if (r.errors().size() != before) return std::nullopt;
      return resolve_model(arch, "/model", warnings);
    }
    r.error("invalid_type", "/model", "\"model\" must be a preset id (text) or an architecture object.");
    return std::nullopt;
  }
  if (has_hf) {
    const size_t before = r.errors().size();
    ModelArch arch = read_hf_config(document["hf_config"], "/hf_config", r);
    if (r.errors().size() != before) return std::nullopt;
    return resolve_model(arch, "/hf_config", warnings);
  }
  r.error("missing_field", "/model", "\"model\" is required: a preset id or an architecture with at least params_b.");
  return std::nullopt;
}

void parse_inference(const json& w, const Model* model, JsonReader& r, InferenceWorkload& out) {
  const std::string path = "/workload";
  std::initializer_list<std::string_view> weight_ids = {
      "fp32", "bf16", "fp16", "fp8", "int8", "int4", "nf4", "fp4", "gguf-q8_0", "gguf-q6_k",
      "gguf-q5_k_m", "gguf-q4_k_m", "gguf-q3_k_m", "gguf-q2_k"};
  out.weights = r.choice(w, "weights", path, weight_ids).value_or(out.weights);
  out.kv_cache = r.choice(w, "kv_cache", path, {"fp16", "bf16", "fp8", "int8", "q4"}).value_or(out.kv_cache);
  auto prompt = r.integer(w, "prompt_tokens", path, 1, kMaxTokens);
  auto output = r.integer(w, "output_tokens", path, 1, kMaxTokens);
  auto context = r.integer(w, "context_tokens", path, 1, kMaxTokens);
  auto concurrency = r.integer(w, "concurrency", path, 1, kMaxConcurrency);
  if (prompt) out.prompt_tokens = *prompt;
  if (output) out.output_tokens = *output;
  out.context_tokens = context ? *context : out.prompt_tokens + out.output_tokens;
  if (context && prompt && output && *context < *prompt + *output) {
    r.warning("context_shorter", "/workload/context_tokens",
              "\"context_tokens\" is shorter than prompt + output tokens; the longer of the two was used.");
  }
  out.context_tokens = std::max(out.context_tokens, out.prompt_tokens + out.output_tokens);
  if (concurrency) {
    out.concurrency = *concurrency;
    out.concurrency_given = true;
  }
  out.min_output_tokens_per_s_per_user =
      r.number(w, "min_output_tokens_per_s_per_user", path, {0, 1e6, true});
  out.max_ttft_s = r.number(w, "max_ttft_s", path, {0, 86400, true});
  out.requests_per_s = r.number(w, "requests_per_s", path, {0, 1e7, true});
  out.hours_per_day = r.number(w, "hours_per_day", path, {0, 24, true});
  if (model && model->kind == "llm" && out.context_tokens > model->max_context) {
    r.error("context_too_long", "/workload/context_tokens",
            "The context of " + std::to_string(out.context_tokens) + " tokens is longer than the model's maximum of " +
                std::to_string(model->max_context) + ".");
  }
  r.unknown_fields(w, path,
                   {"kind", "weights", "kv_cache", "prompt_tokens", "output_tokens", "context_tokens", "concurrency",
                    "min_output_tokens_per_s_per_user", "max_ttft_s", "requests_per_s", "hours_per_day"});
}

std::optional<HardwarePin> parse_hardware(const json& h, const Catalog& catalog, JsonReader& r) {
  const std::string path = "/hardware";
  HardwarePin pin;
  bool ok = true;
  if (!h.contains("gpu")) {
    r.error("missing_field", "/hardware/gpu", "\"hardware.gpu\" is required: a catalog GPU id or a GPU object.");
    ok = false;
  } else if (h["gpu"].is_string()) {
    const auto& id = h["gpu"].get_ref<const std::string&>();
    const Gpu* gpu = catalog.find_gpu(id);
    if (gpu == nullptr) {
      r.error("unknown_gpu", "/hardware/gpu", "No GPU with id \"" + id.substr(0, 80) + "\" is in the catalog.");
      ok = false;
    } else {
      pin.gpu = *gpu;
    }
  } else if (h["gpu"].is_object()) {
    const size_t before = r.errors().size();
    pin.gpu = read_gpu(h["gpu"], "/hardware/gpu", r, false);
    ok = r.errors().size() == before;
  } else {
    r.error("invalid_type", "/hardware/gpu", "\"hardware.gpu\" must be a GPU id (text) or a GPU object.");
    ok = false;
  }
  pin.count = r.integer(h, "count", path, 1, 4096).value_or(1);
  r.unknown_fields(h, path, {"gpu", "count"});
  if (!ok) return std::nullopt;
  return pin;
}

void parse_filters(const json& f, const Catalog& catalog, JsonReader& r, Filters& out) {
  const std::string path = "/filters";
  if (const json* providers = r.array(f, "providers", path)) {
    for (size_t i = 0; i < providers->size() && i < 256; ++i) {
      const std::string item_path = pointer_append("/filters/providers", i);
      if (!(*providers)[i].is_string()) {
        r.error("invalid_type", item_path, "Each provider must be a provider id (text).");
        continue;
      }
      const auto& id = (*providers)[i].get_ref<const std::string&>();
      if (!catalog.providers.empty() && catalog.find_provider(id) == nullptr) {
        r.error("unknown_provider", item_path, "No provider with id \"" + id.substr(0, 80) + "\" is in the catalog.");
        continue;
      }
      out.providers.push_back(id);
    }
  }
  out.pricing = r.choice(f, "pricing", path, {"on_demand", "spot", "any"}).value_or("any");
  out.max_gpus = r.integer(f, "max_gpus", path, 1, 4096);
  out.max_usd_per_hour = r.number(f, "max_usd_per_hour", path, {0, 1e7, true});
  r.unknown_fields(f, path, {"providers", "pricing", "max_gpus", "max_usd_per_hour"});
}

}  // namespace

ParsedRequest parse_request(const json& document, const Catalog& catalog) {
  ParsedRequest parsed;
  JsonReader r(parsed.errors, parsed.warnings);
  if (!document.is_object()) {
    r.error("invalid_type", "", "The request must be a JSON object.");
    return parsed;
  }
  Request& request = parsed.request;
  std::optional<Model> model = parse_model(document, catalog, r, parsed.warnings);
  if (model) request.model = *model;

  if (const json* w = r.object(document, "workload", "", true)) {
    const auto kind = r.choice(*w, "kind", "/workload", {"inference", "finetune", "pretrain", "image", "video", "audio"},
                               true);
    if (kind && *kind == "inference") {
      request.kind = WorkloadKind::inference;
      parse_inference(*w, model ? &*model : nullptr, r, request.inference);
      if (model && model->kind != "llm") {
        r.error("kind_mismatch", "/workload/kind",
                "\"inference\" sizes a language model; \"" + model->name.substr(0, 80) + "\" is a " + model->kind +
                    " model: use the workload kind \"" + model->kind + "\".");
      }
    } else if (kind) {
      r.error("unsupported_workload", "/workload/kind",
              "The workload kind \"" + *kind + "\" is not supported by this version yet; \"inference\" is.");
    }
  }

  request.engine = r.choice(document, "engine", "",
                            {"vllm", "sglang", "tensorrt-llm", "llama.cpp", "transformers", "generic"})
                       .value_or("generic");
  if (const json* h = r.object(document, "hardware", "")) {
    auto pin = parse_hardware(*h, catalog, r);
    if (pin) request.hardware = *pin;
  }
  if (const json* f = r.object(document, "filters", "")) parse_filters(*f, catalog, r, request.filters);
  request.locale = r.choice(document, "locale", "", {"en", "ar"}).value_or("en");
  request.limit = r.integer(document, "limit", "", 1, 10000).value_or(20);
  request.order = r.choice(document, "order", "", {"best", "cheapest_per_hour", "fastest"}).value_or("best");
  r.unknown_fields(document, "",
                   {"model", "hf_config", "workload", "engine", "hardware", "filters", "locale", "limit", "order"});
  return parsed;
}

}  // namespace sizer

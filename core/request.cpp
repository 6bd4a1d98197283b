#include "request.hpp"

#include <algorithm>

#include "engines.hpp"
#include "format.hpp"
#include "formats.hpp"
#include "media.hpp"
#include "vocabulary.hpp"

namespace sizer {
namespace {

constexpr int64_t kMaxTokens = 1 << 27;        // 134M tokens: past any model's context
constexpr int64_t kMaxConcurrency = 1 << 20;

// "Unknown model/GPU id", naming the nearest catalog id when one is close (messages issue.<code>[.nearest]).
template <class Items>
Message unknown_id_message(std::string_view code, const std::string& id, const Items& items) {
  std::vector<std::string_view> ids;
  for (const auto& item : items) ids.push_back(item.id);
  const std::optional<std::string> nearest = nearest_name(id, ids);
  const std::string key = "issue." + std::string(code);
  return nearest ? message(key + ".nearest", {param_text("id", id.substr(0, 80)), param_text("nearest", *nearest)})
                 : message(key, {param_text("id", id.substr(0, 80))});
}

std::optional<WeightFormatId> weight_format(const json& w, JsonReader& r) {
  return r.choice_id<WeightFormatId>(w, "weights", "/workload");
}

std::optional<Model> parse_model(const json& document, const Catalog& catalog, JsonReader& r, Issues& warnings) {
  const bool has_model = document.contains("model");
  const bool has_hf = document.contains("hf_config");
  if (has_model && has_hf) {
    r.warning("ignored_field", "/hf_config", message("issue.ignored_field.hf_config"));
  }
  if (has_model) {
    const json& model = document["model"];
    if (model.is_string()) {
      const auto& id = model.get_ref<const std::string&>();
      const ModelArch* preset = catalog.find_model(id);
      if (preset == nullptr) {
        r.error("unknown_model", "/model", unknown_id_message("unknown_model", id, catalog.models));
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
                        "rope_head_dim", "sliding_window", "sliding_layers", "tied_embeddings", "checkpoint_weights",
                        "components", "id", "source", "as_of", "notes", "backbone", "task", "latent_downsample",
                        "latent_channels", "patch_size", "temporal_downsample", "default_steps", "native_width",
                        "native_height", "default_frames", "fps", "sample_rate_hz", "chunk_seconds", "encoder_layers",
                        "decoder_layers", "guidance_distilled", "num_mel_bins", "max_source_positions",
                        "max_target_positions"},
                       true);
      if (r.errors().size() != before) return std::nullopt;
      // An image, video or audio model given only by its size borrows an architecture (media.hpp).
      arch = fill_media_architecture(arch, catalog, "/model", warnings);
      return resolve_model(arch, "/model", warnings);
    }
    r.error("invalid_type", "/model", message("issue.invalid_type.model"));
    return std::nullopt;
  }
  if (has_hf) {
    const size_t before = r.errors().size();
    ModelArch arch = read_hf_config(document["hf_config"], "/hf_config", r);
    if (r.errors().size() != before) return std::nullopt;
    return resolve_model(arch, "/hf_config", warnings);
  }
  r.error("missing_field", "/model", message("issue.missing_field.model"));
  return std::nullopt;
}

void parse_inference(const json& w, const Model* model, JsonReader& r, InferenceWorkload& out) {
  const std::string path = "/workload";
  // Without `weights`, a model is served as its checkpoint ships (gpt-oss's MXFP4 experts, DeepSeek-V3's FP8): an
  // engine loads that format as published, and up-casting it to 16 bits would double or quadruple the memory.
  if (const std::optional<WeightFormatId> given = weight_format(w, r)) {
    out.weights = *given;
  } else if (model != nullptr && model->checkpoint_weights) {
    out.weights = *model->checkpoint_weights;
    r.warning("assumed_field", "/workload/weights",
              message("issue.assumed_field.weights_checkpoint",
                      {param_text("model", model->name),
                       param_word("weights", "vocab.weight_formats." + std::string(id_of(out.weights)))}));
  }
  out.kv_cache = r.choice_id<KvFormatId>(w, "kv_cache", path).value_or(out.kv_cache);
  auto prompt = r.integer(w, "prompt_tokens", path, 1, kMaxTokens);
  auto output = r.integer(w, "output_tokens", path, 1, kMaxTokens);
  auto context = r.integer(w, "context_tokens", path, 1, kMaxTokens);
  auto concurrency = r.integer(w, "concurrency", path, 1, kMaxConcurrency);
  if (prompt) out.prompt_tokens = *prompt;
  if (output) out.output_tokens = *output;
  out.context_tokens = context ? *context : out.prompt_tokens + out.output_tokens;
  if (context && prompt && output && *context < *prompt + *output) {
    r.warning("context_shorter", "/workload/context_tokens", message("issue.context_shorter"));
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
  if (auto budget = r.integer(w, "prefill_token_budget", path, 1, kMaxTokens)) {
    out.prefill_token_budget = static_cast<double>(*budget);
  }
  if (auto requests = r.integer(w, "benchmark_requests", path, 1, int64_t{1} << 40)) {
    out.benchmark_requests = static_cast<double>(*requests);
  }
  out.hours_per_day = r.number(w, "hours_per_day", path, {0, 24, true});
  out.batch_tokens = r.number(w, "batch_tokens", path, {0, 1e16, true});
  out.batch_requests = r.number(w, "batch_requests", path, {0, 1e13, true});
  if (out.batch_tokens) {
    out.batch_output_tokens = out.batch_tokens;
    if (out.batch_requests) r.warning("ignored_field", "/workload/batch_requests", message("issue.ignored_field.batch_requests"));
  } else if (out.batch_requests) {
    out.batch_output_tokens = *out.batch_requests * static_cast<double>(out.output_tokens);
  }
  if (model && model->kind == ModelKindId::llm && out.context_tokens > model->max_context) {
    r.error("context_too_long", context ? "/workload/context_tokens" : "/workload/prompt_tokens",
            message("issue.context_too_long",
                    {param_number("context", static_cast<double>(out.context_tokens), std::to_string(out.context_tokens)),
                     param_number("max", static_cast<double>(model->max_context), std::to_string(model->max_context))},
                    "context"));
  }
  r.unknown_fields(w, path,
                   {"kind", "weights", "kv_cache", "prompt_tokens", "output_tokens", "context_tokens", "concurrency",
                    "min_output_tokens_per_s_per_user", "max_ttft_s", "requests_per_s", "hours_per_day", "batch_tokens",
                    "batch_requests", "prefill_token_budget", "benchmark_requests"},
                   true);
}

void parse_training(const json& w, bool pretrain, const Model* model, JsonReader& r, TrainingWorkload& out,
                    Issues& warnings) {
  const std::string path = "/workload";
  out.pretrain = pretrain;
  if (pretrain) {
    out.method = MethodId::full;
    out.seq_len = 4096;
    out.precision = r.choice_id<PrecisionId>(w, "precision", path).value_or(PrecisionId::bf16);
    out.optimizer = r.choice_id<OptimizerId>(w, "optimizer", path).value_or(OptimizerId::adamw);
  } else {
    out.method = r.choice_id<MethodId>(w, "method", path).value_or(MethodId::lora);
    out.optimizer = r.choice_id<OptimizerId>(w, "optimizer", path).value_or(OptimizerId::adamw);
    out.lora_rank = r.integer(w, "lora_rank", path, 1, 65536).value_or(16);
    out.lora_targets = r.choice_id<LoraTargetsId>(w, "lora_targets", path).value_or(LoraTargetsId::all_linear);
    out.precision = r.choice_id<PrecisionId>(w, "precision", path).value_or(PrecisionId::bf16);
  }
  out.weights = weight_format(w, r).value_or(out.method == MethodId::qlora ? WeightFormatId::nf4 : WeightFormatId::bf16);
  if (out.method == MethodId::full && out.weights != WeightFormatId::bf16 && out.weights != WeightFormatId::fp16 &&
      out.weights != WeightFormatId::fp32) {
    r.error("unsupported_combination", "/workload/weights",
            message("issue.unsupported_combination.full_weights", {param_text("weights", std::string(id_of(out.weights)))}));
  }
  out.seq_len = r.integer(w, "seq_len", path, 1, 1 << 24).value_or(out.seq_len);
  out.micro_batch = r.integer(w, "micro_batch", path, 1, 1 << 16).value_or(1);
  // Fine-tunes on rented GPUs usually recompute activations (Hugging Face/PEFT recipes); large pretraining
  // runs usually do not (Megatron-LM defaults, selective recomputation at most).
  // true (every layer's activations recomputed), false, or "selective" (PyTorch's selective activation
  // checkpointing as torchtitan runs it: half the matmuls recomputed; training.hpp recompute_share).
  std::optional<bool> checkpointing;
  if (w.is_object() && w.contains("grad_checkpointing") && w["grad_checkpointing"].is_string()) {
    const std::string& word = w["grad_checkpointing"].get_ref<const std::string&>();
    if (word == "selective") {
      checkpointing = true;
      out.selective_checkpointing = true;
    } else {
      r.error("unknown_value", pointer_append(path, "grad_checkpointing"),
              message("issue.unknown_value", {param_text("field", "grad_checkpointing"),
                                              param_text("value", word.substr(0, 40)),
                                              param_text("expected", "true, false, selective")}));
    }
  } else {
    checkpointing = r.boolean(w, "grad_checkpointing", path);
  }
  out.grad_checkpointing = checkpointing.value_or(!pretrain);
  out.grad_checkpointing_given = checkpointing.has_value();
  auto sharding = r.choice_id<ShardingId>(w, "sharding", path);
  out.sharding = sharding ? (*sharding == ShardingId::fsdp ? ShardingId::zero3 : *sharding) : ShardingId::auto_;
  out.deadline_s = r.number(w, "deadline_s", path, {0, 1e10, true});
  out.checkpoint_every_s = r.number(w, "checkpoint_every_s", path, {0, 1e9, true});
  out.global_batch_tokens = r.number(w, "global_batch_tokens", path, {1, 1e12, true});
  // Memory options (CONTRACT.md): host offload of the optimizer (and weights), the optimizer step inside
  // the backward pass, checkpointed activations in host RAM.
  const auto offload = r.choice_id<OffloadId>(w, "offload", path);
  out.offload = offload.value_or(OffloadId::none);
  out.offload_given = offload.has_value();
  out.optimizer_in_backward = r.boolean(w, "optimizer_in_backward", path).value_or(false);
  out.activation_offload = r.boolean(w, "activation_offload", path).value_or(false);
  out.fused_loss = r.boolean(w, "fused_loss", path);
  if (const json* layout = r.object(w, "parallelism", path)) {
    const std::string lpath = path + "/parallelism";
    TrainingWorkload::Parallelism p;
    p.tensor = r.integer(*layout, "tensor", lpath, 1, 1 << 10).value_or(1);
    p.pipeline = r.integer(*layout, "pipeline", lpath, 1, 1 << 12).value_or(1);
    p.data = r.integer(*layout, "data", lpath, 1, 1 << 20).value_or(1);
    p.expert = r.integer(*layout, "expert", lpath, 1, 1 << 12).value_or(1);
    p.context = r.integer(*layout, "context", lpath, 1, 1 << 10).value_or(1);
    if (p.data % p.expert != 0) {
      r.error("invalid_layout", lpath + "/expert",
              message("issue.invalid_layout.expert",
                      {param_number("expert", static_cast<double>(p.expert), std::to_string(p.expert)),
                       param_number("data", static_cast<double>(p.data), std::to_string(p.data))}));
    }
    if (model && model->layers > 0 && p.pipeline > model->layers) {
      r.error("invalid_layout", lpath + "/pipeline",
              message("issue.invalid_layout.pipeline",
                      {param_number("pipeline", static_cast<double>(p.pipeline), std::to_string(p.pipeline)),
                       param_number("layers", static_cast<double>(model->layers), std::to_string(model->layers))}));
    }
    r.unknown_fields(*layout, lpath, {"tensor", "pipeline", "data", "expert", "context"}, true);
    out.parallelism = p;
  }
  const double params = model ? model->params_b * 1e9 : 0;
  if (pretrain) {
    auto tokens = r.number(w, "tokens", path, {0, 1e16, true});
    if (tokens) {
      out.tokens = *tokens;
    } else {
      // Chinchilla-optimal: about 20 tokens per parameter (Hoffmann et al. 2022, Table 3).
      out.tokens = 20.0 * params;
      warnings.push_back(make_issue(
          "assumed_field", "/workload/tokens",
          message("issue.assumed_field.tokens", {param_number("tokens", out.tokens, format_count(out.tokens))})));
    }
  } else {
    auto dataset = r.number(w, "dataset_tokens", path, {0, 1e15, true});
    auto epochs = r.number(w, "epochs", path, {0, 1e4, true});
    if (!dataset) {
      warnings.push_back(
          make_issue("assumed_field", "/workload/dataset_tokens", message("issue.assumed_field.dataset_tokens")));
    }
    out.tokens = dataset.value_or(1e8) * epochs.value_or(1.0);
  }
  if (model && model->kind == ModelKindId::llm && out.seq_len > model->max_context) {
    r.error("context_too_long", "/workload/seq_len",
            message("issue.context_too_long.seq_len",
                    {param_number("seq_len", static_cast<double>(out.seq_len), std::to_string(out.seq_len)),
                     param_number("max", static_cast<double>(model->max_context), std::to_string(model->max_context))},
                    "seq_len"));
  }
  r.unknown_fields(w, path,
                   {"kind", "method", "optimizer", "lora_rank", "lora_targets", "seq_len", "micro_batch",
                    "grad_checkpointing", "sharding", "dataset_tokens", "epochs", "checkpoint_every_s", "tokens",
                    "precision", "deadline_s", "weights", "parallelism", "global_batch_tokens", "offload",
                    "optimizer_in_backward", "activation_offload", "fused_loss"},
                   true);
}

void parse_media(const json& w, WorkloadKind kind, const Model* model, JsonReader& r, MediaWorkload& out) {
  const std::string path = "/workload";
  out.weights = weight_format(w, r).value_or(WeightFormatId::bf16);
  const MediaSpec* media = model ? &model->media : nullptr;
  out.width = r.integer(w, "width", path, 64, 16384).value_or(media && media->native_width ? *media->native_width : 1024);
  out.height = r.integer(w, "height", path, 64, 16384).value_or(media && media->native_height ? *media->native_height : 1024);
  out.frames = kind == WorkloadKind::video
                   ? r.integer(w, "frames", path, 1, 100000).value_or(media && media->default_frames ? *media->default_frames : 81)
                   : 1;
  // Audio: solver steps of a flow-matching TTS model (one pass for a model that gives none).
  const int64_t default_steps = kind == WorkloadKind::audio ? 1 : 30;
  out.steps = r.integer(w, "steps", path, 1, 10000).value_or(media && media->default_steps ? *media->default_steps : default_steps);
  out.batch = r.integer(w, "batch", path, 1, 4096).value_or(1);
  out.images = r.number(w, "images", path, {0, 1e12, true}).value_or(static_cast<double>(out.batch));
  out.audio_seconds = r.number(w, "audio_seconds", path, {0, 1e9, true}).value_or(60);
  out.deadline_s = r.number(w, "deadline_s", path, {0, 1e10, true});
  out.guidance = r.boolean(w, "guidance", path).value_or(!(media && media->guidance_distilled.value_or(false)));
  if (const auto runtime = r.choice_id<MediaRuntimeId>(w, "runtime", path)) {
    out.runtime = *runtime;
    out.runtime_given = true;
  }
  r.unknown_fields(w, path, {"kind", "weights", "width", "height", "frames", "steps", "batch", "images", "audio_seconds",
                             "guidance", "runtime", "deadline_s"}, true);
}

std::optional<HardwarePin> parse_hardware(const json& h, const Catalog& catalog, JsonReader& r) {
  const std::string path = "/hardware";
  HardwarePin pin;
  bool ok = true;
  if (!h.contains("gpu")) {
    r.error("missing_field", "/hardware/gpu", message("issue.missing_field.hardware_gpu"));
    ok = false;
  } else if (h["gpu"].is_string()) {
    const auto& id = h["gpu"].get_ref<const std::string&>();
    const Gpu* gpu = catalog.find_gpu(id);
    if (gpu == nullptr) {
      r.error("unknown_gpu", "/hardware/gpu", unknown_id_message("unknown_gpu", id, catalog.gpus));
      ok = false;
    } else {
      pin.gpu = *gpu;
    }
  } else if (h["gpu"].is_object()) {
    const size_t before = r.errors().size();
    pin.gpu = read_gpu(h["gpu"], "/hardware/gpu", r, false);
    ok = r.errors().size() == before;
  } else {
    r.error("invalid_type", "/hardware/gpu", message("issue.invalid_type.hardware_gpu"));
    ok = false;
  }
  pin.count = r.integer(h, "count", path, 1, 65536).value_or(1);
  r.unknown_fields(h, path, {"gpu", "count"}, true);
  if (!ok) return std::nullopt;
  return pin;
}

void parse_filters(const json& f, const Catalog& catalog, JsonReader& r, Filters& out) {
  const std::string path = "/filters";
  if (const json* providers = r.array(f, "providers", path)) {
    for (size_t i = 0; i < providers->size() && i < 256; ++i) {
      const std::string item_path = pointer_append("/filters/providers", i);
      if (!(*providers)[i].is_string()) {
        r.error("invalid_type", item_path, message("issue.invalid_type.provider_item"));
        continue;
      }
      const auto& id = (*providers)[i].get_ref<const std::string&>();
      if (!catalog.providers.empty() && catalog.find_provider(id) == nullptr) {
        r.error("unknown_provider", item_path, message("issue.unknown_provider", {param_text("id", id.substr(0, 80))}));
        continue;
      }
      out.providers.push_back(id);
    }
  }
  // "reserved" is a pricing an option reports (priced at a published term), not one a request filters by.
  if (const auto pricing = r.choice(f, "pricing", path, std::vector<std::string_view>{"on_demand", "spot", "any"})) {
    out.pricing = from_id<PricingId>(*pricing).value_or(PricingId::any);
  }
  out.max_gpus = r.integer(f, "max_gpus", path, 1, 1 << 20);
  out.max_usd_per_hour = r.number(f, "max_usd_per_hour", path, {0, 1e7, true});
  if (const json* tiers = r.array(f, "tiers", path)) {
    std::string expected;
    for (std::string_view id : Vocabulary<TierId>::ids) expected += (expected.empty() ? "" : ", ") + std::string(id);
    for (size_t i = 0; i < tiers->size() && i < 16; ++i) {
      const std::string item_path = pointer_append("/filters/tiers", i);
      const json& item = (*tiers)[i];
      if (!item.is_string() || !from_id<TierId>(item.get_ref<const std::string&>())) {
        const std::string value = item.is_string() ? item.get_ref<const std::string&>().substr(0, 40) : dump_json(item).substr(0, 40);
        r.error("unknown_value", item_path,
                message("issue.unknown_value", {param_text("field", "tiers"), param_text("value", value),
                                                param_text("expected", expected)}));
        continue;
      }
      out.tiers.push_back(*from_id<TierId>(item.get_ref<const std::string&>()));
    }
  }
  r.unknown_fields(f, path, {"providers", "pricing", "max_gpus", "max_usd_per_hour", "tiers"}, true);
}

}  // namespace

// The ids are string literals, so their data is NUL-terminated.
const char* workload_kind_name(WorkloadKind kind) { return id_of(kind).data(); }

ParsedRequest parse_request(const json& document, const Catalog& catalog) {
  ParsedRequest parsed;
  JsonReader r(parsed.errors, parsed.warnings);
  if (!document.is_object()) {
    r.error("invalid_type", "", message("issue.invalid_type.request"));
    return parsed;
  }
  Request& request = parsed.request;
  std::optional<Model> model = parse_model(document, catalog, r, parsed.warnings);
  if (model) request.model = *model;

  if (const json* w = r.object(document, "workload", "", true)) {
    const auto kind = r.choice_id<WorkloadKindId>(*w, "kind", "/workload", true);
    const Model* m = model ? &*model : nullptr;
    if (kind) {
      request.kind = *kind;
      if (*kind == WorkloadKind::inference) {
        parse_inference(*w, m, r, request.inference);
      } else if (is_training(*kind)) {
        parse_training(*w, *kind == WorkloadKind::pretrain, m, r, request.training, parsed.warnings);
      } else {
        parse_media(*w, request.kind, m, r, request.media);
      }
    }
    // Language-model workloads need a language model, media workloads a model of their kind.
    if (kind && m) {
      const bool matches = !is_media(*kind) ? m->kind == ModelKindId::llm : id_of(m->kind) == id_of(*kind);
      if (!matches) {
        const std::string model_kind(id_of(m->kind));
        r.error("kind_mismatch", "/workload/kind",
                message("issue.kind_mismatch." + model_kind,
                        {param_text("kind", std::string(id_of(*kind))), param_text("model", m->name.substr(0, 80)),
                         param_text("model_kind", model_kind)}));
      }
    }
  }

  request.engine = r.choice_id<EngineId>(document, "engine", "").value_or(EngineId::generic);
  if (is_training(request.kind) && request.training.method == MethodId::qlora) {
    const EnginePreset* preset = find_engine(request.engine);
    request.training.kbit_fp32_upcast = preset != nullptr && preset->training_kbit_fp32_upcast;
  }
  // A media pipeline served by TensorRT-LLM runs TensorRT engines unless the workload says otherwise.
  if (is_media(request.kind) && !request.media.runtime_given && request.engine == EngineId::tensorrt_llm) {
    request.media.runtime = MediaRuntimeId::tensorrt;
  }
  if (const json* h = r.object(document, "hardware", "")) {
    auto pin = parse_hardware(*h, catalog, r);
    if (pin) request.hardware = *pin;
  }
  if (request.hardware && request.training.parallelism) {
    const auto& p = *request.training.parallelism;
    const int64_t product = p.tensor * p.pipeline * p.context * p.data;
    if (product != request.hardware->count) {
      r.error("invalid_layout", "/workload/parallelism",
              message("issue.invalid_layout.count",
                      {param_number("product", static_cast<double>(product), std::to_string(product)),
                       param_number("count", static_cast<double>(request.hardware->count),
                                    std::to_string(request.hardware->count))}));
    }
  }
  if (const json* f = r.object(document, "filters", "")) parse_filters(*f, catalog, r, request.filters);
  request.locale = r.choice_id<LocaleId>(document, "locale", "").value_or(LocaleId::en);
  request.limit = r.integer(document, "limit", "", 1, 10000).value_or(20);
  request.order = r.choice_id<OrderId>(document, "order", "").value_or(OrderId::best);
  request.detail = r.choice_id<DetailId>(document, "detail", "").value_or(DetailId::full);
  r.unknown_fields(document, "",
                   {"model", "hf_config", "workload", "engine", "hardware", "filters", "locale", "limit", "order",
                    "detail"});
  // Every top-level error and warning in the request's language, now that it is known.
  if (const Locale* locale = find_locale(id_of(request.locale))) {
    phrase_issues(parsed.errors, *locale);
    phrase_issues(parsed.warnings, *locale);
  }
  return parsed;
}

}  // namespace sizer

#include "json_io.hpp"

#include <cmath>

#include "messages.hpp"
#include "vocabulary.hpp"

namespace sizer {
namespace {

// An enum value as the string id the contract uses (the JSON edge).
template <class E>
std::string word(E value) {
  return std::string(id_of(value));
}

// Numbers leave the core only when finite: a quantity that cannot be computed is absent, never NaN.
void put(json& out, const char* key, double value) {
  if (std::isfinite(value)) out[key] = value;
}
void put(json& out, const char* key, const std::optional<double>& value) {
  if (value) put(out, key, *value);
}
void put_bytes(json& out, const char* key, double bytes) {
  if (std::isfinite(bytes) && bytes >= 0 && bytes < 9.0e18) out[key] = static_cast<int64_t>(std::llround(bytes));
}
void put_int(json& out, const char* key, const std::optional<int64_t>& value) {
  if (value) out[key] = *value;
}

// Each note as a fact and its sentence: params carry the raw figure where there is one, else the text.
json notes_to_json(const std::vector<Note>& notes) {
  json out = json::array();
  for (const Note& n : notes) {
    json params = json::object();
    for (const Param& p : n.fact.params) {
      if (p.value && std::isfinite(*p.value)) {
        params[p.name] = *p.value;
      } else {
        params[p.name] = p.word.empty() ? p.text : p.word;
      }
    }
    out.push_back({{"code", n.code}, {"severity", std::string(id_of(n.severity))}, {"params", std::move(params)},
                   {"text", n.text}});
  }
  return out;
}

json option_to_json(const Option& o) {
  json j = json::object();
  if (!o.provider.empty()) j["provider"] = o.provider;
  if (!o.instance.empty()) j["instance"] = o.instance;
  if (!o.offering_id.empty()) j["offering_id"] = o.offering_id;
  if (!o.region.empty()) j["region"] = o.region;
  j["gpu"] = o.gpu;
  j["gpus"] = o.gpus;
  if (o.pricing) j["pricing"] = word(*o.pricing);
  j["fits"] = o.fits;
  j["meets_targets"] = o.meets_targets;
  put_bytes(j, "vram_bytes_per_gpu", o.vram_bytes_per_gpu);
  put_bytes(j, "used_bytes_per_gpu", o.used_bytes_per_gpu);
  j["parallelism"] = {{"tensor", o.tensor}, {"pipeline", o.pipeline}, {"data", o.data}};
  if (o.expert > 1) j["parallelism"]["expert"] = o.expert;
  j["concurrency"] = o.concurrency;
  if (o.interconnect) j["interconnect"] = word(*o.interconnect);
  if (o.bottleneck) j["bottleneck"] = word(*o.bottleneck);
  put(j, "decode_output_tokens_per_s_per_user", o.decode_output_tokens_per_s_per_user);
  put(j, "output_tokens_per_s", o.output_tokens_per_s);
  put(j, "ttft_s", o.ttft_s);
  put_int(j, "max_concurrency", o.max_concurrency);
  put_int(j, "max_context_tokens", o.max_context_tokens);
  put_int(j, "kv_capacity_tokens", o.kv_capacity_tokens);
  put(j, "train_tokens_per_s", o.train_tokens_per_s);
  put(j, "train_s", o.train_s);
  put(j, "gpu_hours", o.gpu_hours);
  put(j, "mfu", o.mfu);
  put(j, "seconds_per_image", o.seconds_per_image);
  put(j, "real_time_factor", o.real_time_factor);
  put(j, "items_per_s", o.items_per_s);
  put(j, "usd_per_hour", o.usd_per_hour);
  put(j, "usd_per_million_output_tokens", o.usd_per_million_output_tokens);
  put(j, "usd_per_month", o.usd_per_month);
  put(j, "usd_total", o.usd_total);
  put(j, "usd_compute", o.usd_compute);
  put(j, "usd_storage", o.usd_storage);
  put(j, "usd_egress", o.usd_egress);
  put(j, "job_s", o.job_s);
  put(j, "billed_s", o.billed_s);
  put(j, "spot_extra_s", o.spot_extra_s);
  if (o.instances > 1) j["instances"] = o.instances;
  if (o.tier) j["tier"] = word(*o.tier);
  put(j, "usd_per_gpu_hour", o.usd_per_gpu_hour);
  put(j, "startup_s", o.startup_s);
  if (o.sharding) j["sharding"] = word(*o.sharding);
  if (o.range && std::isfinite(o.range->low) && std::isfinite(o.range->high)) {
    j["range"] = {{"metric", o.range->metric}, {"low", o.range->low}, {"high", o.range->high}};
  }
  if (!o.ranges.empty()) {
    json ranges = json::object();
    for (const FigureRange& r : o.ranges) {
      if (!std::isfinite(r.low) || !std::isfinite(r.high)) continue;
      ranges[r.figure] = {{"low", r.low}, {"high", r.high}, {"cases", r.cases}, {"basis", r.basis}};
    }
    j["ranges"] = std::move(ranges);
  }
  j["reasons"] = o.reasons;
  j["warnings"] = o.warnings;
  j["notes"] = notes_to_json(o.notes);
  return j;
}

// The workload as evaluated, defaults filled in, so a page or script need not guess them.
json workload_to_json(const Request& request) {
  json w = {{"kind", workload_kind_name(request.kind)}};
  if (request.kind == WorkloadKind::inference) {
    const InferenceWorkload& i = request.inference;
    w.update({{"weights", word(i.weights)}, {"kv_cache", word(i.kv_cache)}, {"prompt_tokens", i.prompt_tokens},
              {"output_tokens", i.output_tokens}, {"context_tokens", i.context_tokens}, {"concurrency", i.concurrency}});
    put(w, "min_output_tokens_per_s_per_user", i.min_output_tokens_per_s_per_user);
    put(w, "max_ttft_s", i.max_ttft_s);
    put(w, "hours_per_day", i.hours_per_day);
  } else if (is_training(request.kind)) {
    const TrainingWorkload& t = request.training;
    w.update({{"method", word(t.method)}, {"optimizer", word(t.optimizer)}, {"seq_len", t.seq_len}, {"micro_batch", t.micro_batch},
              {"grad_checkpointing", t.grad_checkpointing}, {"sharding", word(t.sharding)}, {"tokens", t.tokens},
              {"weights", word(t.weights)}, {"precision", word(t.precision)}});
    if (t.method != MethodId::full) w.update({{"lora_rank", t.lora_rank}, {"lora_targets", word(t.lora_targets)}});
    put(w, "deadline_s", t.deadline_s);
    put(w, "checkpoint_every_s", t.checkpoint_every_s);
    if (t.parallelism) {
      w["parallelism"] = {{"tensor", t.parallelism->tensor}, {"pipeline", t.parallelism->pipeline},
                          {"data", t.parallelism->data}, {"expert", t.parallelism->expert}};
    }
    put(w, "global_batch_tokens", t.global_batch_tokens);
  } else {
    const MediaWorkload& m = request.media;
    w.update({{"weights", word(m.weights)}, {"batch", m.batch}, {"runtime", word(m.runtime)}});
    if (request.kind == WorkloadKind::audio) {
      w["audio_seconds"] = m.audio_seconds;
      w["steps"] = m.steps;
    } else {
      w.update({{"width", m.width}, {"height", m.height}, {"steps", m.steps}, {"images", m.images},
                {"guidance", m.guidance}});
      if (request.kind == WorkloadKind::video) w["frames"] = m.frames;
    }
  }
  return w;
}

}  // namespace

json issues_to_json(const Issues& issues) {
  json out = json::array();
  for (const auto& issue : issues) {
    out.push_back({{"code", issue.code}, {"path", issue.path}, {"message", issue.message}});
  }
  return out;
}

namespace {

// The unit of a "show the math" value or result, from its name (names carry units: `_bytes`, `_s`,
// `_per_s`, `flops`), as an id the page words in its language: bytes, bytes_per_s, bytes_per_token,
// flop, flop_per_s, s, tokens, tokens_per_s, usd, usd_per_h, usd_per_month, usd_per_million_tokens,
// h, bits, count (how many of something), ratio (a pure number), flag (0 or 1).
std::string explained_unit(const std::string& name) {
  auto ends = [&](const char* tail) {
    const std::string t(tail);
    return name.size() >= t.size() && name.compare(name.size() - t.size(), t.size(), t) == 0;
  };
  if (name == "kv_bytes_per_token") return "bytes_per_token";
  if (ends("bytes_per_s")) return "bytes_per_s";
  if (ends("_bytes") || name == "bytes_per_element" || name == "bytes_per_param" || name == "bytes_per_step") return "bytes";
  if (ends("peak_flops")) return "flop_per_s";
  if (ends("flops_per_step") || ends("flops_per_token") || ends("flops_per_item") || ends("flops_per_pass")) return "flop";
  if (name == "decode_output_tokens_per_s_per_user" || ends("tokens_per_s")) return "tokens_per_s";
  if (name == "usd_per_hour") return "usd_per_h";
  if (name == "usd_per_month") return "usd_per_month";
  if (name == "usd_per_million_output_tokens") return "usd_per_million_tokens";
  if (name.rfind("usd", 0) == 0) return "usd";
  if (name == "hours_per_day" || name == "hours_per_month") return "h";
  if (name == "music_frames_per_s") return "frames_per_s";
  if (name == "real_time_factor") return "s_per_s";
  if (ends("_s") || name == "seconds_per_image") return "s";
  if (name == "bits_per_weight") return "bits";
  if (name == "grad_checkpointing" || name == "on_gpu" || name == "activation_offload") return "flag";
  if (ends("efficiency") || name == "utilisation" || name == "goodput" || ends("_share") || name == "experts_active" || name == "logits_copies" ||
      name == "passes")
    return "ratio";
  if (ends("tokens") || name == "tokens" || name == "window" || name == "seq_len" || name == "tokens_per_step")
    return "tokens";
  return "count";  // params, layers, heads, dimensions, sequences, GPUs, steps: how many of something
}

}  // namespace

json response_to_json(const Response& r) {
  json out = json::object();
  out["ok"] = r.ok;
  out["errors"] = issues_to_json(r.errors);
  out["warnings"] = issues_to_json(r.warnings);
  if (!r.ok) return out;
  json model = {{"name", r.model.name}, {"kind", word(r.model.kind)}, {"assumed", r.model.assumed}};
  if (!r.model.id.empty()) model["id"] = r.model.id;
  put(model, "params_b", r.model.params_b);
  put(model, "active_params_b", r.model.active_params_b);
  model["layers"] = r.model.layers;
  model["hidden"] = r.model.hidden;
  model["heads"] = r.model.heads;
  model["kv_heads"] = r.model.kv_heads;
  model["head_dim"] = r.model.head_dim;
  model["vocab"] = r.model.vocab;
  model["max_context"] = r.model.max_context;
  out["model"] = model;
  out["workload_kind"] = workload_kind_name(r.kind);
  out["workload"] = workload_to_json(r.request);
  out["engine"] = word(r.request.engine);
  if (r.memory) {
    const MemoryReport& m = *r.memory;
    json memory = json::object();
    put_bytes(memory, "weights_bytes", m.weights_bytes);
    if (m.kv_cache_bytes) put_bytes(memory, "kv_cache_bytes", *m.kv_cache_bytes);
    if (m.kv_bytes_per_token) put_bytes(memory, "kv_bytes_per_token", *m.kv_bytes_per_token);
    put_bytes(memory, "activations_bytes", m.activations_bytes);
    if (m.gradients_bytes) put_bytes(memory, "gradients_bytes", *m.gradients_bytes);
    if (m.optimizer_bytes) put_bytes(memory, "optimizer_bytes", *m.optimizer_bytes);
    if (m.adapter_bytes) put_bytes(memory, "adapter_bytes", *m.adapter_bytes);
    if (m.host_bytes) put_bytes(memory, "host_bytes", *m.host_bytes);
    put_bytes(memory, "overhead_bytes", m.overhead_bytes);
    put_bytes(memory, "total_bytes", m.total_bytes);
    out["memory"] = memory;
  }
  out["options"] = json::array();
  for (const auto& option : r.options) out["options"].push_back(option_to_json(option));
  out["options_evaluated"] = r.options_evaluated;
  out["fit_by_gpu"] = json::array();
  for (const auto& fit : r.fit_by_gpu) {
    json item = {{"gpu", fit.gpu}};
    put_bytes(item, "vram_bytes_per_gpu", fit.vram_bytes_per_gpu);
    put_int(item, "gpus_needed", fit.gpus_needed);
    if (fit.used_bytes_per_gpu) put_bytes(item, "used_bytes_per_gpu", *fit.used_bytes_per_gpu);
    out["fit_by_gpu"].push_back(item);
  }
  if (!r.scaling.empty()) {
    out["scaling"] = json::array();
    for (const ScalingRow& row : r.scaling) {
      json item = {{"gpus", row.gpus}, {"instances", row.instances}, {"meets_targets", row.meets_targets}};
      put(item, "job_s", row.job_s);
      put(item, "usd_total", row.usd_total);
      out["scaling"].push_back(item);
    }
  }
  out["guidance"] = json::array();
  for (const auto& g : r.guidance) out["guidance"].push_back({{"id", g.id}, {"question", g.question}, {"answer", g.answer}});
  out["explain"] = json::array();
  for (const auto& e : r.explain) {
    json values = json::object();
    json units = json::object();
    for (const auto& [name, value] : e.values) {
      put(values, name.c_str(), value);
      units[name] = explained_unit(name);
    }
    json item = {{"figure", e.figure}, {"formula", e.formula}, {"values", values}, {"source", e.source}};
    put(item, "result", e.result);
    item["unit"] = explained_unit(e.figure.substr(e.figure.rfind('.') + 1));
    item["units"] = units;
    out["explain"].push_back(item);
  }
  if (!r.catalog_as_of.empty()) out["catalog_as_of"] = r.catalog_as_of;
  return out;
}

json evaluate_text(std::string_view request_text, const Catalog& catalog) {
  Issues errors;
  std::optional<json> document = parse_json_text(request_text, errors, 1u << 20);
  if (!document) {
    Response response;
    response.errors = errors;
    return response_to_json(response);
  }
  return response_to_json(evaluate(*document, catalog));
}

Catalog load_catalog_texts(const std::vector<std::string_view>& texts, Issues& errors, Issues& warnings) {
  std::vector<json> documents;
  for (auto text : texts) {
    std::optional<json> document = parse_json_text(text, errors, 64u << 20);
    if (!document) continue;
    if (!document->is_object()) {
      errors.push_back({"invalid_type", "", "A catalog must be a JSON object with \"gpus\", \"providers\", "
                                            "\"offerings\" and/or \"models\"."});
      continue;
    }
    documents.push_back(std::move(*document));
  }
  json merged = merge_catalog_documents(documents);
  if (errors.empty() && !merged.contains("gpus") && !merged.contains("providers") && !merged.contains("offerings") &&
      !merged.contains("models")) {
    errors.push_back({"empty_catalog", "", "The catalog has none of \"gpus\", \"providers\", \"offerings\" or "
                                           "\"models\"."});
  }
  return read_catalog(merged, errors, warnings);
}

json validate_catalog_text(std::string_view catalog_text) {
  Issues errors;
  Issues warnings;
  Catalog catalog = load_catalog_texts({catalog_text}, errors, warnings);
  json out = {{"ok", errors.empty()}, {"errors", issues_to_json(errors)}, {"warnings", issues_to_json(warnings)}};
  out["counts"] = {{"gpus", catalog.gpus.size()},
                   {"providers", catalog.providers.size()},
                   {"offerings", catalog.offerings.size()},
                   {"models", catalog.models.size()}};
  return out;
}

json vocabulary_json() {
  json out = json::object();
  for (const VocabularyList& list : vocabulary_lists()) {
    json entries = json::array();
    for (std::string_view id : list.ids) {
      const std::string key = "vocab." + std::string(list.name) + "." + std::string(id);
      json label = json::object();
      for (std::string_view locale : Vocabulary<LocaleId>::ids) {
        label[std::string(locale)] = std::string(message_text(*find_locale(locale), key));
      }
      entries.push_back({{"id", std::string(id)}, {"label", std::move(label)}});
    }
    out[std::string(list.name)] = std::move(entries);
  }
  return out;
}

}  // namespace sizer

#include "json_io.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>

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

// The options are the part of a response that grows with the catalog (every option returned: ~1,400), so
// they are written straight to text instead of built as nlohmann objects and dumped (perf on the every-option
// evaluate: most of its time was map nodes, key strings and the dump). The text is byte for byte what
// nlohmann writes: keys in byte order (its objects are std::maps), numbers through its own to_chars, strings
// through its serializer whenever they need escaping. Keep the keys below in byte order when adding one:
// "the streamed options equal nlohmann's dump" in tests/cpp/json_io_test.cpp fails otherwise.
class TextObject {
 public:
  explicit TextObject(std::string& out) : out_(out) { out_ += '{'; }
  ~TextObject() { out_ += '}'; }
  TextObject(const TextObject&) = delete;
  TextObject& operator=(const TextObject&) = delete;

  // Starts the next member; the caller writes its value.
  std::string& key(const char* name) {
    if (!first_) out_ += ',';
    first_ = false;
    out_ += '"';
    out_ += name;
    out_ += "\":";
    return out_;
  }
  void put(const char* name, double value) {
    if (std::isfinite(value)) write_number(key(name), value);
  }
  void put(const char* name, const std::optional<double>& value) {
    if (value) put(name, *value);
  }
  void put_bytes(const char* name, double bytes) {
    if (std::isfinite(bytes) && bytes >= 0 && bytes < 9.0e18) write_integer(key(name), static_cast<int64_t>(std::llround(bytes)));
  }
  void put_int(const char* name, const std::optional<int64_t>& value) {
    if (value) write_integer(key(name), *value);
  }
  void put_integer(const char* name, int64_t value) { write_integer(key(name), value); }
  void put_bool(const char* name, bool value) { key(name) += value ? "true" : "false"; }
  void put_string(const char* name, std::string_view value) { write_string(key(name), value); }

  static void write_integer(std::string& out, int64_t value) {
    char buffer[24];
    const char* end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    out.append(buffer, static_cast<size_t>(end - buffer));
  }
  static void write_number(std::string& out, double value) {
    char buffer[64];
    const char* end = nlohmann::detail::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, static_cast<size_t>(end - buffer));
  }
  static void write_string(std::string& out, std::string_view value) {
    bool plain = true;
    for (const char c : value) {
      const auto byte = static_cast<unsigned char>(c);
      if (byte < 0x20 || byte >= 0x80 || c == '"' || c == '\\') {
        plain = false;
        break;
      }
    }
    if (plain) {
      out += '"';
      out += value;
      out += '"';
    } else {
      // UTF-8 (Arabic text), escapes and any invalid byte: exactly as dump_json writes them.
      out += dump_json(json(std::string(value)));
    }
  }

 private:
  std::string& out_;
  bool first_ = true;
};

void write_strings(std::string& out, const std::vector<std::string>& values) {
  out += '[';
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out += ',';
    TextObject::write_string(out, values[i]);
  }
  out += ']';
}

// Each note as a fact and its sentence: params carry the raw figure where there is one, else the text.
void write_notes(std::string& out, const std::vector<Note>& notes) {
  out += '[';
  for (size_t i = 0; i < notes.size(); ++i) {
    const Note& n = notes[i];
    if (i) out += ',';
    TextObject note(out);
    note.put_string("code", n.code);
    {
      // A json object: sorted by name, and a later param of the same name replaces an earlier one.
      std::vector<const Param*> params;
      params.reserve(n.fact.params.size());
      for (const Param& p : n.fact.params) params.push_back(&p);
      std::stable_sort(params.begin(), params.end(), [](const Param* a, const Param* b) { return a->name < b->name; });
      std::string& text = note.key("params");
      text += '{';
      bool first = true;
      for (size_t k = 0; k < params.size(); ++k) {
        if (k + 1 < params.size() && params[k + 1]->name == params[k]->name) continue;
        const Param& p = *params[k];
        if (!first) text += ',';
        first = false;
        TextObject::write_string(text, p.name);
        text += ':';
        if (p.value && std::isfinite(*p.value)) {
          TextObject::write_number(text, *p.value);
        } else {
          TextObject::write_string(text, p.word.empty() ? p.text : p.word);
        }
      }
      text += '}';
    }
    note.put_string("severity", id_of(n.severity));
    note.put_string("text", n.text);
  }
  out += ']';
}

void write_option(std::string& out, const Option& o) {
  TextObject j(out);
  j.put("billed_s", o.billed_s);
  if (o.bottleneck) j.put_string("bottleneck", id_of(*o.bottleneck));
  j.put_integer("concurrency", o.concurrency);
  j.put("decode_output_tokens_per_s_per_user", o.decode_output_tokens_per_s_per_user);
  j.put_bool("fits", o.fits);
  j.put_string("gpu", o.gpu);
  j.put("gpu_hours", o.gpu_hours);
  j.put_integer("gpus", o.gpus);
  if (!o.instance.empty()) j.put_string("instance", o.instance);
  if (o.instances > 1) j.put_integer("instances", o.instances);
  if (o.interconnect) j.put_string("interconnect", id_of(*o.interconnect));
  j.put("items_per_s", o.items_per_s);
  j.put("job_s", o.job_s);
  j.put_int("kv_capacity_tokens", o.kv_capacity_tokens);
  j.put_int("max_concurrency", o.max_concurrency);
  j.put_int("max_context_tokens", o.max_context_tokens);
  j.put_bool("meets_targets", o.meets_targets);
  j.put("mfu", o.mfu);
  write_notes(j.key("notes"), o.notes);
  if (!o.offering_id.empty()) j.put_string("offering_id", o.offering_id);
  j.put("output_tokens_per_s", o.output_tokens_per_s);
  {
    TextObject parallelism(j.key("parallelism"));
    parallelism.put_integer("data", o.data);
    if (o.expert > 1) parallelism.put_integer("expert", o.expert);
    parallelism.put_integer("pipeline", o.pipeline);
    parallelism.put_integer("tensor", o.tensor);
  }
  if (o.pricing) j.put_string("pricing", id_of(*o.pricing));
  if (!o.provider.empty()) j.put_string("provider", o.provider);
  if (o.range && std::isfinite(o.range->low) && std::isfinite(o.range->high)) {
    TextObject range(j.key("range"));
    range.put("high", o.range->high);
    range.put("low", o.range->low);
    range.put_string("metric", o.range->metric);
  }
  {
    // A json object of figures, sorted by name as nlohmann would; non-finite ranges are left out.
    std::vector<const FigureRange*> ranges;
    for (const FigureRange& r : o.ranges) {
      if (std::isfinite(r.low) && std::isfinite(r.high)) ranges.push_back(&r);
    }
    if (!o.ranges.empty()) {
      std::stable_sort(ranges.begin(), ranges.end(), [](const FigureRange* a, const FigureRange* b) { return a->figure < b->figure; });
      std::string& text = j.key("ranges");
      text += '{';
      for (size_t k = 0; k < ranges.size(); ++k) {
        if (k) text += ',';
        TextObject::write_string(text, ranges[k]->figure);
        text += ':';
        TextObject figure(text);
        figure.put_string("basis", ranges[k]->basis);
        figure.put_integer("cases", ranges[k]->cases);
        figure.put("high", ranges[k]->high);
        figure.put("low", ranges[k]->low);
      }
      text += '}';
    }
  }
  j.put("real_time_factor", o.real_time_factor);
  write_strings(j.key("reasons"), o.reasons);
  if (!o.region.empty()) j.put_string("region", o.region);
  j.put("seconds_per_image", o.seconds_per_image);
  if (o.sharding) j.put_string("sharding", id_of(*o.sharding));
  j.put("spot_extra_s", o.spot_extra_s);
  j.put("startup_s", o.startup_s);
  if (o.tier) j.put_string("tier", id_of(*o.tier));
  j.put("train_s", o.train_s);
  j.put("train_tokens_per_s", o.train_tokens_per_s);
  j.put("ttft_s", o.ttft_s);
  j.put("usd_compute", o.usd_compute);
  j.put("usd_egress", o.usd_egress);
  j.put("usd_per_gpu_hour", o.usd_per_gpu_hour);
  j.put("usd_per_hour", o.usd_per_hour);
  j.put("usd_per_million_output_tokens", o.usd_per_million_output_tokens);
  j.put("usd_per_month", o.usd_per_month);
  j.put("usd_storage", o.usd_storage);
  j.put("usd_total", o.usd_total);
  j.put_bytes("used_bytes_per_gpu", o.used_bytes_per_gpu);
  j.put_bytes("vram_bytes_per_gpu", o.vram_bytes_per_gpu);
  write_strings(j.key("warnings"), o.warnings);
}

std::string options_text(const std::vector<Option>& options) {
  std::string out;
  out.reserve(options.size() * 1500 + 2);
  out += '[';
  for (size_t i = 0; i < options.size(); ++i) {
    if (i) out += ',';
    write_option(out, options[i]);
  }
  out += ']';
  return out;
}

// The response as nlohmann builds it, with the options left as a marker that text_of replaces.
constexpr const char* kOptionsMarker = "\x01options\x01";

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


json response_without_options(const Response& r) {
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
  out["options"] = kOptionsMarker;
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

}  // namespace

std::string response_to_text(const Response& r) {
  std::string text = dump_json(response_without_options(r));
  if (!r.ok) return text;
  // The marker's text, as a member: `":"` never occurs inside a JSON string (each quote there is escaped),
  // so this finds the member itself, never a string that spells it.
  static const std::string marker = "\"options\":" + dump_json(json(kOptionsMarker));
  const size_t at = text.find(marker);
  if (at == std::string::npos) return text;  // not reached: response_without_options always writes it
  const size_t value_at = at + std::string_view("\"options\":").size();
  text.replace(value_at, marker.size() - (value_at - at), options_text(r.options));
  return text;
}

json response_to_json(const Response& r) {
  const std::string text = response_to_text(r);
  return json::parse(text, nullptr, /*allow_exceptions=*/false);
}

std::string evaluate_to_text(std::string_view request_text, const Catalog& catalog) {
  Issues errors;
  std::optional<json> document = parse_json_text(request_text, errors, 1u << 20);
  if (!document) {
    Response response;
    response.errors = errors;
    return response_to_text(response);
  }
  return response_to_text(evaluate(*document, catalog));
}

json evaluate_text(std::string_view request_text, const Catalog& catalog) {
  return json::parse(evaluate_to_text(request_text, catalog), nullptr, /*allow_exceptions=*/false);
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
  json merged = merge_catalog_documents(std::move(documents));
  if (errors.empty() && !merged.contains("gpus") && !merged.contains("providers") && !merged.contains("offerings") &&
      !merged.contains("models")) {
    errors.push_back({"empty_catalog", "", "The catalog has none of \"gpus\", \"providers\", \"offerings\" or "
                                           "\"models\"."});
  }
  return read_catalog(std::move(merged), errors, warnings);
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

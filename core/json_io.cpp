#include "json_io.hpp"
#include "table.hpp"
#include "noinline.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "json_text.hpp"
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

// The options are the part of a response that grows with the catalog (every option returned: ~1,400), so
// they are written straight to text instead of built as nlohmann objects and dumped (perf on the every-option
// evaluate: most of its time was map nodes, key strings and the dump). The text is byte for byte what
// nlohmann writes: keys in byte order (its objects are std::maps), numbers through its own to_chars, strings
// through its serializer whenever they need escaping. Keep the keys below in byte order when adding one:
// "the streamed options equal nlohmann's dump" in tests/cpp/json_io_test.cpp fails otherwise.
class TextObject : public JsonText {
 public:
  explicit TextObject(Text& out) : out_(out) { out_ += '{'; }
  ~TextObject() { out_ += '}'; }
  TextObject(const TextObject&) = delete;
  TextObject& operator=(const TextObject&) = delete;

  // Starts the next member; the caller writes its value.
  Text& key(const char* name) {
    if (!first_) out_ += ',';
    first_ = false;
    out_ += '"';
    out_ += name;
    out_ += "\":";
    return out_;
  }
  // A member whose name is data, not a literal: escaped as any string.
  Text& escaped_key(std::string_view name) {
    if (!first_) out_ += ',';
    first_ = false;
    write_string(out_, name);
    out_ += ':';
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

 private:
  Text& out_;
  bool first_ = true;
};

// A JSON array of `items`, each written by write_item(out, item).
template <class T, class WriteItem>
void write_list(Text& out, const std::vector<T>& items, WriteItem write_item) {
  out += '[';
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    write_item(out, items[i]);
  }
  out += ']';
}

void write_strings(Text& out, const std::vector<std::string>& values) {
  write_list(out, values, [](Text& text, const std::string& value) { TextObject::write_string(text, value); });
}

// Each note as a fact and its sentence: params carry the raw figure where there is one, else the text.
void write_notes(Text& out, const std::vector<Note>& notes) {
  write_list(out, notes, [](Text& list, const Note& n) {
    TextObject note(list);
    note.put_string("code", n.code);
    {
      // A json object: sorted by name, and a later param of the same name replaces an earlier one.
      std::vector<const Param*> params;
      params.reserve(n.fact.params.size());
      for (const Param& p : n.fact.params) params.push_back(&p);
      std::stable_sort(params.begin(), params.end(), [](const Param* a, const Param* b) { return a->name < b->name; });
      Text& text = note.key("params");
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
          // A word phrased in the locale: its id when it carries one (text), else its message key.
          TextObject::write_string(text, p.word.empty() || !p.text.empty() ? p.text : p.word);
        }
      }
      text += '}';
    }
    note.put_string("severity", id_of(n.severity));
    note.put_string("text", n.text);
  });
}

void write_option(Text& out, const Option& o) {
  TextObject j(out);
  j.put("billed_s", o.billed_s);
  if (o.bottleneck) j.put_string("bottleneck", id_of(*o.bottleneck));
  j.put_integer("concurrency", o.concurrency);
  j.put("decode_output_tokens_per_s_per_user", o.decode_output_tokens_per_s_per_user);
  if (o.eligibility) {
    TextObject e(j.key("eligibility"));
    e.put_string("class", id_of(o.eligibility->klass));
    e.put_string("code", o.eligibility->code);
    e.put_string("reason", o.eligibility->text);
    e.put_integer("rule", o.eligibility->rule);
  }
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
  j.put("listed_usd_per_hour", o.listed_usd_per_hour);
  j.put_int("max_concurrency", o.max_concurrency);
  j.put_int("max_context_tokens", o.max_context_tokens);
  j.put_bool("meets_targets", o.meets_targets);
  j.put("mfu", o.mfu);
  write_notes(j.key("notes"), o.notes);
  if (!o.offering_id.empty()) j.put_string("offering_id", o.offering_id);
  j.put("output_tokens_per_s", o.output_tokens_per_s);
  {
    TextObject parallelism(j.key("parallelism"));
    if (o.context > 1) parallelism.put_integer("context", o.context);
    parallelism.put_integer("data", o.data);
    if (o.expert > 1) parallelism.put_integer("expert", o.expert);
    parallelism.put_integer("pipeline", o.pipeline);
    parallelism.put_integer("tensor", o.tensor);
  }
  if (o.price_confidence) j.put_string("price_confidence", id_of(*o.price_confidence));
  if (!o.price_seen.empty()) j.put_string("price_seen", o.price_seen);
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
      Text& text = j.key("ranges");
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
  j.put("target_margin", o.target_margin);
  j.put("term_days", o.term_days);
  if (o.tier) j.put_string("tier", id_of(*o.tier));
  j.put("tpot_mean_s", o.tpot_mean_s);
  j.put("tpot_p90_s", o.tpot_p90_s);
  j.put("train_s", o.train_s);
  j.put("train_tokens_per_s", o.train_tokens_per_s);
  j.put("ttft_mean_s", o.ttft_mean_s);
  j.put("ttft_p90_s", o.ttft_p90_s);
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
    put(w, "batch_tokens", i.batch_tokens);
    put(w, "batch_requests", i.batch_requests);
    put(w, "prefill_token_budget", i.prefill_token_budget);
    put(w, "benchmark_requests", i.benchmark_requests);
  } else if (is_training(request.kind)) {
    const TrainingWorkload& t = request.training;
    w.update({{"method", word(t.method)}, {"optimizer", word(t.optimizer)}, {"seq_len", t.seq_len}, {"micro_batch", t.micro_batch},
              {"grad_checkpointing", t.selective_checkpointing ? json("selective") : json(t.grad_checkpointing)}, {"sharding", word(t.sharding)}, {"tokens", t.tokens},
              {"weights", word(t.weights)}, {"precision", word(t.precision)}});
    if (t.method != MethodId::full) w.update({{"lora_rank", t.lora_rank}, {"lora_targets", word(t.lora_targets)}});
    put(w, "deadline_s", t.deadline_s);
    put(w, "checkpoint_every_s", t.checkpoint_every_s);
    if (t.parallelism) {
      w["parallelism"] = {{"tensor", t.parallelism->tensor}, {"pipeline", t.parallelism->pipeline},
                          {"data", t.parallelism->data}, {"expert", t.parallelism->expert}};
      if (t.parallelism->context > 1) w["parallelism"]["context"] = t.parallelism->context;
    }
    put(w, "global_batch_tokens", t.global_batch_tokens);
  } else {
    const MediaWorkload& m = request.media;
    w.update({{"weights", word(m.weights)}, {"batch", m.batch}, {"runtime", word(m.runtime)}});
    put(w, "deadline_s", m.deadline_s);
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
// Returns a literal and compares views: this runs for every value of every explanation written (no strings
// built per test).
const char* explained_unit(std::string_view name) {
  auto ends = [&](std::string_view tail) {
    return name.size() >= tail.size() && name.substr(name.size() - tail.size()) == tail;
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
  if (name == "prefill_s_per_token") return "s_per_token";
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

namespace {

void write_issues(Text& out, const Issues& issues) {
  write_list(out, issues, [](Text& list, const Issue& i) {
    TextObject issue(list);
    issue.put_string("code", i.code);
    issue.put_string("message", i.message);
    issue.put_string("path", i.path);
  });
}

// "Show the math": values and units are json objects (sorted by name; of a repeated name the last finite
// value stays, as repeated assignments leave it).
void write_explain(Text& out, const std::vector<Explanation>& explain) {
  std::vector<const std::pair<std::string, double>*> values;
  write_list(out, explain, [&values](Text& list, const Explanation& e) {
    TextObject item(list);
    item.put_string("figure", e.figure);
    item.put_string("formula", e.formula);
    item.put("result", e.result);
    item.put_string("source", e.source);
    const std::string_view figure = e.figure;
    item.put_string("unit", explained_unit(figure.substr(figure.rfind('.') + 1)));
    values.clear();
    for (const auto& v : e.values) values.push_back(&v);
    std::stable_sort(values.begin(), values.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
    {
      TextObject units(item.key("units"));
      for (size_t k = 0; k < values.size(); ++k) {
        if (k + 1 < values.size() && values[k + 1]->first == values[k]->first) continue;
        TextObject::write_string(units.escaped_key(values[k]->first), explained_unit(values[k]->first));
      }
    }
    TextObject written(item.key("values"));
    for (size_t k = 0; k < values.size();) {
      size_t last = k;  // the group of one name: [k, next)
      size_t next = k + 1;
      while (next < values.size() && values[next]->first == values[k]->first) ++next;
      bool any = false;
      for (size_t m = k; m < next; ++m) {
        if (std::isfinite(values[m]->second)) {
          last = m;
          any = true;
        }
      }
      if (any) TextObject::write_number(written.escaped_key(values[last]->first), values[last]->second);
      k = next;
    }
  });
}

// A table's values as JSON: one list per column, null where absent; whole numbers as integers (what
// JavaScript's JSON.stringify writes for the same doubles, so every door's text reads back the same).
void write_table_values(Text& out, const OptionTable& table) {
  out += '[';
  for (size_t c = 0; c < kTableColumns; ++c) {
    if (c) out += ',';
    out += '[';
    for (size_t r = 0; r < table.rows; ++r) {
      if (r) out += ',';
      const double v = table.values[c * table.rows + r];
      if (!std::isfinite(v)) {
        out += "null";
      } else if (v == std::trunc(v) && std::fabs(v) < 9007199254740992.0) {
        JsonText::write_integer(out, static_cast<int64_t>(v));
      } else {
        JsonText::write_number(out, v);
      }
    }
    out += ']';
  }
  out += ']';
}

}  // namespace

// The whole response written as text, members in byte order as nlohmann's std::map objects keep them; the
// small parts (model, memory, workload) are built as json values and written by write_value. Building the
// response as a json tree and dumping it was most of a pinned evaluate (a sweep point: ~0.7 of ~0.9 ms natively,
// perf: map nodes, their teardown, and nlohmann's byte-by-byte escaping of the guidance and explanations).
SIZER_NOINLINE std::string response_to_text(const Response& r, bool table_values) {
  Text out;
  out.reserve(r.options.size() * 2048 + 24576);
  {
    TextObject top(out);
    if (r.ok) {
      if (!r.catalog_as_of.empty()) top.put_string("catalog_as_of", r.catalog_as_of);
      top.put_string("engine", id_of(r.request.engine));
    }
    write_issues(top.key("errors"), r.errors);
    if (r.ok) {
      write_explain(top.key("explain"), r.explain);
      write_list(top.key("fit_by_gpu"), r.fit_by_gpu, [](Text& list, const GpuFit& fit) {
        TextObject item(list);
        item.put_string("gpu", fit.gpu);
        item.put_int("gpus_needed", fit.gpus_needed);
        if (fit.used_bytes_per_gpu) item.put_bytes("used_bytes_per_gpu", *fit.used_bytes_per_gpu);
        item.put_bytes("vram_bytes_per_gpu", fit.vram_bytes_per_gpu);
      });
      write_list(top.key("guidance"), r.guidance, [](Text& list, const Guidance& g) {
        TextObject item(list);
        item.put_string("answer", g.answer);
        item.put_string("id", g.id);
        item.put_string("question", g.question);
      });
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
        TextObject::write_value(top.key("memory"), memory);
      }
      {
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
        TextObject::write_value(top.key("model"), model);
      }
    }
    top.put_bool("ok", r.ok);
    if (r.ok) {
      write_list(top.key("options"), r.options, write_option);
      top.put_integer("options_evaluated", r.options_evaluated);
      if (!r.scaling.empty()) {
        write_list(top.key("scaling"), r.scaling, [](Text& list, const ScalingRow& row) {
          TextObject item(list);
          item.put_integer("gpus", row.gpus);
          item.put_integer("instances", row.instances);
          item.put("job_s", row.job_s);
          item.put_bool("meets_targets", row.meets_targets);
          item.put("usd_total", row.usd_total);
        });
      }
      if (r.table) {
        // Without `table_values` the values stay with the caller (the WASM door hands them over as doubles).
        TextObject table(top.key("table"));
        write_list(table.key("columns"), ids_of<TableColumnId>(),
                   [](Text& list, std::string_view id) { TextObject::write_string(list, id); });
        table.put_integer("rows", static_cast<int64_t>(r.table->rows));
        if (table_values) write_table_values(table.key("values"), *r.table);
      }
    }
    write_issues(top.key("warnings"), r.warnings);
    if (r.ok) {
      TextObject::write_value(top.key("workload"), workload_to_json(r.request));
      top.put_string("workload_kind", workload_kind_name(r.kind));
    }
  }
  return out.take();
}

json response_to_json(const Response& r) {
  const std::string text = response_to_text(r);
  return json::parse(text, nullptr, /*allow_exceptions=*/false);
}

std::string evaluate_to_text(std::string_view request_text, const Catalog& catalog, std::vector<double>* table_values) {
  Issues errors;
  std::optional<json> document = parse_json_text(request_text, errors, 1u << 20);
  if (!document) {
    Response response;
    response.errors = errors;
    return response_to_text(response);
  }
  Response response = evaluate(*document, catalog);
  if (table_values == nullptr || !response.table) return response_to_text(response);
  std::string text = response_to_text(response, false);
  *table_values = std::move(response.table->values);
  return text;
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

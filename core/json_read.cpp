#include "json_read.hpp"

#include <algorithm>
#include <vector>
#include "noinline.hpp"

#include <cmath>
#include <cstdio>

namespace sizer {

Issue make_issue(std::string code, std::string path, Message fact) {
  std::string text = phrase(english(), fact);
  return Issue{std::move(code), std::move(path), std::move(text), std::move(fact)};
}

void phrase_issues(Issues& issues, const Locale& locale) {
  for (Issue& issue : issues) {
    if (!issue.fact.key.empty()) issue.message = phrase(locale, issue.fact);
  }
}

std::string pointer_append(std::string_view base, std::string_view token) {
  std::string out(base);
  out.push_back('/');
  for (char c : token) {
    if (c == '~') {
      out += "~0";
    } else if (c == '/') {
      out += "~1";
    } else {
      out.push_back(c);
    }
  }
  return out;
}

std::string pointer_append(std::string_view base, size_t index) {
  return std::string(base) + "/" + std::to_string(index);
}

std::string format_number(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", value);
  return buffer;
}

namespace {
// Deepest nesting of arrays/objects, skipping string contents. Stops early past the limit.
int nesting_depth(std::string_view text, int limit) {
  int depth = 0;
  int deepest = 0;
  bool in_string = false;
  bool escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

// The JSON type of a value as a word of the catalogs ("issue.type.<type>": "an object", "a number", ...).
Param type_name(const json& value) {
  switch (value.type()) {
    case json::value_t::null: return param_word("actual", "issue.type.null");
    case json::value_t::object: return param_word("actual", "issue.type.object");
    case json::value_t::array: return param_word("actual", "issue.type.array");
    case json::value_t::string: return param_word("actual", "issue.type.string");
    case json::value_t::boolean: return param_word("actual", "issue.type.boolean");
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float: return param_word("actual", "issue.type.number");
    default: return param_word("actual", "issue.type.unsupported");
  }
}
Param field(std::string_view key) { return param_text("field", std::string(key)); }

}  // namespace

SIZER_NOINLINE std::optional<json> parse_json_text(std::string_view text, Issues& errors, size_t max_bytes, int max_depth) {
  if (text.size() > max_bytes) {
    errors.push_back(make_issue("too_large", "",
                                message("issue.too_large",
                                        {param_number("size", static_cast<double>(text.size()), std::to_string(text.size())),
                                         param_number("max", static_cast<double>(max_bytes), std::to_string(max_bytes))})));
    return std::nullopt;
  }
  if (nesting_depth(text, max_depth) > max_depth) {
    errors.push_back(make_issue(
        "too_deep", "", message("issue.too_deep", {param_number("max", max_depth, std::to_string(max_depth))}, "max")));
    return std::nullopt;
  }
  json parsed = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded()) {
    errors.push_back(make_issue("malformed_json", "", message("issue.malformed_json")));
    return std::nullopt;
  }
  return parsed;
}

std::string dump_json(const json& value, int indent) {
  return value.dump(indent, ' ', /*ensure_ascii=*/false, json::error_handler_t::replace);
}

const json* JsonReader::find(const json& object, std::string_view key) const {
  if (!object.is_object()) return nullptr;
  auto it = object.find(std::string(key));
  if (it == object.end()) return nullptr;
  return &*it;
}

void JsonReader::error(std::string code, std::string path, Message fact) {
  errors_.push_back(make_issue(std::move(code), std::move(path), std::move(fact)));
}

void JsonReader::warning(std::string code, std::string path, Message fact) {
  warnings_.push_back(make_issue(std::move(code), std::move(path), std::move(fact)));
}

void JsonReader::error(std::string code, std::string path, std::string message) {
  errors_.push_back({std::move(code), std::move(path), std::move(message)});
}

void JsonReader::warning(std::string code, std::string path, std::string message) {
  warnings_.push_back({std::move(code), std::move(path), std::move(message)});
}

std::optional<double> JsonReader::number(const json& object, std::string_view key, std::string_view path,
                                         NumberRange range, bool required, bool null_ok) {
  const std::string where = pointer_append(path, key);
  const json* value = find(object, key);
  if (value == nullptr || (null_ok && value->is_null())) {
    if (required) error("missing_field", where, message("issue.missing_field", {field(key)}));
    return std::nullopt;
  }
  if (!value->is_number()) {
    error("invalid_type", where, message("issue.invalid_type.number", {field(key), type_name(*value)}));
    return std::nullopt;
  }
  const double x = value->get<double>();
  const bool below = range.min_exclusive ? !(x > range.min) : !(x >= range.min);
  if (!std::isfinite(x) || below || x > range.max) {
    error("out_of_range", where,
          message(range.min_exclusive ? "issue.out_of_range.above" : "issue.out_of_range.at_least",
                  {field(key), param_number("value", x, format_number(x)),
                   param_number("min", range.min, format_number(range.min)),
                   param_number("max", range.max, format_number(range.max))}));
    return std::nullopt;
  }
  return x;
}

std::optional<int64_t> JsonReader::integer(const json& object, std::string_view key, std::string_view path, int64_t min,
                                           int64_t max, bool required, bool null_ok) {
  const std::string where = pointer_append(path, key);
  const json* value = find(object, key);
  if (value == nullptr || (null_ok && value->is_null())) {
    if (required) error("missing_field", where, message("issue.missing_field", {field(key)}));
    return std::nullopt;
  }
  if (!value->is_number()) {
    error("invalid_type", where, message("issue.invalid_type.integer", {field(key), type_name(*value)}));
    return std::nullopt;
  }
  const double x = value->get<double>();
  if (!std::isfinite(x) || x != std::floor(x)) {
    error("invalid_type", where,
          message("issue.invalid_type.integer", {field(key), param_number("actual", x, format_number(x))}));
    return std::nullopt;
  }
  if (x < static_cast<double>(min) || x > static_cast<double>(max)) {
    error("out_of_range", where,
          message("issue.out_of_range.between",
                  {field(key), param_number("value", x, format_number(x)),
                   param_number("min", static_cast<double>(min), std::to_string(min)),
                   param_number("max", static_cast<double>(max), std::to_string(max))}));
    return std::nullopt;
  }
  return static_cast<int64_t>(x);
}

std::optional<std::string> JsonReader::string(const json& object, std::string_view key, std::string_view path,
                                              bool required, size_t max_length, bool null_ok) {
  const std::string where = pointer_append(path, key);
  const json* value = find(object, key);
  if (value == nullptr || (null_ok && value->is_null())) {
    if (required) error("missing_field", where, message("issue.missing_field", {field(key)}));
    return std::nullopt;
  }
  if (!value->is_string()) {
    error("invalid_type", where, message("issue.invalid_type.text", {field(key), type_name(*value)}));
    return std::nullopt;
  }
  const auto& text = value->get_ref<const std::string&>();
  if (text.size() > max_length) {
    error("too_long", where,
          message("issue.too_long",
                  {field(key), param_number("length", static_cast<double>(text.size()), std::to_string(text.size())),
                   param_number("max", static_cast<double>(max_length), std::to_string(max_length))}));
    return std::nullopt;
  }
  if (required && text.empty()) {
    error("missing_field", where, message("issue.missing_field.empty", {field(key)}));
    return std::nullopt;
  }
  return text;
}

std::optional<std::string> JsonReader::choice(const json& object, std::string_view key, std::string_view path,
                                              std::initializer_list<std::string_view> allowed, bool required) {
  return choice(object, key, path, std::vector<std::string_view>(allowed), required);
}

std::optional<std::string> JsonReader::choice(const json& object, std::string_view key, std::string_view path,
                                              const std::vector<std::string_view>& allowed, bool required) {
  auto text = string(object, key, path, required, 64);
  if (!text) return std::nullopt;
  for (auto option : allowed) {
    if (*text == option) return text;
  }
  std::string list;
  for (auto option : allowed) {
    if (!list.empty()) list += ", ";
    list += option;
  }
  error("unknown_value", pointer_append(path, key),
        message("issue.unknown_value",
                {field(key), param_text("value", text->substr(0, 40)), param_text("expected", list)}));
  return std::nullopt;
}

std::optional<bool> JsonReader::boolean(const json& object, std::string_view key, std::string_view path,
                                        bool required) {
  const std::string where = pointer_append(path, key);
  const json* value = find(object, key);
  if (value == nullptr) {
    if (required) error("missing_field", where, message("issue.missing_field", {field(key)}));
    return std::nullopt;
  }
  if (!value->is_boolean()) {
    error("invalid_type", where, message("issue.invalid_type.boolean", {field(key), type_name(*value)}));
    return std::nullopt;
  }
  return value->get<bool>();
}

const json* JsonReader::object(const json& parent, std::string_view key, std::string_view path, bool required) {
  const std::string where = pointer_append(path, key);
  const json* value = find(parent, key);
  if (value == nullptr) {
    if (required) error("missing_field", where, message("issue.missing_field", {field(key)}));
    return nullptr;
  }
  if (!value->is_object()) {
    error("invalid_type", where, message("issue.invalid_type.object", {field(key), type_name(*value)}));
    return nullptr;
  }
  return value;
}

const json* JsonReader::array(const json& parent, std::string_view key, std::string_view path, bool required) {
  const std::string where = pointer_append(path, key);
  const json* value = find(parent, key);
  if (value == nullptr) {
    if (required) error("missing_field", where, message("issue.missing_field", {field(key)}));
    return nullptr;
  }
  if (!value->is_array()) {
    error("invalid_type", where, message("issue.invalid_type.list", {field(key), type_name(*value)}));
    return nullptr;
  }
  return value;
}

namespace {

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// Optimal string alignment distance, capped: rows of at most 64 characters are compared (ids and field names are
// shorter; a longer input is no slip of the keyboard).
size_t edit_distance(std::string_view a, std::string_view b) {
  const size_t n = std::min<size_t>(a.size(), 64), m = std::min<size_t>(b.size(), 64);
  std::vector<size_t> d((n + 1) * (m + 1));
  auto at = [&](size_t i, size_t j) -> size_t& { return d[i * (m + 1) + j]; };
  for (size_t i = 0; i <= n; ++i) at(i, 0) = i;
  for (size_t j = 0; j <= m; ++j) at(0, j) = j;
  for (size_t i = 1; i <= n; ++i) {
    for (size_t j = 1; j <= m; ++j) {
      const size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      at(i, j) = std::min({at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1])) {
        at(i, j) = std::min(at(i, j), at(i - 2, j - 2) + 1);
      }
    }
  }
  return at(n, m);
}

bool lower_starts_with(std::string_view text, std::string_view prefix) {
  if (prefix.size() > text.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (lower(text[i]) != lower(prefix[i])) return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> nearest_name(std::string_view name, const std::vector<std::string_view>& known) {
  if (name.empty() || name.size() > 64) return std::nullopt;
  const size_t limit = std::max<size_t>(2, name.size() / 3);
  std::optional<std::string> best;
  size_t best_distance = limit + 1;
  for (std::string_view k : known) {
    size_t dist = edit_distance(name, k);
    // "a100-80gb" for "a100-80gb-sxm": a known name that completes the one given is the nearest of all, nearer than
    // one edit away ("a100-40gb", another card). "llama-70b" for "llama-3.1-70b": a name inside the other is a near
    // miss too (counted as the limit).
    if (dist > 0 && name.size() >= 4 && k.size() > name.size() && lower_starts_with(k, name)) {
      dist = 0;
    } else if (dist > limit && name.size() >= 4 && k.size() >= 4 &&
               (k.find(name) != std::string_view::npos || name.find(k) != std::string_view::npos)) {
      dist = limit;
    }
    // Of several completions, the shortest ("llama-3.1-8b" for "llama-3.1-8", not a longer variant).
    if (dist < best_distance || (dist == 0 && best_distance == 0 && best && k.size() < best->size())) {
      best_distance = dist;
      best = std::string(k);
    }
  }
  return best;
}

void JsonReader::unknown_fields(const json& object, std::string_view path,
                                std::initializer_list<std::string_view> known, bool strict) {
  if (!object.is_object()) return;
  for (auto it = object.begin(); it != object.end(); ++it) {
    bool found = false;
    for (auto name : known) {
      if (it.key() == name) {
        found = true;
        break;
      }
    }
    if (found) continue;
    if (!strict) {
      warning("unknown_field", pointer_append(path, it.key()),
              message("issue.unknown_field", {param_text("field", it.key().substr(0, 60))}));
      continue;
    }
    const std::vector<std::string_view> names(known);
    const std::optional<std::string> nearest = nearest_name(it.key(), names);
    std::string listed;
    for (std::string_view n : names) listed += (listed.empty() ? "" : ", ") + std::string(n);
    error("unknown_field", pointer_append(path, it.key()),
          nearest ? message("issue.unknown_field.nearest", {param_text("field", it.key().substr(0, 60)),
                                                            param_text("nearest", *nearest)})
                  : message("issue.unknown_field.none_near", {param_text("field", it.key().substr(0, 60)),
                                                              param_text("expected", listed)}));
  }
}

}  // namespace sizer

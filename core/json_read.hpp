// Defensive reading of untrusted JSON (requests, imported catalogs) with nlohmann's non-throwing API.
// Every accessor checks the type before touching the value and records an Issue instead of failing,
// so one pass reports every problem. The core is built with -fno-exceptions: nlohmann's throwing
// calls (at, get on the wrong type, value, dump of invalid UTF-8) would abort, so they are not used.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "issues.hpp"
#include "vocabulary.hpp"

namespace sizer {

using json = nlohmann::json;

// Parses text without exceptions. Rejects (with an Issue at path "") malformed JSON, input nested more
// than max_depth levels (the parser recurses: deep nesting would overflow the stack) and input over
// max_bytes.
std::optional<json> parse_json_text(std::string_view text, Issues& errors, size_t max_bytes = 16u << 20,
                                    int max_depth = 64);

// Serialises with invalid UTF-8 replaced rather than aborting.
std::string dump_json(const json& value, int indent = -1);

struct NumberRange {
  double min;
  double max;
  bool min_exclusive = false;
};

// The name of `known` nearest to `name` by edit distance (insertions, deletions, substitutions and swaps of two
// neighbours, case-insensitive), when close enough to be a slip of the keyboard: at most max(2, a third of the
// name's length) edits; a known name that contains `name` or is contained in it (4+ characters) also counts.
// nullopt when none is.
std::optional<std::string> nearest_name(std::string_view name, const std::vector<std::string_view>& known);

class JsonReader {
 public:
  JsonReader(Issues& errors, Issues& warnings) : errors_(errors), warnings_(warnings) {}

  // Each reader returns nullopt when the field is absent (recording "missing_field" if required) or
  // invalid (recording why). Present-but-null counts as absent where null_ok is set.
  std::optional<double> number(const json& object, std::string_view key, std::string_view path, NumberRange range,
                               bool required = false, bool null_ok = false);
  std::optional<int64_t> integer(const json& object, std::string_view key, std::string_view path, int64_t min,
                                 int64_t max, bool required = false, bool null_ok = false);
  std::optional<std::string> string(const json& object, std::string_view key, std::string_view path,
                                    bool required = false, size_t max_length = 400, bool null_ok = false);
  // A string that must be one of `allowed`.
  std::optional<std::string> choice(const json& object, std::string_view key, std::string_view path,
                                    std::initializer_list<std::string_view> allowed, bool required = false);
  std::optional<std::string> choice(const json& object, std::string_view key, std::string_view path,
                                    const std::vector<std::string_view>& allowed, bool required = false);
  // A string that must be one of the ids of the list E (vocabulary.hpp), as its enum value.
  template <class E>
  std::optional<E> choice_id(const json& object, std::string_view key, std::string_view path, bool required = false) {
    const auto id = choice(object, key, path, ids_of<E>(), required);
    if (!id) return std::nullopt;
    return from_id<E>(*id);
  }
  std::optional<bool> boolean(const json& object, std::string_view key, std::string_view path, bool required = false);
  // Returns the child object (or nullptr when absent / wrong type, recording the latter).
  const json* object(const json& parent, std::string_view key, std::string_view path, bool required = false);
  const json* array(const json& parent, std::string_view key, std::string_view path, bool required = false);

  // Records "unknown_field" for every key of `object` not in `known`: a warning (an imported catalog, the request's
  // top level), or with `strict` an error naming the nearest known field (the request's objects: a misspelt
  // `concurency` must not change the answer silently; CONTRACT.md section 1).
  void unknown_fields(const json& object, std::string_view path, std::initializer_list<std::string_view> known,
                      bool strict = false);

  // Records an issue as a fact (phrased in English now, in the request's locale by phrase_issues).
  void error(std::string code, std::string path, Message fact);
  void warning(std::string code, std::string path, Message fact);
  // Records an issue whose message is final as given (no fact: it stays in this wording).
  void error(std::string code, std::string path, std::string message);
  void warning(std::string code, std::string path, std::string message);
  Issues& errors() { return errors_; }

 private:
  const json* find(const json& object, std::string_view key) const;
  Issues& errors_;
  Issues& warnings_;
};

std::string format_number(double value);  // "0.5", "1e+20": for messages

}  // namespace sizer

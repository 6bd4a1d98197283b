// Errors and warnings as values. The core never throws: every stage returns what it found wrong
// as a list of Issues, each with a JSON Pointer (RFC 6901) into the document that caused it.
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sizer {

struct Issue {
  std::string code;     // stable, machine-readable: "invalid_type", "out_of_range", "unknown_gpu", ...
  std::string path;     // JSON Pointer into the request or catalog, "" for the whole document
  std::string message;  // one sentence a person understands
};

using Issues = std::vector<Issue>;

// Appends one reference token to a JSON Pointer, escaping '~' and '/' as RFC 6901 requires.
std::string pointer_append(std::string_view base, std::string_view token);
std::string pointer_append(std::string_view base, size_t index);

// A value or the reasons there is none. Small on purpose: the core only needs "ok + value" or "errors".
template <typename T>
class Result {
 public:
  Result(T value) : value_(std::move(value)), ok_(true) {}  // NOLINT: implicit by design
  Result(Issues errors) : errors_(std::move(errors)), ok_(false) {}  // NOLINT
  bool ok() const { return ok_; }
  const T& value() const { return value_; }
  T& value() { return value_; }
  const Issues& errors() const { return errors_; }

 private:
  T value_{};
  Issues errors_;
  bool ok_ = false;
};

}  // namespace sizer

// Errors and warnings as values. The core never throws: every stage returns what it found wrong
// as a list of Issues, each with a JSON Pointer (RFC 6901) into the document that caused it, beside
// whatever it could compute (ParsedRequest, Catalog, Response carry both).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "messages.hpp"

namespace sizer {

struct Issue {
  std::string code;     // stable, machine-readable: "invalid_type", "out_of_range", "unknown_gpu", ...
  std::string path;     // JSON Pointer into the request or catalog, "" for the whole document
  std::string message;  // one sentence a person understands, in the request's locale (phrased from `fact`)
  // The sentence as a fact: a message-catalog key and its figures. When its key is empty, `message` is
  // final as given; otherwise the phrasing step (phrase_issues) writes `message` from it.
  Message fact = {};
};

using Issues = std::vector<Issue>;

// An issue recorded as a fact (key "issue.<code>[.<detail>]" and its params), its `message` phrased in
// English until phrase_issues phrases it in the request's locale.
Issue make_issue(std::string code, std::string path, Message fact);

// Writes each issue's `message` from its `fact` in `locale` (issues without a fact keep theirs).
void phrase_issues(Issues& issues, const Locale& locale);

// Appends one reference token to a JSON Pointer, escaping '~' and '/' as RFC 6901 requires.
std::string pointer_append(std::string_view base, std::string_view token);
std::string pointer_append(std::string_view base, size_t index);

}  // namespace sizer

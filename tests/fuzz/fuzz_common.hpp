// Shared by the libFuzzer targets: the invariants every response must keep, whatever the input.
// A violation traps, so libFuzzer saves the input as a crash.
#pragma once
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "json_io.hpp"

namespace sizer_fuzz {

[[noreturn]] inline void fail(const char* what) {
  std::fprintf(stderr, "fuzz invariant violated: %s\n", what);
  std::abort();
}

// CONTRACT.md: every number is finite.
inline void require_finite(const sizer::json& node) {
  if (node.is_number_float() && !std::isfinite(node.get<double>())) fail("non-finite number in the response");
  if (node.is_structured()) {
    for (const auto& child : node) require_finite(child);
  }
}

inline bool is_issue_list(const sizer::json& list) {
  if (!list.is_array()) return false;
  for (const auto& issue : list) {
    if (!issue.is_object() || !issue.contains("code") || !issue["code"].is_string() || !issue.contains("path") ||
        !issue["path"].is_string() || !issue.contains("message") || !issue["message"].is_string()) {
      return false;
    }
    const auto& path = issue["path"].get_ref<const std::string&>();
    if (!path.empty() && path[0] != '/') return false;  // a JSON Pointer
  }
  return true;
}

// The shape of an evaluation response, and the promises that hold for any input.
inline void check_response(const sizer::json& r) {
  if (!r.is_object() || !r.contains("ok") || !r["ok"].is_boolean()) fail("response without a boolean ok");
  if (!r.contains("errors") || !is_issue_list(r["errors"])) fail("errors is not a list of issues");
  if (!r.contains("warnings") || !is_issue_list(r["warnings"])) fail("warnings is not a list of issues");
  const bool ok = r["ok"].get<bool>();
  if (ok != r["errors"].empty()) fail("ok disagrees with the error list");
  require_finite(r);
  if (!ok) return;
  if (!r.contains("options") || !r["options"].is_array()) fail("ok response without options");
  bool seen_not_fitting = false;
  for (const auto& o : r["options"]) {
    const bool fits = o.contains("fits") && o["fits"].is_boolean() && o["fits"].get<bool>();
    if (fits && seen_not_fitting) fail("an option that fits is ranked after one that does not");
    if (!fits) seen_not_fitting = true;
    if (fits && o.contains("used_bytes_per_gpu") && o.contains("vram_bytes_per_gpu") &&
        o["used_bytes_per_gpu"].get<double>() > o["vram_bytes_per_gpu"].get<double>()) {
      fail("an option marked as fitting uses more than the GPU's memory");
    }
  }
  // The response must serialise (dump with invalid UTF-8 replaced, as every door does).
  (void)sizer::dump_json(r);
}

}  // namespace sizer_fuzz

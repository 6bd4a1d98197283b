// Native timing of evaluate() for scripts/bench.js: the same request texts the WASM doors get, against
// the embedded catalog, timed around evaluate_to_text (what the Embind door does per call: request text in,
// response text out). Process start and catalog parsing are outside the timed loop (reported separately).
//   bench_native REQUESTS.json  →  JSON on stdout
// REQUESTS.json: { "full": request, "full_all": request, "full_all_figures": request, "full_all_table": request,
//                  "sweep": [request, ...], "sweep_figures": [request, ...], "runs": N, "sweep_runs": M }
//                  (full_all* and sweep_figures optional)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "embedded_catalog.hpp"
#include "json_io.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: bench_native REQUESTS.json\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const sizer::json spec = sizer::json::parse(text, nullptr, false);
  if (spec.is_discarded() || !spec.is_object() || !spec.contains("full") || !spec.contains("sweep") ||
      !spec["sweep"].is_array()) {
    std::fprintf(stderr, "bench_native: %s is not a requests file\n", argv[1]);
    return 2;
  }
  const int runs = spec.contains("runs") && spec["runs"].is_number_integer() ? spec["runs"].get<int>() : 200;
  const int sweep_runs =
      spec.contains("sweep_runs") && spec["sweep_runs"].is_number_integer() ? spec["sweep_runs"].get<int>() : 10;
  const std::string full = sizer::dump_json(spec["full"]);

  sizer::json out = sizer::json::object();
  auto start = Clock::now();
  sizer::Issues errors, warnings;
  const sizer::Catalog catalog = sizer::load_catalog_texts(sizer::embedded_catalog_files(), errors, warnings);
  out["catalog_load_ms"] = ms_since(start);
  if (!errors.empty()) {
    std::fprintf(stderr, "bench_native: the embedded catalog does not validate\n");
    return 1;
  }

  size_t sink = 0;  // keeps the optimiser from dropping the work
  start = Clock::now();
  const std::string first_text = sizer::evaluate_to_text(full, catalog);
  sink += first_text.size();
  out["first_ms"] = ms_since(start);
  const sizer::json first = sizer::json::parse(first_text, nullptr, false);
  out["ok"] = first.contains("ok") && first["ok"].is_boolean() && first["ok"].get<bool>();
  out["options_evaluated"] = first.contains("options_evaluated") ? first["options_evaluated"] : sizer::json(nullptr);

  std::vector<double> full_ms;
  for (int i = 0; i < runs; ++i) {
    start = Clock::now();
    sink += sizer::evaluate_to_text(full, catalog).size();
    full_ms.push_back(ms_since(start));
  }
  out["full_ms"] = full_ms;

  // Every option, as returned in full, with "detail": "figures" and with "detail": "table" (its values kept as
  // doubles beside the text, as the WASM door hands them over: wasm/bindings.cpp).
  std::vector<double> table_values;
  for (const char* key : {"full_all", "full_all_figures", "full_all_table"}) {
    std::vector<double> times;
    if (spec.contains(key)) {
      const std::string request = sizer::dump_json(spec[key]);
      for (int i = 0; i < std::max(1, runs / 4); ++i) {
        start = Clock::now();
        sink += sizer::evaluate_to_text(request, catalog, &table_values).size() + table_values.size();
        times.push_back(ms_since(start));
      }
    }
    out[std::string(key) + "_ms"] = times;
  }

  // The sweep, in full and with "detail": "figures".
  bool sweep_ok = true;
  for (const char* key : {"sweep", "sweep_figures"}) {
    std::vector<std::string> points;
    if (spec.contains(key) && spec[key].is_array()) {
      for (const auto& request : spec[key]) points.push_back(sizer::dump_json(request));
    }
    std::vector<double> times;
    for (int i = 0; i < sweep_runs && !points.empty(); ++i) {
      start = Clock::now();
      for (const auto& request : points) {
        const std::string r = sizer::evaluate_to_text(request, catalog);
        sweep_ok = sweep_ok && r.find(",\"ok\":true,") != std::string::npos;  // only the top level has "ok"
        sink += r.size();
      }
      times.push_back(ms_since(start));
    }
    out[std::string(key) + "_ms"] = times;
  }
  out["sweep_ok"] = sweep_ok;
  out["sink"] = sink;
  std::printf("%s\n", sizer::dump_json(out).c_str());
  return 0;
}

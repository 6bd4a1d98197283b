// Where a warm evaluate's time goes, natively: parsing the request text, evaluate() (the stages), and
// writing the response text, each summed over the same requests scripts/bench.js times.
//   phases_native REQUESTS.json   (build/bench/requests.json as `BENCH_DOORS=native node scripts/bench.js` writes it)
// Built by scripts/bench.js beside bench_native (g++ -O2 against build/native's libraries).
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "embedded_catalog.hpp"
#include "evaluate.hpp"
#include "json_io.hpp"
#include "json_read.hpp"

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); }

struct Phases {
  double parse_ms = 0, evaluate_ms = 0, text_ms = 0;
  size_t bytes = 0;
};

void time_one(const std::string& request, const sizer::Catalog& catalog, Phases& p) {
  sizer::Issues errors;
  auto t = Clock::now();
  std::optional<sizer::json> document = sizer::parse_json_text(request, errors, 1u << 20);
  p.parse_ms += ms_since(t);
  t = Clock::now();
  const sizer::Response response = sizer::evaluate(*document, catalog);
  p.evaluate_ms += ms_since(t);
  t = Clock::now();
  p.bytes += sizer::response_to_text(response).size();
  p.text_ms += ms_since(t);
}

void print(const char* label, const Phases& p, int calls) {
  std::printf("%-28s per call: parse %7.3f ms | evaluate %7.3f ms | text %7.3f ms | %8zu bytes\n", label,
              p.parse_ms / calls, p.evaluate_ms / calls, p.text_ms / calls, p.bytes / static_cast<size_t>(calls));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: phases_native REQUESTS.json\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const sizer::json spec = sizer::json::parse(text, nullptr, false);
  if (spec.is_discarded() || !spec.contains("full") || !spec.contains("full_all") || !spec.contains("sweep")) {
    std::fprintf(stderr, "phases_native: %s is not a requests file\n", argv[1]);
    return 2;
  }
  sizer::Issues errors, warnings;
  const sizer::Catalog catalog = sizer::load_catalog_texts(sizer::embedded_catalog_files(), errors, warnings);
  const std::string full = sizer::dump_json(spec["full"]);
  const std::string full_all = sizer::dump_json(spec["full_all"]);
  Phases warmup;
  time_one(full, catalog, warmup);
  Phases p;
  for (int i = 0; i < 100; ++i) time_one(full, catalog, p);
  print("limit 20", p, 100);
  p = {};
  for (int i = 0; i < 10; ++i) time_one(full_all, catalog, p);
  print("every option", p, 10);
  p = {};
  int calls = 0;
  for (int run = 0; run < 5; ++run) {
    for (const auto& r : spec["sweep"]) {
      time_one(sizer::dump_json(r), catalog, p);
      ++calls;
    }
  }
  print("sweep point", p, calls);
  return 0;
}

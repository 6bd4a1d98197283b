// The built-in catalog's load natively: the JSON path (parse, merge, validate: what every door did at start
// before catalog_gen) against decoding the compact form catalog_gen writes (core/catalog_codec.hpp). CPU time
// per load (std::clock), the mean of RUNS loads each.
//   g++ -O2 -std=c++20 -DJSON_NOEXCEPTION -fno-exceptions -Icore -isystem build/native/third_party/include \
//     tests/bench/catalog_load.cpp build/native/libsizer_catalog.a build/native/libsizer_core.a -o build/bench/catalog_load
//   build/bench/catalog_load [RUNS]   (default 40)
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "embedded_catalog.hpp"
#include "json_io.hpp"

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::atoi(argv[1]) : 40;
  size_t checksum = 0;
  std::clock_t start = std::clock();
  for (int i = 0; i < runs; ++i) {
    sizer::Issues errors, warnings;
    checksum += sizer::load_catalog_texts(sizer::embedded_catalog_files(), errors, warnings).offerings.size();
  }
  const double json_ms = 1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC / runs;
  start = std::clock();
  for (int i = 0; i < runs; ++i) checksum += sizer::decode_builtin_catalog()->offerings.size();
  const double decode_ms = 1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC / runs;
  start = std::clock();
  for (int i = 0; i < runs; ++i) checksum += sizer::decode_builtin_catalog()->document().size();
  const double document_ms = 1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC / runs;
  std::printf("catalog load, CPU per load over %d runs: JSON (parse, merge, validate) %.2f ms; built-in decode %.2f ms; "
              "decode + document() %.2f ms (checksum %zu)\n", runs, json_ms, decode_ms, document_ms, checksum);
  return 0;
}

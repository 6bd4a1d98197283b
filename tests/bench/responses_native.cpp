// Prints the response to each request of a JSON array, one line each, against the embedded catalog: the
// byte-for-byte check that a speed change leaves every answer as it was (tests/bench/responses.js).
//   responses_native REQUESTS.json  →  one response text (evaluate_to_text, what the WASM door returns) per line on stdout
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "embedded_catalog.hpp"
#include "json_io.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: responses_native REQUESTS.json\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const sizer::json requests = sizer::json::parse(text, nullptr, false);
  if (!requests.is_array()) {
    std::fprintf(stderr, "responses_native: %s is not a JSON array\n", argv[1]);
    return 2;
  }
  sizer::Issues errors, warnings;
  const sizer::Catalog catalog = sizer::load_catalog_texts(sizer::embedded_catalog_files(), errors, warnings);
  if (!errors.empty()) {
    std::fprintf(stderr, "responses_native: the embedded catalog does not validate\n");
    return 1;
  }
  for (const auto& request : requests) {
    std::printf("%s\n", sizer::evaluate_to_text(sizer::dump_json(request), catalog).c_str());
  }
  return 0;
}

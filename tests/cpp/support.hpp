// Shared helpers for the Catch2 suite (natively and in WASM under Node).
#pragma once
#include <fstream>
#include <iterator>
#include <string>

#include <catch2/catch.hpp>

#include "embedded_catalog.hpp"
#include "json_io.hpp"
#include "request.hpp"

namespace sizer_test {

inline const sizer::Catalog& bundled() {
  static const sizer::Catalog catalog = [] {
    sizer::Issues errors, warnings;
    return sizer::load_catalog_texts(sizer::embedded_catalog_files(), errors, warnings);
  }();
  return catalog;
}

inline sizer::json evaluate(const sizer::json& request) {
  return sizer::evaluate_text(sizer::dump_json(request), bundled());
}

// A request the test expects to parse, against the bundled catalog.
inline sizer::Request parsed(const sizer::json& document) {
  sizer::ParsedRequest p = sizer::parse_request(document, bundled());
  INFO(document.dump());
  REQUIRE(p.ok());
  return p.request;
}

// An option of a response without its sentences (notes, reasons, warnings): what "detail": "figures" keeps.
inline sizer::json option_figures(sizer::json option) {
  for (const char* words : {"notes", "reasons", "warnings"}) option.erase(words);
  return option;
}

// A GPU of the bundled catalog the test expects to be there.
inline const sizer::Gpu& gpu(const char* id) {
  const sizer::Gpu* g = bundled().find_gpu(id);
  REQUIRE(g != nullptr);
  return *g;
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A request for `model` (an inline architecture) on `count` × `gpu`, inference.
inline sizer::json inference_request(const sizer::json& model, const sizer::json& workload, const std::string& gpu,
                                     int count = 1, const std::string& engine = "vllm") {
  sizer::json workload_with_kind = workload;
  workload_with_kind["kind"] = "inference";
  return {{"model", model}, {"workload", workload_with_kind}, {"engine", engine},
          {"hardware", {{"gpu", gpu}, {"count", count}}}};
}

inline sizer::json llama_70b() {
  return {{"name", "Llama-3.1-70B"}, {"params_b", 70.55}, {"layers", 80}, {"hidden", 8192}, {"heads", 64},
          {"kv_heads", 8}, {"head_dim", 128}, {"ffn", 28672}, {"vocab", 128256}, {"max_context", 131072}};
}

inline sizer::json llama_8b() {
  return {{"name", "Llama-3.1-8B"}, {"params_b", 8.03}, {"layers", 32}, {"hidden", 4096}, {"heads", 32},
          {"kv_heads", 8}, {"head_dim", 128}, {"ffn", 14336}, {"vocab", 128256}, {"max_context", 131072}};
}

}  // namespace sizer_test

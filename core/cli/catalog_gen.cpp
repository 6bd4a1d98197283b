// Build-time generator of the built-in catalog (CMakeLists.txt runs it whenever catalog/*.json or the core
// changes). It reads the catalog files through load_catalog_texts, the validator every imported catalog goes
// through, refuses a catalog with errors, and writes the validated Catalog in the compact form of
// core/catalog_codec.hpp twice: as a C++ definition of embedded_catalog_blob() (native builds and the WASM
// test suite) and as a --pre-js JavaScript string (the WASM module, where a string literal gzips well and
// data in the binary would be base64). The offerings file's JSON rides along (what no struct field holds,
// and which keys each offering has), so the module needs no other copy of offerings.json.
//
//   catalog_gen OUT_DIR FILE.json...   →  OUT_DIR/builtin_catalog_blob.cpp, OUT_DIR/catalog-blob-pre.js
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "catalog_codec.hpp"
#include "json_io.hpp"

namespace {

// A C++ string literal: octal escapes (never more than three digits, unlike \x) for anything not printable
// ASCII, split every 4000 bytes so no single literal token is long.
std::string cpp_literal(std::string_view text) {
  std::string out = "\"";
  size_t run = 0;
  for (unsigned char ch : text) {
    if (ch == '\\' || ch == '"') {
      out += '\\';
      out += static_cast<char>(ch);
    } else if (ch == '\n') {
      out += "\\n";
    } else if (ch < 0x20 || ch >= 0x7f || ch == '?') {  // '?' too: no trigraphs
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", ch);
      out += buf;
    } else {
      out += static_cast<char>(ch);
    }
    if (++run >= 4000) {
      out += "\"\n\"";
      run = 0;
    }
  }
  return out + "\"";
}

// A JavaScript string literal (UTF-8 passes through: the module's file is UTF-8, as the JSON pre-js is).
std::string js_literal(std::string_view text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char ch = static_cast<unsigned char>(text[i]);
    if (ch == '\\' || ch == '"') {
      out += '\\';
      out += static_cast<char>(ch);
    } else if (ch == '\n') {
      out += "\\n";
    } else if (ch < 0x20 || ch == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", ch);
      out += buf;
    } else if (ch == 0xe2 && i + 2 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x80 &&
               (static_cast<unsigned char>(text[i + 2]) == 0xa8 || static_cast<unsigned char>(text[i + 2]) == 0xa9)) {
      out += static_cast<unsigned char>(text[i + 2]) == 0xa8 ? "\\u2028" : "\\u2029";  // line separators
      i += 2;
    } else {
      out += static_cast<char>(ch);
    }
  }
  return out + "\"";
}

bool write(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) std::cerr << "catalog_gen: cannot write " << path << "\n";
  return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: catalog_gen OUT_DIR FILE.json...\n";
    return 2;
  }
  const std::string out_dir = argv[1];
  std::vector<std::string> texts;
  for (int i = 2; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::cerr << "catalog_gen: cannot read " << argv[i] << "\n";
      return 1;
    }
    texts.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  sizer::Issues errors, warnings;
  const sizer::Catalog catalog = sizer::load_catalog_texts({texts.begin(), texts.end()}, errors, warnings);
  if (!errors.empty()) {
    for (const auto& e : errors) std::cerr << "catalog_gen: " << e.path << ": " << e.message << "\n";
    return 1;
  }
  // The offerings file's JSON (the last text with an "offerings" list, as the merge takes it): the module
  // carries no other copy of it, and the built-in catalog's document() rebuilds it from the compact form.
  std::optional<sizer::json> offerings_document;
  for (const std::string& text : texts) {
    std::optional<sizer::json> document = sizer::parse_json_text(text, errors, 64u << 20);
    if (document && document->is_object() && document->contains("offerings")) offerings_document = std::move(document);
  }
  const std::string blob = sizer::encode_catalog(catalog, offerings_document ? &*offerings_document : nullptr);
  // The generator checks its own output: what it wrote must read back as the catalog it validated, and the
  // offerings document as the file's JSON, byte for byte once dumped.
  const std::optional<sizer::Catalog> back = sizer::decode_catalog(blob);
  if (blob.empty() || !back || back->as_of != catalog.as_of || back->gpus != catalog.gpus ||
      back->providers != catalog.providers || back->offerings != catalog.offerings || back->models != catalog.models) {
    std::cerr << "catalog_gen: the encoded catalog does not read back as the validated one\n";
    return 1;
  }
  const std::optional<sizer::json> document_back = sizer::decode_offerings_document(blob);
  if (offerings_document && (!document_back || sizer::dump_json(*document_back) != sizer::dump_json(*offerings_document))) {
    std::cerr << "catalog_gen: the encoded offerings document does not read back as the file's JSON\n";
    return 1;
  }
  const std::string header = "// Generated by catalog_gen (core/cli/catalog_gen.cpp) from the validated catalog/*.json: do not edit.\n";
  const std::string cpp = header + "#include \"embedded_catalog.hpp\"\n\nnamespace sizer {\nnamespace {\nconstexpr char kBlob[] =\n" +
                          cpp_literal(blob) + ";\n}  // namespace\n\nstd::string_view embedded_catalog_blob() { return {kBlob, sizeof kBlob - 1}; }\n\n}  // namespace sizer\n";
  const std::string js = header + "Module['bundledCatalogBlob'] = " + js_literal(blob) + ";\n";
  if (!write(out_dir + "/builtin_catalog_blob.cpp", cpp) || !write(out_dir + "/catalog-blob-pre.js", js)) return 1;
  std::cout << "catalog_gen: " << catalog.gpus.size() << " GPUs, " << catalog.providers.size() << " providers, "
            << catalog.offerings.size() << " offerings, " << catalog.models.size() << " models; " << blob.size()
            << " bytes\n";
  return 0;
}

// The built-in catalog (decoded from what catalog_gen wrote at build time) is the catalog the validator
// reads from catalog/*.json, field by field; the compact form reads back exactly and refuses anything cut
// or corrupt; imported catalogs still go through the validator with JSON Pointer errors.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>

#include "catalog_codec.hpp"
#include "support.hpp"

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// catalog/*.json as the files are now (not as embedded): the test sees a stale generated catalog.
sizer::Catalog catalog_from_files() {
  std::vector<std::string> texts;
  for (const char* name : {"gpus", "providers", "offerings", "models"}) {
    texts.push_back(read_text(std::string(SIZER_CATALOG_DIR) + "/" + name + ".json"));
  }
  sizer::Issues errors, warnings;
  sizer::Catalog catalog = sizer::load_catalog_texts({texts.begin(), texts.end()}, errors, warnings);
  REQUIRE(errors.empty());
  return catalog;
}

// Item by item, so a failure names the first item that differs.
template <class Item>
void check_same_items(const std::vector<Item>& built_in, const std::vector<Item>& read, const char* list) {
  REQUIRE(built_in.size() == read.size());
  for (size_t i = 0; i < read.size(); ++i) {
    INFO(list << "[" << i << "] " << read[i].id);
    CHECK(built_in[i] == read[i]);
  }
}

void check_same_catalog(const sizer::Catalog& built_in, const sizer::Catalog& read) {
  CHECK(built_in.as_of == read.as_of);
  check_same_items(built_in.gpus, read.gpus, "gpus");
  check_same_items(built_in.providers, read.providers, "providers");
  check_same_items(built_in.offerings, read.offerings, "offerings");
  check_same_items(built_in.models, read.models, "models");
}

}  // namespace

TEST_CASE("the built-in catalog decodes from its generated form", "[catalog][builtin]") {
  const std::optional<sizer::Catalog> decoded = sizer::decode_builtin_catalog();
  REQUIRE(decoded.has_value());
  CHECK(decoded->offerings.size() > 1000);
  CHECK(decoded->find_gpu("h100-sxm") != nullptr);
  // builtin_catalog() is that catalog, not the JSON fallback's (which would hold the same values, slower).
  check_same_catalog(sizer::builtin_catalog(), *decoded);
}

TEST_CASE("the built-in catalog equals catalog/*.json read by the validator, field by field", "[catalog][builtin]") {
  const std::optional<sizer::Catalog> decoded = sizer::decode_builtin_catalog();
  REQUIRE(decoded.has_value());
  check_same_catalog(*decoded, catalog_from_files());
  // And the JSON texts embedded beside it (what document() is parsed from) hold the same catalog.
  sizer::Issues errors, warnings;
  check_same_catalog(*decoded, sizer::load_catalog_texts(sizer::embedded_catalog_files(), errors, warnings));
  CHECK(errors.empty());
}

TEST_CASE("the built-in catalog's document is the bundled files' merged JSON", "[catalog][builtin]") {
  sizer::Issues errors, warnings;
  const sizer::Catalog read = sizer::load_catalog_texts(sizer::embedded_catalog_files(), errors, warnings);
  const sizer::json& document = sizer::builtin_catalog().document();
  REQUIRE(document.is_object());
  CHECK(document.size() >= 5);
  CHECK(document == read.document());
  CHECK(document["offerings"].size() == sizer::builtin_catalog().offerings.size());
}

TEST_CASE("the offerings list text equals the document's offerings as dump_json writes them", "[catalog][builtin]") {
  const std::string_view blob = sizer::embedded_catalog_blob();
  const std::optional<sizer::json> document = sizer::decode_offerings_document(blob);
  REQUIRE(document.has_value());
  const std::optional<std::string> text = sizer::offerings_list_text(sizer::builtin_catalog(), blob);
  REQUIRE(text.has_value());
  CHECK(*text == sizer::dump_json((*document)["offerings"]));
  // The same through the page's catalog() view: the built-in document's list.
  CHECK(*text == sizer::dump_json(sizer::builtin_catalog().document()["offerings"]));
}

TEST_CASE("the offerings list text: extras beside rebuilt keys, in byte order; foreign text refused", "[catalog][builtin]") {
  sizer::Catalog c;
  sizer::Offering o;
  o.id = "p/x";
  o.provider = "p";
  o.gpu = "g";
  o.usd_per_hour = 2.5;
  o.display_name = "n\"a\\me\n";
  c.offerings = {o, o};
  c.offerings[1].id = "p/y";
  // The second row: an explicit null the struct cannot tell from absent, 8.0 for 8, a key the struct lacks.
  const sizer::json file = sizer::json::parse(
      R"({"as_of":"2026-01-01","offerings":[{"id":"p/x","provider":"p","gpu":"g","gpus":1,"usd_per_hour":2.5,)"
      R"("display_name":"n\"a\\me\n","price_dated":true},{"id":"p/y","provider":"p","gpu":"g","gpus":1.0,)"
      R"("usd_per_hour":2.5,"spot_usd_per_hour":null,"zz_extra":[1,{"b":2,"a":1}],"AA":"first"}]})");
  const std::string blob = sizer::encode_catalog(c, &file);
  REQUIRE_FALSE(blob.empty());
  const std::optional<sizer::Catalog> back = sizer::decode_catalog(blob);
  REQUIRE(back.has_value());
  const std::optional<std::string> text = sizer::offerings_list_text(*back, blob);
  REQUIRE(text.has_value());
  const std::optional<sizer::json> document = sizer::decode_offerings_document(blob);
  REQUIRE(document.has_value());
  CHECK(*text == sizer::dump_json((*document)["offerings"]));
  CHECK(*text == sizer::dump_json(file["offerings"]));
  // A catalog with another count of offerings, a form without the document, a cut or garbled mask: nothing.
  sizer::Catalog fewer = *back;
  fewer.offerings.pop_back();
  CHECK_FALSE(sizer::offerings_list_text(fewer, blob).has_value());
  CHECK_FALSE(sizer::offerings_list_text(*back, sizer::encode_catalog(c)).has_value());
  const size_t line = blob.rfind('\n');
  CHECK_FALSE(sizer::offerings_list_text(*back, std::string_view(blob).substr(0, line)).has_value());
  std::string garbled = blob;
  garbled[line - 2] = 'x';  // the last mask
  CHECK_FALSE(sizer::offerings_list_text(*back, garbled).has_value());
  CHECK_FALSE(sizer::offerings_list_text(*back, "").has_value());
}

TEST_CASE("the compact form reads back every kind of field exactly", "[catalog][builtin]") {
  sizer::Catalog c;
  c.as_of = "2026-11-30";
  sizer::Gpu g;
  g.id = "g\\with\nodd \"text\" · ×";
  g.name = "";
  g.kind = sizer::HardwareKindId::tpu;
  g.vram_gib = 0.1 + 0.2;  // not a short decimal: the shortest round-trip form must still be exact
  g.memory_bandwidth_gbs = 1e-300;
  g.tflops.bf16 = 989.5;
  g.tflops.fp4 = 0.0;
  g.interconnect_kind = sizer::InterconnectId::other;
  c.gpus = {g, g};
  c.gpus[1].id = "second";
  c.gpus[1].vram_gib = -0.0;
  sizer::Provider p;
  p.id = "p";
  p.tier = sizer::TierId::marketplace;
  p.resells = true;
  p.minimum_charge_s = 60;
  p.commitments = {{"1y", "g", std::nullopt, 2.5, std::nullopt, 1.0, 182.0, 7.0, 8, "2026-01-02",
                    sizer::PriceConfidenceId::stale, "src"},
                   {"3y", "", 100.0, std::nullopt, 0.4, std::nullopt, std::nullopt, std::nullopt, std::nullopt, "",
                    std::nullopt, ""}};
  c.providers = {p, sizer::Provider{}};
  sizer::Offering o;
  o.id = "p/x";
  o.gpus = 1024;
  o.ram_gib = 2048;
  o.spot_usd_per_hour = 1.23456789012345;
  o.interconnect = sizer::InterconnectId::nvlink;
  o.stale = true;
  o.commitments = p.commitments;
  c.offerings = {o};
  sizer::ModelArch m;
  m.id = "m";
  m.kind = sizer::ModelKindId::audio;
  m.params_b = 1.5;
  m.layers = 32;
  m.tied_embeddings = false;
  m.components = {{"vae", "vae", 0.08}};
  m.media.backbone = sizer::BackboneId::dit;
  m.media.fps = 24;
  m.media.guidance_distilled = true;
  c.models = {m};

  const std::string text = sizer::encode_catalog(c);
  const std::optional<sizer::Catalog> back = sizer::decode_catalog(text);
  REQUIRE(back.has_value());
  check_same_catalog(*back, c);
  CHECK(std::signbit(back->gpus[1].vram_gib));
  CHECK(sizer::encode_catalog(*back) == text);
  // A different value gives a different form (the test would see a generated file gone stale).
  c.offerings[0].spot_usd_per_hour = 1.2345678901234;
  CHECK(sizer::encode_catalog(c) != text);
}

TEST_CASE("the compact form refuses cut, corrupt and foreign text without crashing", "[catalog][builtin]") {
  sizer::Catalog c;
  sizer::Offering o;
  o.id = "p/x";
  o.usd_per_hour = 2.0;
  o.tier = sizer::TierId::gpu_cloud;
  c.offerings = {o, o};
  const std::string text = sizer::encode_catalog(c);
  REQUIRE(sizer::decode_catalog(text).has_value());
  for (size_t n = 0; n < text.size(); ++n) {
    INFO("cut at " << n << " of " << text.size());
    CHECK_FALSE(sizer::decode_catalog(std::string_view(text).substr(0, n)).has_value());
  }
  CHECK_FALSE(sizer::decode_catalog(text.substr(0, text.size() - 1) + "0 \n").has_value());  // a token too many
  CHECK_FALSE(sizer::decode_catalog("{\"gpus\": []}").has_value());  // JSON is not the compact form
  std::string wrong_version = text;
  wrong_version[18] = '9';
  CHECK_FALSE(sizer::decode_catalog(wrong_version).has_value());
  // Every token in turn made garbage: each kind (string index, number, count, enum, "~") refuses it.
  size_t strings_end = text.find('\n') + 1;  // past the magic line
  const size_t strings = std::stoul(text.substr(strings_end));
  strings_end = text.find('\n', strings_end) + 1;
  for (size_t line = 0; line < strings; ++line) strings_end = text.find('\n', strings_end) + 1;
  int garbled = 0;
  for (size_t at = strings_end, end; (end = text.find(' ', at)) != std::string::npos; at = end + 1) {
    std::string bad = text;
    bad.replace(at, end - at, "x");
    INFO("token at " << at);
    CHECK_FALSE(sizer::decode_catalog(bad).has_value());
    ++garbled;
  }
  CHECK(garbled > 40);
  // An enum index past its list; a list count far past the text (refused before any allocation).
  sizer::Catalog odd = c;
  odd.offerings[0].interconnect = static_cast<sizer::InterconnectId>(7);
  CHECK_FALSE(sizer::decode_catalog(sizer::encode_catalog(odd)).has_value());
  CHECK_FALSE(sizer::decode_catalog("gpu-sizer-catalog 1\n1\n\n0 999999999 ").has_value());
  // Counts the integer reader refuses as std::from_chars does: a sign on an unsigned count, a '+', a count past
  // 2^64, an empty token.
  for (const char* count : {"-1", "+1", "18446744073709551616", "99999999999999999999999", "1x", ""}) {
    INFO("count " << count);
    CHECK_FALSE(sizer::decode_catalog(std::string("gpu-sizer-catalog 1\n1\n\n0 ") + count + " ").has_value());
  }
}

TEST_CASE("an imported catalog is still read by the validator, with JSON Pointer errors", "[catalog][builtin]") {
  const sizer::json bad = {{"offerings", {{{"id", "x/1"}, {"provider", "x"}, {"instance", "1"}, {"gpu", "h100-sxm"},
                                           {"gpus", 0}, {"usd_per_hour", 2}, {"source", "s"}, {"as_of", "2026-11-30"}}}}};
  sizer::Issues errors, warnings;
  (void)sizer::load_catalog_texts({sizer::dump_json(bad)}, errors, warnings);
  bool found = false;
  for (const auto& e : errors) found = found || e.path == "/offerings/0/gpus";
  CHECK(found);
  // Through evaluate: the same problem, its path under /catalog is the door's (bindings, CLI --catalog).
  const sizer::json response = sizer::validate_catalog_text(sizer::dump_json(bad));
  CHECK(response["ok"] == false);
  CHECK(response["errors"][0]["path"] == "/offerings/0/gpus");
}

TEST_CASE("the compact form's numbers read back as strtod reads them, short decimals and long", "[catalog][builtin]") {
  // The reader's fast path (short decimals) and strtod (the rest) must both give the JSON parser's double.
  const std::vector<double> values = {0.1, 0.556, 2048.0, 1e-7, 123456789012345.0, 1234567890123456.7, 9007199254740993.0,
                                      0.30000000000000004, 5e-324, 1.7976931348623157e308, 1e22, 1e23, 3.0e-5,
                                      0.1216, 98.32, 40.96, 12345.678, 0.0, -0.0, -2.5};
  sizer::Catalog c;
  for (double v : values) {
    sizer::Gpu g;
    g.vram_gib = v;
    g.tflops.bf16 = v / 3;
    c.gpus.push_back(g);
  }
  const std::optional<sizer::Catalog> back = sizer::decode_catalog(sizer::encode_catalog(c));
  REQUIRE(back.has_value());
  for (size_t i = 0; i < values.size(); ++i) {
    INFO(values[i]);
    CHECK(std::memcmp(&back->gpus[i].vram_gib, &values[i], sizeof(double)) == 0);
    const double third = values[i] / 3;
    CHECK(std::memcmp(&*back->gpus[i].tflops.bf16, &third, sizeof(double)) == 0);
  }
}

// The compact form stores a display name only where it differs from the one the refresh derives
// (scripts/lib/refresh.js displayName); the C++ derivation must agree with it for the bundled offerings,
// or the names come back right but the module grows by the names' bytes (the offline budget is tight).
TEST_CASE("derived display names agree with the refresh's for the bundled offerings", "[catalog]") {
  const sizer::Catalog catalog = catalog_from_files();
  size_t same = 0;
  for (const sizer::Offering& o : catalog.offerings) {
    if (o.display_name == sizer::derived_display_name(o, catalog.find_gpu(o.gpu))) ++same;
  }
  INFO(same << " of " << catalog.offerings.size());
  CHECK(same * 100 >= catalog.offerings.size() * 99);
}

TEST_CASE("derived display name: vendor, trailing parenthesis and the memory word dropped", "[catalog]") {
  sizer::Gpu gpu;
  gpu.id = "x";
  gpu.name = "NVIDIA  A100 80GB   SXM (Ampere)";
  gpu.vram_gib = 80;
  sizer::Offering o;
  o.gpu = "x";
  o.gpus = 8;
  CHECK(sizer::derived_display_name(o, &gpu) == "8\xC3\x97 A100 SXM 80 GB");
  o.vcpus = 96;
  o.ram_gib = 1843.25;
  o.gpu_mem_gb = 79.96;
  CHECK(sizer::derived_display_name(o, &gpu) == "8\xC3\x97 A100 SXM 80 GB \xC2\xB7 96 vCPU \xC2\xB7 1843.3 GiB RAM");
  gpu.name = "H100 SXM5 96 gb";  // "96 gb": one space allowed, any case
  o.gpu_mem_gb.reset();
  o.vcpus.reset();
  o.ram_gib.reset();
  CHECK(sizer::derived_display_name(o, &gpu) == "8\xC3\x97 H100 SXM5 80 GB");
  CHECK(sizer::derived_display_name(o, nullptr) == "8\xC3\x97 x");
}

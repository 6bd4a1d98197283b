// The response text is written by hand for the options (core/json_io.cpp): it must be exactly what nlohmann
// would write for the same values, so a page, a cache or a byte-for-byte check sees no difference. Parsing the
// text and dumping it again with nlohmann reorders keys into byte order, drops a repeated key and reformats
// every number: any difference from the text itself is a key out of order, a duplicate or a number or string
// written another way.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "embedded_catalog.hpp"
#include "json_text.hpp"
#include "support.hpp"

namespace {

using sizer::json;

std::string redumped(const std::string& text) {
  const json parsed = json::parse(text, nullptr, /*allow_exceptions=*/false);
  REQUIRE_FALSE(parsed.is_discarded());
  return sizer::dump_json(parsed);
}

json serve(const std::string& model, const std::string& locale, int limit) {
  return {{"model", model},
          {"workload", {{"kind", "inference"}, {"prompt_tokens", 2000}, {"output_tokens", 500}, {"concurrency", 8}}},
          {"locale", locale},
          {"limit", limit}};
}

}  // namespace

TEST_CASE("the streamed options equal nlohmann's dump", "[json_io]") {
  std::vector<json> requests;
  for (const std::string locale : {"en", "ar"}) {
    requests.push_back(serve("llama-3.1-70b", locale, 10000));
    requests.push_back(serve("deepseek-v3", locale, 20));
    requests.push_back({{"model", "llama-3.1-70b"},
                        {"workload", {{"kind", "finetune"}, {"method", "full"}, {"dataset_tokens", 1e9}}},
                        {"locale", locale},
                        {"limit", 10000}});
    requests.push_back({{"model", "flux.1-dev"}, {"workload", {{"kind", "image"}, {"images", 1000}}}, {"locale", locale}});
    requests.push_back({{"model", "whisper-large-v3"}, {"workload", {{"kind", "audio"}, {"audio_seconds", 3600}}},
                        {"locale", locale}, {"limit", 10000}});
    requests.push_back({{"model", "llama-3.1-70b"}, {"workload", {{"kind", "inference"}}},
                        {"hardware", {{"gpu", "h100-sxm"}, {"count", 2}}}, {"locale", locale}});
  }
  // Strings that need escaping reach the options through an inline GPU's name and id.
  json odd = sizer_test::inference_request(sizer_test::llama_70b(), {{"concurrency", 4}}, "h100-sxm");
  odd["hardware"]["gpu"] = {{"id", "tab\there \"q\" back\\slash \u00e9 \u0645"}, {"name", "x\x01y"}, {"vram_gib", 80},
                            {"memory_bandwidth_gbs", 3350}, {"tflops", {{"bf16", 989.5}}}};
  requests.push_back(odd);
  requests.push_back({{"model", "no-such-model"}, {"workload", {{"kind", "inference"}}}});
  size_t options = 0;
  for (const json& request : requests) {
    const std::string text = sizer::evaluate_to_text(sizer::dump_json(request), sizer_test::bundled());
    CAPTURE(sizer::dump_json(request));
    CHECK(text == redumped(text));
    const json parsed = json::parse(text, nullptr, false);
    if (parsed.contains("options")) options += parsed["options"].size();
  }
  CHECK(options > 1000);  // the every-option requests were ranked, so the writer saw many shapes of option
}

TEST_CASE("the option writer: repeated note params, odd numbers and invalid UTF-8 as nlohmann writes them", "[json_io]") {
  sizer::Response response;
  response.ok = true;
  sizer::Option option;
  option.gpu = "bad\xff utf-8";  // dump_json replaces an invalid byte with U+FFFD
  option.provider = "\xd8\xb9";  // valid UTF-8 (Arabic letter)
  option.ttft_s = 1e-7;          // nlohmann: exponent form
  option.output_tokens_per_s = 1e21;
  option.usd_per_hour = -0.0;
  option.train_s = 5.0;          // written "5.0", not "5"
  option.mfu = std::numeric_limits<double>::quiet_NaN();  // absent, never NaN
  option.usd_total = std::numeric_limits<double>::infinity();
  option.expert = 4;
  option.range = sizer::Range{"ttft_s", 0.5, 2.0 / 3.0};
  sizer::Note note;
  note.code = "n";
  note.text = "line\nbreak";
  note.fact.params.push_back(sizer::param_number("b", 1.5, "1.5"));
  note.fact.params.push_back(sizer::param_text("a", "first"));
  note.fact.params.push_back(sizer::param_text("a", "second"));  // a json object keeps the last
  note.fact.params.push_back(sizer::param_number("c", std::numeric_limits<double>::quiet_NaN(), "n/a"));
  option.notes.push_back(note);
  option.reasons = {"r\"1\"", ""};
  response.options.push_back(option);
  response.options.push_back(sizer::Option{});
  const std::string text = sizer::response_to_text(response);
  CHECK(text == redumped(text));
  const json parsed = json::parse(text, nullptr, false);
  const json& first = parsed["options"][0];
  CHECK(first["notes"][0]["params"]["a"] == "second");
  CHECK(first["notes"][0]["params"]["c"] == "n/a");
  CHECK_FALSE(first.contains("mfu"));
  CHECK_FALSE(first.contains("usd_total"));
  CHECK(first["parallelism"]["expert"] == 4);
  CHECK(text.find("\"train_s\":5.0") != std::string::npos);
  CHECK(first["gpu"] == "bad\xef\xbf\xbd utf-8");
}

TEST_CASE("the response writer: guidance, explanations, fits and issues as nlohmann writes them", "[json_io]") {
  sizer::Response response;
  response.ok = true;
  response.catalog_as_of = "2026-12-01";
  response.warnings.push_back(sizer::Issue{"w", "/a/b", "tab\there \x7f \xe2\x82", {}});  // DEL, truncated UTF-8
  response.guidance.push_back({"id \"q\"", "question \xd8\xb9\xe2\x89\x88?", std::string("nul\0x \x1f \\ end", 13)});
  sizer::Explanation e{"options.0.ttft_s", "a × b", {{"b_bytes", 2.0}, {"a", 1.0}, {"b_bytes", std::nan("")}, {"c_s", 3.0}, {"c_s", 4.0}},
                       std::numeric_limits<double>::infinity(), "src \xed\xa0\x80 surrogate"};
  response.explain.push_back(e);
  response.fit_by_gpu.push_back({"g\xc3\xa9", 80e9, std::nullopt, std::nullopt});
  response.fit_by_gpu.push_back({"h", 24e9, 4, 20e9});
  response.scaling.push_back({8, 1, 3600.0, 12.5, true});
  response.memory = sizer::MemoryReport{};
  const std::string text = sizer::response_to_text(response);
  CHECK(text == redumped(text));
  const json parsed = json::parse(text, nullptr, false);
  CHECK(parsed["explain"][0]["values"]["b_bytes"] == 2.0);  // a later non-finite value leaves the earlier one
  CHECK(parsed["explain"][0]["values"]["c_s"] == 4.0);      // a later finite value replaces it
  CHECK(parsed["explain"][0]["units"]["b_bytes"] == "bytes");
  CHECK_FALSE(parsed["explain"][0].contains("result"));
  CHECK(parsed["guidance"][0]["answer"].get<std::string>().size() == 13);
  CHECK(parsed["warnings"][0]["message"].get<std::string>().find("\xef\xbf\xbd") != std::string::npos);
  sizer::Response failed;
  failed.errors.push_back(sizer::Issue{"invalid_type", "/limit", "bad", {}});
  const std::string failed_text = sizer::response_to_text(failed);
  CHECK(failed_text == redumped(failed_text));
  CHECK(failed_text.find("\"options\"") == std::string::npos);
}

TEST_CASE("the response writer escapes a special byte wherever it falls in an eight-byte run", "[json_io]") {
  // The writer skips plain ASCII eight bytes at a time; each byte that needs care, at every offset of a
  // run longer than two words, must still be written as nlohmann writes it.
  const std::string specials[] = {"\"", "\\", "\n", std::string(1, '\0'), "\x01", "\x1f", "\x7f", "\xc3\xa9",
                                  "\xe2\x89\x88", "\xff", "\xe2\x82", " ", "~"};
  for (const std::string& special : specials) {
    for (size_t at = 0; at < 19; ++at) {
      std::string value(19, 'a');
      value.replace(at, 1, special);
      sizer::Response response;
      response.ok = true;
      response.guidance.push_back({"id", "q", value});
      const std::string text = sizer::response_to_text(response);
      INFO("byte " << static_cast<int>(static_cast<unsigned char>(special[0])) << " at " << at);
      CHECK(text == redumped(text));
      const json parsed = json::parse(text, nullptr, false);
      REQUIRE_FALSE(parsed.is_discarded());
      if (special != "\xff" && special != "\xe2\x82") CHECK(parsed["guidance"][0]["answer"] == value);
    }
  }
}

// The WASM door's responses as all-ASCII text (json_text.hpp escape_non_ascii): the same JSON value, every
// character kept (Arabic, symbols, one above U+FFFF as a surrogate pair), no byte above 0x7F left.
TEST_CASE("escape_non_ascii keeps the JSON value and leaves only ASCII bytes", "[json]") {
  const std::string arabic = sizer::evaluate_to_text(
      R"({"model":"llama-3.1-8b","locale":"ar","limit":3,"workload":{"kind":"inference","concurrency":4}})",
      sizer::builtin_catalog());
  for (const std::string& original :
       {arabic, std::string(R"({"a":"× ≈ — العربية","b":["😀 x","plain"],"c":1.5})"), std::string("{\"plain\":\"ascii only\"}")}) {
    std::string escaped = original;
    sizer::escape_non_ascii(escaped);
    CHECK(std::none_of(escaped.begin(), escaped.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }));
    CHECK(sizer::json::parse(escaped) == sizer::json::parse(original));
    if (std::all_of(original.begin(), original.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
      CHECK(escaped == original);
    }
  }
  CHECK(arabic.find("\"ok\":true") != std::string::npos);
  CHECK(arabic.find("\xd8") != std::string::npos);  // the Arabic response did hold non-ASCII text
  std::string emoji = "\"\xF0\x9F\x98\x80\"";
  sizer::escape_non_ascii(emoji);
  CHECK(emoji == "\"\\ud83d\\ude00\"");
}

// Facts apart from words (issue "One vocabulary, facts apart from words, one stage per file"): a third
// language is one catalog and no logic change. A pseudo-locale built here from every English text,
// each wrapped in ⟦…⟧, phrases every guidance answer and every top-level error and warning; with
// locale "ar" every top-level message is Arabic; every key the stages record exists in English and Arabic.
#include <catch2/catch.hpp>
#include <deque>
#include <set>
#include <string>
#include <vector>

#include "evaluate.hpp"
#include "guidance.hpp"
#include "request.hpp"
#include "support.hpp"

using sizer::json;
using sizer::Locale;
using sizer::Message;

namespace {

// "⟦" + text + "⟧" for every English text, plural variants included: nothing else in the catalog.
const Locale& pseudo() {
  static std::deque<std::string> storage;
  static const Locale locale = [] {
    std::vector<sizer::MessageText> texts;
    for (const sizer::MessageText& t : sizer::english().texts) {
      storage.push_back("\u27E6" + std::string(t.text) + "\u27E7");
      texts.push_back({t.key, storage.back()});
    }
    return sizer::make_locale("qps", false, sizer::plural_en, std::move(texts));
  }();
  return locale;
}

// True when every character of `s` lies inside a ⟦…⟧ run: the text is a concatenation of messages
// phrased from the pseudo-locale, with no word written outside the catalog.
bool all_from_pseudo(const std::string& s) {
  const std::string open = "\u27E6", close = "\u27E7";
  int depth = 0;
  for (size_t i = 0; i < s.size();) {
    if (s.compare(i, open.size(), open) == 0) {
      ++depth;
      i += open.size();
    } else if (s.compare(i, close.size(), close) == 0) {
      if (--depth < 0) return false;
      i += close.size();
    } else {
      if (depth == 0) return false;
      ++i;
    }
  }
  return depth == 0 && !s.empty();
}

bool has_arabic_letter(const std::string& s) {
  for (size_t i = 0; i + 1 < s.size(); ++i) {
    const auto a = static_cast<unsigned char>(s[i]);
    const auto b = static_cast<unsigned char>(s[i + 1]);
    // U+0600–U+06FF are encoded 0xD8 0x80 … 0xDB 0xBF.
    if (a >= 0xD8 && a <= 0xDB && b >= 0x80 && b <= 0xBF) return true;
  }
  return false;
}

std::vector<json> guidance_requests() {
  return {
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}, {"weights", "int4"}, {"concurrency", 8}}}, {"limit", 5}},
      {{"model", "mistral-7b-v0.1"},
       {"workload", {{"kind", "inference"}, {"weights", "int4"}, {"concurrency", 4}}},
       {"filters", {{"providers", {"gcp"}}}},
       {"limit", 1000}},
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}}}, {"hardware", {{"gpu", "h100-sxm"}, {"count", 2}}}},
      {{"model", "llama-3.1-70b"},
       {"workload", {{"kind", "inference"}, {"concurrency", 4}}},
       {"hardware", {{"gpu", "h100-sxm"}, {"count", 2}}}},
      {{"model", "llama-3.1-405b"}, {"workload", {{"kind", "inference"}, {"concurrency", 64}, {"context_tokens", 32000}}}},
      {{"model", {{"params_b", 2000}}}, {"workload", {{"kind", "inference"}}}},
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}}}, {"filters", {{"max_usd_per_hour", 0.0001}}}},
      {{"model", "llama-3.1-8b"},
       {"workload", {{"kind", "inference"}}},
       {"hardware", {{"gpu", {{"name", "custom"}, {"vram_gib", 48}, {"memory_bandwidth_gbs", 900}, {"tflops", {{"bf16", 150}}}}},
                     {"count", 3}}}},
      {{"model", "llama-3.1-70b"}, {"workload", {{"kind", "finetune"}, {"method", "qlora"}, {"dataset_tokens", 1e8}}}},
      {{"model", "llama-3.1-70b"}, {"workload", {{"kind", "finetune"}, {"method", "full"}}}},
      {{"model", "llama-3.1-8b"},
       {"workload", {{"kind", "finetune"}, {"method", "lora"}, {"dataset_tokens", 1e7}}},
       {"hardware", {{"gpu", "rtx-4090"}, {"count", 1}}}},
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "pretrain"}, {"tokens", 1e11}}}, {"limit", 1000}},
      {{"model", "llama-3.1-405b"}, {"workload", {{"kind", "pretrain"}, {"tokens", 1e12}, {"precision", "fp8"}}}},
      {{"model", "flux.1-dev"}, {"workload", {{"kind", "image"}, {"images", 1000}}}},
      {{"model", "flux.1-dev"}, {"workload", {{"kind", "image"}, {"images", 1}}}, {"hardware", {{"gpu", "rtx-4090"}, {"count", 1}}}},
      {{"model", "wan2.1-t2v-14b"}, {"workload", {{"kind", "video"}, {"images", 10}}}},
      {{"model", "whisper-large-v3"}, {"workload", {{"kind", "audio"}, {"audio_seconds", 3600}}}},
      {{"model", "kokoro-82m"}, {"workload", {{"kind", "audio"}, {"audio_seconds", 600}}}, {"hardware", {{"gpu", "l4"}, {"count", 1}}}},
  };
}

// Requests with something wrong or assumed at the top level.
std::vector<json> odd_requests() {
  return {
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}, {"colour", "blue"}}}},           // unknown field
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}, {"concurrency", "many"}}}},      // wrong type
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}, {"concurrency", 1.5}}}},         // not whole
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}, {"prompt_tokens", -3}}}},        // out of range
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}, {"max_ttft_s", 0}}}},            // not above min
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}}}, {"engine", "nope"}},           // unknown value
      {{"model", {{"params_b", 7}}}, {"workload", {{"kind", "inference"}}}},                            // assumed fields
      {{"model", {{"params_b", 7}}}, {"workload", {{"kind", "pretrain"}}}},                             // assumed tokens
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "finetune"}}}},                                // assumed dataset
      {{"model", "no-such-model"}, {"workload", {{"kind", "inference"}}}},                              // unknown model
      {{"workload", {{"kind", "inference"}}}},                                                          // missing model
      {{"model", 42}, {"workload", {{"kind", "inference"}}}},                                           // model type
      {{"model", "flux.1-dev"}, {"workload", {{"kind", "inference"}}}},                                 // kind mismatch
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "image"}}}},                                   // kind mismatch
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}}}, {"hardware", {{"gpu", "nope"}}}},  // unknown GPU
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}}}, {"hardware", {{"count", 2}}}},     // missing gpu
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}}}, {"filters", {{"providers", {"nope", 3}}}}},
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}, {"context_tokens", 10000000}}}},  // too long
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "finetune"}, {"method", "full"}, {"weights", "int4"}}}},
      {{"model", "llama-3.1-8b"}, {"hf_config", {{"hidden_size", 4096}}}, {"workload", {{"kind", "inference"}}}},
      {{"hf_config", {{"hidden_size", 4096}}}, {"workload", {{"kind", "inference"}}}},                  // hf needs layers
      {{"model", {{"params_b", 7}, {"heads", 8}, {"kv_heads", 16}}}, {"workload", {{"kind", "inference"}}}},
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}}}, {"limit", "ten"}},
      {{"model", "llama-3.1-8b"}},                                                                      // no workload
  };
}

// Every message key a Message uses, its nested messages and words included.
void collect_keys(const Message& m, std::set<std::string>& keys) {
  if (!m.key.empty()) keys.insert(m.key);
  for (const sizer::Param& p : m.params) {
    if (!p.word.empty()) keys.insert(p.word);
    for (const Message& nested : p.nested) collect_keys(nested, keys);
  }
}

bool has_text(const Locale& locale, const std::string& key) {
  return sizer::has_message(locale, key) || sizer::has_message(locale, key + "#other");
}

}  // namespace

TEST_CASE("a pseudo-locale phrases every guidance question and answer", "[messages][guidance]") {
  const sizer::Catalog& catalog = sizer_test::bundled();
  size_t answers = 0;
  for (const json& request : guidance_requests()) {
    INFO(request.dump());
    const sizer::ParsedRequest parsed = sizer::parse_request(request, catalog);
    REQUIRE(parsed.errors.empty());
    const sizer::Response response = sizer::evaluate(request, catalog);
    const auto facts = sizer::guidance_facts(parsed.request, response, catalog);
    REQUIRE(facts.size() == 9);
    for (const sizer::Guidance& g : sizer::phrase_guidance(facts, pseudo())) {
      INFO(g.id << ": " << g.question << " / " << g.answer);
      CHECK(all_from_pseudo(g.question));
      CHECK(all_from_pseudo(g.answer));
      CHECK(g.answer.find("guidance.") == std::string::npos);  // no key left unphrased
      ++answers;
    }
    // The response's own answers are these facts phrased in English.
    REQUIRE(response.guidance.size() == 9);
    for (const sizer::Guidance& g : response.guidance) CHECK(g.answer.find("\u27E6") == std::string::npos);
  }
  CHECK(answers == 9 * guidance_requests().size());
}

TEST_CASE("a pseudo-locale phrases every top-level error and warning", "[messages][issues]") {
  const sizer::Catalog& catalog = sizer_test::bundled();
  size_t phrased = 0;
  for (const json& request : odd_requests()) {
    INFO(request.dump());
    sizer::ParsedRequest parsed = sizer::parse_request(request, catalog);
    sizer::phrase_issues(parsed.errors, pseudo());
    sizer::phrase_issues(parsed.warnings, pseudo());
    for (const auto* list : {&parsed.errors, &parsed.warnings}) {
      for (const sizer::Issue& issue : *list) {
        INFO(issue.code << " " << issue.path << ": " << issue.message);
        CHECK(all_from_pseudo(issue.message));
        ++phrased;
      }
    }
  }
  CHECK(phrased > odd_requests().size());
}

TEST_CASE("with locale ar every top-level error and warning is Arabic", "[messages][issues]") {
  size_t checked = 0;
  for (json request : odd_requests()) {
    INFO(request.dump());
    request["locale"] = "en";
    const json en = sizer_test::evaluate(request);
    request["locale"] = "ar";
    const json ar = sizer_test::evaluate(request);
    for (const char* list : {"errors", "warnings"}) {
      if (!ar.contains(list)) continue;
      REQUIRE(ar[list].size() == en[list].size());
      for (size_t i = 0; i < ar[list].size(); ++i) {
        const std::string message = ar[list][i]["message"].get<std::string>();
        INFO(list << " " << ar[list][i]["code"] << ": " << message);
        CHECK(has_arabic_letter(message));
        CHECK(message != en[list][i]["message"].get<std::string>());
        CHECK(ar[list][i]["code"] == en[list][i]["code"]);
        ++checked;
      }
    }
  }
  CHECK(checked > odd_requests().size());
}

TEST_CASE("English messages of issues keep today's wording", "[messages][issues]") {
  const json r = sizer_test::evaluate({{"model", "llama-3.1-8b"},
                                       {"workload", {{"kind", "inference"}, {"concurrency", "many"}, {"colour", 1}}},
                                       {"engine", "nope"}, {"colour", 1}});
  std::set<std::string> messages;
  for (const auto& e : r["errors"]) messages.insert(e["message"].get<std::string>());
  for (const auto& w : r["warnings"]) messages.insert(w["message"].get<std::string>());
  CHECK(messages.count("\"concurrency\" must be a whole number, not a string."));
  // At the top level an unknown field is still a warning; inside an object it is an error that lists the fields
  // (issue 30: a misspelt field must not change the answer silently).
  CHECK(messages.count("\"colour\" is not a field this version knows; it was ignored."));
  bool listed = false;
  for (const auto& e : r["errors"]) {
    if (e["path"] == "/workload/colour") listed = e["message"].get<std::string>().rfind("\"colour\" is not a field here; the fields are: kind, weights", 0) == 0;
  }
  CHECK(listed);
  CHECK(messages.count(
      "\"engine\" is \"nope\"; expected one of: vllm, sglang, tensorrt-llm, llama.cpp, transformers, generic."));
}

TEST_CASE("every key the stages record is in the English and the Arabic catalog", "[messages]") {
  const sizer::Catalog& catalog = sizer_test::bundled();
  std::set<std::string> keys;
  for (const json& request : guidance_requests()) {
    const sizer::ParsedRequest parsed = sizer::parse_request(request, catalog);
    const sizer::Response response = sizer::evaluate(request, catalog);
    for (const auto& f : sizer::guidance_facts(parsed.request, response, catalog)) {
      collect_keys(f.question, keys);
      for (const Message& m : f.sentences) collect_keys(m, keys);
    }
  }
  for (const json& request : odd_requests()) {
    const sizer::ParsedRequest parsed = sizer::parse_request(request, catalog);
    for (const auto* list : {&parsed.errors, &parsed.warnings}) {
      for (const sizer::Issue& issue : *list) {
        CHECK_FALSE(issue.fact.key.empty());
        collect_keys(issue.fact, keys);
      }
    }
  }
  CHECK(keys.size() > 100);
  const Locale& ar = *sizer::find_locale("ar");
  for (const std::string& key : keys) {
    INFO(key);
    CHECK(has_text(sizer::english(), key));
    CHECK(has_text(ar, key));
  }
  // And the other way round: every guidance and issue text of English has its Arabic.
  for (const sizer::MessageText& t : sizer::english().texts) {
    const std::string key(t.key);
    if (key.rfind("guidance.", 0) != 0 && key.rfind("issue.", 0) != 0) continue;
    const std::string base = key.substr(0, key.find('#'));
    INFO(key);
    CHECK(has_text(ar, base));
  }
}

TEST_CASE("Arabic counted nouns take their CLDR plural forms", "[messages][guidance]") {
  const Locale& ar = *sizer::find_locale("ar");
  auto count = [&](double n) {
    return sizer::phrase(ar, sizer::message("guidance.count.sequence",
                                            {sizer::param_number("n", n, sizer::format_count(n))}, "n"));
  };
  CHECK(count(1) == "تسلسل واحد");
  CHECK(count(2) == "تسلسلين");
  CHECK(count(3) == sizer::isolate("3") + " تسلسلات");
  CHECK(count(11) == sizer::isolate("11") + " تسلسلًا");
  CHECK(count(100) == sizer::isolate("100") + " تسلسل");
  CHECK(count(0) == sizer::isolate("0") + " تسلسل");
  CHECK(sizer::phrase(sizer::english(), sizer::message("guidance.count.sequence",
                                                       {sizer::param_number("n", 1, "1")}, "n")) == "1 sequence");
}

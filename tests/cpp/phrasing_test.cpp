// Option notes are facts; phrasing writes them in a locale. A pseudo-locale (every English text wrapped
// in ⟦…⟧) shows that every reason and warning of a real evaluation comes from the catalog.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "evaluate.hpp"
#include "phrasing.hpp"
#include "support.hpp"

namespace {

sizer::Option with_notes() {
  sizer::Option o;
  o.notes.push_back(sizer::note("fits", sizer::SeverityId::info, "fits.media",
                                {sizer::param_number("spare_bytes_per_gpu", 2e9, "2 GB"),
                                 sizer::param_number("copies", 2, "2")},
                                "copies"));
  o.notes.push_back(sizer::note("gradients_over_pcie", sizer::SeverityId::warning, "gradients_over_pcie"));
  return o;
}

const sizer::Locale& pseudo() {
  static const std::vector<std::string> texts = [] {
    std::vector<std::string> out;
    for (const auto& t : sizer::english().texts) out.push_back("⟦" + std::string(t.text) + "⟧");
    return out;
  }();
  static const sizer::Locale locale = [] {
    std::vector<sizer::MessageText> entries;
    const auto& en = sizer::english().texts;
    for (size_t i = 0; i < en.size(); ++i) entries.push_back({en[i].key, texts[i]});
    return sizer::make_locale("qps", false, sizer::plural_en, entries);
  }();
  return locale;
}

bool wrapped(const std::string& text) {
  return text.rfind("⟦", 0) == 0 && text.size() >= 3 && text.compare(text.size() - 3, 3, "⟧") == 0;
}

}  // namespace

TEST_CASE("phrasing: notes become reasons and warnings in English and Arabic", "[phrasing]") {
  std::vector<sizer::Option> options = {with_notes()};
  sizer::phrase_options(options, *sizer::find_locale("en"));
  REQUIRE(options[0].reasons.size() == 1);
  REQUIRE(options[0].warnings.size() == 1);
  CHECK(options[0].reasons[0] == "Fits with 2 GB spare; 2 copies of the pipeline.");
  CHECK(options[0].warnings[0] ==
        "Gradients are exchanged over PCIe here: expect slower steps than on an NVLink box.");
  CHECK(options[0].notes[0].text == options[0].reasons[0]);

  sizer::phrase_options(options, *sizer::find_locale("ar"));
  REQUIRE(options[0].reasons.size() == 1);  // phrasing again replaces, never appends
  CHECK(options[0].reasons[0] == "يتسع مع فائض \u20682 GB\u2069؛ عدد نسخ خط المعالجة \u20682\u2069.");
  CHECK(options[0].warnings[0].find("\u2068PCIe\u2069") != std::string::npos);
}

TEST_CASE("phrasing: every option note's key has an English and an Arabic text", "[phrasing]") {
  for (const auto& t : sizer::english().texts) {
    const std::string key(t.key);
    if (key.rfind("note.", 0) != 0) continue;
    const std::string base = key.substr(0, key.find('#'));
    INFO(key);
    const sizer::Locale& ar = *sizer::find_locale("ar");
    CHECK((sizer::has_message(ar, key) || sizer::has_message(ar, base)));
  }
}

TEST_CASE("phrasing: a real evaluation's reasons and warnings all come from the catalog", "[phrasing]") {
  const std::vector<sizer::json> requests = {
      {{"model", "llama-3.1-70b"},
       {"workload", {{"kind", "inference"}, {"concurrency", 64}, {"min_output_tokens_per_s_per_user", 200},
                     {"max_ttft_s", 0.05}}},
       {"limit", 10000}},
      {{"model", "llama-3.1-70b"}, {"workload", {{"kind", "finetune"}, {"method", "full"}, {"deadline_s", 3600}}},
       {"limit", 10000}},
      {{"model", "flux.1-dev"}, {"workload", {{"kind", "image"}, {"images", 50}}}, {"limit", 10000}}};
  for (const auto& request : requests) {
    INFO(request.dump());
    const sizer::Response response = sizer::evaluate(request, sizer_test::bundled());
    REQUIRE(response.ok);
    std::vector<sizer::Option> options = response.options;
    size_t notes = 0;
    size_t warnings = 0;
    for (const auto& o : options) {
      notes += o.notes.size();
      CHECK(o.notes.size() == o.reasons.size() + o.warnings.size());
    }
    sizer::phrase_options(options, pseudo());
    for (size_t i = 0; i < options.size(); ++i) {
      CHECK(options[i].reasons.size() == response.options[i].reasons.size());
      CHECK(options[i].warnings.size() == response.options[i].warnings.size());
      warnings += options[i].warnings.size();
      for (const auto* list : {&options[i].reasons, &options[i].warnings}) {
        for (const std::string& text : *list) {
          INFO(text);
          CHECK(wrapped(text));
          CHECK(text.find('{') == std::string::npos);  // every placeholder filled
        }
      }
    }
    CHECK(notes > 0);
    CHECK(warnings > 0);
  }
}

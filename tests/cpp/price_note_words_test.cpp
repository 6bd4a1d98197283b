// The doubtful-price note (issue 33) names the price's confidence and the day it was seen as words of the
// request's locale: the Arabic note used to carry the vocabulary id ("stale", "single_source") and a bare "?" for
// an unknown date.
#include <catch2/catch.hpp>

#include <string>

#include "messages.hpp"
#include "price_doubt.hpp"
#include "support.hpp"

namespace {

using sizer::json;

// The phrased price_doubtful note of the bargain row in `locale`; "" when there is none.
std::string doubt_note(const sizer::Catalog& catalog, const std::string& locale) {
  const json request = {{"model", sizer_test::llama_8b()}, {"workload", {{"kind", "inference"}, {"concurrency", 1}}},
                        {"order", "cheapest_per_hour"}, {"locale", locale}};
  const json response = sizer::evaluate_text(request.dump(), catalog);
  REQUIRE(response.at("ok") == true);
  for (const json& o : response.at("options")) {
    if (o.value("offering_id", "") != "aws/bargain") continue;
    for (const json& n : o.at("notes")) {
      if (n.value("code", "") == "price_doubtful") return n.value("text", "");
    }
  }
  return "";
}

std::string text_of(const char* locale, const std::string& key) {
  return std::string(sizer::message_text(*sizer::find_locale(locale), key));
}

}  // namespace

TEST_CASE("the doubtful-price note names the confidence in the locale's words", "[price_doubt][messages]") {
  const std::pair<sizer::PriceConfidenceId, std::string> cases[] = {{sizer::PriceConfidenceId::stale, "stale"},
                                                                    {sizer::PriceConfidenceId::single_source, "single_source"}};
  for (const auto& [confidence, id] : cases) {
    CAPTURE(id);
    const sizer::Catalog catalog = sizer_test::l4_market(confidence, "2026-04-01");
    const std::string ar = doubt_note(catalog, "ar");
    const std::string en = doubt_note(catalog, "en");
    REQUIRE_FALSE(ar.empty());
    REQUIRE_FALSE(en.empty());
    const std::string key = "note.price_doubtful.confidence." + id;
    // The Arabic word is there and the id is not (nor any Latin letter but the date's digits and the prices).
    CHECK(ar.find(text_of("ar", key)) != std::string::npos);
    CHECK(ar.find(id) == std::string::npos);
    CHECK(ar.find("stale") == std::string::npos);
    CHECK(ar.find("single") == std::string::npos);
    CHECK(ar.find("2026-04-01") != std::string::npos);
    // English reads the word too, not the id with its underscore.
    CHECK(en.find(text_of("en", key)) != std::string::npos);
    CHECK(en.find('_') == std::string::npos);
  }
}

TEST_CASE("the doubtful-price note says an unknown seen date in words, not a question mark", "[price_doubt][messages]") {
  const sizer::Catalog catalog = sizer_test::l4_market(sizer::PriceConfidenceId::stale, "");
  for (const char* locale : {"en", "ar"}) {
    CAPTURE(locale);
    const std::string note = doubt_note(catalog, locale);
    REQUIRE_FALSE(note.empty());
    CHECK(note.find(text_of(locale, "note.price_doubtful.seen_unknown")) != std::string::npos);
    CHECK(note.find('?') == std::string::npos);
  }
}

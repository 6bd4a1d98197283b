// The message catalogs: placeholders, CLDR plural categories, bidi isolation, fallbacks.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "messages.hpp"

using namespace sizer;

TEST_CASE("CLDR plural categories for English and Arabic") {
  CHECK(plural_en(1) == PluralCategory::one);
  CHECK(plural_en(0) == PluralCategory::other);
  CHECK(plural_en(2) == PluralCategory::other);
  CHECK(plural_en(1.5) == PluralCategory::other);
  CHECK(plural_ar(0) == PluralCategory::zero);
  CHECK(plural_ar(1) == PluralCategory::one);
  CHECK(plural_ar(2) == PluralCategory::two);
  CHECK(plural_ar(3) == PluralCategory::few);
  CHECK(plural_ar(10) == PluralCategory::few);
  CHECK(plural_ar(103) == PluralCategory::few);
  CHECK(plural_ar(11) == PluralCategory::many);
  CHECK(plural_ar(99) == PluralCategory::many);
  CHECK(plural_ar(100) == PluralCategory::other);
  CHECK(plural_ar(102) == PluralCategory::other);
  CHECK(plural_ar(2.5) == PluralCategory::other);
}

TEST_CASE("phrase fills placeholders, picks the plural form and isolates Latin runs in RTL text") {
  const Locale ltr = make_locale("xx", false, plural_en,
                                 {{"t.gpus#one", "{n} GPU on {p}"}, {"t.gpus#other", "{n} GPUs on {p}"}, {"t.word", "WORD"}});
  const Message one = message("t.gpus", {param_number("n", 1, "1"), param_text("p", "Lambda")}, "n");
  const Message eight = message("t.gpus", {param_number("n", 8, "8"), param_text("p", "Lambda")}, "n");
  CHECK(phrase(ltr, one) == "1 GPU on Lambda");
  CHECK(phrase(ltr, eight) == "8 GPUs on Lambda");
  const Locale rtl = make_locale("yy", true, plural_ar,
                                 {{"t.gpus#two", "اثنان {n}"}, {"t.gpus#other", "عدد {n} {w}"}, {"t.word", "كلمة"}});
  const Message two = message("t.gpus", {param_number("n", 2, "2")}, "n");
  CHECK(phrase(rtl, two) == "اثنان " + isolate("2"));
  const Message with_word = message("t.gpus", {param_number("n", 5, "5"), param_word("w", "t.word")}, "n");
  CHECK(phrase(rtl, with_word) == "عدد " + isolate("5") + " كلمة");
}

TEST_CASE("a key missing from a locale falls back to English, then to the key itself") {
  const Locale empty = make_locale("zz", false, plural_en, {});
  CHECK(message_text(empty, "vocab.engines.vllm") == "vLLM");
  CHECK(message_text(empty, "no.such.key") == "no.such.key");
  CHECK(phrase(empty, message("no.such.key", {param_text("a", "b")})) == "no.such.key");
  // An unknown placeholder stays as written.
  const Locale l = make_locale("zz", false, plural_en, {{"k", "{known} and {unknown}"}});
  CHECK(phrase(l, message("k", {param_text("known", "x")})) == "x and {unknown}");
}

TEST_CASE("a text is found by its key through make_locale's hash table as by a search of the sorted texts") {
  // Keys with long shared prefixes (as the catalogs' are), a repeated key, and keys that are absent.
  // MessageText holds views: the strings live in `keys` and `values`, neither changed once the views are taken.
  std::vector<std::string> keys;
  for (int i = 0; i < 300; ++i) keys.push_back("guidance.vram_needed.serving_part_" + std::to_string(i * 7919 % 1000));
  std::vector<std::string> values;
  for (const std::string& key : keys) values.push_back(key + " text");
  std::vector<MessageText> texts;
  for (size_t i = 0; i < keys.size(); ++i) texts.push_back({keys[i], values[i]});
  texts.push_back({keys[5], "a second text of the same key"});
  const Locale hashed = make_locale("xx", false, plural_en, texts);
  REQUIRE(hashed.slots.size() >= 2 * hashed.texts.size());
  Locale searched = hashed;  // the same texts without the table: the binary search
  searched.slots.clear();
  for (const Locale* l : std::vector<const Locale*>{&hashed, &searched}) {
    for (const std::string& key : keys) CHECK(message_text(*l, key) == key + " text");
    CHECK(message_text(*l, "guidance.vram_needed.serving_part_1000") == "guidance.vram_needed.serving_part_1000");
    CHECK(message_text(*l, "") == "");
    CHECK_FALSE(has_message(*l, "guidance.vram_needed.serving_part_"));
  }
  // Every shipped text is found through the table.
  for (const Locale* l : {find_locale("en"), find_locale("ar")}) {
    REQUIRE(l != nullptr);
    size_t found = 0;
    for (const MessageText& t : l->texts) found += has_message(*l, t.key) ? 1 : 0;
    CHECK(found == l->texts.size());
  }
}

TEST_CASE("the shipped locales are found by id") {
  REQUIRE(find_locale("en"));
  REQUIRE(find_locale("ar"));
  CHECK(find_locale("ar")->right_to_left);
  CHECK_FALSE(find_locale("en")->right_to_left);
  CHECK(find_locale("fr") == nullptr);
}

TEST_CASE("every English message has an Arabic text (itself or a plural form)", "[messages]") {
  const Locale& en = english();
  const Locale& ar = *find_locale("ar");
  for (const MessageText& t : en.texts) {
    const std::string key(t.key);
    const std::string base = key.substr(0, key.find('#'));
    bool found = has_message(ar, base);
    for (const char* form : {"zero", "one", "two", "few", "many", "other"}) {
      found = found || has_message(ar, base + "#" + form);
    }
    INFO(base);
    CHECK(found);
  }
}

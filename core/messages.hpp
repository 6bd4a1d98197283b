// Facts apart from words. Stages record what they found as a Message: a key into the message catalogs
// and its figures (Params), no prose. The last step of the pipeline phrases each Message in the
// request's locale from that locale's catalog (core/messages/<locale>.cpp): placeholders "{name}",
// CLDR plural categories chosen by one numeric param, and bidi isolation of Latin runs in
// right-to-left text. A new language is one new catalog file and one line in `find_locale`.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sizer {

struct Message;

// One figure or name a sentence quotes.
struct Param {
  std::string name;
  // As shown ("12.3 GB", "H100 SXM", "8"): Latin script, isolated inside right-to-left text.
  std::string text;
  // The raw figure behind `text`, for machine-readable notes; absent for names.
  std::optional<double> value;
  // When set, `text` is ignored and this message key is phrased in the locale instead (a word such
  // as a workload noun or a GPU class); it is not isolated.
  std::string word;
  // When it holds one Message, that message is phrased in the locale in place of `text` (a counted noun
  // such as "8 sequences" with its plural forms, a duration, or a clause that is present or empty); not
  // isolated as a whole (its own params are).
  std::vector<Message> nested;
};

Param param_text(std::string name, std::string text);
Param param_number(std::string name, double value, std::string text);
// A training layout's sharding as a phrase ("ZeRO-1 sharding", "FSDP sharding", "no sharding"), phrased in the
// locale; its machine-readable param is the sharding id ("zero1"). Notes and guidance say it the same way.
Param sharding_phrase(std::string name, std::string_view sharding_id);
Param param_word(std::string name, std::string word_key);
Param param_message(std::string name, Message nested);

struct Message {
  std::string key;  // e.g. "reason.fits_spare"; see the catalogs
  std::vector<Param> params;
  // The param whose value picks the plural form ("" = none): the catalog may hold "key#one",
  // "key#two", ... "key#other" beside "key".
  std::string plural_param;
};

Message message(std::string key, std::vector<Param> params = {}, std::string plural_param = "");
// A message that phrases as nothing in every locale (an absent optional clause).
Message no_message();

// CLDR plural categories (https://cldr.unicode.org/index/cldr-spec/plurals).
enum class PluralCategory { zero, one, two, few, many, other };
std::string_view plural_suffix(PluralCategory category);  // "zero", "one", ... "other"

struct MessageText {
  std::string_view key;
  std::string_view text;
};

// One language: its id, direction, plural rule and texts.
struct Locale {
  std::string_view id;
  bool right_to_left = false;
  PluralCategory (*plural)(double n) = nullptr;
  std::vector<MessageText> texts;  // sorted by key
  // The texts' positions + 1 by a hash of the key (open addressing; 0: empty), built by make_locale: a ranked
  // evaluate looks up ~1,100 texts, and a binary search compared ~10 keys with long common prefixes for each.
  std::vector<uint32_t> slots;
};

// A locale with its texts sorted for look-up (a catalog file builds its Locale with this).
Locale make_locale(std::string_view id, bool right_to_left, PluralCategory (*plural)(double),
                   std::vector<MessageText> texts);

// The catalogs the core ships; nullptr for another id.
const Locale* find_locale(std::string_view id);
const Locale& english();

PluralCategory plural_en(double n);
PluralCategory plural_ar(double n);

// The text of `key` in `locale` (plural variant first), falling back to English, then to the key
// itself, so a missing translation shows as its key and a test can find it.
std::string_view message_text(const Locale& locale, std::string_view key, std::optional<double> plural_n = {});
bool has_message(const Locale& locale, std::string_view key);

// The sentence: the text with every {name} replaced by its param (words phrased in the locale, other
// params isolated in right-to-left locales). An unknown placeholder is left as written.
std::string phrase(const Locale& locale, const Message& message);

// U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE around a Latin run in RTL text.
std::string isolate(const std::string& text);

}  // namespace sizer

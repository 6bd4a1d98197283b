#include "messages.hpp"

#include <algorithm>
#include <cmath>

namespace sizer {

Param param_text(std::string name, std::string text) { return Param{std::move(name), std::move(text), std::nullopt, "", {}}; }

Param param_number(std::string name, double value, std::string text) {
  return Param{std::move(name), std::move(text), value, "", {}};
}

Param param_word(std::string name, std::string word_key) {
  return Param{std::move(name), "", std::nullopt, std::move(word_key), {}};
}

Param sharding_phrase(std::string name, std::string_view sharding_id) {
  const std::string id(sharding_id);
  Param p;
  if (id.empty() || id == "none") {
    p = param_message(std::move(name), message("phrase.sharding.none"));
  } else {
    std::string label = id;
    if (id.rfind("zero", 0) == 0) label = "ZeRO-" + id.substr(4);
    else if (id == "fsdp") label = "FSDP";
    p = param_message(std::move(name), message("phrase.sharding.some", {param_text("label", label)}));
  }
  p.text = id.empty() ? "none" : id;
  return p;
}

Param param_message(std::string name, Message nested) {
  Param p{std::move(name), "", std::nullopt, "", {}};
  p.nested.push_back(std::move(nested));
  return p;
}

Message no_message() { return Message{}; }

Message message(std::string key, std::vector<Param> params, std::string plural_param) {
  return Message{std::move(key), std::move(params), std::move(plural_param)};
}

std::string_view plural_suffix(PluralCategory category) {
  switch (category) {
    case PluralCategory::zero: return "zero";
    case PluralCategory::one: return "one";
    case PluralCategory::two: return "two";
    case PluralCategory::few: return "few";
    case PluralCategory::many: return "many";
    case PluralCategory::other: return "other";
  }
  return "other";
}

// CLDR English: "one" for the integer 1 only (1.5 GPUs is "other").
PluralCategory plural_en(double n) { return n == 1.0 ? PluralCategory::one : PluralCategory::other; }

// CLDR Arabic: zero 0; one 1; two 2; few n % 100 in 3..10; many n % 100 in 11..99; other (100, 101,
// 102, fractions).
PluralCategory plural_ar(double n) {
  if (!std::isfinite(n) || n < 0 || n != std::floor(n)) return PluralCategory::other;
  if (n == 0) return PluralCategory::zero;
  if (n == 1) return PluralCategory::one;
  if (n == 2) return PluralCategory::two;
  const double mod100 = std::fmod(n, 100.0);
  if (mod100 >= 3 && mod100 <= 10) return PluralCategory::few;
  if (mod100 >= 11 && mod100 <= 99) return PluralCategory::many;
  return PluralCategory::other;
}

namespace {

// FNV-1a: the keys are a few dozen ASCII bytes, and the table is rebuilt from them whenever a locale is made.
uint32_t key_hash(std::string_view key) {
  uint32_t h = 2166136261u;
  for (const char c : key) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  return h;
}

// The text of `key`: through the hash table, or a binary search of the sorted texts for a Locale built without one.
const MessageText* lookup(const Locale& locale, std::string_view key) {
  if (!locale.slots.empty()) {
    const size_t mask = locale.slots.size() - 1;
    for (size_t i = key_hash(key) & mask;; i = (i + 1) & mask) {
      const uint32_t slot = locale.slots[i];
      if (slot == 0) return nullptr;
      const MessageText& text = locale.texts[slot - 1];
      if (text.key == key) return &text;
    }
  }
  const auto it = std::lower_bound(locale.texts.begin(), locale.texts.end(), key,
                                   [](const MessageText& entry, std::string_view k) { return entry.key < k; });
  return it != locale.texts.end() && it->key == key ? &*it : nullptr;
}

const Param* find_param(const Message& message, std::string_view name) {
  for (const Param& p : message.params) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

}  // namespace

bool has_message(const Locale& locale, std::string_view key) { return lookup(locale, key) != nullptr; }

std::string_view message_text(const Locale& locale, std::string_view key, std::optional<double> plural_n) {
  for (const Locale* l : {&locale, &english()}) {
    if (plural_n && l->plural != nullptr) {
      const std::string variant = std::string(key) + "#" + std::string(plural_suffix(l->plural(*plural_n)));
      if (const MessageText* t = lookup(*l, variant)) return t->text;
      if (const MessageText* t = lookup(*l, std::string(key) + "#other")) return t->text;
    }
    if (const MessageText* t = lookup(*l, key)) return t->text;
  }
  return key;
}

std::string phrase(const Locale& locale, const Message& message) {
  if (message.key.empty()) return "";
  std::optional<double> plural_n;
  if (!message.plural_param.empty()) {
    if (const Param* p = find_param(message, message.plural_param); p && p->value) plural_n = *p->value;
  }
  const std::string_view text = message_text(locale, message.key, plural_n);
  std::string out;
  out.reserve(text.size() + 32);
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '{') {
      const size_t close = text.find('}', i + 1);
      if (close != std::string_view::npos) {
        const std::string_view name = text.substr(i + 1, close - i - 1);
        if (const Param* p = find_param(message, name)) {
          if (!p->nested.empty()) {
            out += phrase(locale, p->nested.front());
          } else if (!p->word.empty()) {
            out += message_text(locale, p->word);
          } else {
            out += locale.right_to_left ? isolate(p->text) : p->text;
          }
          i = close + 1;
          continue;
        }
      }
    }
    // Up to the next placeholder in one piece.
    const size_t next = text.find('{', i + 1);
    const size_t end = next == std::string_view::npos ? text.size() : next;
    out.append(text.data() + i, end - i);
    i = end;
  }
  return out;
}

Locale make_locale(std::string_view id, bool right_to_left, PluralCategory (*plural)(double),
                   std::vector<MessageText> texts) {
  std::stable_sort(texts.begin(), texts.end(), [](const MessageText& a, const MessageText& b) { return a.key < b.key; });
  // At most half full, so a probe ends soon at an empty slot. Inserted in sorted order and a key already there
  // skipped: a repeated key finds its first text, as the binary search does.
  size_t size = 16;
  while (size < texts.size() * 2) size *= 2;
  std::vector<uint32_t> slots(size, 0);
  for (size_t k = 0; k < texts.size(); ++k) {
    for (size_t i = key_hash(texts[k].key) & (size - 1);; i = (i + 1) & (size - 1)) {
      if (slots[i] == 0) {
        slots[i] = static_cast<uint32_t>(k + 1);
        break;
      }
      if (texts[slots[i] - 1].key == texts[k].key) break;
    }
  }
  return Locale{id, right_to_left, plural, std::move(texts), std::move(slots)};
}

std::string isolate(const std::string& text) { return "\u2068" + text + "\u2069"; }

// Each catalog file defines its locale; this is the one list of the languages the core ships.
const Locale& locale_en();
const Locale& locale_ar();

const Locale& english() { return locale_en(); }

const Locale* find_locale(std::string_view id) {
  for (const Locale* l : {&locale_en(), &locale_ar()}) {
    if (l->id == id) return l;
  }
  return nullptr;
}

}  // namespace sizer

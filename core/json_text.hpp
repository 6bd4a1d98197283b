// Writing JSON text exactly as nlohmann's dump_json does (keys in byte order are the caller's part), without
// building json values: the response writer (json_io.cpp) and the bundled offerings' list (catalog_codec.cpp).
// In a header so both use one writer; inline for the WASM build's -Oz files (CMakeLists.txt).
#pragma once
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "json_read.hpp"

namespace sizer {

// Whether none of the eight bytes in `word` needs escaping or UTF-8 checking: each is ASCII (high bit clear), at
// least 0x20, and neither '"' nor '\\'. The zero-byte test (Alan Mycroft's, from Sean Anderson's "Bit Twiddling Hacks") on
// 64 bits: (x − 0x01…) & ~x & 0x80… is non-zero exactly when a byte of x is zero (x ^ b·0x01… zeroes the bytes
// equal to b); below-0x20 is the same with 0x20 subtracted, exact once the high bits are known clear.
inline bool plain_ascii_8(uint64_t word) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHigh = 0x8080808080808080ULL;
  if (word & kHigh) return false;
  const auto has_zero = [](uint64_t x) { return ((x - kOnes) & ~x & kHigh) != 0; };
  if (((word - kOnes * 0x20) & ~word & kHigh) != 0) return false;
  return !has_zero(word ^ (kOnes * '"')) && !has_zero(word ^ (kOnes * '\\'));
}

// JSON text as it is written. The writers add a few bytes at a time (a comma, a quote, a key), and in the WASM
// build the files that use them are compiled for size (-Oz, CMakeLists.txt), where each std::string `+=` is an
// out-of-line call through libc++'s short/long-string checks: ~15 % of a ranked evaluate in Node went to those
// calls. Here the common path is a bounds check and a store or memcpy, always inlined.
class Text {
 public:
  [[gnu::always_inline]] inline Text& operator+=(char c) {
    if (size_ == capacity_) grow(1);
    data_[size_++] = c;
    return *this;
  }
  [[gnu::always_inline]] inline Text& operator+=(std::string_view s) {
    append(s.data(), s.size());
    return *this;
  }
  Text& operator+=(const char* s) { return *this += std::string_view(s); }
  [[gnu::always_inline]] inline void append(const char* s, size_t n) {
    if (capacity_ - size_ < n) grow(n);
    std::memcpy(data_ + size_, s, n);
    size_ += n;
  }
  size_t size() const { return size_; }
  // Drops what was written after `size` (the string writer undoing a string it hands to dump_json instead).
  void truncate(size_t size) { size_ = std::min(size, size_); }
  void reserve(size_t bytes) {
    if (bytes > capacity_) grow(bytes - size_);
  }
  std::string take() {
    buffer_.resize(size_);
    capacity_ = size_ = 0;
    data_ = nullptr;
    return std::move(buffer_);
  }

 private:
  [[gnu::noinline]] void grow(size_t more) {
    capacity_ = std::max(size_ + more, capacity_ * 2 + 256);
    buffer_.resize(capacity_);
    data_ = buffer_.data();
  }
  std::string buffer_;  // its size is capacity_; the text is its first size_ bytes
  char* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

// The writers of a value's text, each appending to a Text.
struct JsonText {
  static void write_integer(Text& out, int64_t value) {
    char buffer[24];
    const char* end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    out.append(buffer, static_cast<size_t>(end - buffer));
  }
  static void write_number(Text& out, double value) {
    char buffer[64];
    const char* end = nlohmann::detail::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, static_cast<size_t>(end - buffer));
  }
  // As nlohmann's serializer writes a string (ensure_ascii off): \b \t \n \f \r \" \\ escaped, other
  // control bytes as \u00xx, well-formed UTF-8 (Arabic text, "×", "≈") copied as it is. Anything that is not
  // well-formed UTF-8 goes through dump_json itself, which replaces the bad bytes. Escaping here, byte by
  // byte without building a json value per string, is what lets the whole response be written as text.
  static void write_string(Text& out, std::string_view value) {
    const size_t start = out.size();
    out += '"';
    const auto* bytes = reinterpret_cast<const unsigned char*>(value.data());
    const size_t n = value.size();
    size_t plain_from = 0;
    auto flush = [&](size_t to) { out.append(value.data() + plain_from, to - plain_from); };
    for (size_t i = 0; i < n;) {
      // Eight plain bytes at a time (most of a response is plain ASCII sentences and ids).
      if (i + 8 <= n) {
        uint64_t word;
        std::memcpy(&word, bytes + i, sizeof word);
        if (plain_ascii_8(word)) {
          i += 8;
          continue;
        }
      }
      const unsigned char c = bytes[i];
      if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
        ++i;
        continue;
      }
      if (c < 0x80) {
        flush(i);
        switch (c) {
          case '"': out += "\\\""; break;
          case '\\': out += "\\\\"; break;
          case 0x08: out += "\\b"; break;
          case 0x09: out += "\\t"; break;
          case 0x0A: out += "\\n"; break;
          case 0x0C: out += "\\f"; break;
          case 0x0D: out += "\\r"; break;
          default: {
            static constexpr char kHex[] = "0123456789abcdef";
            out += "\\u00";
            out += kHex[c >> 4];
            out += kHex[c & 0xF];
          }
        }
        plain_from = ++i;
        continue;
      }
      const size_t length = utf8_length(bytes + i, n - i);
      if (length == 0) {  // not well-formed: exactly as dump_json writes it
        out.truncate(start);
        out += dump_json(json(std::string(value)));
        return;
      }
      i += length;
    }
    flush(n);
    out += '"';
  }

  // The length of the well-formed UTF-8 sequence at `s` (Unicode table 3-7: no overlong forms, no
  // surrogates, nothing past U+10FFFF), or 0.
  static size_t utf8_length(const unsigned char* s, size_t left) {
    auto cont = [&](size_t k, unsigned char lo = 0x80, unsigned char hi = 0xBF) { return k < left && s[k] >= lo && s[k] <= hi; };
    const unsigned char c = s[0];
    if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
    if (c == 0xE0) return cont(1, 0xA0) && cont(2) ? 3 : 0;
    if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) return cont(1) && cont(2) ? 3 : 0;
    if (c == 0xED) return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0;
    if (c == 0xF0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
    if (c >= 0xF1 && c <= 0xF3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
    if (c == 0xF4) return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0;
    return 0;
  }

  // Any json value as dump_json writes it (objects are std::maps: their keys iterate in byte order).
  static void write_value(Text& out, const json& v) {
    switch (v.type()) {
      case json::value_t::object: {
        out += '{';
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
          if (!first) out += ',';
          first = false;
          write_string(out, it.key());
          out += ':';
          write_value(out, it.value());
        }
        out += '}';
        return;
      }
      case json::value_t::array: {
        out += '[';
        for (size_t i = 0; i < v.size(); ++i) {
          if (i) out += ',';
          write_value(out, v[i]);
        }
        out += ']';
        return;
      }
      case json::value_t::string: write_string(out, v.get_ref<const std::string&>()); return;
      case json::value_t::boolean: out += v.get<bool>() ? "true" : "false"; return;
      case json::value_t::number_integer: write_integer(out, v.get<int64_t>()); return;
      case json::value_t::number_float: {
        const double x = v.get<double>();
        if (std::isfinite(x)) {
          write_number(out, x);
        } else {
          out += "null";
        }
        return;
      }
      case json::value_t::null: out += "null"; return;
      default: out += dump_json(v); return;  // unsigned numbers, binary: not in a response
    }
  }

};

// The same JSON text with every non-ASCII character written as a \uXXXX escape (a surrogate pair above U+FFFF):
// the same value to any JSON reader, and all-ASCII bytes. Why: the WASM door hands its responses to JavaScript as
// UTF-8 bytes, and engines decode all-ASCII bytes by copying them while a single "×" sends the whole text down
// the full UTF-8 path (Node 20, a limit-20 response of 66 KB with 89 non-ASCII bytes: TextDecoder 0.94 ms as
// written, 0.045 ms escaped; wasm/bindings.cpp). Outside strings JSON text is ASCII, so every multi-byte
// sequence sits inside a string, where an escape means the same character. `text` is well-formed UTF-8 (the
// writers above replace bad bytes); a malformed byte, should one come, is written as U+FFFD.
inline void escape_non_ascii(std::string& text) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  const size_t n = text.size();
  size_t i = 0;
  while (i + 8 <= n) {
    uint64_t word;
    std::memcpy(&word, bytes + i, sizeof word);
    if (word & 0x8080808080808080ULL) break;
    i += 8;
  }
  while (i < n && bytes[i] < 0x80) ++i;
  if (i == n) return;
  std::string out;
  out.reserve(n + n / 4);
  out.append(text, 0, i);
  static constexpr char kHex[] = "0123456789abcdef";
  auto escape = [&](uint32_t unit) {
    const char e[6] = {'\\', 'u', kHex[(unit >> 12) & 0xF], kHex[(unit >> 8) & 0xF], kHex[(unit >> 4) & 0xF], kHex[unit & 0xF]};
    out.append(e, 6);
  };
  while (i < n) {
    const unsigned char c = bytes[i];
    if (c < 0x80) {
      const size_t from = i;
      while (i < n && bytes[i] < 0x80) ++i;
      out.append(text, from, i - from);
      continue;
    }
    const size_t length = JsonText::utf8_length(bytes + i, n - i);
    if (length == 0) {
      escape(0xFFFD);
      ++i;
      continue;
    }
    uint32_t code = length == 2 ? c & 0x1Fu : length == 3 ? c & 0x0Fu : c & 0x07u;
    for (size_t k = 1; k < length; ++k) code = (code << 6) | (bytes[i + k] & 0x3Fu);
    if (code >= 0x10000) {
      code -= 0x10000;
      escape(0xD800 + (code >> 10));
      escape(0xDC00 + (code & 0x3FF));
    } else {
      escape(code);
    }
    i += length;
  }
  text = std::move(out);
}

}  // namespace sizer

#include "catalog_codec.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <type_traits>
#include <unordered_map>
#include <utility>

#include "json_text.hpp"
#include "price_doubt.hpp"

namespace sizer {
namespace {

constexpr std::string_view kMagic = "gpu-sizer-catalog 1\n";

// Every field of every catalog struct, once, in the order both the writer and the reader visit them. A
// field added to a struct and not here is caught by catalog_codec_test (the decoded catalog compares
// unequal, with the structs' defaulted ==, to the catalog read from JSON).
template <class V> void fields(V& v, Tflops& t) {
  v(t.fp32); v(t.tf32); v(t.bf16); v(t.fp16); v(t.fp8); v(t.int8); v(t.fp4);
}
template <class V> void fields(V& v, Gpu& g) {
  v(g.id); v(g.name); v(g.vendor); v(g.kind); v(g.vram_gib); v(g.memory_type); v(g.architecture);
  v(g.memory_bandwidth_gbs); v.nested(g.tflops); v(g.interconnect_kind); v(g.interconnect_bandwidth_gbs);
  v(g.pcie_bandwidth_gbs); v(g.driver_memory_bytes); v(g.driver_memory_source); v(g.source); v(g.as_of);
}
template <class V> void fields(V& v, Commitment& c) {
  v(c.term); v(c.gpu); v(c.usd_per_hour); v(c.usd_per_gpu_hour); v(c.discount_fraction); v(c.term_days);
  v(c.max_term_days); v(c.step_days); v(c.min_gpus); v(c.seen); v(c.confidence); v(c.source);
}
template <class V> void fields(V& v, Provider& p) {
  v(p.id); v(p.name); v(p.tier); v(p.resells); v(p.price_as_of); v(p.billing_granularity_s); v(p.minimum_charge_s);
  v(p.block_storage_usd_per_gb_month); v(p.object_storage_usd_per_gb_month); v(p.egress_usd_per_gb);
  v(p.spot_available); v(p.multi_node_fabric_on_demand); v(p.spot_notice_s); v.list(p.commitments); v(p.source);
  v(p.as_of);
}
template <class V> void fields(V& v, Offering& o) {
  v(o.id); v(o.provider); v(o.instance); v(o.gpu); v(o.gpus); v(o.vcpus); v(o.ram_gib); v(o.usd_per_hour);
  v(o.spot_usd_per_hour); v(o.region); v(o.interconnect); v(o.tier); v(o.display_name); v(o.gpu_mem_gb);
  v(o.price_type); v(o.price_as_of); v(o.stale); v(o.upstream); v(o.price_seen); v(o.price_confidence);
  v(o.spot_confidence); v(o.currency); v(o.source_amount); v(o.source_spot_amount); v(o.fx_rate); v(o.fx_date);
  v(o.resale_of_provider); v(o.resale_of_instance); v(o.form_factor); v(o.spot_region); v.list(o.commitments);
  v(o.source); v(o.as_of);
}
template <class V> void fields(V& v, ModelComponent& c) { v(c.name); v(c.role); v(c.params_b); }
template <class V> void fields(V& v, MediaSpec& m) {
  v(m.backbone); v(m.task); v(m.latent_downsample); v(m.latent_channels); v(m.patch_size); v(m.temporal_downsample);
  v(m.default_steps); v(m.native_width); v(m.native_height); v(m.default_frames); v(m.fps); v(m.sample_rate_hz);
  v(m.chunk_seconds); v(m.encoder_layers); v(m.decoder_layers); v(m.guidance_distilled);
}
template <class V> void fields(V& v, ModelArch& a) {
  v(a.id); v(a.name); v(a.kind); v(a.params_b); v(a.active_params_b); v(a.layers); v(a.hidden); v(a.heads);
  v(a.kv_heads); v(a.head_dim); v(a.ffn); v(a.vocab); v(a.max_context); v(a.experts); v(a.experts_per_token);
  v(a.kv_lora_rank); v(a.rope_head_dim); v(a.sliding_window); v(a.sliding_layers); v(a.tied_embeddings);
  v(a.checkpoint_weights); v.list(a.components); v.nested(a.media); v(a.source); v(a.as_of);
}
template <class V> void fields(V& v, Catalog& c) {
  v(c.as_of); v.list(c.gpus); v.list(c.providers); v.list(c.offerings); v.list(c.models);
}

// The keys of an offering's JSON that the document rebuilds from the decoded Offering, by bit of the mask the
// compact form keeps per offering (set: the key was in the file with exactly the value rebuilt here).
constexpr std::array<std::string_view, 31> kOfferingKeys = {
    "id", "provider", "instance", "gpu", "gpus", "vcpus", "ram_gib", "usd_per_hour", "spot_usd_per_hour", "region",
    "interconnect", "tier", "display_name", "gpu_mem_gb", "price_type", "price_as_of", "stale", "upstream", "source",
    "as_of", "price_seen", "price_confidence", "spot_confidence", "currency", "source_amount", "source_spot_amount",
    "fx_rate", "fx_date", "form_factor", "spot_region", "resale_of"};

// A number as the catalog files write it (JSON.stringify): integral values without a fraction.
json number_json(double x) {
  if (std::isfinite(x) && x == std::trunc(x) && std::fabs(x) < 9e15 && !(x == 0 && std::signbit(x))) {
    return json(static_cast<int64_t>(x));
  }
  return json(x);
}
json number_json(const std::optional<double>& x) { return x ? number_json(*x) : json(nullptr); }

json offering_key_json(const Offering& o, size_t key) {
  switch (key) {
    case 0: return o.id;
    case 1: return o.provider;
    case 2: return o.instance;
    case 3: return o.gpu;
    case 4: return o.gpus;
    case 5: return number_json(o.vcpus);
    case 6: return number_json(o.ram_gib);
    case 7: return number_json(o.usd_per_hour);
    case 8: return number_json(o.spot_usd_per_hour);
    case 9: return o.region;
    case 10: return std::string(id_of(o.interconnect));
    case 11: return o.tier ? json(std::string(id_of(*o.tier))) : json(nullptr);
    case 12: return o.display_name;
    case 13: return number_json(o.gpu_mem_gb);
    case 14: return o.price_type;
    case 15: return o.price_as_of;
    case 16: return o.stale;
    case 17: return o.upstream;
    case 18: return o.source;
    case 19: return o.as_of;
    case 20: return o.price_seen;
    case 21: return std::string(id_of(o.price_confidence));
    case 22: return o.spot_confidence ? json(std::string(id_of(*o.spot_confidence))) : json(nullptr);
    case 23: return o.currency;
    case 24: return number_json(o.source_amount);
    case 25: return number_json(o.source_spot_amount);
    case 26: return number_json(o.fx_rate);
    case 27: return o.fx_date;
    case 28: return o.form_factor;
    case 29: return o.spot_region;
    default: {
      json r = json::object();
      r["provider"] = o.resale_of_provider;
      r["instance"] = o.resale_of_instance.empty() ? json(nullptr) : json(o.resale_of_instance);
      return r;
    }
  }
}

class Writer {
 public:
  void operator()(const std::string& s) {
    auto [it, inserted] = index_.emplace(s, strings_.size());
    if (inserted) {
      // The table is in first-use order, so a first use needs no index: "+" (the offerings' ids, instances
      // and names are each used once, and a run of rising indices would gzip poorly).
      strings_.push_back(&it->first);
      token("+");
    } else {
      token(std::to_string(it->second));
    }
  }
  void operator()(double x) {
    char buf[64];
    // nlohmann's shortest round-trip form (what its serializer prints): strtod reads back the same double.
    char* end = nlohmann::detail::to_chars(buf, buf + sizeof buf, x);
    token(std::string_view(buf, static_cast<size_t>(end - buf)));
  }
  void operator()(int64_t x) { token(std::to_string(x)); }
  void operator()(bool x) { token(x ? "1" : "0"); }
  template <class E> requires std::is_enum_v<E> void operator()(E x) { token(std::to_string(static_cast<int>(x))); }
  template <class T> void operator()(const std::optional<T>& x) {
    if (x) (*this)(*x);
    else token("~");
  }
  template <class S> void nested(S& s) { fields(*this, s); }
  template <class T> void list(std::vector<T>& items) {
    token(std::to_string(items.size()));
    for (T& item : items) fields(*this, item);
  }

  std::string finish(std::string_view extras) const {
    std::string out(kMagic);
    out += std::to_string(strings_.size());
    out += '\n';
    for (const std::string* s : strings_) {
      for (char ch : *s) {
        if (ch == '\\') out += "\\\\";
        else if (ch == '\n') out += "\\n";
        else out += ch;
      }
      out += '\n';
    }
    out += tokens_;
    out += '\n';
    out += extras;
    return out;
  }

 private:
  void token(std::string_view text) {
    tokens_ += text;
    tokens_ += ' ';
  }
  std::unordered_map<std::string, size_t> index_;
  std::vector<const std::string*> strings_;  // in first-use order; point into index_'s stable nodes
  std::string tokens_;
};

class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  bool read_strings() {
    if (text_.substr(0, kMagic.size()) != kMagic) return false;
    pos_ = kMagic.size();
    const size_t line_end = text_.find('\n', pos_);
    size_t count = 0;
    if (line_end == std::string_view::npos || !parse_integer(text_.substr(pos_, line_end - pos_), count)) return false;
    pos_ = line_end + 1;
    if (count > text_.size()) return false;  // each string takes at least its newline
    strings_.reserve(count);
    for (size_t i = 0; i < count; ++i) {
      const size_t end = text_.find('\n', pos_);
      if (end == std::string_view::npos) return false;
      const std::string_view raw = text_.substr(pos_, end - pos_);
      pos_ = end + 1;
      if (raw.find('\\') == std::string_view::npos) {
        strings_.emplace_back(raw);
        continue;
      }
      std::string s;
      for (size_t j = 0; j < raw.size(); ++j) {
        if (raw[j] != '\\') {
          s += raw[j];
        } else if (j + 1 < raw.size() && (raw[j + 1] == '\\' || raw[j + 1] == 'n')) {
          s += raw[++j] == 'n' ? '\n' : '\\';
        } else {
          return false;
        }
      }
      strings_.push_back(std::move(s));
    }
    return true;
  }

  void operator()(std::string& s) {
    const std::string_view t = token();
    size_t index = 0;
    if (t == "+") index = next_new_++;
    else if (!parse_integer(t, index) || index >= next_new_) bad_ = true;  // only strings already met
    if (!bad_ && index < strings_.size()) s = strings_[index];
    else bad_ = true;
  }
  void operator()(double& x) {
    const std::string_view t = token();
    char buf[64];
    if (t.empty() || t.size() >= sizeof buf) {
      bad_ = true;
      return;
    }
    if (exact_decimal(t, x)) return;
    std::memcpy(buf, t.data(), t.size());
    buf[t.size()] = '\0';
    char* end = nullptr;
    x = std::strtod(buf, &end);  // correctly rounded (glibc, musl): the double the JSON parser read
    if (end != buf + t.size()) bad_ = true;
  }
  void operator()(int64_t& x) {
    if (!parse_integer(token(), x)) bad_ = true;
  }
  void operator()(bool& x) {
    const std::string_view t = token();
    if (t != "0" && t != "1") bad_ = true;
    x = t == "1";
  }
  template <class E> requires std::is_enum_v<E> void operator()(E& x) {
    int value = 0;
    if (!parse_integer(token(), value) || value < 0 || static_cast<size_t>(value) >= Vocabulary<E>::ids.size()) {
      bad_ = true;
      return;
    }
    x = static_cast<E>(value);
  }
  template <class T> void operator()(std::optional<T>& x) {
    if (peek() == "~") {
      token();
      x.reset();
      return;
    }
    T value{};
    (*this)(value);
    x = value;
  }
  template <class S> void nested(S& s) { fields(*this, s); }
  template <class T> void list(std::vector<T>& items) {
    size_t count = 0;
    // Each item takes at least two characters: a cut or corrupt count cannot make a huge allocation.
    if (!parse_integer(token(), count) || count > text_.size() - pos_) {
      bad_ = true;
      return;
    }
    items.resize(count);
    for (T& item : items) {
      if (bad_) return;
      fields(*this, item);
    }
  }

  // After the catalog: the count of offering masks, the masks, then a newline and the rest of the text, the
  // offerings file's JSON without the keys the masks say are rebuilt.
  void document_section(std::vector<uint32_t>& masks, std::string_view& extras) {
    size_t count = 0;
    if (!parse_integer(token(), count) || count > text_.size() - pos_) {
      bad_ = true;
      return;
    }
    masks.resize(count);
    for (uint32_t& mask : masks) {
      if (!parse_integer(token(), mask) || mask >= (1u << kOfferingKeys.size())) bad_ = true;
      if (bad_) return;
    }
    if (pos_ >= text_.size() || text_[pos_] != '\n') {
      bad_ = true;
      return;
    }
    extras = text_.substr(pos_ + 1);
    pos_ = text_.size();
  }

  bool ok() const { return !bad_ && pos_ == text_.size(); }

 private:
  // Most catalog numbers are short decimals ("0.556", "2048.0"): with at most 15 digits the digits are an
  // exact double, and so is 10^k for k <= 22, so one IEEE division gives the correctly rounded value, the
  // one strtod gives (Clinger, "How to read floating point numbers accurately", PLDI 1990). strtod (musl's
  // is general and slow in WASM) reads the rest: exponents, longer digit strings.
  static bool exact_decimal(std::string_view t, double& x) {
    static constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    size_t i = 0;
    const bool negative = !t.empty() && t[0] == '-';
    if (negative) ++i;
    int64_t digits = 0;
    int count = 0, fraction = -1;
    for (; i < t.size(); ++i) {
      if (t[i] == '.' && fraction < 0) {
        fraction = 0;
      } else if (t[i] >= '0' && t[i] <= '9') {
        if (++count > 15) return false;
        digits = digits * 10 + (t[i] - '0');
        if (fraction >= 0) ++fraction;
      } else {
        return false;
      }
    }
    if (count == 0 || fraction == 0) return false;
    const double value = static_cast<double>(digits) / kPow10[fraction < 0 ? 0 : fraction];
    x = negative ? -value : value;
    return true;
  }
  // std::from_chars' rules for a whole token (decimal digits, a '-' only for a signed type, no overflow) as one
  // plain loop: the catalog's ~30,000 integers are read once, at start, by code the engine has not optimised yet,
  // where libc++'s from_chars (calls within calls at -Oz) was the largest part of the decode (V8 --cpu-prof).
  template <class Int> static bool parse_integer(std::string_view t, Int& out) {
    using Unsigned = std::make_unsigned_t<Int>;
    size_t i = 0;
    bool negative = false;
    if constexpr (std::is_signed_v<Int>) {
      negative = !t.empty() && t[0] == '-';
      i = negative ? 1 : 0;
    }
    if (i >= t.size()) return false;
    const Unsigned limit = static_cast<Unsigned>(std::numeric_limits<Int>::max()) + (negative ? 1u : 0u);
    const Unsigned tenth = limit / 10, last = limit % 10;
    Unsigned value = 0;
    for (; i < t.size(); ++i) {
      const Unsigned digit = static_cast<Unsigned>(static_cast<unsigned char>(t[i])) - static_cast<Unsigned>('0');
      if (digit > 9 || value > tenth || (value == tenth && digit > last)) return false;
      value = static_cast<Unsigned>(value * 10 + digit);
    }
    out = negative ? static_cast<Int>(static_cast<Unsigned>(0) - value) : static_cast<Int>(value);
    return true;
  }
  std::string_view peek() const {
    const size_t end = text_.find(' ', pos_);
    return end == std::string_view::npos ? std::string_view() : text_.substr(pos_, end - pos_);
  }
  std::string_view token() {
    const size_t end = text_.find(' ', pos_);
    if (end == std::string_view::npos) {
      bad_ = true;
      pos_ = text_.size();
      return {};
    }
    const std::string_view t = text_.substr(pos_, end - pos_);
    pos_ = end + 1;
    return t;
  }

  std::string_view text_;
  size_t pos_ = 0;
  bool bad_ = false;
  std::vector<std::string> strings_;
  size_t next_new_ = 0;  // the table index the next "+" stands for
};


// ---- display names the refresh derives (scripts/lib/refresh.js, displayName) ---------------------------
// The bundled offerings' display_name is "8× H100 SXM 80 GB · 192 vCPU · 2048 GiB RAM", made from the
// offering's own figures, so the compact form stores kDerivedName where the name is exactly that and the
// reader makes it again (~4 KB of the gzipped module). A name that differs in any byte is stored as written.
constexpr std::string_view kDerivedName = "\x01";

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool is_word(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

// shortGpuName: "NVIDIA A100 80GB SXM" -> "A100 SXM" (a vendor word first, a trailing "(...)" and the first
// "<n> GB" dropped, runs of white space made one space, trimmed), as the JavaScript regular expressions do.
std::string short_gpu_name(std::string_view name) {
  std::string s(name);
  for (std::string_view vendor : {"NVIDIA", "AMD", "Google", "AWS", "Intel"}) {
    if (s.size() > vendor.size() && s.compare(0, vendor.size(), vendor) == 0 && is_space(s[vendor.size()])) {
      size_t end = vendor.size();
      while (end < s.size() && is_space(s[end])) ++end;
      s.erase(0, end);
      break;
    }
  }
  // \s*\([^)]*\)\s*$
  {
    size_t end = s.size();
    while (end > 0 && is_space(s[end - 1])) --end;
    if (end > 0 && s[end - 1] == ')') {
      const size_t open = s.rfind('(', end - 1);
      if (open != std::string::npos && s.find(')', open) == end - 1) {
        size_t start = open;
        while (start > 0 && is_space(s[start - 1])) --start;
        s.erase(start);
      }
    }
  }
  // \b\d+\s?GB\b\s* (case-insensitive), the first match
  for (size_t i = 0; i < s.size(); ++i) {
    if (!(s[i] >= '0' && s[i] <= '9') || (i > 0 && is_word(s[i - 1]))) continue;
    size_t j = i;
    while (j < s.size() && s[j] >= '0' && s[j] <= '9') ++j;
    auto gb_at = [&](size_t k) {
      return k + 1 < s.size() && (s[k] == 'g' || s[k] == 'G') && (s[k + 1] == 'b' || s[k + 1] == 'B') &&
             (k + 2 == s.size() || !is_word(s[k + 2]));
    };
    size_t k = j;
    if (!gb_at(k)) {
      if (k < s.size() && is_space(s[k]) && gb_at(k + 1)) ++k;
      else continue;
    }
    size_t end = k + 2;
    while (end < s.size() && is_space(s[end])) ++end;
    s.erase(i, end - i);
    break;
  }
  std::string out;
  for (char c : s) {
    if (is_space(c)) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// fmt: an integer as itself, anything else rounded to one decimal (JavaScript's Math.round, String()).
std::string js_number(double v) {
  auto shortest = [](double x) {
    if (x == std::trunc(x) && std::fabs(x) < 9e15) return std::to_string(static_cast<int64_t>(x));
    char buf[64];
    char* end = nlohmann::detail::to_chars(buf, buf + sizeof buf, x);
    return std::string(buf, static_cast<size_t>(end - buf));
  };
  if (v == std::trunc(v)) return shortest(v);
  return shortest(std::floor(v * 10 + 0.5) / 10);
}

}  // namespace

std::string derived_display_name(const Offering& o, const Gpu* gpu) {
  double mem_gb = std::nan("");
  if (o.gpu_mem_gb) mem_gb = *o.gpu_mem_gb;
  else if (gpu != nullptr) mem_gb = gpu->vram_gib;
  std::string s = std::to_string(o.gpus);
  s.append("\xC3\x97 ");  // ×
  s.append(gpu ? short_gpu_name(gpu->name) : o.gpu);
  auto figure = [&s](double value, std::string_view unit) {
    s.append(" ");
    s.append(js_number(value));
    s.append(unit);
  };
  if (std::isfinite(mem_gb)) figure(mem_gb, " GB");
  if (o.vcpus && std::isfinite(*o.vcpus)) {
    s.append(" \xC2\xB7");  // ·
    figure(*o.vcpus, " vCPU");
  }
  if (o.ram_gib && std::isfinite(*o.ram_gib)) {
    s.append(" \xC2\xB7");
    figure(*o.ram_gib, " GiB RAM");
  }
  return s;
}

namespace {

// Writer side (derive = false: names equal to the derived one become kDerivedName) and reader side.
void derived_names(Catalog& catalog, bool derive) {
  std::unordered_map<std::string_view, const Gpu*> gpus;
  for (const Gpu& g : catalog.gpus) gpus.emplace(g.id, &g);
  for (Offering& o : catalog.offerings) {
    const auto it = gpus.find(o.gpu);
    const Gpu* gpu = it == gpus.end() ? nullptr : it->second;
    if (derive) {
      if (o.display_name == kDerivedName) o.display_name = derived_display_name(o, gpu);
    } else if (!o.display_name.empty() && o.display_name == derived_display_name(o, gpu)) {
      o.display_name = std::string(kDerivedName);
    }
  }
}

}  // namespace

std::string encode_catalog(const Catalog& catalog, const json* offerings_document) {
  Catalog copy = catalog;  // fields() visits mutable structs (the reader's need); the writer only reads
  derived_names(copy, false);
  Writer writer;
  fields(writer, copy);
  if (offerings_document == nullptr) {
    writer(int64_t{0});
    return writer.finish("");
  }
  const json* list = offerings_document->is_object() && offerings_document->contains("offerings")
                         ? &(*offerings_document)["offerings"] : nullptr;
  if (list == nullptr || !list->is_array() || list->size() != catalog.offerings.size()) return "";
  json extras = *offerings_document;
  writer(static_cast<int64_t>(catalog.offerings.size()));
  for (size_t i = 0; i < catalog.offerings.size(); ++i) {
    json& item = extras["offerings"][i];
    if (!item.is_object()) return "";
    int64_t mask = 0;
    for (size_t k = 0; k < kOfferingKeys.size(); ++k) {
      const std::string key(kOfferingKeys[k]);
      // Rebuilt only where the text would be the same; anything else (an explicit null the struct cannot
      // tell from absent, 8.0 written for 8) stays in the extras as written.
      if (item.contains(key) && dump_json(item[key]) == dump_json(offering_key_json(catalog.offerings[i], k))) {
        mask |= int64_t{1} << k;
        item.erase(key);
      }
    }
    writer(mask);
  }
  return writer.finish(dump_json(extras));
}

namespace {
// Everything the text holds: the catalog, and the offerings document's masks and extras.
struct Decoded {
  Catalog catalog;
  std::vector<uint32_t> masks;
  std::string_view extras;
};
std::optional<Decoded> decode_all(std::string_view text) {
  Reader reader(text);
  if (!reader.read_strings()) return std::nullopt;
  Decoded d;
  fields(reader, d.catalog);
  derived_names(d.catalog, true);
  reader.document_section(d.masks, d.extras);
  if (!reader.ok()) return std::nullopt;
  return d;
}
}  // namespace

std::optional<Catalog> decode_catalog(std::string_view text) {
  std::optional<Decoded> d = decode_all(text);
  if (!d) return std::nullopt;
  mark_doubtful_prices(d->catalog);
  return std::move(d->catalog);
}

namespace {
// The offerings section from the end of the text: the extras are the last line (dump_json writes no raw
// newline) and the masks the last `count` tokens of the line before it, after their count. Reading it from the
// end skips the string table and the catalog's tokens, which offerings_list_text takes already decoded.
bool document_section_from_end(std::string_view text, size_t count, std::vector<uint32_t>& masks, std::string_view& extras) {
  const size_t line_end = text.rfind('\n');
  if (line_end == std::string_view::npos) return false;
  extras = text.substr(line_end + 1);
  size_t pos = line_end;  // one past the token read next (each token is followed by a space)
  auto previous_token = [&](std::string_view& token) {
    if (pos == 0 || text[pos - 1] != ' ') return false;
    const size_t end = pos - 1;
    size_t start = end;
    while (start > 0 && text[start - 1] != ' ' && text[start - 1] != '\n') --start;
    token = text.substr(start, end - start);
    pos = start;
    return !token.empty();
  };
  masks.assign(count, 0);
  for (size_t i = count; i-- > 0;) {
    std::string_view token;
    if (!previous_token(token)) return false;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), masks[i]);
    if (ec != std::errc() || end != token.data() + token.size() || masks[i] >= (1u << kOfferingKeys.size())) return false;
  }
  std::string_view token;
  size_t stated = 0;
  if (!previous_token(token)) return false;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), stated);
  return ec == std::errc() && end == token.data() + token.size() && stated == count;
}
}  // namespace

std::optional<std::string> offerings_list_text(const Catalog& catalog, std::string_view text) {
  std::vector<uint32_t> masks;
  std::string_view extras;
  if (!document_section_from_end(text, catalog.offerings.size(), masks, extras)) return std::nullopt;
  Issues errors;
  const std::optional<json> document = parse_json_text(extras, errors, 64u << 20);
  if (!document || !document->is_object() || !document->contains("offerings") || !(*document)["offerings"].is_array() ||
      (*document)["offerings"].size() != masks.size()) {
    return std::nullopt;
  }
  const json& items = (*document)["offerings"];
  Text out;
  out.reserve(catalog.offerings.size() * 640);  // ~600 bytes an offering in the bundled catalog
  // One key of an offering: from the rebuilt Offering (index into kOfferingKeys) or from the extras.
  struct Entry {
    std::string_view key;
    size_t rebuilt;
    const json* extra;
  };
  std::vector<Entry> entries;
  out += '[';
  for (size_t i = 0; i < masks.size(); ++i) {
    const json& item = items[i];
    if (!item.is_object()) return std::nullopt;
    entries.clear();
    for (size_t k = 0; k < kOfferingKeys.size(); ++k) {
      if (masks[i] & (1u << k)) entries.push_back({kOfferingKeys[k], k, nullptr});
    }
    const size_t rebuilt_count = entries.size();
    for (auto it = item.begin(); it != item.end(); ++it) {
      // A key the mask rebuilds replaces the extras' value, as decode_offerings_document's assignment does.
      const std::string_view key = it.key();
      bool replaced = false;
      for (size_t e = 0; e < rebuilt_count && !replaced; ++e) replaced = entries[e].key == key;
      if (!replaced) entries.push_back({key, 0, &it.value()});
    }
    // nlohmann's objects are std::map: keys in byte order (an insertion sort: ~20 keys, and less code than std::sort).
    for (size_t e = 1; e < entries.size(); ++e) {
      for (size_t j = e; j > 0 && entries[j].key < entries[j - 1].key; --j) std::swap(entries[j], entries[j - 1]);
    }
    if (i) out += ',';
    out += '{';
    for (size_t e = 0; e < entries.size(); ++e) {
      if (e) out += ',';
      JsonText::write_string(out, entries[e].key);
      out += ':';
      if (entries[e].extra) JsonText::write_value(out, *entries[e].extra);
      else JsonText::write_value(out, offering_key_json(catalog.offerings[i], entries[e].rebuilt));
    }
    out += '}';
  }
  out += ']';
  return out.take();
}

std::optional<json> decode_offerings_document(std::string_view text) {
  std::optional<Decoded> decoded = decode_all(text);
  if (!decoded || decoded->masks.size() != decoded->catalog.offerings.size()) return std::nullopt;
  const Catalog& catalog = decoded->catalog;
  const std::vector<uint32_t>& masks = decoded->masks;
  const std::string_view extras = decoded->extras;
  Issues errors;
  std::optional<json> document = parse_json_text(extras, errors, 64u << 20);
  if (!document || !document->is_object() || !document->contains("offerings") || !(*document)["offerings"].is_array() ||
      (*document)["offerings"].size() != masks.size()) {
    return std::nullopt;
  }
  for (size_t i = 0; i < masks.size(); ++i) {
    json& item = (*document)["offerings"][i];
    if (!item.is_object()) return std::nullopt;
    for (size_t k = 0; k < kOfferingKeys.size(); ++k) {
      if (masks[i] & (1u << k)) item[std::string(kOfferingKeys[k])] = offering_key_json(catalog.offerings[i], k);
    }
  }
  return document;
}

}  // namespace sizer

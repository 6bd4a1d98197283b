#include "guidance.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "cost.hpp"
#include "engines.hpp"
#include "formats.hpp"

namespace sizer {

// ---------------------------------------------------------------------------------------------------
// Formatters shared with the tests.

std::string format_gb(double bytes) {
  char buffer[64];
  const double gb = std::isfinite(bytes) ? bytes / 1e9 : 0.0;
  std::snprintf(buffer, sizeof buffer, gb < 10 ? "%.2f GB" : "%.1f GB", std::min(gb, 1e15));
  return buffer;
}

namespace {

// "1234567.5" → "1,234,567.5": thousands separators in the integer part of a formatted number.
std::string group_thousands(const std::string& digits) {
  const size_t dot = digits.find('.');
  const std::string integer = digits.substr(0, dot);
  const std::string rest = dot == std::string::npos ? "" : digits.substr(dot);
  std::string out;
  for (size_t i = 0; i < integer.size(); ++i) {
    if (i > 0 && (integer.size() - i) % 3 == 0) out += ',';
    out += integer[i];
  }
  return out + rest;
}

}  // namespace

std::string format_usd(double usd) {
  if (!std::isfinite(usd)) usd = 0;
  const double a = std::min(std::fabs(usd), 1e15);
  char buffer[64];
  if (a >= 0.1 || a == 0) {
    std::snprintf(buffer, sizeof buffer, "%.2f", a);
  } else {
    const int decimals = std::clamp(1 - static_cast<int>(std::floor(std::log10(a))), 2, 6);
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, a);
  }
  const std::string digits = buffer;
  const bool nonzero = digits.find_first_of("123456789") != std::string::npos;
  return (usd < 0 && nonzero ? "-$" : "$") + group_thousands(digits);
}

std::string format_tokens_per_s(double rate) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.1f", std::isfinite(rate) ? std::min(rate, 1e15) : 0.0);
  return group_thousands(buffer);
}

std::string format_percent(double fraction) {
  if (!std::isfinite(fraction)) fraction = 0;
  char buffer[64];
  const double pct = std::min(fraction * 100.0, 1e12);
  if (pct > 0 && pct < 0.95) {
    std::snprintf(buffer, sizeof buffer, "%.1f%%", pct);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.0f%%", pct);
  }
  return buffer;
}


namespace {

// ---------------------------------------------------------------------------------------------------
// Private formatters.


std::string printf_string(const char* format, double value) {
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, format, std::isfinite(value) ? std::min(std::fabs(value), 1e15) : 0.0);
  return buffer;
}

// "1,250": a whole count.
std::string format_count(double value) { return group_thousands(printf_string("%.0f", std::round(value))); }

// "131 KB", "2.10 MB", "9.22 GB".
std::string format_bytes(double bytes) {
  if (bytes >= 1e9) return format_gb(bytes);
  if (bytes >= 1e6) return printf_string(bytes >= 1e7 ? "%.1f MB" : "%.2f MB", bytes / 1e6);
  return printf_string("%.0f KB", bytes / 1e3);
}

// "3.3", "12", "0.45": a ratio or small quantity with sensible precision.
std::string format_ratio(double x) {
  if (x >= 100) return format_count(x);
  if (x >= 10) return printf_string("%.0f", x);
  if (x >= 1) return printf_string("%.1f", x);
  if (x >= 0.001) return printf_string("%.2g", x);
  return printf_string("%.4f", x);
}

// Nouns whose form follows the number: English singular/plural; Arabic genitive singular (1, 2, 100s),
// genitive plural (3–10) and accusative singular (11–99), by the last two digits.
// Arabic writes one and two as the noun itself ("نسخة واحدة", "نسختين"; the dual in its oblique form,
// which the answers' phrasing after prepositions and verbs needs).
struct Noun {
  const char* en_one;
  const char* en_many;
  const char* ar_one;
  const char* ar_two;
  const char* ar_gen;
  const char* ar_acc;
  const char* ar_plural;
};
constexpr Noun kSequence{"sequence", "sequences", "تسلسل واحد", "تسلسلين", "تسلسل", "تسلسلًا", "تسلسلات"};
constexpr Noun kToken{"token", "tokens", "رمز واحد", "رمزين", "رمز", "رمزًا", "رموز"};
constexpr Noun kGpuNoun{"GPU",         "GPUs",          "معالج رسومي واحد", "معالجين رسوميين",
                        "معالج رسومي", "معالجًا رسوميًا", "معالجات رسومية"};
constexpr Noun kReplica{"replica", "replicas", "نسخة واحدة", "نسختين", "نسخة", "نسخةً", "نسخ"};
constexpr Noun kImage{"image", "images", "صورة واحدة", "صورتين", "صورة", "صورةً", "صور"};
constexpr Noun kClip{"clip", "clips", "مقطع واحد", "مقطعين", "مقطع", "مقطعًا", "مقاطع"};
constexpr Noun kInstance{"instance", "instances", "خادم واحد", "خادمين", "خادم", "خادمًا", "خوادم"};
constexpr Noun kProviderNoun{"provider", "providers", "مزوّد واحد", "مزوّدين", "مزوّد", "مزوّدًا", "مزوّدين"};
constexpr Noun kStep{"step", "steps", "خطوة واحدة", "خطوتين", "خطوة", "خطوةً", "خطوات"};
constexpr Noun kSecond{"s", "s", "ثانية واحدة", "ثانيتين", "ثانية", "ثانيةً", "ثوانٍ"};
constexpr Noun kMinute{"min", "min", "دقيقة واحدة", "دقيقتين", "دقيقة", "دقيقةً", "دقائق"};
constexpr Noun kKind{"kind", "kinds", "نوع واحد", "نوعين", "نوع", "نوعًا", "أنواع"};

// Everything the nine answers share: the request, the response, the catalog, and what was looked up once.
struct Ctx {
  const Request& request;
  const Response& response;
  const Catalog& catalog;
  const MemoryReport& m;
  bool ar = false;
  const Option* top = nullptr;         // the best ranked option that fits (options are ranked best first)
  const Gpu* top_gpu = nullptr;        // its GPU (the pinned one for `hardware` requests)
  const Provider* provider = nullptr;  // its provider (none for pinned hardware)
  double usable_fraction = 0.9;        // of a GPU's VRAM the workload may fill

  // A figure as text: isolated in Arabic so it reads left to right inside right-to-left text.
  std::string n(const std::string& s) const { return ar ? isolate(s) : s; }
  std::string gb(double bytes) const { return n(format_gb(bytes)); }
  std::string bytes(double b) const { return n(format_bytes(b)); }
  std::string usd(double x) const { return n(format_usd(x)); }
  std::string pct(double fraction) const { return n(format_percent(fraction)); }
  std::string ratio(double x) const { return n(format_ratio(x) + "×"); }
  std::string tps(double rate) const { return n(format_tokens_per_s(rate)); }
  std::string pick(const std::string& en, const std::string& ar_text) const { return ar ? ar_text : en; }

  // "8 sequences" / "⁨8⁩ تسلسلات".
  std::string count(double value, const Noun& noun) const {
    const std::string number = format_count(value);
    if (!ar) return number + " " + (std::llround(value) == 1 ? noun.en_one : noun.en_many);
    return arabic_count(number, value, noun);
  }

  static std::string arabic_count(const std::string& number, double value, const Noun& noun) {
    const long long whole = std::llround(std::fabs(std::min(value, 1e15)));
    if (whole == 1) return noun.ar_one;
    if (whole == 2) return noun.ar_two;
    const long long last = whole % 100;
    const char* form = noun.ar_gen;
    if (last >= 3 && last <= 10) form = noun.ar_plural;
    if (last >= 11 && last <= 99) form = noun.ar_acc;
    return isolate(number) + " " + form;
  }

  // "36.5 h" / "⁨36.5⁩ ساعة".
  std::string duration(double seconds) const {
    if (!std::isfinite(seconds) || seconds < 0) seconds = 0;
    // Arabic: whole seconds and minutes take the counted noun's form; tenths of hours and days the genitive.
    if (seconds < 120) {
      const double s = std::round(seconds);
      return ar ? arabic_count(printf_string("%.0f", s), s, kSecond) : printf_string("%.0f s", s);
    }
    if (seconds < 7200) {
      const double minutes = std::round(seconds / 60);
      return ar ? arabic_count(printf_string("%.0f", minutes), minutes, kMinute) : printf_string("%.0f min", minutes);
    }
    if (seconds < 172800) return n(printf_string("%.1f", seconds / 3600)) + pick(" h", " ساعة");
    return n(printf_string("%.1f", seconds / 86400)) + pick(" days", " يوم");
  }

  // "100 billion tokens" / "⁨100⁩ مليار رمز".
  std::string tokens(double value) const {
    if (value >= 1e12) return n(format_ratio(value / 1e12)) + pick(" trillion tokens", " تريليون رمز");
    if (value >= 1e9) return n(format_ratio(value / 1e9)) + pick(" billion tokens", " مليار رمز");
    if (value >= 1e6) return n(format_ratio(value / 1e6)) + pick(" million tokens", " مليون رمز");
    return count(value, kToken);
  }

  std::string gpu_name(const Gpu* gpu) const {
    if (gpu == nullptr || gpu->name.empty() || gpu->name == "custom") return pick("custom GPU", "معالج مخصّص");
    return n(gpu->name);
  }
  // "8 × NVIDIA H100 SXM" as one run.
  std::string gpus(int64_t count, const Gpu* gpu) const {
    if (gpu == nullptr || gpu->name.empty() || gpu->name == "custom") {
      return n(std::to_string(count) + " × ") + pick("custom GPU", "معالج مخصّص");
    }
    return n(std::to_string(count) + " × " + gpu->name);
  }
  std::string provider_name(const Provider* p) const { return p ? n(p->name.empty() ? p->id : p->name) : ""; }
  bool serving() const { return request.kind == WorkloadKind::inference; }
  bool training() const { return is_training(request.kind); }
  bool audio() const { return request.kind == WorkloadKind::audio; }
  bool pinned() const { return request.hardware.has_value(); }
};

const Gpu* gpu_of(const Ctx& c, const Option& option) {
  if (c.request.hardware) return &c.request.hardware->gpu;
  return c.catalog.find_gpu(option.gpu);
}

const Provider* provider_of(const Ctx& c, const Option& option) {
  return option.provider.empty() ? nullptr : c.catalog.find_provider(option.provider);
}

const Offering* offering_of(const Ctx& c, const Option& option) {
  for (const Offering& offering : c.catalog.offerings) {
    if (!option.offering_id.empty() && offering.id == option.offering_id) return &offering;
  }
  return nullptr;
}

// Seconds of work a job option runs before its provider rounds the bill (spot: with the expected restarts).
double job_seconds(const Ctx& c, const Option& option, bool with_spot_extra) {
  double seconds = 0;
  if (option.train_s) {
    seconds = *option.train_s;
  } else if (option.items_per_s && *option.items_per_s > 0) {
    const double items = c.audio() ? 1.0 : c.request.media.images;  // audio: the whole recording is one item
    seconds = items / *option.items_per_s;
  }
  if (with_spot_extra) seconds += option.spot_extra_s.value_or(0);
  return seconds;
}


std::string granularity_text(const Ctx& c, const Provider& p) {
  const double g = p.billing_granularity_s;
  std::string text = g <= 1      ? c.pick("per second", "بالثانية")
                     : g == 60   ? c.pick("per minute", "بالدقيقة")
                     : g == 3600 ? c.pick("per hour", "بالساعة")
                                 : c.pick("every ", "كل ") + c.duration(g);
  if (p.minimum_charge_s && *p.minimum_charge_s > 0) {
    text += c.pick(" (minimum ", " (بحد أدنى ") + c.duration(*p.minimum_charge_s) + ")";
  }
  return text;
}

std::string bottleneck_text(const Ctx& c, const std::string& bottleneck) {
  if (bottleneck == "memory_bandwidth") return c.pick("memory bandwidth", "عرض نطاق الذاكرة");
  if (bottleneck == "compute") return c.pick("compute", "قدرة الحساب");
  if (bottleneck == "interconnect") return c.pick("the link between GPUs", "الربط بين البطاقات");
  if (bottleneck == "overhead") return c.pick("the fixed cost of each step", "الكلفة الثابتة لكل خطوة");
  return c.n(bottleneck);
}

std::string interconnect_text(const Ctx& c, const std::string& kind) {
  if (kind == "nvlink") return c.n("NVLink");
  if (kind == "pcie") return c.n("PCIe");
  if (kind == "infinity_fabric") return c.n("Infinity Fabric");
  return c.pick("no link (a single GPU)", "لا ربط (معالج واحد)");
}

std::string sharding_text(const Ctx& c, const std::string& sharding) {
  if (sharding.empty() || sharding == "none") return c.pick("no sharding", "من دون تجزئة");
  std::string label = sharding;
  if (sharding.rfind("zero", 0) == 0) label = "ZeRO-" + sharding.substr(4);
  return c.pick(label + " sharding", "تجزئة " + c.n(label));
}

std::string workload_text(const Ctx& c) {
  if (c.request.kind == WorkloadKind::pretrain) return c.pick("pretraining", "التدريب المسبق");
  if (c.training()) {
    const std::string& method = c.request.training.method;
    if (method == "full") return c.pick("full fine-tuning", "الضبط الدقيق الكامل");
    return c.pick(method == "qlora" ? "QLoRA fine-tuning" : "LoRA fine-tuning",
                  std::string("الضبط الدقيق بطريقة ") + (method == "qlora" ? "QLoRA" : "LoRA"));
  }
  return "";
}

const Explanation* find_explanation(const Ctx& c, const std::string& figure) {
  for (const Explanation& e : c.response.explain) {
    if (e.figure == figure) return &e;
  }
  return nullptr;
}

double explained_value(const Explanation& e, const std::string& name) {
  for (const auto& [key, value] : e.values) {
    if (key == name) return value;
  }
  return 0;
}

// The catalog GPU with the most memory bandwidth (the "what HBM would give" reference).
const Gpu* fastest_memory_gpu(const Catalog& catalog) {
  const Gpu* best = nullptr;
  for (const Gpu& g : catalog.gpus) {
    if (g.kind == "gpu" && (best == nullptr || g.memory_bandwidth_gbs > best->memory_bandwidth_gbs)) best = &g;
  }
  return best;
}

// The reference cards of the "80 GB or consumer" answer: H100 SXM and RTX 4090 (every catalog has them),
// else the fastest HBM card of 80 GB or more and the fastest card of 24 GB or less.
const Gpu* datacenter_reference(const Catalog& catalog) {
  if (const Gpu* g = catalog.find_gpu("h100-sxm")) return g;
  const Gpu* best = nullptr;
  for (const Gpu& g : catalog.gpus) {
    if (g.kind == "gpu" && g.is_hbm() && g.vram_gib >= 80 &&
        (best == nullptr || g.memory_bandwidth_gbs > best->memory_bandwidth_gbs)) {
      best = &g;
    }
  }
  return best;
}
const Gpu* consumer_reference(const Catalog& catalog) {
  if (const Gpu* g = catalog.find_gpu("rtx-4090")) return g;
  const Gpu* best = nullptr;
  for (const Gpu& g : catalog.gpus) {
    if (g.kind == "gpu" && g.vram_gib <= 24 &&
        (best == nullptr || g.memory_bandwidth_gbs > best->memory_bandwidth_gbs)) {
      best = &g;
    }
  }
  return best;
}

// Does the per-replica total fit one GPU of `vram_gib`?
bool fits_vram(const Ctx& c, double vram_gib) { return c.m.total_bytes <= vram_gib * 1073741824.0 * c.usable_fraction; }

// ---------------------------------------------------------------------------------------------------
// 1. How much VRAM do I need?

struct VramClass {
  int fit = 0;
  int total = 0;
  double min_gib = 0;
  double max_gib = 0;
};

// GPU kinds in the catalog (TPUs/NPUs are not evaluated) by VRAM: 24 GB or less, between, 80 GB or more.
std::array<VramClass, 3> vram_classes(const Ctx& c) {
  std::array<VramClass, 3> classes{};
  for (const Gpu& g : c.catalog.gpus) {
    if (g.kind != "gpu") continue;
    VramClass& k = classes[g.vram_gib <= 24 ? 0 : g.vram_gib < 80 ? 1 : 2];
    if (k.total == 0 || g.vram_gib < k.min_gib) k.min_gib = g.vram_gib;
    k.max_gib = std::max(k.max_gib, g.vram_gib);
    ++k.total;
    if (fits_vram(c, g.vram_gib)) ++k.fit;
  }
  return classes;
}

std::string class_sentence(const Ctx& c) {
  const auto classes = vram_classes(c);
  const std::string mid =
      printf_string("%g", classes[1].min_gib) + "–" + printf_string("%g", classes[1].max_gib) + " GB";
  std::string text;
  if (c.ar) {
    text = "وعلى معالج واحد، مع ترك " + c.pct(1 - c.usable_fraction) + " من ذاكرته احتياطًا، يتسع في " +
           c.n(std::to_string(classes[0].fit)) + " من أصل " + c.count(classes[0].total, kKind) +
           " من البطاقات التي سعتها " + c.n("24 GB") + " أو أقل في الكتالوج";
    if (classes[1].total > 0) {
      text += "، وفي " + c.n(std::to_string(classes[1].fit)) + " من أصل " + c.n(std::to_string(classes[1].total)) +
              " من فئة " + c.n(mid);
    }
    text += "، وفي " + c.n(std::to_string(classes[2].fit)) + " من أصل " + c.n(std::to_string(classes[2].total)) +
            " من فئة " + c.n("80 GB") + " فأكثر.";
  } else {
    text = "On one GPU, keeping " + c.pct(1 - c.usable_fraction) + " of its memory in reserve, it fits " +
           std::to_string(classes[0].fit) + " of the " + std::to_string(classes[0].total) +
           " GPU kinds of 24 GB or less in the catalog";
    if (classes[1].total > 0) {
      text += ", " + std::to_string(classes[1].fit) + " of the " + std::to_string(classes[1].total) + " of " + mid;
    }
    text +=
        " and " + std::to_string(classes[2].fit) + " of the " + std::to_string(classes[2].total) + " of 80 GB or more.";
  }
  if (classes[2].fit == 0 && classes[1].fit == 0 && classes[0].fit == 0) {
    text += c.pick(" No single GPU holds it: a replica must span several GPUs",
                   " لا يتسع له أي معالج منفرد، فلا بد أن تمتد النسخة الواحدة على عدة معالجات");
    if (c.top) {
      text += c.pick(" (the top option uses ", " (يستعمل الخيار الأول ") + c.gpus(c.top->gpus, c.top_gpu) + ")";
    }
    text += ".";
  }
  return text;
}

std::string answer_vram(const Ctx& c) {
  const MemoryReport& m = c.m;
  const std::string name = c.n(c.request.model.name);
  std::string text;
  if (c.serving()) {
    const InferenceWorkload& w = c.request.inference;
    const double kv = m.kv_cache_bytes.value_or(0);
    const double share = m.total_bytes > 0 ? kv / m.total_bytes : 0;
    if (c.ar) {
      text = "يحتاج " + name + " إلى نحو " + c.gb(m.total_bytes) + " لكل نسخة: " + c.gb(m.weights_bytes) +
             " للأوزان، و" + c.gb(kv) + " لذاكرة KV المؤقتة (" + c.pct(share) + " من المجموع) لـ" +
             c.count(static_cast<double>(w.concurrency), kSequence) + " في آن واحد بسياق " +
             c.count(static_cast<double>(w.context_tokens), kToken) + " لكل منها، و" + c.gb(m.activations_bytes) +
             " للتفعيلات، و" + c.gb(m.overhead_bytes) + " لبيئة التشغيل. يشغل كل رمز من السياق " +
             c.bytes(m.kv_bytes_per_token.value_or(0)) +
             " من ذاكرة KV في كل تسلسل، فهي تنمو خطيًا: مضاعفة طول السياق أو عدد المستخدمين المتزامنين تضيف نحو " +
             c.gb(kv) + " أخرى.";
      if (c.top && c.top->max_concurrency) {
        text += " ويتسع الخيار الأول لـ" + c.count(static_cast<double>(*c.top->max_concurrency), kSequence) +
                " بهذا الطول.";
      }
    } else {
      text = c.request.model.name + " needs about " + format_gb(m.total_bytes) + " per replica: weights " +
             format_gb(m.weights_bytes) + ", KV cache " + format_gb(kv) + " (" + format_percent(share) +
             " of the total) for " + c.count(static_cast<double>(w.concurrency), kSequence) + " of " +
             c.count(static_cast<double>(w.context_tokens), kToken) + " at once, activations " +
             format_gb(m.activations_bytes) + " and runtime overhead " + format_gb(m.overhead_bytes) +
             ". Each token of context holds " + format_bytes(m.kv_bytes_per_token.value_or(0)) +
             " of KV cache per sequence, so the cache grows linearly: doubling the context or the number of "
             "concurrent users adds roughly another " +
             format_gb(kv) + ".";
      if (c.top && c.top->max_concurrency) {
        text += " The top option has room for " + c.count(static_cast<double>(*c.top->max_concurrency), kSequence) +
                " of this length.";
      }
    }
  } else if (c.training()) {
    const TrainingWorkload& w = c.request.training;
    const double adapters = m.adapter_bytes.value_or(0);
    if (c.ar) {
      text = "يحتاج " + workload_text(c) + " لـ" + name + " إلى نحو " + c.gb(m.total_bytes) +
             " لكل نسخة قبل التجزئة: " + c.gb(m.weights_bytes) + " للأوزان، و" + c.gb(m.gradients_bytes.value_or(0)) +
             " للتدرجات، و" + c.gb(m.optimizer_bytes.value_or(0)) + " لحالة المُحسِّن" +
             (adapters > 0 ? "، و" + c.gb(adapters) + " لمحوِّلات LoRA" : std::string()) + "، و" +
             c.gb(m.activations_bytes) + " للتفعيلات في دفعة صغيرة من " +
             c.count(static_cast<double>(w.micro_batch), kSequence) + " بطول " +
             c.count(static_cast<double>(w.seq_len), kToken) +
             (w.grad_checkpointing ? " مع إعادة حساب التفعيلات" : "") + "، و" + c.gb(m.overhead_bytes) +
             " لبيئة التشغيل. لا توجد ذاكرة KV في التدريب؛ التفعيلات هي التي تنمو خطيًا مع طول التسلسل وحجم الدفعة.";
      if (c.top) {
        text += " ويوزّعها الخيار الأول على " + c.count(static_cast<double>(c.top->gpus), kGpuNoun) + " مع " +
                sharding_text(c, c.top->sharding) + "، أي " + c.gb(c.top->used_bytes_per_gpu) + " لكل معالج.";
      }
    } else {
      text = workload_text(c) + " of " + c.request.model.name + " needs about " + format_gb(m.total_bytes) +
             " per replica before sharding: weights " + format_gb(m.weights_bytes) + ", gradients " +
             format_gb(m.gradients_bytes.value_or(0)) + ", optimizer state " +
             format_gb(m.optimizer_bytes.value_or(0)) +
             (adapters > 0 ? ", LoRA adapters " + format_gb(adapters) : std::string()) + ", activations " +
             format_gb(m.activations_bytes) + " for a micro-batch of " +
             c.count(static_cast<double>(w.micro_batch), kSequence) + " of " +
             c.count(static_cast<double>(w.seq_len), kToken) +
             (w.grad_checkpointing ? " with activation checkpointing" : "") + ", and runtime overhead " +
             format_gb(m.overhead_bytes) +
             ". Training has no KV cache; the activations grow linearly with sequence length and micro-batch.";
      if (c.top) {
        text += " The top option spreads it over " + c.count(static_cast<double>(c.top->gpus), kGpuNoun) + " with " +
                sharding_text(c, c.top->sharding) + ": " + format_gb(c.top->used_bytes_per_gpu) + " per GPU.";
      }
    }
  } else {
    const MediaWorkload& w = c.request.media;
    const std::string size =
        c.audio() ? std::string()
                  : c.n(std::to_string(w.width) + "×" + std::to_string(w.height) +
                        (c.request.kind == WorkloadKind::video ? "×" + std::to_string(w.frames) + c.pick(" frames", "")
                                                               : ""));
    if (c.ar) {
      text = "يحتاج " + name + " إلى نحو " + c.gb(m.total_bytes) + " على كل معالج: " + c.gb(m.weights_bytes) +
             " لأوزان مكوّناته كلها، و" + c.gb(m.activations_bytes) + " للتفعيلات" +
             (c.audio() ? std::string() : " بدقة " + size) + " ودفعة من " + c.n(std::to_string(w.batch)) + "، و" +
             c.gb(m.overhead_bytes) + " لبيئة التشغيل. لا توجد ذاكرة KV هنا: مساحة العمل تكبر مع " +
             (c.audio() ? std::string("حجم الدفعة") : std::string("الدقة وحجم الدفعة")) +
             "، ولا تُقسَّم هذه النماذج بين المعالجات، فكل معالج يحمل نسخة كاملة.";
    } else {
      text = c.request.model.name + " needs about " + format_gb(m.total_bytes) +
             " on each GPU: weights of all its parts " + format_gb(m.weights_bytes) + ", activations " +
             format_gb(m.activations_bytes) + (c.audio() ? std::string() : " at " + size) + " with a batch of " +
             std::to_string(w.batch) + ", and runtime overhead " + format_gb(m.overhead_bytes) +
             ". There is no KV cache: the working set grows with " +
             (c.audio() ? "the batch" : "resolution and batch") +
             ", and these pipelines are not split, so every GPU holds a full copy.";
    }
  }
  if (!c.ar && !text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text + " " + class_sentence(c);
}

// ---------------------------------------------------------------------------------------------------
// 2. Spot or on-demand?

struct SpotFigures {
  const Option* on_demand = nullptr;  // the top offering's on-demand option in the list
  const Option* spot = nullptr;       // and its spot option
  const Offering* offering = nullptr;
  bool priced = false;        // a saving could be computed
  bool from_options = false;  // both options are in the list (else: the catalog's hourly prices)
  double saving_per_hour = 0;
  double saving_fraction = 0;
  double saving = 0;  // per job (usd_total) or per month (usd_per_month)
  double spot_usd_per_hour = 0;
};

SpotFigures spot_figures(const Ctx& c) {
  SpotFigures f;
  if (c.top == nullptr || c.top->offering_id.empty()) return f;
  for (const Option& o : c.response.options) {
    if (o.offering_id != c.top->offering_id || !o.fits) continue;
    if (o.pricing == "on_demand" && f.on_demand == nullptr) f.on_demand = &o;
    if (o.pricing == "spot" && f.spot == nullptr) f.spot = &o;
  }
  f.offering = offering_of(c, *c.top);
  const double instances = static_cast<double>(c.top->instances);
  if (f.on_demand && f.spot && f.on_demand->usd_per_hour && f.spot->usd_per_hour) {
    f.from_options = true;
    f.priced = true;
    f.saving_per_hour = *f.on_demand->usd_per_hour - *f.spot->usd_per_hour;
    f.saving_fraction = f.saving_per_hour / std::max(1e-12, *f.on_demand->usd_per_hour);
    f.spot_usd_per_hour = *f.spot->usd_per_hour;
    f.saving = c.serving() ? f.on_demand->usd_per_month.value_or(0) - f.spot->usd_per_month.value_or(0)
                           : f.on_demand->usd_total.value_or(0) - f.spot->usd_total.value_or(0);
  } else if (f.offering && f.offering->usd_per_hour && f.offering->spot_usd_per_hour) {
    f.priced = true;
    f.saving_per_hour = (*f.offering->usd_per_hour - *f.offering->spot_usd_per_hour) * instances;
    f.saving_fraction = f.saving_per_hour / std::max(1e-12, *f.offering->usd_per_hour * instances);
    f.spot_usd_per_hour = *f.offering->spot_usd_per_hour * instances;
    const double hours_per_month =
        c.top->usd_per_hour && *c.top->usd_per_hour > 0 ? c.top->usd_per_month.value_or(0) / *c.top->usd_per_hour : 0;
    f.saving = c.serving() ? f.saving_per_hour * hours_per_month : f.saving_per_hour;
  }
  return f;
}

// Hours an endpoint runs in a month: from the top option's prices, else 730 h × hours_per_day / 24.
double endpoint_hours_per_month(const Ctx& c) {
  if (c.top && c.top->usd_per_hour && *c.top->usd_per_hour > 0 && c.top->usd_per_month) {
    return *c.top->usd_per_month / *c.top->usd_per_hour;
  }
  return kHoursPerMonth * c.request.inference.hours_per_day.value_or(24.0) / 24.0;
}

std::string interruption_sentence(const Ctx& c, const SpotFigures& f) {
  const std::string rate = c.pct(kSpotInterruptionsPerHour);
  const std::string restart = c.duration(kSpotRestartSeconds);
  if (c.serving()) {
    const double hours = endpoint_hours_per_month(c);
    const double interruptions = kSpotInterruptionsPerHour * hours;
    const double down_s = interruptions * kSpotRestartSeconds;
    const double availability = hours > 0 ? 1.0 - down_s / (hours * 3600.0) : 1.0;
    return c.pick("Assuming " + rate + " of spot instances are reclaimed each hour and " + restart +
                      " to come back, an endpoint running " + format_ratio(hours) + " h a month expects " +
                      format_ratio(interruptions) + " interruptions and " + c.duration(down_s) +
                      " of downtime: " + printf_string("%.1f%%", availability * 100) + " availability on one replica.",
                  "بافتراض أن " + rate + " من خوادم Spot تُسترد كل ساعة وأن العودة تستغرق " + restart +
                      "، فإن خدمة تعمل " + c.n(format_ratio(hours)) + " ساعة في الشهر تتوقع نحو " +
                      c.n(format_ratio(interruptions)) + " انقطاعًا و" + c.duration(down_s) +
                      " من التوقف، أي إتاحة قدرها " + c.n(printf_string("%.1f%%", availability * 100)) +
                      " لنسخة واحدة.");
  }
  if (c.top == nullptr) return "";
  const Option& base = f.on_demand ? *f.on_demand : *c.top;
  const double seconds = job_seconds(c, base, false);
  const double interruptions = kSpotInterruptionsPerHour * seconds / 3600.0;
  const double extra_s = f.spot && f.spot->spot_extra_s ? *f.spot->spot_extra_s
                                                        : spot_overhead(seconds, spot_restart_interval(c.request)).extra_seconds;
  const double extra_usd = f.spot_usd_per_hour * extra_s / 3600.0;
  std::string text = c.pick(
      "Assuming " + rate + " of spot instances are reclaimed each hour and " + restart +
          " per restart plus the work since the last checkpoint, this job of " + c.duration(seconds) + " expects " +
          format_ratio(interruptions) + " interruptions costing " + c.duration(extra_s) + " of extra time",
      "بافتراض أن " + rate + " من خوادم Spot تُسترد كل ساعة وأن كل إعادة تشغيل تكلّف " + restart +
          " إضافةً إلى العمل المنجز منذ آخر نقطة حفظ، فإن هذه المهمة التي تستغرق " + c.duration(seconds) +
          " تتوقع نحو " + c.n(format_ratio(interruptions)) + " انقطاعًا تكلّف " + c.duration(extra_s) + " إضافية");
  if (f.priced) text += c.pick(" (" + format_usd(extra_usd) + ")", " (" + c.usd(extra_usd) + ")");
  return text + c.pick(f.from_options ? ", already included in the spot total." : ".",
                       f.from_options ? "، وهي محسوبة في كلفة Spot." : ".");
}

std::string spot_advice(const Ctx& c) {
  switch (c.request.kind) {
    case WorkloadKind::inference:
      return c.pick(
          "For a user-facing endpoint take on-demand (or reserved) capacity: a reclaimed instance drops "
          "the requests in flight. Spot suits offline batch generation, or extra replicas above an "
          "on-demand base.",
          "للخدمة التي يتعامل معها المستخدمون مباشرة اختر السعة عند الطلب (أو المحجوزة): استرداد الخادم "
          "يُسقط الطلبات الجارية. أما Spot فيناسب التوليد الدفعي غير المتصل، أو نسخًا إضافية فوق قاعدة "
          "من السعة عند الطلب.");
    case WorkloadKind::finetune:
      return c.pick(
          "A fine-tune that checkpoints (every " + c.duration(c.request.training.checkpoint_every_s.value_or(3600)) +
              " here) and resumes on its own suits spot.",
          "الضبط الدقيق الذي يحفظ نقاط استئناف (كل " +
              c.duration(c.request.training.checkpoint_every_s.value_or(3600)) + " هنا) ويستأنف تلقائيًا يناسبه Spot.");
    case WorkloadKind::pretrain:
      return c.pick(
          "Pretraining can use spot only if it checkpoints often and resumes by itself; one reclaimed "
          "node stops every GPU of the run, so long runs usually go on reserved capacity.",
          "لا يصلح Spot للتدريب المسبق إلا إذا كان يحفظ نقاط استئناف متقاربة ويستأنف وحده؛ فاسترداد "
          "خادم واحد يوقف كل معالجات التشغيل، لذلك تُشغَّل المهام الطويلة عادةً على سعة محجوزة.");
    default:
      return c.pick(std::string("This batch job suits spot: every ") +
                        (c.audio()                               ? "recording"
                         : c.request.kind == WorkloadKind::video ? "clip"
                                                                 : "image") +
                        " is independent, so an interruption loses only the work in flight.",
                    std::string("هذه المهمة الدفعية تناسب Spot: ") +
                        (c.audio()                               ? "كل تسجيل مستقل عن غيره"
                         : c.request.kind == WorkloadKind::video ? "كل مقطع مستقل عن غيره"
                                                                 : "كل صورة مستقلة عن غيرها") +
                        "، فالانقطاع لا يضيّع إلا العمل الجاري.");
  }
}

std::string answer_spot(const Ctx& c) {
  const SpotFigures f = spot_figures(c);
  std::string figures;
  if (c.pinned() || c.top == nullptr || c.top->offering_id.empty()) {
    figures = c.pick("The saving is not available without a priced option: " +
                         std::string(c.pinned() ? "pinned hardware has no price; remove \"hardware\" to compare "
                                                  "offerings."
                                                : "nothing priced fits this request."),
                     "لا يمكن حساب التوفير من دون خيار له سعر: " +
                         std::string(c.pinned() ? "العتاد المثبّت بلا سعر؛ احذف \"hardware\" لمقارنة العروض."
                                                : "لا يتسع هذا الطلب في أي خيار له سعر."));
  } else if (f.priced) {
    const std::string where = c.provider_name(c.provider) + " " + c.n(c.top->instance);
    if (c.top->pricing == "spot") {
      figures = c.pick("The top option is already the spot price. ", "الخيار الأول مسعَّر أصلًا بسعر Spot. ");
    }
    if (c.serving()) {
      figures += c.pick("On " + where + " spot saves " + format_usd(f.saving_per_hour) + " an hour (" +
                            format_percent(f.saving_fraction) + "), " + format_usd(f.saving) + " a month.",
                        "على " + where + " يوفّر Spot " + c.usd(f.saving_per_hour) + " في الساعة (" +
                            c.pct(f.saving_fraction) + ")، أي " + c.usd(f.saving) + " في الشهر.");
    } else if (f.from_options) {
      figures +=
          c.pick("On " + where + " spot saves " + format_usd(f.saving_per_hour) + " an hour (" +
                     format_percent(f.saving_fraction) + "): the job costs " +
                     format_usd(f.on_demand->usd_total.value_or(0)) + " on demand and " +
                     format_usd(f.spot->usd_total.value_or(0)) + " on spot, a saving of " + format_usd(f.saving) + ".",
                 "على " + where + " يوفّر Spot " + c.usd(f.saving_per_hour) + " في الساعة (" + c.pct(f.saving_fraction) +
                     "): تكلّف المهمة " + c.usd(f.on_demand->usd_total.value_or(0)) + " عند الطلب و" +
                     c.usd(f.spot->usd_total.value_or(0)) + " بسعر Spot، أي توفير " + c.usd(f.saving) + ".");
    } else {
      figures += c.pick("On " + where + " the catalog's spot price saves " + format_usd(f.saving) + " an hour (" +
                            format_percent(f.saving_fraction) + ").",
                        "على " + where + " يوفّر سعر Spot في الكتالوج " + c.usd(f.saving) + " في الساعة (" +
                            c.pct(f.saving_fraction) + ").");
    }
  } else {
    figures = c.pick(
        "The top option, " + c.provider_name(c.provider) + " " + c.top->instance +
            ", has no spot price in the catalog.",
        "الخيار الأول، " + c.provider_name(c.provider) + " " + c.n(c.top->instance) + "، ليس له سعر Spot في الكتالوج.");
    for (const Option& o : c.response.options) {
      if (o.pricing != "spot" || !o.fits) continue;
      const double top_cost = c.serving() ? c.top->usd_per_month.value_or(0) : c.top->usd_total.value_or(0);
      const double spot_cost = c.serving() ? o.usd_per_month.value_or(0) : o.usd_total.value_or(0);
      const std::string period = c.serving() ? c.pick(" a month", " في الشهر") : "";
      const Provider* p = provider_of(c, o);
      const std::string where = (p ? c.provider_name(p) : c.n(o.provider)) + " " + c.n(o.instance);
      figures += c.pick(" The best spot option listed, " + where + ", costs " + format_usd(spot_cost) + period +
                            " against " + format_usd(top_cost) + " for the top option.",
                        " أفضل خيار Spot في القائمة، " + where + "، يكلّف " + c.usd(spot_cost) + period + " مقابل " +
                            c.usd(top_cost) + " للخيار الأول.");
      break;
    }
  }
  return spot_advice(c) + " " + figures + " " + interruption_sentence(c, f);
}

// ---------------------------------------------------------------------------------------------------
// 3. An 80 GB datacenter GPU or a consumer card?

std::string answer_datacenter(const Ctx& c) {
  const Gpu* dc = datacenter_reference(c.catalog);
  const Gpu* consumer = consumer_reference(c.catalog);
  const double usable24 = 24 * 1073741824.0 * c.usable_fraction;
  std::string text;
  // Room.
  if (fits_vram(c, 24)) {
    text = c.pick("A 24 GB card is enough: this needs " + format_gb(c.m.total_bytes) + " and a 24 GB card gives " +
                      format_gb(usable24) + ", leaving " + format_gb(usable24 - c.m.total_bytes) + " spare.",
                  "بطاقة بسعة " + c.n("24 GB") + " تكفي: يحتاج هذا العمل إلى " + c.gb(c.m.total_bytes) +
                      "، وتتيح بطاقة " + c.n("24 GB") + " مساحة " + c.gb(usable24) + "، فيبقى " +
                      c.gb(usable24 - c.m.total_bytes) + " فائضًا.");
  } else if (fits_vram(c, 48)) {
    text = c.pick(
        "A 24 GB card is too small (" + format_gb(c.m.total_bytes) + " needed, " + format_gb(usable24) +
            " usable); a 48 GB card holds it on its own" +
            (c.serving() ? ", or two 24 GB cards with the model split over PCIe, which is slower." : "."),
        "بطاقة " + c.n("24 GB") + " أصغر من اللازم (المطلوب " + c.gb(c.m.total_bytes) + " والمتاح " + c.gb(usable24) +
            ")؛ بطاقة " + c.n("48 GB") + " تحمله وحدها" +
            (c.serving() ? "، أو بطاقتان من " + c.n("24 GB") + " يُقسَم النموذج بينهما عبر " + c.n("PCIe") + " بسرعة أقل."
                         : "."));
  } else if (fits_vram(c, 80)) {
    text = c.pick("This needs an 80 GB-class card: " + format_gb(c.m.total_bytes) +
                      " per replica is more than a 48 GB card offers.",
                  "يحتاج هذا العمل إلى بطاقة من فئة " + c.n("80 GB") + ": " + c.gb(c.m.total_bytes) +
                      " لكل نسخة أكثر مما تتيحه بطاقة " + c.n("48 GB") + ".");
  } else {
    text = c.pick("This needs datacenter GPUs: " + format_gb(c.m.total_bytes) +
                      " per replica is more than one 80 GB card holds, so it spans several cards joined by NVLink.",
                  "يحتاج هذا العمل إلى معالجات مراكز البيانات: " + c.gb(c.m.total_bytes) +
                      " لكل نسخة أكثر مما تحمله بطاقة " + c.n("80 GB") + " واحدة، فيمتد على عدة بطاقات يربطها " +
                      c.n("NVLink") + ".");
  }
  if (dc == nullptr || consumer == nullptr) return text;
  // Speed: decode and audio decoders follow bandwidth; training and diffusion follow tensor throughput.
  const bool bandwidth_bound = c.serving() || (c.top && c.top->bottleneck == "memory_bandwidth");
  if (bandwidth_bound) {
    const double r = dc->memory_bandwidth_gbs / std::max(1.0, consumer->memory_bandwidth_gbs);
    text += c.pick(" What an 80 GB card such as the " + dc->name +
                       " adds is bandwidth: " + format_count(dc->memory_bandwidth_gbs) + " GB/s against " +
                       format_count(consumer->memory_bandwidth_gbs) + " GB/s on the " + consumer->name + ", about " +
                       format_ratio(r) + "× the " +
                       (c.serving() ? "speed per user, and room for longer contexts and more users."
                                    : "decoding speed, and room for larger batches."),
                   " ما تضيفه بطاقة " + c.n("80 GB") + " مثل " + c.gpu_name(dc) +
                       " هو عرض النطاق: " + c.n(format_count(dc->memory_bandwidth_gbs) + " GB/s") + " مقابل " +
                       c.n(format_count(consumer->memory_bandwidth_gbs) + " GB/s") + " على " + c.gpu_name(consumer) +
                       "، أي نحو " + c.ratio(r) +
                       (c.serving() ? " من السرعة لكل مستخدم، ومساحة لسياقات أطول ومستخدمين أكثر."
                                    : " من سرعة فك الترميز، ومساحة لدفعات أكبر."));
  } else {
    const double r = dc->tflops_16bit() / std::max(1.0, consumer->tflops_16bit());
    text += c.pick(" This work is compute-bound: the " + dc->name + " gives " + format_count(dc->tflops_16bit()) +
                       " 16-bit TFLOPS against " + format_count(consumer->tflops_16bit()) + " on the " +
                       consumer->name + ", about " + format_ratio(r) + "× faster.",
                   " هذا العمل محدود بالحساب: تقدّم " + c.gpu_name(dc) + " " +
                       c.n(format_count(dc->tflops_16bit()) + " TFLOPS") + " بدقة " + c.n("16-bit") + " مقابل " +
                       c.n(format_count(consumer->tflops_16bit())) + " على " + c.gpu_name(consumer) +
                       "، أي أسرع بنحو " + c.ratio(r) + ".");
  }
  // FP8.
  const WeightFormat* format = find_weight_format(c.serving()    ? c.request.inference.weights
                                                  : c.training() ? c.request.training.weights
                                                                 : c.request.media.weights);
  const bool fp8 = (c.request.kind == WorkloadKind::pretrain && c.request.training.precision == "fp8") ||
                   (format != nullptr && format->compute == "fp8");
  if (fp8) {
    int native = 0, total = 0;
    for (const Gpu& g : c.catalog.gpus) {
      if (g.kind != "gpu") continue;
      ++total;
      if (g.tflops.fp8) ++native;
    }
    text += c.pick(" FP8 runs natively on " + std::to_string(native) + " of the " + std::to_string(total) +
                       " GPU kinds in the catalog (Ada, Hopper, Blackwell, MI300); older cards fall back to 16-bit.",
                   " تعمل دقة " + c.n("FP8") + " أصليًا على " + c.n(std::to_string(native)) + " من أصل " +
                       c.count(total, kKind) + " من البطاقات في الكتالوج (" + c.n("Ada, Hopper, Blackwell, MI300") +
                       ")؛ أما البطاقات الأقدم فتعود إلى دقة " + c.n("16-bit") + ".");
  } else if (format != nullptr) {
    text += c.pick(" " + std::string(format->id) + " weights need no FP8 tensor cores.",
                   " أوزان " + c.n(std::string(format->id)) + " لا تحتاج إلى أنوية " + c.n("FP8") + ".");
  }
  // NVLink.
  if (c.top) {
    const int64_t split = c.top->tensor * c.top->pipeline;
    const bool exchanges = split > 1 || (c.training() && c.top->gpus > 1);
    text += exchanges ? c.pick(" NVLink matters here: the top option's " + std::to_string(c.top->gpus) +
                                   " GPUs exchange data every step.",
                               " يهم " + c.n("NVLink") + " هنا: معالجات الخيار الأول وعددها " +
                                   c.n(std::to_string(c.top->gpus)) + " تتبادل البيانات في كل خطوة.")
                      : c.pick(" NVLink does not matter: each GPU works alone.",
                               " لا أهمية لـ" + c.n("NVLink") + " هنا: كل معالج يعمل وحده.");
  }
  return text;
}

// ---------------------------------------------------------------------------------------------------
// 4. Why is generation slow although the GPU is not busy?

std::string why_slow_serving(const Ctx& c) {
  const Option& o = *c.top;
  const double speed = o.decode_output_tokens_per_s_per_user.value_or(0);
  const int64_t batch = (o.concurrency + std::max<int64_t>(1, o.data) - 1) / std::max<int64_t>(1, o.data);
  std::string text =
      c.pick("On the top option (" + c.gpu_name(c.top_gpu) + ") each user gets " + format_tokens_per_s(speed) +
                 " tokens/s (" + format_tokens_per_s(o.output_tokens_per_s.value_or(0)) +
                 " tokens/s in all) at a batch of " + c.count(static_cast<double>(batch), kSequence) +
                 " per replica; the limit is " + bottleneck_text(c, o.bottleneck) + ".",
             "على الخيار الأول (" + c.gpu_name(c.top_gpu) + ") يحصل كل مستخدم على " + c.tps(speed) +
                 " رمز في الثانية (" + c.tps(o.output_tokens_per_s.value_or(0)) + " للجميع) بدفعة من " +
                 c.count(static_cast<double>(batch), kSequence) + " لكل نسخة، والعامل المحدِّد هو " +
                 bottleneck_text(c, o.bottleneck) + ".");
  const Explanation* e = find_explanation(c, "options.0.decode_output_tokens_per_s_per_user");
  const double bytes = e ? explained_value(*e, "bytes_per_step") : 0;
  const double flops = e ? explained_value(*e, "flops_per_step") : 0;
  const double bandwidth = e ? explained_value(*e, "bandwidth_bytes_per_s") : 0;
  const double peak = e ? explained_value(*e, "peak_flops") : 0;
  if (bytes > 0 && flops > 0 && bandwidth > 0 && peak > 0) {
    const double intensity = flops / bytes;
    const double ridge = peak / bandwidth;
    const double of_peak = std::min(1.0, intensity / ridge);
    // What the tensor cores wait on, by the option's bottleneck.
    const std::string waits_on =
        o.bottleneck == "overhead"
            ? c.pick(
                  "the fixed cost of every step (scheduling, sampling, kernel launches), which more sequences per "
                  "step would share",
                  "الكلفة الثابتة لكل خطوة (الجدولة وأخذ العينات وإطلاق النوى)، وهي كلفة تتقاسمها تسلسلات أكثر في "
                  "الخطوة الواحدة")
        : o.bottleneck == "interconnect" ? c.pick("the all-reduces between the GPUs", "عمليات التجميع بين المعالجات")
                                         : c.pick("memory", "الذاكرة");
    text += c.pick(" Each decode step reads " + format_bytes(bytes) + " per GPU and does " + format_ratio(intensity) +
                       " FLOPs per byte read, while this GPU needs " + format_ratio(ridge) +
                       " FLOPs per byte to keep its tensor cores busy: they reach at most " + format_percent(of_peak) +
                       " of their peak and wait on " + waits_on + ".",
                   " تقرأ كل خطوة فك ترميز " + c.bytes(bytes) + " لكل معالج وتنفّذ " + c.n(format_ratio(intensity)) +
                       " عملية حسابية لكل بايت مقروء، بينما يحتاج هذا المعالج إلى " + c.n(format_ratio(ridge)) +
                       " عملية لكل بايت كي تنشغل أنويته الحسابية: فهي لا تبلغ أكثر من " + c.pct(of_peak) +
                       " من ذروتها وتنتظر " + waits_on + ".");
    if (intensity < ridge) {
      const double needed = std::ceil(static_cast<double>(batch) * ridge / intensity);
      const double room = o.max_concurrency ? static_cast<double>(*o.max_concurrency) /
                                                  static_cast<double>(std::max<int64_t>(1, o.data))
                                            : 0;
      const bool short_of_room = room > 0 && room < needed;
      text += c.pick(
          " Batching: roughly " + c.count(needed, kSequence) + " per replica would reach the compute-bound point" +
              (room > 0 ? (short_of_room ? ", but the KV cache has room for only " : " (the KV cache has room for ") +
                              format_count(room) + (short_of_room ? "" : ")")
                        : std::string()) +
              ".",
          " التجميع: نحو " + c.count(needed, kSequence) + " لكل نسخة تبلغ نقطة التحوّل إلى الحد الحسابي" +
              (room > 0 ? (short_of_room ? "، لكن ذاكرة KV لا تتسع إلا لـ" : " (تتسع ذاكرة KV لـ") +
                              c.n(format_count(room)) + (short_of_room ? "" : ")")
                        : std::string()) +
              ".");
    } else {
      text += c.pick(" At this batch the step is already compute-bound: more speed needs more TFLOPS (FP8) or GPUs.",
                     " عند هذه الدفعة صارت الخطوة محدودة بالحساب: المزيد من السرعة يحتاج إلى قدرة حسابية أعلى (" +
                         c.n("FP8") + ") أو معالجات أكثر.");
    }
    // Quantisation: 4-bit weights shrink the weight part of every step's bytes.
    const WeightFormat* format = find_weight_format(c.request.inference.weights);
    const WeightFormat* int4 = find_weight_format("int4");
    const double split = static_cast<double>(std::max<int64_t>(1, o.tensor * o.pipeline));
    if (format && int4 && format->bits_per_weight > int4->bits_per_weight + 0.25) {
      const double weights_gpu = c.m.weights_bytes / split;
      const double saved = std::min(weights_gpu * (1 - int4->bits_per_weight / format->bits_per_weight), bytes * 0.99);
      text += c.pick(" Quantisation: int4 weights would cut each step to about " + format_bytes(bytes - saved) +
                         ", up to " + format_ratio(bytes / (bytes - saved)) + "× the speed.",
                     " التكميم: أوزان " + c.n("int4") + " تقلّص كل خطوة إلى نحو " + c.bytes(bytes - saved) +
                         "، أي سرعة تصل إلى " + c.ratio(bytes / (bytes - saved)) + ".");
    } else if (c.request.inference.kv_cache == "fp16" || c.request.inference.kv_cache == "bf16") {
      text += c.pick(" The weights are already about 4-bit; an fp8 KV cache would halve the " +
                         format_gb(c.m.kv_cache_bytes.value_or(0)) + " of KV read per step.",
                     " الأوزان مكمّمة أصلًا إلى نحو " + c.n("4-bit") + "؛ وذاكرة KV بدقة " + c.n("fp8") + " تنصّف " +
                         c.gb(c.m.kv_cache_bytes.value_or(0)) + " المقروءة منها في كل خطوة.");
    }
    // HBM: the same bytes on the fastest memory in the catalog.
    const Gpu* fastest = fastest_memory_gpu(c.catalog);
    if (fastest && c.top_gpu && fastest->memory_bandwidth_gbs > c.top_gpu->memory_bandwidth_gbs * 1.05) {
      const double r = fastest->memory_bandwidth_gbs / std::max(1.0, c.top_gpu->memory_bandwidth_gbs);
      text += c.pick(" HBM: the " + fastest->name + " reads " + format_count(fastest->memory_bandwidth_gbs) +
                         " GB/s against " + format_count(c.top_gpu->memory_bandwidth_gbs) + " GB/s here, about " +
                         format_ratio(r) + "× the decode speed.",
                     " ذاكرة HBM: تقرأ " + c.gpu_name(fastest) + " " +
                         c.n(format_count(fastest->memory_bandwidth_gbs) + " GB/s") + " مقابل " +
                         c.n(format_count(c.top_gpu->memory_bandwidth_gbs) + " GB/s") + " هنا، أي نحو " + c.ratio(r) +
                         " من سرعة فك الترميز.");
    }
  }
  return text;
}

std::string answer_why_slow(const Ctx& c) {
  if (c.top == nullptr) {
    return c.pick(
        "Nothing listed fits this request, so there is no speed to explain yet: first find enough VRAM "
        "(see the VRAM answer).",
        "لا يتسع هذا الطلب في أي خيار مدرج، فلا سرعة نشرحها بعد: ابدأ بتوفير ذاكرة كافية (انظر إجابة "
        "الذاكرة).");
  }
  const Option& o = *c.top;
  if (c.serving()) return why_slow_serving(c);
  if (c.training()) {
    const TrainingWorkload& w = c.request.training;
    return c.pick(
        "Training is compute-bound, not decode-bound: on the top option (" + c.gpus(o.gpus, c.top_gpu) +
            ") the estimate reaches " + format_percent(o.mfu.value_or(0)) + " model FLOPs utilisation, " +
            format_count(o.train_tokens_per_s.value_or(0)) + " tokens/s, " + c.duration(o.train_s.value_or(0)) +
            " for " + c.tokens(w.tokens) +
            ". The rest of each step goes to "
            "memory-bound kernels" +
            (w.grad_checkpointing ? ", recomputing activations" : "") +
            (o.gpus > 1 ? " and exchanging gradients over " + interconnect_text(c, o.interconnect) : "") +
            ". A GPU that looks idle between steps waits on data loading or on that exchange: larger micro-batches, "
            "FP8 and NVLink help.",
        "التدريب محدود بالحساب لا بفك الترميز: على الخيار الأول (" + c.gpus(o.gpus, c.top_gpu) +
            ") يبلغ التقدير استغلالًا لقدرة الحساب قدره " + c.pct(o.mfu.value_or(0)) + "، أي " +
            c.n(format_count(o.train_tokens_per_s.value_or(0))) + " رمز في الثانية، ومدة " +
            c.duration(o.train_s.value_or(0)) + " لـ" + c.tokens(w.tokens) +
            ". يذهب باقي كل خطوة إلى عمليات محدودة بالذاكرة" + (w.grad_checkpointing ? " وإعادة حساب التفعيلات" : "") +
            (o.gpus > 1 ? " وتبادل التدرجات عبر " + interconnect_text(c, o.interconnect) : "") +
            ". والمعالج الذي يبدو خاملًا بين الخطوات ينتظر تحميل البيانات أو ذلك التبادل: تساعد الدفعات الأكبر ودقة " +
            c.n("FP8") + " و" + c.n("NVLink") + ".");
  }
  if (c.audio()) {
    const double rtf = o.real_time_factor.value_or(0);
    const std::string batch = c.n(std::to_string(c.request.media.batch));
    std::string text = c.pick("On " + c.gpu_name(c.top_gpu) + " the real-time factor is " + format_ratio(rtf) + " (" +
                                  c.duration(c.request.media.audio_seconds) + " of audio takes " +
                                  c.duration(rtf * c.request.media.audio_seconds) + " per stream) and the limit is " +
                                  bottleneck_text(c, o.bottleneck) + ".",
                              "على " + c.gpu_name(c.top_gpu) + " معامل الزمن الحقيقي " + c.n(format_ratio(rtf)) + " (" +
                                  c.duration(c.request.media.audio_seconds) + " من الصوت تستغرق " +
                                  c.duration(rtf * c.request.media.audio_seconds) + " لكل مسار) والعامل المحدِّد هو " +
                                  bottleneck_text(c, o.bottleneck) + ".");
    if (o.bottleneck == "memory_bandwidth") {
      text += c.pick(
          " Each decoder step emits a few tokens and streams the decoder's weights to do it, so the tensor "
          "cores wait on memory and the GPU looks idle: batch more streams (now " +
              batch + ") so that one read of the weights serves them all.",
          " كل خطوة في فك الترميز تُخرج بضعة رموز وتقرأ أوزان المفكِّك كاملة لأجلها، فتنتظر الأنوية الحسابية "
          "الذاكرة ويبدو المعالج خاملًا: اجمع مسارات أكثر في الدفعة (الآن " +
              batch + ") لتخدم قراءة واحدة للأوزان جميعها.");
    } else {
      text += c.pick(
          " The GPU is busy while the model runs; if it looks idle, the time goes to CPU work around it "
          "(loading and resampling audio, text processing): prepare inputs ahead and batch more streams "
          "(now " +
              batch + ").",
          " المعالج مشغول أثناء عمل النموذج؛ فإن بدا خاملًا فالوقت يذهب إلى عمل المعالج المركزي حوله (تحميل "
          "الصوت وإعادة تشكيله، ومعالجة النص): جهّز المدخلات مسبقًا واجمع مسارات أكثر في الدفعة (الآن " +
              batch + ").");
    }
    return text;
  }
  // Image and video diffusion.
  const Gpu* dc = datacenter_reference(c.catalog);
  const double r = dc && c.top_gpu ? dc->tflops_16bit() / std::max(1.0, c.top_gpu->tflops_16bit()) : 1.0;
  const MediaWorkload& w = c.request.media;
  std::string text =
      c.pick("Diffusion is compute-bound, not decode-bound: on " + c.gpu_name(c.top_gpu) + " one " +
                 (c.request.kind == WorkloadKind::video ? "clip" : "image") + " takes " +
                 c.duration(o.seconds_per_image.value_or(0)) + " for " + c.count(static_cast<double>(w.steps), kStep) +
                 (w.guidance ? " (each run twice for classifier-free guidance)" : "") + ", and the limit is " +
                 bottleneck_text(c, o.bottleneck) +
                 ". The GPU is busy during the steps; if it looks idle, the time goes to "
                 "the text encoder, the VAE decode or CPU work between items.",
             "الانتشار محدود بالحساب لا بفك الترميز: على " + c.gpu_name(c.top_gpu) + " تستغرق " +
                 (c.request.kind == WorkloadKind::video ? std::string("كل مقطع ") : std::string("كل صورة ")) +
                 c.duration(o.seconds_per_image.value_or(0)) + " لـ" + c.count(static_cast<double>(w.steps), kStep) +
                 (w.guidance ? " (تُنفَّذ كل منها مرتين للتوجيه الخالي من المصنِّف)" : "") + "، والعامل المحدِّد هو " +
                 bottleneck_text(c, o.bottleneck) +
                 ". المعالج مشغول أثناء الخطوات؛ فإن بدا خاملًا فالوقت يذهب إلى مُرمِّز "
                 "النص أو فك ترميز VAE أو عمل المعالج المركزي بين العناصر.");
  if (dc && c.top_gpu && r > 1.05) {
    text += c.pick(" Faster: fewer steps, or more 16-bit TFLOPS: the " + dc->name + " has about " + format_ratio(r) +
                       "× this GPU's.",
                   " للتسريع: خطوات أقل، أو قدرة حسابية أعلى بدقة " + c.n("16-bit") + ": لدى " + c.gpu_name(dc) +
                       " نحو " + c.ratio(r) + " من قدرة هذا المعالج.");
  } else {
    text += c.pick(" Faster: fewer steps, or more copies on more GPUs.",
                   " للتسريع: خطوات أقل، أو نسخ أكثر على معالجات أكثر.");
  }
  return text;
}

// ---------------------------------------------------------------------------------------------------
// 5. VRAM first, then bandwidth.

// A speed key for comparing options: higher is faster.
double speed_of(const Option& o) {
  if (o.train_s && *o.train_s > 0) return 1.0 / *o.train_s;
  if (o.items_per_s) return *o.items_per_s;
  return o.decode_output_tokens_per_s_per_user.value_or(0);
}

std::string speed_text(const Ctx& c, const Option& o) {
  if (c.serving())
    return c.tps(o.decode_output_tokens_per_s_per_user.value_or(0)) +
           c.pick(" tokens/s per user", " رمز في الثانية لكل مستخدم");
  if (c.training()) return c.duration(o.train_s.value_or(0));
  if (c.audio())
    return c.pick("real-time factor ", "معامل زمن حقيقي ") + c.n(format_ratio(o.real_time_factor.value_or(0)));
  return c.duration(o.seconds_per_image.value_or(0)) + c.pick(" per item", " لكل عنصر");
}

std::string answer_vram_then_bandwidth(const Ctx& c) {
  int fitting = 0;
  const Option* fastest = nullptr;
  for (const Option& o : c.response.options) {
    if (!o.fits) continue;
    ++fitting;
    if (fastest == nullptr || speed_of(o) > speed_of(*fastest)) fastest = &o;
  }
  const int listed = static_cast<int>(c.response.options.size());
  std::string text = c.pick(
      "First make it fit: " + format_gb(c.m.total_bytes) + " per replica must sit inside the usable " +
          format_percent(c.usable_fraction) + " of the VRAM; " +
          (c.pinned() ? std::string(fitting > 0 ? "the pinned GPUs hold it." : "the pinned GPUs do not hold it.")
                      : std::to_string(fitting) + " of the " + std::to_string(listed) + " options listed fit."),
      "أولًا يجب أن يتسع: " + c.gb(c.m.total_bytes) + " لكل نسخة يجب أن تقع ضمن " + c.pct(c.usable_fraction) +
          " القابلة للاستعمال من الذاكرة؛ " +
          (c.pinned() ? std::string(fitting > 0 ? "والمعالجات المثبّتة تتسع له." : "والمعالجات المثبّتة لا تتسع له.")
                      : "ويتسع في " + c.n(std::to_string(fitting)) + " من أصل " + c.n(std::to_string(listed)) +
                            " من الخيارات المدرجة."));
  if (c.top == nullptr) return text;
  const bool bandwidth = c.top->bottleneck == "memory_bandwidth" || c.serving();
  const Gpu* g2 = fastest ? gpu_of(c, *fastest) : nullptr;
  auto spec = [&](const Gpu* g) {
    if (g == nullptr) return std::string();
    return bandwidth ? c.n(format_count(g->memory_bandwidth_gbs) + " GB/s")
                     : c.n(format_count(g->tflops_16bit()) + " TFLOPS");
  };
  if (bandwidth) {
    text += c.pick(" Then bandwidth sets the speed, because every step streams the weights: the top option, " +
                       c.gpu_name(c.top_gpu) + " (" + spec(c.top_gpu) + "), gives " + speed_text(c, *c.top),
                   " ثم يحدّد عرض النطاق السرعة، لأن كل خطوة تقرأ الأوزان كاملة: الخيار الأول، " +
                       c.gpu_name(c.top_gpu) + " (" + spec(c.top_gpu) + ")، يعطي " + speed_text(c, *c.top));
  } else {
    text += c.pick(
        " Then, for this compute-bound work, tensor throughput rather than bandwidth sets the time: the top "
        "option, " +
            c.gpu_name(c.top_gpu) + " (" + spec(c.top_gpu) + "), takes " + speed_text(c, *c.top),
        " ثم تحدّد القدرة الحسابية، لا عرض النطاق، زمن هذا العمل المحدود بالحساب: الخيار الأول، " +
            c.gpu_name(c.top_gpu) + " (" + spec(c.top_gpu) + ")، يستغرق " + speed_text(c, *c.top));
  }
  if (fastest && fastest != c.top && speed_of(*fastest) > speed_of(*c.top) * 1.01) {
    text += c.pick("; the fastest listed, " + c.gpu_name(g2) + " (" + spec(g2) +
                       (fastest->gpus > 1 ? ", " + std::to_string(fastest->gpus) + " GPUs" : "") + "), " +
                       (bandwidth ? "gives " : "takes ") + speed_text(c, *fastest) + ".",
                   "؛ وأسرع خيار مدرج، " + c.gpu_name(g2) + " (" + spec(g2) +
                       (fastest->gpus > 1 ? "، " + c.count(static_cast<double>(fastest->gpus), kGpuNoun) : "") + ")، " +
                       (bandwidth ? "يعطي " : "يستغرق ") + speed_text(c, *fastest) + ".");
  } else {
    text += c.pinned() ? std::string(".") : c.pick(", the fastest of those listed.", "، وهو الأسرع بين المدرجة.");
  }
  text += c.serving() ? c.pick(
                            " VRAM beyond what fits buys room for more KV cache (more users, longer contexts), "
                            "not speed.",
                            " الذاكرة الزائدة عن الحاجة تشتري مساحة لذاكرة KV (مستخدمين أكثر وسياقات أطول)، لا سرعة.")
                      : c.pick(" VRAM beyond what fits buys larger batches, not speed by itself.",
                               " الذاكرة الزائدة عن الحاجة تسمح بدفعات أكبر، ولا تزيد السرعة بذاتها.");
  return text;
}

// ---------------------------------------------------------------------------------------------------
// 6. One GPU or several?

// What one media item is, after a number of them (Arabic: the genitive singular after a measured rate).
std::string item_noun(const Ctx& c) {
  if (c.audio()) return c.pick("recordings", "تسجيل");
  if (c.request.kind == WorkloadKind::video) return c.pick("clips", "مقطع");
  return c.pick("images", "صورة");
}

std::string answer_one_or_several(const Ctx& c) {
  if (c.top == nullptr) {
    return c.pick("Nothing listed fits: " + format_gb(c.m.total_bytes) +
                      " per replica needs more GPUs (or larger "
                      "ones) than the options offer; when it must span cards, pick NVLink boxes.",
                  "لا يتسع الطلب في أي خيار مدرج: " + c.gb(c.m.total_bytes) +
                      " لكل نسخة تحتاج إلى معالجات أكثر (أو أكبر) مما تقدمه الخيارات؛ وحين يجب أن يمتد على عدة بطاقات "
                      "فاختر خوادم فيها " +
                      c.n("NVLink") + ".");
  }
  const Option& o = *c.top;
  const int64_t split = o.tensor * o.pipeline;
  const std::string gpu = c.gpu_name(c.top_gpu);
  if (c.training()) {
    if (o.gpus == 1) {
      return c.pick("One GPU is enough: the run fits one " + gpu + " and takes " + c.duration(o.train_s.value_or(0)) +
                        ". More GPUs shorten it roughly in proportion, but then gradients are exchanged every step, "
                        "so take NVLink boxes.",
                    "يكفي معالج واحد: يتسع التدريب على " + gpu + " واحد ويستغرق " + c.duration(o.train_s.value_or(0)) +
                        ". المعالجات الإضافية تقصّر المدة بنسبة تقارب عددها، لكنها تتبادل التدرجات في كل خطوة، فاختر "
                        "خوادم فيها " +
                        c.n("NVLink") + ".");
    }
    const double grads =
        c.m.adapter_bytes.value_or(0) > 0 ? c.m.adapter_bytes.value_or(0) : c.m.gradients_bytes.value_or(0);
    return c.pick(
        "The top option trains on " + c.gpus(o.gpus, c.top_gpu) + " (" + std::to_string(o.data) + " data-parallel " +
            (o.data == 1 ? "replica" : "replicas") +
            (o.tensor > 1 ? ", tensor parallel " + std::to_string(o.tensor) : "") + ", " +
            sharding_text(c, o.sharding) + ") in " + c.duration(o.train_s.value_or(0)) + ". Every step all-reduces " +
            format_gb(grads) +
            " of gradients, so the cards need NVLink (here: " + interconnect_text(c, o.interconnect) + ")" +
            (o.instances > 1 ? " and a fast network between its " + std::to_string(o.instances) + " instances" : "") +
            ".",
        "يدرّب الخيار الأول على " + c.gpus(o.gpus, c.top_gpu) + " (" + c.count(static_cast<double>(o.data), kReplica) +
            " بتوازي البيانات" + (o.tensor > 1 ? "، وتوازي موترات " + c.n(std::to_string(o.tensor)) : "") + "، " +
            sharding_text(c, o.sharding) + ") في " + c.duration(o.train_s.value_or(0)) + ". كل خطوة تجمع " +
            c.gb(grads) + " من التدرجات بين المعالجات، فتحتاج البطاقات إلى " + c.n("NVLink") +
            " (هنا: " + interconnect_text(c, o.interconnect) + ")" +
            (o.instances > 1 ? " وإلى شبكة سريعة بين " + c.count(static_cast<double>(o.instances), kInstance) : "") +
            ".");
  }
  if (!c.serving()) {
    return c.pick("One copy per GPU: " + format_gb(c.m.total_bytes) + " fits one " + gpu +
                      ", and these pipelines are "
                      "not split, so more GPUs just run more copies side by side (" +
                      std::to_string(o.gpus) + " here, " + format_ratio(o.items_per_s.value_or(0) * 3600) + " " +
                      item_noun(c) + " an hour). No NVLink needed.",
                  "نسخة واحدة لكل معالج: " + c.gb(c.m.total_bytes) + " تتسع على " + gpu +
                      " واحد، ولا تُقسَم هذه النماذج، فالمعالجات الإضافية تشغّل نسخًا أكثر جنبًا إلى جنب (" +
                      c.n(std::to_string(o.gpus)) + " هنا، أي " + c.n(format_ratio(o.items_per_s.value_or(0) * 3600)) +
                      " " + item_noun(c) + " في الساعة). لا حاجة إلى " + c.n("NVLink") + ".");
  }
  if (split == 1) {
    return c.pick(
        "One fast GPU per replica: " + format_gb(c.m.total_bytes) + " fits one " + gpu + ", so the top option runs " +
            c.count(static_cast<double>(o.data), kReplica) + " on " + c.count(static_cast<double>(o.gpus), kGpuNoun) +
            " with no split and no traffic between cards; NVLink does not matter for it. For more users, "
            "add replicas rather than splitting one.",
        "معالج سريع واحد لكل نسخة: " + c.gb(c.m.total_bytes) + " تتسع على " + gpu + " واحد، لذلك يشغّل الخيار الأول " +
            c.count(static_cast<double>(o.data), kReplica) + " على " + c.count(static_cast<double>(o.gpus), kGpuNoun) +
            " بلا تقسيم ولا حركة بيانات بين البطاقات، فلا "
            "أهمية لـ" +
            c.n("NVLink") + " هنا. ولخدمة مستخدمين أكثر أضف نسخًا بدل تقسيم النسخة الواحدة.");
  }
  const bool fits_one = c.top_gpu && fits_vram(c, c.top_gpu->vram_gib);
  return c.pick(
      "Each replica spans " + c.gpus(split, c.top_gpu) + " (tensor " + std::to_string(o.tensor) + ", pipeline " +
          std::to_string(o.pipeline) + ")" +
          (fits_one
               ? ", although " + format_gb(c.m.total_bytes) + " fits one; a replica per card would avoid the traffic"
               : " because " + format_gb(c.m.total_bytes) + " does not fit one") +
          ". Every layer then waits on two all-reduces between the cards, so they need a fast link (NVLink or Infinity "
          "Fabric); this option uses " +
          interconnect_text(c, o.interconnect) + "." +
          (o.interconnect == "pcie" ? " Over PCIe, a single larger GPU is usually faster." : ""),
      "تمتد كل نسخة على " + c.gpus(split, c.top_gpu) + " (توازي موترات " + c.n(std::to_string(o.tensor)) + "، ومراحل " +
          c.n(std::to_string(o.pipeline)) + ")" +
          (fits_one ? "، مع أن " + c.gb(c.m.total_bytes) +
                          " تتسع على بطاقة واحدة؛ ونسخة لكل بطاقة تتجنب حركة البيانات بينهما"
                    : " لأن " + c.gb(c.m.total_bytes) + " لا تتسع على بطاقة واحدة") +
          ". عندها تنتظر كل طبقة عمليتي تجميع بين البطاقات، فتحتاج إلى ربط سريع (" + c.n("NVLink") + " أو " +
          c.n("Infinity Fabric") + ")؛ وهذا الخيار يستعمل " + interconnect_text(c, o.interconnect) + "." +
          (o.interconnect == "pcie" ? " عبر " + c.n("PCIe") + " يكون معالج واحد أكبر أسرع في العادة." : ""));
}

// ---------------------------------------------------------------------------------------------------
// 7. Billing granularity for bursty work.

// Providers in the catalog that bill per second or per minute.
std::pair<int, int> fine_billing_providers(const Catalog& catalog) {
  int fine = 0;
  for (const Provider& p : catalog.providers) {
    if (p.billing_granularity_s <= 60) ++fine;
  }
  return {fine, static_cast<int>(catalog.providers.size())};
}

// One round of a serving request: the prompt's prefill, then every sequence's output at the decode speed.
double round_seconds(const Ctx& c, const Option& o) {
  const double speed = o.decode_output_tokens_per_s_per_user.value_or(0);
  return o.ttft_s.value_or(0) + (speed > 0 ? static_cast<double>(c.request.inference.output_tokens) / speed : 0);
}

std::string answer_billing(const Ctx& c) {
  const auto [fine, providers] = fine_billing_providers(c.catalog);
  const std::string advice = c.pick(
      " For bursty work (short jobs, or an endpoint you start and stop) pick per-second or per-minute billing: " +
          std::to_string(fine) + " of the " + c.count(providers, kProviderNoun) + " in the catalog offer it.",
      " للأعمال المتقطعة (مهام قصيرة، أو خدمة تشغّلها وتوقفها) اختر الفوترة بالثانية أو بالدقيقة: يقدّمها " +
          c.n(std::to_string(fine)) + " من أصل " + c.count(providers, kProviderNoun) + " في الكتالوج.");
  if (c.top == nullptr || c.provider == nullptr || !c.top->usd_per_hour) {
    std::string text = c.pick("The billed cost is not available without a priced option" +
                                  std::string(c.pinned() ? " (pinned hardware has no provider or price)" : "") + ".",
                              "لا تتوفر الكلفة المفوترة من دون خيار له سعر" +
                                  std::string(c.pinned() ? " (العتاد المثبّت بلا مزوّد ولا سعر)" : "") + ".");
    if (c.top && c.serving()) {
      const double round_s = round_seconds(c, *c.top);
      text += c.pick(" One round of this request (" + c.count(static_cast<double>(c.top->concurrency), kSequence) +
                         " of " + c.count(static_cast<double>(c.request.inference.output_tokens), kToken) + ") takes " +
                         c.duration(round_s) + " on " + c.gpus(c.top->gpus, c.top_gpu) +
                         ": billed per second that is what you pay for, billed per hour a whole hour.",
                     " جولة واحدة من هذا الطلب (" + c.count(static_cast<double>(c.top->concurrency), kSequence) +
                         "، لكل منها " + c.count(static_cast<double>(c.request.inference.output_tokens), kToken) +
                         ") تستغرق " + c.duration(round_s) + " على " + c.gpus(c.top->gpus, c.top_gpu) +
                         ": بالفوترة بالثانية تدفع ثمنها وحدها، وبالفوترة بالساعة تدفع ساعة كاملة.");
    } else if (c.top) {
      const double seconds = job_seconds(c, *c.top, false);
      text +=
          c.pick(" This job runs " + c.duration(seconds) + " on " + c.gpus(c.top->gpus, c.top_gpu) +
                     "; rounded to whole hours it would be billed " +
                     c.duration(std::ceil(seconds / 3600 - 1e-9) * 3600) + ".",
                 " تستغرق هذه المهمة " + c.duration(seconds) + " على " + c.gpus(c.top->gpus, c.top_gpu) +
                     "؛ ولو قُرّبت إلى ساعات كاملة لفوترت " + c.duration(std::ceil(seconds / 3600 - 1e-9) * 3600) + ".");
    }
    return text + advice;
  }
  const Option& o = *c.top;
  const Provider& p = *c.provider;
  const std::string where = c.provider_name(&p) + " " + c.n(o.instance);
  Provider hourly = p;
  hourly.billing_granularity_s = 3600;
  if (c.serving()) {
    const double round_s = round_seconds(c, o);
    const double fine_usd = *o.usd_per_hour * billed_seconds(round_s, p) / 3600;
    const double hour_usd = *o.usd_per_hour * billed_seconds(round_s, hourly) / 3600;
    return c.pick("The top option, " + where + ", bills " + granularity_text(c, p) + " at " +
                      format_usd(*o.usd_per_hour) + " an hour: " + format_usd(o.usd_per_month.value_or(0)) +
                      " a month at " + format_ratio(c.request.inference.hours_per_day.value_or(24)) +
                      " h a day. One round of this request (" +
                      c.count(static_cast<double>(c.request.inference.concurrency), kSequence) + " of " +
                      c.count(static_cast<double>(c.request.inference.output_tokens), kToken) + ") takes " +
                      c.duration(round_s) + ": run as a burst it is billed " + format_usd(fine_usd) + ", or " +
                      format_usd(hour_usd) + " where billing rounds to the hour.",
                  "الخيار الأول، " + where + "، يُفوتَر " + granularity_text(c, p) + " بسعر " + c.usd(*o.usd_per_hour) +
                      " في الساعة: " + c.usd(o.usd_per_month.value_or(0)) + " في الشهر بتشغيل " +
                      c.n(format_ratio(c.request.inference.hours_per_day.value_or(24))) +
                      " ساعة يوميًا. جولة واحدة من هذا الطلب (" +
                      c.count(static_cast<double>(c.request.inference.concurrency), kSequence) + "، لكل منها " +
                      c.count(static_cast<double>(c.request.inference.output_tokens), kToken) + ") تستغرق " +
                      c.duration(round_s) + ": إذا شُغّلت دفعةً منفردة فُوترت " + c.usd(fine_usd) + "، أو " +
                      c.usd(hour_usd) + " حيث تُقرَّب الفوترة إلى الساعة.") +
           advice;
  }
  const double seconds = job_seconds(c, o, true);
  const double hourly_usd = *o.usd_per_hour * billed_seconds(seconds, hourly) / 3600;
  const double compute = o.usd_compute.value_or(0);
  const double others = o.usd_total.value_or(0) - compute;
  std::string text = c.pick(
      "The top option, " + where + ", costs " + format_usd(o.usd_total.value_or(0)) +
          " in all: " + format_usd(compute) + " for " + c.duration(o.billed_s.value_or(0)) + " of compute billed " +
          granularity_text(c, p) + (others > 0.005 ? " plus " + format_usd(others) + " of storage and transfer" : "") +
          ". The job runs " + c.duration(seconds),
      "الخيار الأول، " + where + "، يكلّف " + c.usd(o.usd_total.value_or(0)) + " إجمالًا: " + c.usd(compute) + " مقابل " +
          c.duration(o.billed_s.value_or(0)) + " من الحوسبة تُفوتَر " + granularity_text(c, p) +
          (others > 0.005 ? "، إضافةً إلى " + c.usd(others) + " للتخزين والنقل" : "") + ". تستغرق المهمة " +
          c.duration(seconds));
  if (p.billing_granularity_s >= 3600) {
    Provider per_second = p;
    per_second.billing_granularity_s = 1;
    const double fine_usd = *o.usd_per_hour * billed_seconds(seconds, per_second) / 3600;
    text += c.pick(
        "; this provider rounds to the hour, and billed per second at the same rate the compute would "
        "be " +
            format_usd(fine_usd) + ".",
        "؛ وهذا المزوّد يقرّب إلى الساعة، ولو فُوترت بالثانية بالسعر نفسه لكانت الحوسبة " + c.usd(fine_usd) + ".");
  } else {
    text += c.pick("; billed by the whole hour the compute would be " + format_usd(hourly_usd) + " (" +
                       format_usd(hourly_usd - compute) + " more).",
                   "؛ ولو فُوترت بالساعة الكاملة لكانت الحوسبة " + c.usd(hourly_usd) + " (أي " +
                       c.usd(hourly_usd - compute) + " زيادة).");
  }
  return text + advice;
}

// ---------------------------------------------------------------------------------------------------
// 8. Storage and transfer costs.

std::string answer_storage(const Ctx& c) {
  double stored = 0, downloaded = 0;
  storage_needs(c.request, c.m, stored, downloaded);
  const std::string what_stored =
      c.training() ? c.pick(" (weights" + std::string(c.m.adapter_bytes.value_or(0) > 0 ? ", adapters" : "") +
                                " and optimizer state, for resumable checkpoints)",
                            " (الأوزان" + std::string(c.m.adapter_bytes.value_or(0) > 0 ? " والمحوِّلات" : "") +
                                " وحالة المُحسِّن، لنقاط الاستئناف)")
                   : c.pick(" of weights", " من الأوزان");
  const std::string what_downloaded = c.m.adapter_bytes.value_or(0) > 0
                                          ? c.pick("the LoRA adapter", "محوِّل LoRA")
                                          : c.pick("the trained weights", "الأوزان المدرَّبة");
  std::string text;
  if (c.provider == nullptr || c.top == nullptr) {
    // No priced option: the range over the catalog's block-storage rates, for one month.
    double low = 0, high = 0;
    int rated = 0;
    for (const Provider& p : c.catalog.providers) {
      if (!p.block_storage_usd_per_gb_month) continue;
      const double usd = stored / 1e9 * *p.block_storage_usd_per_gb_month;
      low = rated == 0 ? usd : std::min(low, usd);
      high = rated == 0 ? usd : std::max(high, usd);
      ++rated;
    }
    text = c.pick("Storage and transfer costs are not available without a priced option" +
                      std::string(c.pinned() ? " (pinned hardware has no provider)" : "") +
                      ". The sizes: " + format_gb(stored) + what_stored + " to keep" +
                      (downloaded > 0 ? ", " + format_gb(downloaded) + " (" + what_downloaded + ") to download" : "") +
                      "; a month of that on block storage costs " + format_usd(low) + " to " + format_usd(high) +
                      " across the " + c.count(rated, kProviderNoun) + " in the catalog that publish a rate.",
                  "لا تتوفر كلفة التخزين والنقل من دون خيار له سعر" +
                      std::string(c.pinned() ? " (العتاد المثبّت بلا مزوّد)" : "") + ". الأحجام: " + c.gb(stored) +
                      what_stored + " للحفظ" +
                      (downloaded > 0 ? "، و" + c.gb(downloaded) + " (" + what_downloaded + ") للتنزيل" : "") +
                      "؛ وشهر من ذلك على التخزين الكتلي يكلّف من " + c.usd(low) + " إلى " + c.usd(high) + " لدى " +
                      c.count(rated, kProviderNoun) + " في الكتالوج ينشرون أسعارهم.");
    return text;
  }
  const Provider& p = *c.provider;
  const Option& o = *c.top;
  const std::string who = c.provider_name(&p);
  const std::string storage_rate = p.block_storage_usd_per_gb_month
                                       ? c.usd(*p.block_storage_usd_per_gb_month) + c.pick("/GB-month", " لكل GB شهريًا")
                                       : "";
  const std::string egress_rate = p.egress_usd_per_gb ? c.usd(*p.egress_usd_per_gb) + c.pick("/GB", " لكل GB") : "";
  if (!p.block_storage_usd_per_gb_month) {
    text = c.pick("The catalog has no block-storage rate for " + who + ", so the " + format_gb(stored) + what_stored +
                      " it keeps are counted at " + format_usd(o.usd_storage.value_or(0)) + "; check its price list.",
                  "لا يذكر الكتالوج سعر تخزين كتلي لدى " + who + "، لذلك حُسبت " + c.gb(stored) + what_stored +
                      " بمبلغ " + c.usd(o.usd_storage.value_or(0)) + "؛ راجع قائمة أسعاره.");
  } else if (c.serving()) {
    text = c.pick("The endpoint keeps " + format_gb(stored) + what_stored + " on " + who + "'s block storage at " +
                      storage_rate + ": " + format_usd(o.usd_storage.value_or(0)) + " a month.",
                  "تحفظ الخدمة " + c.gb(stored) + what_stored + " على التخزين الكتلي لدى " + who + " بسعر " +
                      storage_rate + ": " + c.usd(o.usd_storage.value_or(0)) + " في الشهر.");
  } else {
    text = c.pick("While the job runs, " + who + " keeps " + format_gb(stored) + what_stored + " at " + storage_rate +
                      ": " + format_usd(o.usd_storage.value_or(0)) + " (billed for at least a day).",
                  "أثناء المهمة يحفظ " + who + " " + c.gb(stored) + what_stored + " بسعر " + storage_rate + ": " +
                      c.usd(o.usd_storage.value_or(0)) + " (تُحتسب ليوم واحد على الأقل).");
  }
  if (c.training()) {
    if (p.egress_usd_per_gb) {
      text += c.pick(" Downloading " + what_downloaded + " (" + format_gb(downloaded) + ") costs " +
                         format_usd(o.usd_egress.value_or(0)) + " at " + egress_rate + ".",
                     " تنزيل " + what_downloaded + " (" + c.gb(downloaded) + ") يكلّف " +
                         c.usd(o.usd_egress.value_or(0)) + " بسعر " + egress_rate + ".");
    } else {
      text += c.pick(" The catalog has no egress rate for " + who + ", so downloading " + what_downloaded + " (" +
                         format_gb(downloaded) + ") is counted at " + format_usd(o.usd_egress.value_or(0)) + ".",
                     " لا يذكر الكتالوج سعر نقل صادر لدى " + who + "، فحُسب تنزيل " + what_downloaded + " (" +
                         c.gb(downloaded) + ") بمبلغ " + c.usd(o.usd_egress.value_or(0)) + ".");
    }
    if (o.usd_total && *o.usd_total > 0) {
      const double share = (o.usd_storage.value_or(0) + o.usd_egress.value_or(0)) / *o.usd_total;
      text += c.pick(" Together that is " + format_percent(share) + " of the job's " + format_usd(*o.usd_total) +
                         "; keeping several checkpoints multiplies the storage.",
                     " وهذا معًا " + c.pct(share) + " من كلفة المهمة البالغة " + c.usd(*o.usd_total) +
                         "؛ وحفظ عدة نقاط استئناف يضاعف كلفة التخزين.");
    }
  } else if (c.serving()) {
    text += c.pick(" Loading those weights at every start reads " + format_gb(stored) +
                       ", so keep them on local NVMe "
                       "next to the GPU; the responses themselves are text and cost little to send.",
                   " تحميل هذه الأوزان عند كل تشغيل يقرأ " + c.gb(stored) + "، فاحفظها على قرص " + c.n("NVMe") +
                       " محلي بجوار المعالج؛ أما الردود فنصوص لا تكلّف نقلها إلا القليل.");
  } else {
    text += c.pick(
        " The generated files are downloaded too, but the response has no size for them, so their "
        "transfer is not in the total" +
            (p.egress_usd_per_gb ? " (" + egress_rate + " here)" : std::string()) + ".",
        " وتُنزَّل الملفات المولَّدة أيضًا، لكن الاستجابة لا تذكر حجمها، فكلفة نقلها غير محسوبة في الإجمالي" +
            (p.egress_usd_per_gb ? " (" + egress_rate + " هنا)" : std::string()) + ".");
  }
  return text;
}

// ---------------------------------------------------------------------------------------------------
// 9. What this task tier needs.

std::string answer_task_tier(const Ctx& c) {
  const Option* o = c.top;
  const std::string where = o ? c.gpus(o->gpus, c.top_gpu) : std::string();
  switch (c.request.kind) {
    case WorkloadKind::inference: {
      std::string text = c.pick(
          "Serving is a standing endpoint: it needs capacity that stays. Start on on-demand and "
          "move to reserved capacity once the load is steady; keep spot for extra replicas.",
          "الخدمة نقطة وصول دائمة تحتاج إلى سعة ثابتة: ابدأ بالسعة عند الطلب وانتقل إلى السعة "
          "المحجوزة حين يستقر الحمل؛ واترك Spot للنسخ الإضافية.");
      if (o && o->usd_per_month) {
        text += c.pick(" The top option (" + where + ") costs " + format_usd(*o->usd_per_month) + " a month" +
                           (o->usd_per_million_output_tokens ? ", " + format_usd(*o->usd_per_million_output_tokens) +
                                                                   " per million output tokens when busy"
                                                             : std::string()) +
                           ".",
                       " يكلّف الخيار الأول (" + where + ") " + c.usd(*o->usd_per_month) + " في الشهر" +
                           (o->usd_per_million_output_tokens ? "، أي " + c.usd(*o->usd_per_million_output_tokens) +
                                                                   " لكل مليون رمز مُخرَج عند الانشغال"
                                                             : std::string()) +
                           ".");
      }
      text += c.pick(" Storage: a fast local disk to load " + format_gb(c.m.weights_bytes) +
                         " of weights on every start. Interconnect: ",
                     " التخزين: قرص محلي سريع لتحميل " + c.gb(c.m.weights_bytes) + " من الأوزان عند كل تشغيل. الربط: ");
      text += o && o->tensor * o->pipeline > 1
                  ? c.pick("NVLink, because each replica spans " + std::to_string(o->tensor * o->pipeline) + " GPUs.",
                           c.n("NVLink") + "، لأن كل نسخة تمتد على " +
                               c.count(static_cast<double>(o->tensor * o->pipeline), kGpuNoun) + ".")
                  : c.pick("none, each replica fits one GPU.", "لا حاجة إليه، فكل نسخة تتسع على معالج واحد.");
      return text;
    }
    case WorkloadKind::finetune:
    case WorkloadKind::pretrain: {
      const bool pre = c.request.kind == WorkloadKind::pretrain;
      double stored = 0, downloaded = 0;
      storage_needs(c.request, c.m, stored, downloaded);
      std::string text =
          pre ? c.pick("Pretraining " + c.tokens(c.request.training.tokens) +
                           " is a long run: reserve "
                           "capacity (a cluster contract) rather than renting on demand, and keep spot for "
                           "short experiments.",
                       "التدريب المسبق على " + c.tokens(c.request.training.tokens) +
                           " تشغيل طويل: احجز سعة "
                           "(عقد عنقود) بدل الاستئجار عند الطلب، واترك Spot للتجارب القصيرة.")
              : c.pick(
                    "A fine-tune is a bounded batch job: on-demand or spot with checkpoints, no "
                    "reservation needed.",
                    "الضبط الدقيق مهمة دفعية محدودة: تكفيها السعة عند الطلب أو Spot مع نقاط استئناف، "
                    "بلا حاجة إلى حجز.");
      if (o) {
        text += c.pick(" The top option (" + where + ") takes " + c.duration(o->train_s.value_or(0)) + ", " +
                           format_count(o->gpu_hours.value_or(0)) + " GPU-hours" +
                           (o->usd_total ? ", " + format_usd(*o->usd_total) : std::string()) + ".",
                       " يستغرق الخيار الأول (" + where + ") " + c.duration(o->train_s.value_or(0)) + "، أي " +
                           c.n(format_count(o->gpu_hours.value_or(0))) + " ساعة معالجة" +
                           (o->usd_total ? "، بكلفة " + c.usd(*o->usd_total) : std::string()) + ".");
      }
      text += pre ? c.pick(
                        " Storage: fast shared storage (a parallel file system or object store) for the dataset and "
                        "for checkpoints of " +
                            format_gb(stored) + " each.",
                        " التخزين: تخزين مشترك سريع (نظام ملفات متوازٍ أو تخزين كائنات) للبيانات ولنقاط استئناف "
                        "حجم كل منها " +
                            c.gb(stored) + ".")
                  : c.pick(" Storage: room for checkpoints of " + format_gb(stored) + " each.",
                           " التخزين: مساحة لنقاط استئناف حجم كل منها " + c.gb(stored) + ".");
      if (o && o->gpus > 1) {
        text += c.pick(" Interconnect: NVLink inside each box" +
                           (o->instances > 1 ? std::string(" and InfiniBand, RoCE or EFA between the ") +
                                                   std::to_string(o->instances) + " instances"
                                             : std::string()) +
                           ".",
                       " الربط: " + c.n("NVLink") + " داخل كل خادم" +
                           (o->instances > 1 ? " وشبكة " + c.n("InfiniBand / RoCE / EFA") + " بين " +
                                                   c.count(static_cast<double>(o->instances), kInstance)
                                             : std::string()) +
                           ".");
      } else {
        text += c.pick(" Interconnect: none needed on one GPU.", " الربط: لا حاجة إليه على معالج واحد.");
      }
      return text;
    }
    default: {
      const bool audio = c.audio();
      const Noun& noun = c.request.kind == WorkloadKind::video ? kClip : kImage;
      const std::string amount = audio ? c.duration(c.request.media.audio_seconds) + c.pick(" of audio", " من الصوت")
                                       : c.count(c.request.media.images, noun);
      const bool transcribe = audio && c.request.model.media.task == "transcribe";
      std::string text = c.pick(std::string(transcribe ? "Transcribing " : "Producing ") + amount +
                                    " is a batch job: spot or on-demand by the minute, no "
                                    "reserved capacity, no interconnect (each GPU runs its own copy).",
                                std::string(transcribe ? "تفريغ " : "إنتاج ") + amount +
                                    " مهمة دفعية: تكفيها سعة Spot أو السعة عند الطلب بالدقيقة، بلا سعة "
                                    "محجوزة ولا ربط بين البطاقات (كل معالج يشغّل نسخته).");
      if (o) {
        text += c.pick(" The top option (" + where + ") finishes in " + c.duration(job_seconds(c, *o, true)) +
                           (o->usd_total ? " for " + format_usd(*o->usd_total) : std::string()) + ".",
                       " ينهيها الخيار الأول (" + where + ") في " + c.duration(job_seconds(c, *o, true)) +
                           (o->usd_total ? " بكلفة " + c.usd(*o->usd_total) : std::string()) + ".");
      }
      text += c.pick(" Storage: " + format_gb(c.m.weights_bytes) +
                         " of weights on local disk, and object storage "
                         "for the outputs.",
                     " التخزين: " + c.gb(c.m.weights_bytes) + " من الأوزان على قرص محلي، وتخزين كائنات للمخرجات.");
      return text;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// The questions, in the order they are answered.

struct Question {
  const char* id;
  const char* en;
  const char* ar;
  std::string (*answer)(const Ctx&);
};

const Question kQuestions[] = {
    {"vram_needed", "How much VRAM do I need?", "كم أحتاج من ذاكرة المعالج الرسومي؟", answer_vram},
    {"spot_or_on_demand", "Spot or on-demand?", "سعة Spot أم سعة عند الطلب؟", answer_spot},
    {"datacenter_or_consumer", "An 80 GB datacenter GPU or a consumer card?",
     "معالج مراكز بيانات بسعة \u206880 GB\u2069 أم بطاقة استهلاكية؟", answer_datacenter},
    {"why_slow", "Why is generation slow although the GPU is not busy?",
     "لماذا يبطؤ التوليد مع أن المعالج الرسومي غير مشغول؟", answer_why_slow},
    {"vram_then_bandwidth", "What matters first: VRAM or bandwidth?", "أيهما أولًا: الذاكرة أم عرض النطاق؟",
     answer_vram_then_bandwidth},
    {"one_or_several", "One GPU or several?", "معالج رسومي واحد أم عدة معالجات؟", answer_one_or_several},
    {"billing_granularity", "Does billing granularity matter for bursty work?",
     "هل تهم دقة الفوترة في الأعمال المتقطعة؟", answer_billing},
    {"storage_transfer", "What do storage and data transfer cost?", "كم يكلّف التخزين ونقل البيانات؟", answer_storage},
    {"task_tier", "What does this kind of task need?", "ماذا تحتاج هذه الفئة من المهام؟", answer_task_tier},
};

}  // namespace

std::vector<Guidance> build_guidance(const Request& request, const Response& response, const Catalog& catalog) {
  std::vector<Guidance> out;
  if (!response.memory) return out;
  Ctx c{request, response, catalog, *response.memory};
  c.ar = request.locale == "ar";
  c.usable_fraction = usable_vram_fraction(request);
  for (const Option& option : response.options) {
    if (!option.fits) continue;
    c.top = &option;
    break;
  }
  if (c.top) {
    c.top_gpu = gpu_of(c, *c.top);
    c.provider = provider_of(c, *c.top);
  }
  for (const Question& q : kQuestions) {
    out.push_back({q.id, c.ar ? q.ar : q.en, q.answer(c)});
  }
  return out;
}

}  // namespace sizer

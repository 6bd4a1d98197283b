#include "guidance.hpp"

#include <cmath>
#include <cstdio>

namespace sizer {

std::string format_gb(double bytes) {
  char buffer[48];
  const double gb = bytes / 1e9;
  std::snprintf(buffer, sizeof buffer, gb < 10 ? "%.2f GB" : "%.1f GB", gb);
  return buffer;
}

namespace {

std::string percent(double fraction) {
  return std::to_string(static_cast<int>(std::lround(fraction * 100.0))) + "%";
}

std::string fixed1(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", x);
  return buffer;
}

// Arabic text keeps numbers, units and model names in Latin script; U+2068/U+2069 (first-strong
// isolates) keep each such run readable inside right-to-left text.
std::string isolate(const std::string& text) { return "\u2068" + text + "\u2069"; }

}  // namespace

std::vector<Guidance> build_guidance(const Request& request, const Response& response, const Catalog& catalog) {
  (void)catalog;
  std::vector<Guidance> out;
  if (!response.memory) return out;
  const MemoryReport& m = *response.memory;
  const bool ar = request.locale == "ar";
  const std::string total = format_gb(m.total_bytes);
  const std::string weights = format_gb(m.weights_bytes);
  const std::string kv = format_gb(m.kv_cache_bytes.value_or(0));
  const std::string kv_share = percent(m.total_bytes > 0 ? m.kv_cache_bytes.value_or(0) / m.total_bytes : 0);
  const std::string name = request.model.name;
  const std::string concurrency = std::to_string(request.inference.concurrency);
  const std::string context = std::to_string(request.inference.context_tokens);
  if (ar) {
    out.push_back({"vram_needed", "كم أحتاج من ذاكرة الرسوميات؟",
                   "يحتاج " + isolate(name) + " إلى نحو " + isolate(total) + " لكل نسخة: الأوزان " + isolate(weights) +
                       "، وذاكرة KV المؤقتة " + isolate(kv) + " (" + isolate(kv_share) + " من المجموع) لـ" +
                       isolate(concurrency) + " تسلسلات متزامنة بسياق " + isolate(context) +
                       " رمزًا. تنمو ذاكرة KV خطيًا مع طول السياق وعدد المستخدمين المتزامنين."});
  } else {
    out.push_back({"vram_needed", "How much VRAM do I need?",
                   name + " needs about " + total + " per replica: weights " + weights + ", KV cache " + kv + " (" +
                       kv_share + " of the total) for " + concurrency + " concurrent sequence(s) of " + context +
                       " tokens. The KV cache grows linearly with context length and with concurrency."});
  }
  // Why is decode slow while the GPU looks idle? From the top option that fits.
  for (const Option& option : response.options) {
    if (!option.fits || !option.decode_output_tokens_per_s_per_user) continue;
    const std::string speed = fixed1(*option.decode_output_tokens_per_s_per_user);
    const std::string bottleneck = option.bottleneck;
    if (ar) {
      out.push_back({"why_slow", "لماذا التوليد بطيء رغم أن المعالج الرسومي غير مشغول؟",
                     "على " + isolate(option.gpu) + " يولّد كل مستخدم نحو " + isolate(speed) +
                         " رمزًا في الثانية، والعامل المحدِّد هو " +
                         isolate(bottleneck == "memory_bandwidth" ? "عرض نطاق الذاكرة" : bottleneck) +
                         ": كل خطوة فك ترميز تقرأ الأوزان كلها من الذاكرة لتنتج رمزًا واحدًا لكل تسلسل. "
                         "تجميع طلبات أكثر في الدفعة يوزّع هذه القراءة على تسلسلات أكثر، والتكميم يقلّل البايتات المقروءة."});
    } else {
      out.push_back({"why_slow", "Why is generation slow although the GPU is not busy?",
                     "On " + option.gpu + " each user gets about " + speed + " tokens/s and the limit is " +
                         (bottleneck == "memory_bandwidth" ? std::string("memory bandwidth") : bottleneck) +
                         ": every decode step streams all the weights from memory to produce one token per sequence. "
                         "Batching more sequences shares that stream; quantised weights shrink the bytes read."});
    }
    break;
  }
  return out;
}

}  // namespace sizer

#include "format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace sizer {

std::string format_gb(double bytes) {
  char buffer[64];
  const double gb = std::isfinite(bytes) ? bytes / 1e9 : 0.0;
  std::snprintf(buffer, sizeof buffer, gb < 10 ? "%.2f GB" : "%.1f GB", std::min(gb, 1e15));
  return buffer;
}

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

std::string printf_figure(const char* format, double value) {
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, format, std::isfinite(value) ? std::min(std::fabs(value), 1e15) : 0.0);
  return buffer;
}

std::string format_count(double value) { return group_thousands(printf_figure("%.0f", std::round(value))); }

std::string format_bytes(double bytes) {
  if (bytes >= 1e9) return format_gb(bytes);
  if (bytes >= 1e6) return printf_figure(bytes >= 1e7 ? "%.1f MB" : "%.2f MB", bytes / 1e6);
  return printf_figure("%.0f KB", bytes / 1e3);
}

std::string format_ratio(double x) {
  if (x >= 100) return format_count(x);
  if (x >= 10) return printf_figure("%.0f", x);
  if (x >= 1) return printf_figure("%.1f", x);
  if (x >= 0.001) return printf_figure("%.2g", x);
  return printf_figure("%.4f", x);
}

}  // namespace sizer

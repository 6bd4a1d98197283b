// How figures are written inside sentences (tests format a response figure the same way and look for it
// in the text). Latin digits in every locale; phrase() isolates them inside right-to-left text.
#pragma once
#include <string>

namespace sizer {

// "141.1 GB", "9.22 GB": decimal gigabytes as the page and datasheets print them.
std::string format_gb(double bytes);
// "$1,234.56", "$0.45", "$0.0021" (two significant digits below ten cents), "-$3.10".
std::string format_usd(double usd);
// "80.9": a rate (tokens/s) with one decimal, no unit.
std::string format_tokens_per_s(double rate);
// "14%", "0.4%": a fraction as a percentage.
std::string format_percent(double fraction);
// "1,250": a whole count.
std::string format_count(double value);
// "131 KB", "2.10 MB", "9.22 GB".
std::string format_bytes(double bytes);
// "3.3", "12", "0.45": a ratio or small quantity with sensible precision.
std::string format_ratio(double x);
// "1234567.5" → "1,234,567.5": thousands separators in the integer part of a formatted number.
std::string group_thousands(const std::string& digits);
// printf of one finite, non-negative figure (clamped), e.g. printf_figure("%.1f", hours).
std::string printf_figure(const char* format, double value);

}  // namespace sizer

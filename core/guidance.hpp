// FAQ answers computed for this request, in English or Arabic: the numbers come from the response
// (memory, ranked options, the explanation of the top option) and the catalog (GPU classes, provider
// billing, spot and storage rates). Nine answers, always in the same order, whatever the workload.
#pragma once
#include <string>
#include <vector>

#include "evaluate.hpp"
#include "messages.hpp"

namespace sizer {

// `catalog` gives the providers behind the options (billing granularity, spot prices, storage rates) and
// the GPU kinds the VRAM classes are counted over.
std::vector<Guidance> build_guidance(const Request& request, const Response& response, const Catalog& catalog);

// The formatters the answers use for their figures (tests format a response figure the same way and look
// for it in the text). Latin digits in both locales.

// "141.1 GB", "9.22 GB": decimal gigabytes as the page and datasheets print them.
std::string format_gb(double bytes);
// "$1,234.56", "$0.45", "$0.0021" (two significant digits below ten cents), "-$3.10".
std::string format_usd(double usd);
// "80.9": a rate (tokens/s) with one decimal, no unit.
std::string format_tokens_per_s(double rate);
// "14%", "0.4%": a fraction as a percentage.
std::string format_percent(double fraction);

}  // namespace sizer

// FAQ answers computed for this request, in English or Arabic: the numbers come from the response.
#pragma once
#include <vector>

#include "evaluate.hpp"

namespace sizer {

// `catalog` gives the providers behind the options (billing granularity, spot notice, storage rates).
std::vector<Guidance> build_guidance(const Request& request, const Response& response, const Catalog& catalog);

// "141.1 GB", "24 GB": decimal gigabytes as the page and datasheets print them.
std::string format_gb(double bytes);

}  // namespace sizer

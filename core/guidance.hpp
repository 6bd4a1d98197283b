// FAQ answers computed for this request: the numbers come from the response (memory, ranked options,
// the explanation of the top option) and the catalog (GPU classes, provider billing, spot and storage
// rates). Nine answers, always in the same order, whatever the workload.
//
// Facts apart from words: `guidance_facts` records each answer as a list of Messages (catalog keys
// "guidance.<id>.*" and their figures, no prose); `phrase_guidance` writes them in a locale. The
// answer's text is its messages phrased one after another.
#pragma once
#include <string>
#include <vector>

#include "evaluate.hpp"
#include "format.hpp"
#include "messages.hpp"

namespace sizer {

struct GuidanceFacts {
  std::string id;                  // "vram_needed", "spot_or_on_demand", ...
  Message question;                // "guidance.<id>.question"
  std::vector<Message> sentences;  // phrased and joined as written: each carries its own spacing
};

// `catalog` gives the providers behind the options (billing granularity, spot prices, storage rates) and
// the GPU kinds the VRAM classes are counted over. Empty when the response has no memory report.
std::vector<GuidanceFacts> guidance_facts(const Request& request, const Response& response, const Catalog& catalog);

std::vector<Guidance> phrase_guidance(const std::vector<GuidanceFacts>& facts, const Locale& locale);

// guidance_facts phrased in the request's locale.
std::vector<Guidance> build_guidance(const Request& request, const Response& response, const Catalog& catalog);

}  // namespace sizer

// Ranking: the order the options come back in, best first. The rules are one list (ranking_rules()),
// applied in turn until one tells two options apart; each names the rule of thumb it encodes
// (DESIGN.md "The guide's rules of thumb", numbered as there).
#pragma once
#include <algorithm>
#include <span>
#include <string_view>
#include <vector>

#include "request.hpp"
#include "response.hpp"

namespace sizer {

// What of the request the rules read.
struct RankingPolicy {
  std::string order = "best";  // best, cheapest_per_hour, fastest
  // Spot is never the default pick for a user-facing endpoint, unless the request asked for spot.
  bool spot_last = false;
};
RankingPolicy ranking_policy(const Request& request);

struct RankingRule {
  std::string_view name;
  std::string_view rule_of_thumb;  // the guide's rule it encodes, or why the rule is there
  // < 0: `a` ranks first; > 0: `b` does; 0: this rule cannot tell them apart (the next one decides).
  int (*compare)(const Option& a, const Option& b, const RankingPolicy& policy);
};

// The rules, in the order they apply.
std::span<const RankingRule> ranking_rules();

// True when `a` ranks before `b`: the first rule that tells them apart decides.
bool ranks_before(const Option& a, const Option& b, const RankingPolicy& policy);

// Sorts best first (stable: options the rules cannot tell apart keep the catalog's order).
void rank_options(std::vector<Option>& options, const Request& request);

// The same for anything that carries an Option (the pipeline ranks options with their explanations).
template <class T, class OptionOf>
void rank_by(std::vector<T>& items, const Request& request, OptionOf option_of) {
  const RankingPolicy policy = ranking_policy(request);
  std::stable_sort(items.begin(), items.end(),
                   [&](const T& a, const T& b) { return ranks_before(option_of(a), option_of(b), policy); });
}

}  // namespace sizer

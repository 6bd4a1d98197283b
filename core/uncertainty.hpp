// How far a speed figure may be from the truth: an ~80% interval for each headline figure of an option
// (CONTRACT.md `ranges`), from the spread of the calculator's own errors on published measurements.
//
// The spreads are data, not judgement: `node scripts/accuracy.js --write-ranges` writes them into
// core/uncertainty_table.inc from tests/calibration (the 10th and 90th percentiles of the log ratio
// truth / prediction of each group of cases, measured on held-out sources, shrunk toward the coarser group
// and widened where the cases are few). Regenerate the table whenever the physics changes.
#pragma once
#include <array>
#include <optional>
#include <string_view>

#include "request.hpp"
#include "response.hpp"

namespace sizer {

// One row of the generated table. Keys: the accuracy harness's metric group (decode, throughput, ttft,
// training, diffusion, audio, or "*" for all of them), the engine id ("*": any), the model family
// ("dense", "dense_quant", "moe", "moe_quant"; "*": any). For a figure where larger is faster (tokens/s),
// truth / prediction lies in [low_factor, high_factor] for ~80% of cases; a time figure (seconds) takes
// the reciprocals in reverse order.
struct SpreadRow {
  std::string_view group, engine, family;
  int cases;           // measurements behind the row (before shrinkage toward the coarser row)
  double low_factor;   // 10th percentile of truth / prediction, after shrinkage and widening
  double high_factor;  // 90th percentile
};

// Two kinds of row carry a constant rather than a spread (low_factor == high_factor): ("distance", <condition>, "*"),
// the log-space widening for one condition away from the calibration (distance_widening), and
// ("additive", <group>, "*"), the seconds added to the slow end of a time figure of <group> (additive_slow_s; the
// TTFT group: a per-request cost that does not scale with the prefill, chosen like the spreads on held-out sources;
// tests/calibration/README.md "Ranges").

// The row for (group, engine, family), falling back to (group, engine, *), (group, *, family),
// (group, *, *) and (*, *, *); nullptr only when the table has none of them.
const SpreadRow* find_spread(std::string_view group, std::string_view engine, std::string_view family);

// Every row of the table (for tests).
const SpreadRow* spread_rows_begin();
const SpreadRow* spread_rows_end();

// The family key of a model served or trained in `weights`: MoE when fewer parameters are active than
// stored; "_quant" when the format stores fewer than 16 bits a weight.
std::string_view uncertainty_family(const Model& model, WeightFormatId weights);

// The table keys the core asks for `request` and one of its figures: {group, engine, family}.
struct SpreadKey {
  std::string_view group, engine, family;
};
SpreadKey spread_key(const Request& request, std::string_view figure);

// Fills option.ranges for each headline figure the option carries (decode, throughput, TTFT, training
// tokens/s, training time, GPU-hours, seconds per image, real-time factor); figures absent stay absent.
// `vendor`: the option's GPU vendor ("nvidia", "amd", ...), one of the conditions the interval widens for.
void set_ranges(Option& option, const Request& request, std::string_view vendor = "nvidia");

// The ~80% factors (truth / prediction of a speed) for `figure` of `request` on a GPU of `vendor`: the table's row,
// widened for each condition away from the calibration; nullopt without a usable row. set_ranges and the ranking's
// target margins (ranking.cpp target_factors) both read them, so a margin is the range the option shows.
struct RangeFactors {
  double low = 1, high = 1;
  double slow_add_s = 0;  // seconds added to the slow end of a time figure (value / low + slow_add_s)
  const SpreadRow* row = nullptr;
};
std::optional<RangeFactors> range_factors(const Request& request, std::string_view figure, std::string_view vendor);

// The conditions the calibration holds few cases of that a figure is asked under, by name: "vendor" (a GPU vendor
// other than NVIDIA), "moe" (an MoE model), "fp4" (FP4 weights), and for serving figures "load" (more than one
// user, or an arrival rate). Each widens the interval by its own amount (scripts/accuracy.js mirrors it as
// farConditionsOf); distance_from_calibration counts them.
struct FarConditions {
  std::array<std::string_view, 4> names{};
  int count = 0;
  const std::string_view* begin() const { return names.data(); }
  const std::string_view* end() const { return names.data() + count; }
};
FarConditions far_conditions(const Request& request, std::string_view figure, std::string_view vendor);
int distance_from_calibration(const Request& request, std::string_view figure, std::string_view vendor);

// The log-space widening for one of those conditions: the table's ("distance", condition, "*") row's low_factor;
// 0 without one.
double distance_widening(std::string_view condition);

// The seconds added to the slow end of a time figure of metric `group`: the table's ("additive", group, "*") row's
// low_factor; 0 without one.
double additive_slow_s(std::string_view group);

}  // namespace sizer

// Cost: what a provider bills for an option, by the hour, for a job (with its billing granularity and
// minimum charge), for a month of an endpoint, per million tokens, with spot interruptions, and for
// storing and moving weights and checkpoints.
#pragma once
#include <optional>

#include "catalog.hpp"

namespace sizer {

// An always-on month: 8760 h / 12.
constexpr double kHoursPerMonth = 730.0;

// Seconds billed for `seconds` of use: rounded up to the granularity, never below the minimum charge.
double billed_seconds(double seconds, const Provider& provider);

// Expected interruptions of spot capacity. No provider publishes a rate; 5% an hour is the assumption
// (AWS Spot Instance Advisor's most common band is "<5%" a month per instance type, GCP documents
// preemption as rare but unbounded; marketplace hosts vary): stated in every answer that uses it.
constexpr double kSpotInterruptionsPerHour = 0.05;
// Time lost per interruption: re-acquire capacity, start, load the checkpoint (first cut).
constexpr double kSpotRestartSeconds = 600.0;

struct SpotOverhead {
  double expected_interruptions = 0;
  double extra_seconds = 0;  // restarts + work redone since the last checkpoint (half an interval)
};

// For a checkpointable job of `seconds` that checkpoints every `checkpoint_every_s` (default 1 h).
SpotOverhead spot_overhead(double seconds, std::optional<double> checkpoint_every_s);

struct StorageCost {
  double bytes_stored = 0;
  double usd_storage = 0;   // for the job's duration (at least a day) at the provider's block-storage rate
  double usd_egress = 0;    // downloading the result once over the internet
};

// Storing `bytes_stored` for `seconds` and moving `bytes_out` out; rates from the provider (absent → 0).
StorageCost storage_cost(const Provider& provider, double bytes_stored, double seconds, double bytes_out);

}  // namespace sizer

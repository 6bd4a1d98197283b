// Cost: what a provider bills for an option, by the hour, for a job (with its billing granularity and
// minimum charge), for a month of an endpoint, per million tokens, with spot interruptions, and for
// storing and moving weights and checkpoints.
#pragma once
#include <optional>
#include <vector>

#include "catalog.hpp"
#include "request.hpp"
#include "response.hpp"

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

// Checkpoint interval assumed when a training request gives none.
constexpr double kDefaultCheckpointSeconds = 3600.0;
// Media jobs lose at most the items in flight to an interruption: taken as 10 minutes of work.
constexpr double kMediaSpotLossSeconds = 600.0;

// For a checkpointable job of `seconds` that checkpoints every `checkpoint_every_s`
// (default kDefaultCheckpointSeconds), on `instances` spot instances: a multi-node run stops whenever
// any of its instances is reclaimed, so interruptions add up over the instances.
SpotOverhead spot_overhead(double seconds, std::optional<double> checkpoint_every_s, int64_t instances = 1);

struct StorageCost {
  double bytes_stored = 0;
  double usd_storage = 0;   // for the job's duration (at least a day) at the provider's block-storage rate
  double usd_egress = 0;    // downloading the result once over the internet
};

// Storing `bytes_stored` for `seconds` and moving `bytes_out` out; rates from the provider (absent → 0).
StorageCost storage_cost(const Provider& provider, double bytes_stored, double seconds, double bytes_out);

// Bytes kept in storage while an option runs, and bytes downloaded at the end: training keeps resumable
// checkpoints (weights, adapters, optimizer state) and downloads the weights or the adapter; serving and
// media keep the weights and download nothing. Costs and guidance both price these.
void storage_needs(const Request& request, const MemoryReport& memory, double& stored, double& egress);

// Checkpoint interval a spot restart loses half of: the request's for training; media jobs lose at most
// the items in flight (kMediaSpotLossSeconds).
std::optional<double> spot_restart_interval(const Request& request);

// Prices `option` (placed and timed, its `pricing` set) at `usd_per_hour` for all its instances: $/hour,
// and for the workload a month of serving and $ per million tokens, or the job's total with billing
// granularity, minimum charge, spot interruptions, storage and egress. Records the billing and spot notes.
// `provider` absent: compute only, billed by the second. Without `with_notes` the figures are the same and no
// note is recorded (the ranking prices every offering; only the options returned are priced with notes).
// `term` (option.pricing reserved): a published term price (catalog `commitments`) whose term covers the job; the
// job is billed for the whole of its shortest covering term (covering_term_s), not by the provider's granularity,
// and `term_days` says how long that term is.
void add_costs(Option& option, const Request& request, const Provider* provider, double usd_per_hour,
               double storage_bytes, double egress_bytes, bool with_notes = true, const Commitment* term = nullptr);

// `option` as it was before add_costs: every figure add_costs writes cleared and `meets_targets` back to
// `timed_meets_targets` (a job past its deadline once start-up counts loses it). Lets the ranking price one
// timed option at many offerings without copying it each time. Kept beside add_costs: a figure add_costs
// starts writing must be cleared here too (a test compares the two ways).
void clear_costs(Option& option, bool timed_meets_targets);

// How the price figures of `option` (priced by add_costs) were reached.
std::vector<Explanation> explain_costs(const Option& option, const Request& request);

}  // namespace sizer

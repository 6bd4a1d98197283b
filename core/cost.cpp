#include "cost.hpp"
#include "noinline.hpp"

#include <algorithm>
#include <cmath>

#include "format.hpp"

namespace sizer {
namespace {

constexpr double kSecondsPerHour = 3600.0;
// Fine billing is worth a note once it saves a cent against hourly billing; hourly billing is worth a
// warning once it charges five idle minutes.
constexpr double kNoteSavingUsd = 0.01;
constexpr double kNoteIdleSeconds = 300.0;

// The job's compute seconds before interruptions: a training run, or the batch of images / the audio.
double job_seconds(const Option& option, const Request& request) {
  if (option.train_s) return *option.train_s;
  // An offline batch: its output tokens at the option's aggregate rate (every replica, `concurrency` sequences each).
  if (request.kind == WorkloadKind::inference) {
    if (!request.inference.batch() || !option.output_tokens_per_s || !(*option.output_tokens_per_s > 0)) return 0;
    return *request.inference.batch_output_tokens / *option.output_tokens_per_s;
  }
  if (option.items_per_s && *option.items_per_s > 0) return media_job_items(request) / *option.items_per_s;
  return 0;
}

// A per-second or per-minute provider saves against hourly billing; an hourly one charges idle time.
// Notes, built only for the options returned: kept out of the hot add_costs (noinline.hpp).
SIZER_NOINLINE void note_billing(Option& option, const Provider& provider, double usd_per_hour, double seconds, double billed) {
  const double hourly_usd = usd_per_hour * std::ceil(seconds / kSecondsPerHour - 1e-9);
  if (provider.billing_granularity_s < kSecondsPerHour && hourly_usd - *option.usd_compute >= kNoteSavingUsd) {
    const bool per_second = provider.billing_granularity_s <= 1;
    option.notes.push_back(note("billing_granularity", SeverityId::info, per_second ? "billing_granularity.per_second"
                                                                                    : "billing_granularity.per_minute",
                                {param_number("usd_compute", *option.usd_compute, format_usd(*option.usd_compute)),
                                 param_number("usd_hourly_billing", hourly_usd, format_usd(hourly_usd))}));
  } else if (provider.billing_granularity_s >= kSecondsPerHour && billed - seconds >= kNoteIdleSeconds) {
    const double minutes = std::round(seconds / 60.0);
    const double hours = billed / kSecondsPerHour;
    option.notes.push_back(note("billed_by_hour", SeverityId::warning, "billed_by_hour",
                                {param_number("minutes", minutes, format_number(minutes)),
                                 param_number("billed_hours", hours, format_number(hours))}));
  }
}

// Rule of thumb 8: spot suits checkpointed batch work, not a user-facing endpoint.
SIZER_NOINLINE void note_spot(Option& option, const Request& request, const Provider* provider) {
  const bool endpoint = request.kind == WorkloadKind::inference && !request.inference.batch();
  const bool has_notice = provider && provider->spot_notice_s;
  std::string key = endpoint ? "spot.endpoint" : "spot.job";
  std::vector<Param> params;
  if (has_notice) {
    key += "_notice";
    params.push_back(param_number("notice_s", *provider->spot_notice_s, format_number(*provider->spot_notice_s) + " s"));
  }
  option.notes.push_back(note("spot", SeverityId::warning, key, std::move(params)));
}

// A job billed at a published term price: the whole term is paid, whatever part of it the job uses (issue 30).
SIZER_NOINLINE void note_term(Option& option, const Provider* provider, const Commitment& term, double seconds) {
  const double days = seconds / 86400.0;
  const double term_days = option.term_days.value_or(0);
  option.notes.push_back(note("reserved", SeverityId::info, "reserved.priced",
                              {param_text("provider", provider ? provider->name : option.provider),
                               param_number("usd_per_hour", option.usd_per_hour.value_or(0), format_usd(option.usd_per_hour.value_or(0))),
                               param_number("term_days", term_days, format_number(term_days)),
                               param_number("job_days", days, format_number(std::round(days * 10.0) / 10.0)),
                               param_number("usd_compute", option.usd_compute.value_or(0), format_usd(option.usd_compute.value_or(0))),
                               param_text("seen", term.seen.empty() ? std::string("?") : term.seen),
                               param_text("source", term.source.substr(0, std::min(term.source.find(' '), size_t{300})))}));
  if (term.confidence == PriceConfidenceId::stale) {
    option.notes.push_back(note("reserved_stale", SeverityId::warning, "reserved.stale",
                                {param_text("seen", term.seen.empty() ? std::string("?") : term.seen)}));
  }
}

}  // namespace

double billed_seconds(double seconds, const Provider& provider) {
  const double granularity = std::max(1.0, provider.billing_granularity_s);
  const double rounded = std::ceil(std::max(0.0, seconds) / granularity - 1e-9) * granularity;
  return std::max(rounded, provider.minimum_charge_s.value_or(0.0));
}

SpotOverhead spot_overhead(double seconds, std::optional<double> checkpoint_every_s, int64_t instances) {
  SpotOverhead o;
  const double interval = checkpoint_every_s.value_or(kDefaultCheckpointSeconds);
  o.expected_interruptions =
      kSpotInterruptionsPerHour * seconds / kSecondsPerHour * static_cast<double>(std::max<int64_t>(1, instances));
  o.extra_seconds = o.expected_interruptions * (kSpotRestartSeconds + interval / 2.0);
  return o;
}

StorageCost storage_cost(const Provider& provider, double bytes_stored, double seconds, double bytes_out) {
  StorageCost c;
  c.bytes_stored = bytes_stored;
  const double gb = bytes_stored / 1e9;
  const double months = std::max(seconds, 86400.0) / (kHoursPerMonth * kSecondsPerHour);  // at least a day
  c.usd_storage = gb * provider.block_storage_usd_per_gb_month.value_or(0.0) * months;
  c.usd_egress = bytes_out / 1e9 * provider.egress_usd_per_gb.value_or(0.0);
  return c;
}

void storage_needs(const Request& request, const MemoryReport& m, double& stored, double& egress) {
  if (is_training(request.kind)) {
    const bool adapters = m.adapter_bytes.value_or(0) > 0;
    stored = m.weights_bytes + m.adapter_bytes.value_or(0) + m.optimizer_bytes.value_or(0);
    egress = adapters ? m.adapter_bytes.value_or(0) : m.weights_bytes;
  } else {
    stored = m.weights_bytes;
    egress = 0;
  }
}

// An offline batch loses the requests in flight, as a media job loses its items (kMediaSpotLossSeconds).
std::optional<double> spot_restart_interval(const Request& request) {
  return is_training(request.kind) ? request.training.checkpoint_every_s : std::optional<double>(kMediaSpotLossSeconds);
}

namespace {

// A job: compute seconds, plus (on spot) the expected restarts and redone work, billed at the provider's
// granularity, with storage and egress.
void price_job(Option& option, const Request& request, const Provider* provider, double usd_per_hour,
               double storage_bytes, double egress_bytes, bool with_notes, const Commitment* term) {
  // Billing starts when the instance is requested: the start-up (boot, image, weights) is part of the job.
  double seconds = job_seconds(option, request);
  if (!option.fits || !(seconds > 0)) return;
  seconds += option.startup_s.value_or(0.0);
  if (option.pricing == PricingId::spot) {
    const SpotOverhead extra = spot_overhead(seconds, spot_restart_interval(request), option.instances);
    option.spot_extra_s = extra.extra_seconds;
    seconds += extra.extra_seconds;
  }
  // The job's wall clock is every second billed for it: start-up, and on spot the expected restarts and the work
  // they redo. The deadline is wall-clock, so all of them count against it.
  option.job_s = seconds;
  const std::optional<double> deadline_s = job_deadline_s(request);
  if (deadline_s && option.meets_targets && seconds > *deadline_s) {
    option.meets_targets = false;
    if (with_notes) option.notes.push_back(note("past_deadline", SeverityId::warning, "past_deadline_with_startup",
                                {param_number("hours", seconds / kSecondsPerHour, format_number(std::round(seconds / 360.0) / 10.0) + " h"),
                                 param_number("deadline_hours", *deadline_s / kSecondsPerHour,
                                              format_number(std::round(*deadline_s / 360.0) / 10.0) + " h")}));
  }
  // A term price bills its whole term (the candidate was made only where one covers the job, evaluate.cpp).
  const std::optional<double> term_s = term ? covering_term_s(*term, seconds) : std::nullopt;
  const double billed = term_s ? *term_s : provider ? billed_seconds(seconds, *provider) : seconds;
  if (term_s) option.term_days = *term_s / 86400.0;
  option.billed_s = billed;
  option.usd_compute = usd_per_hour * billed / kSecondsPerHour;
  double total = *option.usd_compute;
  if (with_notes && term) note_term(option, provider, *term, seconds);
  if (provider) {
    if (with_notes && !term_s) note_billing(option, *provider, usd_per_hour, seconds, billed);
    const StorageCost storage = storage_cost(*provider, storage_bytes, seconds, egress_bytes);
    option.usd_storage = storage.usd_storage;
    option.usd_egress = storage.usd_egress;
    total += storage.usd_storage + storage.usd_egress;
  }
  option.usd_total = total;
}

}  // namespace

void add_costs(Option& option, const Request& request, const Provider* provider, double usd_per_hour,
               double storage_bytes, double egress_bytes, bool with_notes, const Commitment* term) {
  option.usd_per_hour = usd_per_hour;
  const double gpus = static_cast<double>(option.gpus);  // all instances' GPUs (option.gpus counts them)
  if (gpus > 0) option.usd_per_gpu_hour = usd_per_hour / gpus;
  if (request.kind == WorkloadKind::inference) {
    const InferenceWorkload& w = request.inference;
    const double hours_per_day = w.hours_per_day.value_or(24.0);
    // An endpoint that is not always on starts once a day, and pays for its start-up each time.
    const double startup_hours = hours_per_day < 24.0 ? option.startup_s.value_or(0.0) / kSecondsPerHour : 0.0;
    option.usd_per_month = usd_per_hour * kHoursPerMonth * std::min(24.0, hours_per_day + startup_hours) / 24.0;
    if (option.output_tokens_per_s && *option.output_tokens_per_s > 0) {
      option.usd_per_million_output_tokens = usd_per_hour / (*option.output_tokens_per_s * kSecondsPerHour) * 1e6;
    }
    if (provider) {
      // The weights stay on the provider's disk for the month the endpoint runs.
      const StorageCost storage = storage_cost(*provider, storage_bytes, kHoursPerMonth * kSecondsPerHour, 0.0);
      option.usd_storage = storage.usd_storage;
    }
    // An offline batch is a job too: its total is what it is ranked by.
    if (w.batch()) price_job(option, request, provider, usd_per_hour, storage_bytes, egress_bytes, with_notes, nullptr);
  } else {
    price_job(option, request, provider, usd_per_hour, storage_bytes, egress_bytes, with_notes, term);
  }
  if (with_notes && option.pricing == PricingId::spot) note_spot(option, request, provider);
}

void clear_costs(Option& option, bool timed_meets_targets) {
  option.meets_targets = timed_meets_targets;
  option.usd_per_hour.reset();
  option.usd_per_gpu_hour.reset();
  option.usd_per_month.reset();
  option.usd_per_million_output_tokens.reset();
  option.usd_storage.reset();
  option.usd_egress.reset();
  option.usd_compute.reset();
  option.usd_total.reset();
  option.job_s.reset();
  option.billed_s.reset();
  option.spot_extra_s.reset();
  option.term_days.reset();
}

std::vector<Explanation> explain_costs(const Option& top, const Request& request) {
  std::vector<Explanation> out;
  if (!top.usd_per_hour) return out;
  if (top.usd_per_million_output_tokens) {
    out.push_back({"usd_per_million_output_tokens", "usd_per_hour / (output_tokens_per_s × 3600) × 1000000",
                   {{"usd_per_hour", *top.usd_per_hour}, {"output_tokens_per_s", top.output_tokens_per_s.value_or(0)}},
                   *top.usd_per_million_output_tokens, "The option's on-demand or spot price from the catalog"});
  }
  if (top.usd_per_month) {
    out.push_back({"usd_per_month", "usd_per_hour × hours_per_month × hours_per_day / 24",
                   {{"usd_per_hour", *top.usd_per_hour},
                    {"hours_per_month", kHoursPerMonth},
                    {"hours_per_day", request.inference.hours_per_day.value_or(24.0)}},
                   *top.usd_per_month, "An always-on endpoint unless hours_per_day says otherwise"});
  }
  if (top.usd_total) {
    const double interval_s = spot_restart_interval(request).value_or(kDefaultCheckpointSeconds);
    const std::string lost = is_training(request.kind)
                                 ? "half a checkpoint interval (" + format_number(interval_s / 60.0) + " min)"
                                 : "half of the " + format_number(interval_s / 60.0) + " min of items in flight";
    out.push_back({"usd_total", "usd_per_hour × billed_s / 3600 + usd_storage + usd_egress",
                   {{"usd_per_hour", *top.usd_per_hour}, {"billed_s", top.billed_s.value_or(0)},
                    {"spot_extra_s", top.spot_extra_s.value_or(0)}, {"usd_storage", top.usd_storage.value_or(0)},
                    {"usd_egress", top.usd_egress.value_or(0)}},
                   *top.usd_total,
                   top.pricing == PricingId::reserved
                       ? std::string("A published term price (catalog commitments): the whole term covering the job is billed (billed_s)")
                       : "Billing granularity and minimum charge from the provider; spot adds expected restarts (" +
                       format_number(kSpotInterruptionsPerHour * 100.0) + "% an hour, " +
                       format_number(kSpotRestartSeconds / 60.0) + " min each, plus " + lost + ")"});
  }
  return out;
}

}  // namespace sizer

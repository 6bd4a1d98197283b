// Costs with a hand-made provider: billing granularity, minimum charge, spot extra time, storage.
#include <catch2/catch.hpp>

#include <cmath>

#include "cost.hpp"
#include "json_io.hpp"

namespace {

sizer::Provider provider(double granularity_s, std::optional<double> minimum_s = std::nullopt) {
  sizer::Provider p;
  p.id = "test";
  p.billing_granularity_s = granularity_s;
  p.minimum_charge_s = minimum_s;
  return p;
}

// A fine-tune option that runs `train_s` seconds and fits.
sizer::Option job(double train_s, const std::string& pricing = "on_demand") {
  sizer::Option o;
  o.fits = true;
  o.meets_targets = true;
  o.train_s = train_s;
  o.pricing = sizer::from_id<sizer::PricingId>(pricing);
  return o;
}

sizer::Request finetune() {
  sizer::Request r;
  r.kind = sizer::WorkloadKind::finetune;
  return r;
}

bool has_note(const sizer::Option& o, const std::string& code) {
  for (const auto& n : o.notes) {
    if (n.code == code) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("cost: billing granularity rounds up, the minimum charge is a floor", "[cost]") {
  CHECK(sizer::billed_seconds(61, provider(1)) == 61);
  CHECK(sizer::billed_seconds(61, provider(60)) == 120);
  CHECK(sizer::billed_seconds(61, provider(3600)) == 3600);
  CHECK(sizer::billed_seconds(3600, provider(3600)) == 3600);
  CHECK(sizer::billed_seconds(30, provider(1, 600.0)) == 600);
  CHECK(sizer::billed_seconds(0, provider(60)) == 0);
}

TEST_CASE("cost: a job's total is billed compute plus storage and egress", "[cost]") {
  sizer::Provider p = provider(60);
  p.block_storage_usd_per_gb_month = 0.1;
  p.egress_usd_per_gb = 0.05;
  sizer::Option o = job(90 * 60 + 10);  // 90 min 10 s: 91 minutes billed
  sizer::add_costs(o, finetune(), &p, 2.0, 100e9, 10e9);
  REQUIRE(o.usd_total);
  CHECK(*o.billed_s == 91 * 60);
  CHECK(*o.usd_compute == Approx(2.0 * 91.0 / 60.0));
  // Storage for at least a day: 100 GB × $0.1 × (1 day / 730 h).
  CHECK(*o.usd_storage == Approx(100 * 0.1 * 24.0 / sizer::kHoursPerMonth));
  CHECK(*o.usd_egress == Approx(10 * 0.05));
  CHECK(*o.usd_total == Approx(*o.usd_compute + *o.usd_storage + *o.usd_egress));
  // Per-minute billing saved against hourly billing (2 h): a reason says so.
  CHECK(has_note(o, "billing_granularity"));
  CHECK_FALSE(has_note(o, "spot"));
}

TEST_CASE("cost: hourly billing of a short job warns", "[cost]") {
  const sizer::Provider p = provider(3600);
  sizer::Option o = job(20 * 60);
  sizer::add_costs(o, finetune(), &p, 2.0, 0, 0);
  CHECK(*o.billed_s == 3600);
  CHECK(*o.usd_compute == Approx(2.0));
  REQUIRE(has_note(o, "billed_by_hour"));
  for (const auto& n : o.notes) {
    if (n.code == "billed_by_hour") CHECK(n.severity == sizer::SeverityId::warning);
  }
}

TEST_CASE("cost: spot adds the expected restarts and redone work", "[cost]") {
  const sizer::Provider p = provider(1);
  sizer::Request r = finetune();
  r.training.checkpoint_every_s = 1800;
  sizer::Option o = job(10 * 3600, "spot");
  sizer::add_costs(o, r, &p, 1.0, 0, 0);
  // 10 h × 5% an hour = 0.5 interruptions, each losing a restart and half a checkpoint interval.
  const double extra = 10 * sizer::kSpotInterruptionsPerHour * (sizer::kSpotRestartSeconds + 1800 / 2.0);
  CHECK(*o.spot_extra_s == Approx(extra));
  CHECK(*o.billed_s == std::ceil(10 * 3600 + extra));
  CHECK(has_note(o, "spot"));
  // Without an interval, the default checkpoint interval.
  const sizer::SpotOverhead d = sizer::spot_overhead(3600, std::nullopt);
  CHECK(d.extra_seconds == Approx(sizer::kSpotInterruptionsPerHour *
                                  (sizer::kSpotRestartSeconds + sizer::kDefaultCheckpointSeconds / 2.0)));
}

TEST_CASE("cost: serving is priced by the month and per million tokens", "[cost]") {
  sizer::Request r;
  r.kind = sizer::WorkloadKind::inference;
  r.inference.hours_per_day = 12;
  sizer::Option o;
  o.fits = true;
  o.output_tokens_per_s = 1000;
  o.pricing = sizer::PricingId::spot;
  const sizer::Provider p = provider(1);
  sizer::add_costs(o, r, &p, 3.6, 0, 0);
  CHECK(*o.usd_per_month == Approx(3.6 * sizer::kHoursPerMonth / 2));
  CHECK(*o.usd_per_million_output_tokens == Approx(1.0));
  CHECK_FALSE(o.usd_total);
  CHECK(has_note(o, "spot"));
  // The explanations give the same figures.
  for (const auto& e : sizer::explain_costs(o, r)) {
    if (e.figure == "usd_per_month") CHECK(e.result == *o.usd_per_month);
    if (e.figure == "usd_per_million_output_tokens") CHECK(e.result == *o.usd_per_million_output_tokens);
  }
}

namespace {
// An option's whole text as the response writes it: the way to compare every field of two options.
std::string option_text(const sizer::Option& o) {
  sizer::Response r;
  r.ok = true;
  r.options.push_back(o);
  return sizer::response_to_text(r);
}
}  // namespace

TEST_CASE("cost: clear_costs undoes add_costs, so one timed option can be priced again and again", "[cost]") {
  sizer::Provider p = provider(3600, 600.0);
  p.block_storage_usd_per_gb_month = 0.1;
  p.egress_usd_per_gb = 0.05;
  sizer::Request serving;
  serving.kind = sizer::WorkloadKind::inference;
  serving.inference.hours_per_day = 8;
  sizer::Request late = finetune();
  late.training.deadline_s = 3600;  // met by the run alone, missed once start-up counts
  sizer::Option timed_serving;
  timed_serving.fits = true;
  timed_serving.meets_targets = true;
  timed_serving.output_tokens_per_s = 1500;
  timed_serving.startup_s = 300;
  sizer::Option timed_job = job(3500);
  timed_job.startup_s = 400;
  const sizer::Request plain = finetune();
  struct Case {
    const sizer::Request* request;
    sizer::Option timed;
  };
  for (const Case& c : {Case{&serving, timed_serving}, Case{&late, timed_job}, Case{&plain, timed_job}}) {
    for (const char* pricing : {"on_demand", "spot"}) {
      for (const sizer::Provider* with : {static_cast<const sizer::Provider*>(&p), static_cast<const sizer::Provider*>(nullptr)}) {
        sizer::Option fresh = c.timed;
        fresh.pricing = sizer::from_id<sizer::PricingId>(pricing);
        sizer::Option reused = fresh;
        sizer::add_costs(reused, *c.request, &p, 7.5, 50e9, 5e9, false);  // another offering first
        sizer::clear_costs(reused, c.timed.meets_targets);
        INFO(pricing << (with ? " with provider" : " without"));
        CHECK(option_text(reused) == option_text(fresh));
        sizer::add_costs(fresh, *c.request, with, 2.0, 100e9, 10e9, false);
        sizer::add_costs(reused, *c.request, with, 2.0, 100e9, 10e9, false);
        CHECK(option_text(reused) == option_text(fresh));
      }
    }
  }
}

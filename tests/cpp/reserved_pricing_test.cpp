// Long runs at published term prices (issue 30): a term is billed whole and only where it covers the run; short
// runs are never priced at a term; the ranking weighs a term and on-demand by the job's total. Also: an offline
// batch's guidance speaks of a job, not of a standing endpoint.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "cost.hpp"
#include "json_io.hpp"
#include "support.hpp"

using sizer::json;

namespace {

constexpr double kDay = 86400.0;

sizer::Commitment fixed_term(double days, double usd_per_hour) {
  sizer::Commitment c;
  c.term = "1mo";
  c.usd_per_hour = usd_per_hour;
  c.term_days = days;
  c.seen = "2026-11-20";
  c.confidence = sizer::PriceConfidenceId::confirmed;
  c.source = "https://example.test/reserved (test)";
  return c;
}

// AWS Capacity Blocks' lengths: 1–14 days by the day, then multiples of 7 days up to 182.
sizer::Commitment stepped(double shortest, double longest, double step, double usd_per_hour) {
  sizer::Commitment c = fixed_term(shortest, usd_per_hour);
  c.max_term_days = longest;
  c.step_days = step;
  return c;
}

const json* find_note(const json& option, const std::string& code) {
  for (const json& n : option["notes"]) {
    if (n["code"] == code) return &n;
  }
  return nullptr;
}

std::string answer(const json& response, const std::string& id) {
  for (const json& g : response["guidance"]) {
    if (g["id"] == id) return g["answer"].get<std::string>();
  }
  return "";
}

// Pretraining restricted to AWS, whose p5.48xlarge carries the Capacity Block rate (catalog/reference/commitments.csv).
json aws_pretrain(const char* model, double tokens, json extra = json::object()) {
  json workload = {{"kind", "pretrain"}, {"tokens", tokens}};
  for (auto it = extra.begin(); it != extra.end(); ++it) workload[it.key()] = it.value();
  return {{"model", model}, {"workload", workload}, {"filters", {{"providers", {"aws"}}}}, {"limit", 200}};
}

}  // namespace

TEST_CASE("a term covers a run only when it is at least as long; stepped terms take the shortest step that covers it",
          "[reserved]") {
  const sizer::Commitment month = fixed_term(30, 10);
  CHECK(sizer::covering_term_s(month, 20 * kDay) == Approx(30 * kDay));
  CHECK(sizer::covering_term_s(month, 30 * kDay) == Approx(30 * kDay));
  CHECK_FALSE(sizer::covering_term_s(month, 31 * kDay).has_value());  // the term must cover the job

  const sizer::Commitment by_day = stepped(1, 14, 1, 10);
  const sizer::Commitment by_week = stepped(21, 182, 7, 10);
  CHECK(sizer::covering_term_s(by_day, 5.5 * kDay) == Approx(6 * kDay));
  CHECK(sizer::covering_term_s(by_day, 0.5 * kDay) == Approx(1 * kDay));
  CHECK_FALSE(sizer::covering_term_s(by_day, 15 * kDay).has_value());
  CHECK(sizer::covering_term_s(by_week, 15 * kDay) == Approx(21 * kDay));
  CHECK(sizer::covering_term_s(by_week, 22 * kDay) == Approx(28 * kDay));
  CHECK(sizer::covering_term_s(by_week, 182 * kDay) == Approx(182 * kDay));
  CHECK_FALSE(sizer::covering_term_s(by_week, 183 * kDay).has_value());

  sizer::Commitment contract = fixed_term(30, 10);
  contract.term_days.reset();  // "term set per contract": never billed
  CHECK_FALSE(sizer::covering_term_s(contract, kDay).has_value());
}

TEST_CASE("a 1-month term for a 20-day run bills the whole month (worked example)", "[reserved]") {
  sizer::Option o;
  o.fits = true;
  o.meets_targets = true;
  o.train_s = 20 * kDay;
  o.pricing = sizer::PricingId::reserved;
  sizer::Request r;
  r.kind = sizer::WorkloadKind::pretrain;
  sizer::Provider hourly;
  hourly.id = "p";
  hourly.name = "P";
  hourly.billing_granularity_s = 3600;
  const sizer::Commitment month = fixed_term(30, 10);
  sizer::add_costs(o, r, &hourly, 10, 0, 0, true, &month);
  // 30 days × 24 h × $10 = $7,200, not the 20 days' $4,800.
  CHECK(o.billed_s == Approx(30 * kDay));
  CHECK(o.usd_compute == Approx(7200.0));
  CHECK(o.usd_total == Approx(7200.0));
  CHECK(o.term_days == Approx(30.0));
  CHECK(o.job_s == Approx(20 * kDay));  // the run itself is no longer
  bool noted = false;
  for (const auto& n : o.notes) {
    if (n.code != "reserved") continue;
    noted = true;
    CHECK(n.fact.key == "note.reserved.priced");
  }
  CHECK(noted);

  // The same option without a term is billed by the provider's hours: $4,800.
  sizer::Option plain = o;
  sizer::clear_costs(plain, true);
  CHECK_FALSE(plain.term_days.has_value());
  plain.pricing = sizer::PricingId::on_demand;
  sizer::add_costs(plain, r, &hourly, 10, 0, 0, false);
  CHECK(plain.usd_compute == Approx(4800.0));
}

TEST_CASE("term_price_for picks the cheapest covering term of the offering, else its provider's for its GPU",
          "[reserved]") {
  sizer::Offering offering;
  offering.id = "p/box";
  offering.provider = "p";
  offering.gpu = "h100-sxm";
  offering.gpus = 8;
  sizer::Provider provider;
  provider.id = "p";
  sizer::Commitment per_gpu = fixed_term(90, 0);
  per_gpu.usd_per_hour.reset();
  per_gpu.usd_per_gpu_hour = 2.0;
  per_gpu.gpu = "h100-sxm";
  sizer::Commitment other_gpu = per_gpu;
  other_gpu.gpu = "a100-80gb-sxm";
  other_gpu.usd_per_gpu_hour = 0.5;
  sizer::Commitment discount_only;
  discount_only.term = "1y";
  discount_only.term_days = 365;
  discount_only.discount_fraction = 0.6;
  provider.commitments = {other_gpu, discount_only, per_gpu};
  double usd = 0;
  const sizer::Commitment* c = sizer::term_price_for(offering, &provider, 40 * kDay, 8, usd);
  REQUIRE(c != nullptr);
  CHECK(c->gpu == "h100-sxm");
  CHECK(usd == Approx(16.0));  // $2 a GPU-hour × 8 GPUs
  CHECK(sizer::term_price_for(offering, &provider, 91 * kDay, 8, usd) == nullptr);  // longer than the 90-day term

  // The offering's own entries come first; among them the cheapest total for the run, not the lowest rate.
  offering.commitments = {fixed_term(30, 20), fixed_term(365, 12)};
  c = sizer::term_price_for(offering, &provider, 20 * kDay, 8, usd);
  REQUIRE(c != nullptr);
  CHECK(c->term_days == Approx(30));  // 30 d × $20 < 365 d × $12
  CHECK(usd == Approx(20.0));
  // A minimum commitment the option does not reach rules an entry out.
  offering.commitments[0].min_gpus = 64;
  c = sizer::term_price_for(offering, &provider, 20 * kDay, 8, usd);
  REQUIRE(c != nullptr);
  CHECK(c->term_days == Approx(365));
}

TEST_CASE("a long AWS pretraining run is priced at the Capacity Block rate, the block covering the run", "[reserved]") {
  const json r = sizer_test::evaluate(aws_pretrain("llama-3.1-8b", 1.2e11));
  REQUIRE(r["ok"] == true);
  int reserved = 0;
  for (const json& o : r["options"]) {
    if (o.value("pricing", "") != "reserved") continue;
    ++reserved;
    INFO(o.dump());
    CHECK(o["offering_id"] == "aws/p5.48xlarge");
    const double instances = static_cast<double>(o.value("instances", 1));
    CHECK(o["usd_per_hour"].get<double>() == Approx(39.33 * instances));
    const double job_days = o["job_s"].get<double>() / kDay;
    const double term_days = o["term_days"].get<double>();
    CHECK(job_days > 1.0);                 // only a long run
    CHECK(term_days >= job_days - 1e-9);   // the block covers the run
    // the shortest block that does: whole days up to 14, then weeks
    CHECK(term_days - (term_days <= 14 ? 1.0 : 7.0) < job_days);
    CHECK(o["billed_s"].get<double>() == Approx(term_days * kDay));
    CHECK(o["usd_compute"].get<double>() == Approx(o["usd_per_hour"].get<double>() * term_days * 24.0));
    CHECK(o["price_seen"] == "2024-12-31");
    CHECK(o["price_confidence"] == "stale");
    CHECK(find_note(o, "reserved") != nullptr);
    CHECK(find_note(o, "reserved_stale") != nullptr);
    CHECK(o["eligibility"]["class"] == "eligible");
  }
  CHECK(reserved > 0);
}

TEST_CASE("short runs are never priced at a term; a run longer than every term keeps asking for one", "[reserved]") {
  // Under a day of pretraining (a 1B model on 2B tokens on 8 H100s): on-demand and spot only.
  const json short_run = sizer_test::evaluate(aws_pretrain("llama-3.2-1b", 2e9));
  REQUIRE(short_run["ok"] == true);
  bool short_p5 = false;
  for (const json& o : short_run["options"]) {
    CHECK(o.value("pricing", "") != "reserved");
    short_p5 = short_p5 || (o.value("offering_id", "") == "aws/p5.48xlarge" && o.value("job_s", 1e30) < kDay);
  }
  CHECK(short_p5);  // the offering with a term price was there, priced on demand
  // An endpoint is never a term-priced run, however long it stands.
  const json endpoint = sizer_test::evaluate({{"model", "llama-3.1-70b"},
                                              {"workload", {{"kind", "inference"}, {"weights", "fp8"}, {"concurrency", 16}}},
                                              {"filters", {{"providers", {"aws"}}}}, {"limit", 200}});
  for (const json& o : endpoint["options"]) CHECK(o.value("pricing", "") != "reserved");
  // One 8-GPU box for 8B on 4T tokens runs for more than the 182-day longest block: no term covers it.
  json capped = aws_pretrain("llama-3.1-8b", 4e12);
  capped["filters"]["max_gpus"] = 8;
  const json r = sizer_test::evaluate(capped);
  REQUIRE(r["ok"] == true);
  bool p5_seen = false;
  for (const json& o : r["options"]) {
    if (o.value("offering_id", "") != "aws/p5.48xlarge" || !o.value("fits", false)) continue;
    p5_seen = true;
    INFO(o.dump());
    REQUIRE(o["job_s"].get<double>() > 182 * kDay);
    CHECK(o["pricing"] != "reserved");
    // On demand, it still says a term price is published for the machine (none covers this run).
    if (o["pricing"] == "on_demand") {
      const json* n = find_note(o, "reserved");
      REQUIRE(n != nullptr);
      CHECK((*n)["text"].get<std::string>().find("publishes commitment terms") != std::string::npos);
    }
  }
  CHECK(p5_seen);
}

TEST_CASE("reserved is a pricing an option reports, not a filter", "[reserved]") {
  const json r = sizer_test::evaluate({{"model", "llama-3.1-8b"},
                                       {"workload", {{"kind", "pretrain"}, {"tokens", 1e11}}},
                                       {"filters", {{"pricing", "reserved"}}}});
  CHECK(r["ok"] == false);
  bool named = false;
  for (const json& e : r["errors"]) named = named || e["path"] == "/filters/pricing";
  CHECK(named);
}

TEST_CASE("an offline batch's guidance speaks of a job, not of a standing endpoint (issue 30)", "[reserved][guidance]") {
  for (const char* locale : {"en", "ar"}) {
    const json r = sizer_test::evaluate({{"model", "llama-3.1-8b"},
                                         {"workload", {{"kind", "inference"}, {"weights", "bf16"}, {"concurrency", 64},
                                                       {"batch_tokens", 5e8}}},
                                         {"locale", locale}});
    REQUIRE(r["ok"] == true);
    const json& top = r["options"][0];
    REQUIRE(top.contains("usd_total"));
    const std::string tier = answer(r, "task_tier");
    const std::string billing = answer(r, "billing_granularity");
    const std::string storage = answer(r, "storage_transfer");
    INFO(locale << "\n" << tier << "\n" << billing << "\n" << storage);
    const json endpoint = sizer_test::evaluate({{"model", "llama-3.1-8b"},
                                                {"workload", {{"kind", "inference"}, {"weights", "bf16"}, {"concurrency", 64}}},
                                                {"locale", locale}});
    const std::string endpoint_tier = answer(endpoint, "task_tier");
    if (std::string(locale) == "en") {
      CHECK(tier.rfind("An offline batch of", 0) == 0);
      CHECK(tier.find("Serving is a standing endpoint") == std::string::npos);
      CHECK(tier.find(" a month") == std::string::npos);  // a job's total, not a month's rent
      CHECK(billing.find(" a month") == std::string::npos);
      CHECK(storage.find("The endpoint keeps") == std::string::npos);
      CHECK(storage.find(" a month") == std::string::npos);
      CHECK(endpoint_tier.rfind("Serving is a standing endpoint", 0) == 0);  // an endpoint still is one
    } else {
      CHECK(tier.find("دفعة دون اتصال") == 0);
      CHECK(tier != endpoint_tier);
      CHECK(endpoint_tier.find("الخدمة نقطة وصول دائمة") == 0);
    }
  }
}

// A deadline on an image, video or audio job (workload.deadline_s), as a training run has one: every billed second
// counts against it (compute, start-up, spot restarts), options past it do not meet the targets and say so, and
// those that meet it rank first.
#include <catch2/catch.hpp>

#include <string>

#include "options.hpp"
#include "support.hpp"

using sizer::json;

namespace {

bool has_note(const json& option, const std::string& code) {
  for (const json& n : option["notes"]) {
    if (n["code"] == code) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("media deadline: parsed, echoed, and rejected when not a positive number", "[media][deadline]") {
  const json ok = sizer_test::evaluate(
      {{"model", "whisper-large-v3"}, {"workload", {{"kind", "audio"}, {"audio_seconds", 36000}, {"deadline_s", 7200}}}, {"limit", 1}});
  REQUIRE(ok["ok"] == true);
  CHECK(ok["workload"]["deadline_s"] == 7200.0);
  const json none = sizer_test::evaluate({{"model", "sdxl-base-1.0"}, {"workload", {{"kind", "image"}, {"images", 10}}}, {"limit", 1}});
  REQUIRE(none["ok"] == true);
  CHECK_FALSE(none["workload"].contains("deadline_s"));
  for (const json& bad : {json(-5), json(0), json("2h")}) {
    INFO(bad.dump());
    const json r = sizer_test::evaluate({{"model", "sdxl-base-1.0"}, {"workload", {{"kind", "image"}, {"deadline_s", bad}}}});
    CHECK(r["ok"] == false);
    REQUIRE_FALSE(r["errors"].empty());
    CHECK(r["errors"][0]["path"] == "/workload/deadline_s");
  }
}

TEST_CASE("media deadline: options past it do not meet the targets and say so; those within it rank first",
          "[media][deadline]") {
  // 2,000 FLUX images in three hours: some offerings finish in time, one-GPU ones do not.
  const json request = {{"model", "flux.1-dev"},
                        {"workload", {{"kind", "image"}, {"images", 2000}, {"deadline_s", 3 * 3600}}},
                        {"limit", 10000}};
  const json r = sizer_test::evaluate(request);
  REQUIRE(r["ok"] == true);
  int within = 0, past = 0;
  bool past_seen = false;
  for (const json& o : r["options"]) {
    if (!o["fits"].get<bool>()) continue;
    INFO(o["provider"] << " " << o["instance"] << " " << o["pricing"]);
    REQUIRE(o.contains("job_s"));
    const double job_s = o["job_s"].get<double>();
    if (o["meets_targets"].get<bool>()) {
      ++within;
      CHECK(job_s <= 3 * 3600.0);
      CHECK_FALSE(past_seen);  // every option within the deadline ranks before every one past it
    } else {
      ++past;
      past_seen = true;
      CHECK(job_s > 3 * 3600.0);
      CHECK((has_note(o, "past_deadline")));
    }
  }
  CHECK(within > 0);
  CHECK(past > 0);
  // The same job without a deadline: nothing is marked, and the cheapest total leads.
  json open = request;
  open["workload"].erase("deadline_s");
  const json o = sizer_test::evaluate(open);
  REQUIRE(o["ok"] == true);
  for (const json& option : o["options"]) {
    if (option["fits"].get<bool>()) CHECK(option["meets_targets"] == true);
  }
}

TEST_CASE("media deadline: pinned hardware too slow for it, and the margin at the slow end of the range",
          "[media][deadline]") {
  // An hour of transcription per hour of audio is far from Whisper's speed on an L4; 1,000 hours in one hour is not.
  const json slow = sizer_test::evaluate({{"model", "whisper-large-v3"},
                                          {"hardware", {{"gpu", "l4"}, {"count", 1}}},
                                          {"workload", {{"kind", "audio"}, {"audio_seconds", 3.6e6}, {"deadline_s", 3600}}}});
  REQUIRE(slow["ok"] == true);
  const json& pinned = slow["options"][0];
  CHECK(pinned["meets_targets"] == false);
  CHECK(has_note(pinned, "past_deadline"));
  const json easy = sizer_test::evaluate({{"model", "whisper-large-v3"},
                                          {"hardware", {{"gpu", "l4"}, {"count", 1}}},
                                          {"workload", {{"kind", "audio"}, {"audio_seconds", 3600}, {"deadline_s", 86400}}}});
  REQUIRE(easy["ok"] == true);
  CHECK(easy["options"][0]["meets_targets"] == true);
  // A deadline far beyond the job: met with margin at the slow end of the option's range (target_margin > 1).
  REQUIRE(easy["options"][0].contains("target_margin"));
  CHECK(easy["options"][0]["target_margin"].get<double>() > 1.0);
}

TEST_CASE("media deadline: a job that one instance cannot finish in time runs on several, side by side",
          "[media][deadline]") {
  // 1,000 hours of audio in ten hours: more than any one box in the catalog transcribes in that time.
  const json request = {{"model", "whisper-large-v3"},
                        {"workload", {{"kind", "audio"}, {"audio_seconds", 3.6e6}, {"deadline_s", 36000}}},
                        {"limit", 10000}};
  const json r = sizer_test::evaluate(request);
  REQUIRE(r["ok"] == true);
  const json& top = r["options"][0];
  CHECK(top["meets_targets"] == true);
  CHECK(top.value("instances", int64_t{1}) > 1);  // absent on a one-instance option
  CHECK(has_note(top, "media_instances"));
  // Independent copies need no cluster fabric nor whole 8-GPU nodes (rule 5 is for work that talks between nodes).
  REQUIRE(top.contains("eligibility"));
  CHECK(top["eligibility"]["class"] == "eligible");
  int spread = 0;
  for (const json& o : r["options"]) {
    if (!o["fits"].get<bool>()) continue;
    const int64_t instances = o.value("instances", int64_t{1});
    CHECK(instances <= sizer::kMaxMediaInstances);
    if (instances == 1) continue;
    ++spread;
    INFO(o["provider"] << " " << o["instance"]);
    CHECK(has_note(o, "media_instances"));
    REQUIRE(o.contains("eligibility"));
    CHECK(o["eligibility"]["code"] != "nodes_without_fabric");
    CHECK(o["eligibility"]["code"] != "partial_nodes");
    // The fewest instances (doubling): half as many would take about twice as long, past the deadline.
    if (o["meets_targets"].get<bool>()) CHECK(2 * o["job_s"].get<double>() > 36000);
  }
  CHECK(spread > 0);
  // Without a deadline, or within max_gpus, nothing is spread beyond what the filter allows.
  json open = request;
  open["workload"].erase("deadline_s");
  // (Each response kept in a variable: a range-for over a temporary's member would read freed memory.)
  const json unbounded = sizer_test::evaluate(open);
  for (const json& o : unbounded["options"]) CHECK(o.value("instances", int64_t{1}) == 1);
  json capped = request;
  capped["filters"] = {{"max_gpus", 8}};
  const json within = sizer_test::evaluate(capped);
  for (const json& o : within["options"]) CHECK(o["gpus"].get<int64_t>() <= 8);
}

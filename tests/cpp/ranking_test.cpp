// Ranking with hand-made options: each rule of ranking_rules() in turn.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "ranking.hpp"
#include "support.hpp"

namespace {

sizer::Option option(const std::string& id, bool fits, bool meets, double usd_per_hour, double tokens_per_s,
                     const std::string& pricing = "on_demand") {
  sizer::Option o;
  o.offering_id = id;
  o.fits = fits;
  o.meets_targets = meets;
  o.pricing = sizer::from_id<sizer::PricingId>(pricing);
  o.usd_per_hour = usd_per_hour;
  if (fits) {
    o.output_tokens_per_s = tokens_per_s;
    o.usd_per_million_output_tokens = usd_per_hour / (tokens_per_s * 3600.0) * 1e6;
  }
  return o;
}

std::vector<std::string> ids(const std::vector<sizer::Option>& options) {
  std::vector<std::string> out;
  for (const auto& o : options) out.push_back(o.offering_id);
  return out;
}

sizer::Request serving(const std::string& order = "best", const std::string& pricing = "any") {
  sizer::Request r;
  r.kind = sizer::WorkloadKind::inference;
  r.order = *sizer::from_id<sizer::OrderId>(order);
  r.filters.pricing = *sizer::from_id<sizer::PricingId>(pricing);
  return r;
}

}  // namespace

TEST_CASE("ranking: every rule names the guide's rule of thumb it encodes", "[ranking]") {
  REQUIRE(sizer::ranking_rules().size() >= 5);
  for (const auto& rule : sizer::ranking_rules()) {
    CHECK_FALSE(rule.name.empty());
    CHECK_FALSE(rule.rule_of_thumb.empty());
    CHECK(rule.compare != nullptr);
  }
}

TEST_CASE("ranking: fits before not-fits, meets-targets first, the nearest miss first", "[ranking]") {
  std::vector<sizer::Option> options = {option("far", false, false, 1, 0), option("fits", true, false, 1, 100),
                                        option("near", false, false, 1, 0), option("meets", true, true, 50, 10)};
  options[0].memory_pressure = 3.0;
  options[2].memory_pressure = 1.2;
  sizer::rank_options(options, serving());
  CHECK(ids(options) == std::vector<std::string>{"meets", "fits", "near", "far"});
}

TEST_CASE("ranking: cheapest work first by default, faster on ties", "[ranking]") {
  std::vector<sizer::Option> options = {option("dear", true, true, 10, 1000), option("cheap", true, true, 2, 1000),
                                        option("tie-slow", true, true, 4, 2000), option("tie-fast", true, true, 8, 4000)};
  sizer::rank_options(options, serving());
  // $ per million tokens: cheap 0.56, tie-slow 0.56 (same), tie-fast 0.56 (same), dear 2.78.
  CHECK(ids(options) == std::vector<std::string>{"tie-fast", "tie-slow", "cheap", "dear"});
}

TEST_CASE("ranking: spot is never first for an endpoint unless asked for", "[ranking]") {
  const std::vector<sizer::Option> offered = {option("spot", true, true, 1, 1000, "spot"),
                                              option("on-demand", true, true, 3, 1000)};
  std::vector<sizer::Option> options = offered;
  sizer::rank_options(options, serving());
  CHECK(options.front().offering_id == "on-demand");
  // Asked for spot: the cheaper spot option leads.
  options = offered;
  sizer::rank_options(options, serving("best", "spot"));
  CHECK(options.front().offering_id == "spot");
  // Checkpointable jobs may take spot when it is cheaper.
  sizer::Request job = serving();
  job.kind = sizer::WorkloadKind::finetune;
  options = offered;
  options[0].usd_total = 5;
  options[1].usd_total = 9;
  sizer::rank_options(options, job);
  CHECK(options.front().offering_id == "spot");
}

TEST_CASE("ranking: order=fastest and order=cheapest_per_hour", "[ranking]") {
  const std::vector<sizer::Option> offered = {option("slow-cheap", true, true, 1, 100),
                                              option("fast-dear", true, true, 9, 5000),
                                              option("mid", true, true, 3, 1000, "spot")};
  std::vector<sizer::Option> options = offered;
  sizer::rank_options(options, serving("fastest"));
  CHECK(ids(options) == std::vector<std::string>{"fast-dear", "mid", "slow-cheap"});
  options = offered;
  sizer::rank_options(options, serving("cheapest_per_hour"));
  CHECK(ids(options) == std::vector<std::string>{"slow-cheap", "mid", "fast-dear"});
  // Still: what does not fit comes last whatever the order.
  options = offered;
  options.push_back(option("no-fit", false, false, 0.1, 0));
  sizer::rank_options(options, serving("cheapest_per_hour"));
  CHECK(options.back().offering_id == "no-fit");
}

TEST_CASE("ranking: a job ranks by its total; a shorter run is the faster one", "[ranking]") {
  sizer::Request job = serving();
  job.kind = sizer::WorkloadKind::pretrain;
  std::vector<sizer::Option> options = {option("a", true, true, 1, 0), option("b", true, true, 1, 0)};
  options[0].usd_total = 100;
  options[0].train_s = 3600;
  options[1].usd_total = 100;
  options[1].train_s = 1800;
  sizer::rank_options(options, job);
  CHECK(options.front().offering_id == "b");
}

TEST_CASE("ranking: ranked_positions gives the stable sort's order, in full and for the first few", "[ranking]") {
  // Ties on every rule (same fit, cost, speed) keep their position; a few differ.
  std::vector<sizer::Option> options;
  for (int i = 0; i < 40; ++i) {
    sizer::Option o = option("o" + std::to_string(i), i % 7 != 3, i % 5 != 1, 1.0 + (i % 4), 100.0 + 10.0 * (i % 3));
    o.memory_pressure = 1.0 + (i % 6) * 0.1;
    if (i % 9 == 0) o.pricing = sizer::PricingId::spot;
    o.ranking_factor = i % 8 == 2 ? 1.25 : 1.0;
    options.push_back(o);
  }
  for (const std::string order : {"best", "cheapest_per_hour", "fastest"}) {
    const sizer::Request request = serving(order);
    std::vector<sizer::Option> sorted = options;
    sizer::rank_options(sorted, request);
    std::vector<sizer::RankKey> keys;
    for (const auto& o : options) keys.push_back(sizer::rank_key(o));
    for (const size_t keep : {size_t{1}, size_t{5}, size_t{40}, size_t{100}}) {
      const std::vector<size_t> positions = sizer::ranked_positions(keys, request, keep);
      REQUIRE(positions.size() == options.size());
      CAPTURE(order, keep);
      for (size_t i = 0; i < std::min(keep, options.size()); ++i) CHECK(options[positions[i]].offering_id == sorted[i].offering_id);
    }
  }
}

TEST_CASE("ranking: judged_factor is the factor judge_option applies", "[ranking]") {
  const sizer::Catalog& catalog = sizer_test::bundled();
  for (const sizer::WorkloadKind kind :
       {sizer::WorkloadKind::inference, sizer::WorkloadKind::pretrain, sizer::WorkloadKind::finetune}) {
    sizer::Request request = serving();
    request.kind = kind;
    request.model.params_b = 70;
    request.training.method = sizer::MethodId::full;
    for (const sizer::Gpu& gpu : catalog.gpus) {
      for (const bool one_gpu_does : {false, true}) {
        sizer::Option o = option("x", true, true, 2.0, 50.0, "spot");
        o.gpu = gpu.id;
        o.gpus = 8;
        o.tensor = 4;
        o.tier = sizer::TierId::marketplace;
        o.job_s = 40.0 * 86400.0;
        const double factor = sizer::judged_factor(sizer::judged_facts(o), 1.0, &gpu, sizer::legacy_gpu(&gpu), one_gpu_does,
                                                   request);
        sizer::judge_option(o, &gpu, one_gpu_does, request, catalog, true);
        CAPTURE(static_cast<int>(kind), gpu.id, one_gpu_does);
        CHECK(factor == o.ranking_factor);
        size_t judgements = 0;
        for (const auto& n : o.notes) judgements += n.code == "judgement";
        CHECK((factor > 1.0) == (judgements > 0));
      }
    }
  }
}

TEST_CASE("ranking: pretraining is multi-GPU (rule 5): one GPU for more than a day pays the stated margin, a spread run does not",
          "[ranking]") {
  const sizer::Catalog& catalog = sizer_test::bundled();
  const sizer::Gpu* h100 = catalog.find_gpu("h100-sxm");
  REQUIRE(h100 != nullptr);
  sizer::Request request = serving();
  request.kind = sizer::WorkloadKind::pretrain;
  request.model.params_b = 1.2;
  auto factor = [&](int64_t gpus, double days, bool one_gpu_does) {
    sizer::Option o = option("x", true, true, 2.0 * static_cast<double>(gpus), 50.0);
    o.gpu = h100->id;
    o.gpus = gpus;
    o.tier = sizer::TierId::gpu_cloud;
    o.job_s = days * 86400.0;
    sizer::judge_option(o, h100, one_gpu_does, request, catalog, true);
    return o.ranking_factor;
  };
  // One GPU for 4.6 days (a 1B model on 20B tokens): the margin; under a day, none.
  CHECK(factor(1, 4.6, true) == Approx(sizer::kOneGpuPretraining));
  CHECK(factor(1, 0.5, true) == Approx(1.0));
  // Eight GPUs while one GPU would do: rule 3's split margin is a serving (and fine-tune) preference, not pretraining's.
  CHECK(factor(8, 0.6, true) == Approx(1.0));
  // A fine-tune keeps rule 3: spreading it over eight GPUs while one would do pays the split margin.
  request.kind = sizer::WorkloadKind::finetune;
  request.training.method = sizer::MethodId::lora;
  CHECK(factor(8, 0.6, true) == Approx(sizer::kSplitMargin));
  CHECK(factor(1, 4.6, true) == Approx(1.0));
}

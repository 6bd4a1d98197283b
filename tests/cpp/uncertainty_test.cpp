// The ranges around each headline figure (core/uncertainty.hpp) and the refit hooks (core/tunables.hpp).
// The table's numbers are generated (`node scripts/accuracy.js --write-ranges`); these tests check its
// shape and how the core uses it, never particular widths.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engines.hpp"
#include "performance.hpp"
#include "support.hpp"
#include "tunables.hpp"
#include "uncertainty.hpp"

using sizer::json;

namespace {

const char* const kGroups[] = {"decode", "throughput", "ttft", "training", "diffusion", "audio"};

// Resets the CLI-only multipliers however a test ends.
struct TunablesGuard {
  ~TunablesGuard() { sizer::set_tunable_multipliers({}); }
};

}  // namespace

TEST_CASE("uncertainty: every table row is finite, positive and ordered, keys are unique", "[uncertainty]") {
  std::set<std::string> keys;
  int rows = 0;
  for (const sizer::SpreadRow* r = sizer::spread_rows_begin(); r != sizer::spread_rows_end(); ++r, ++rows) {
    const std::string key = std::string(r->group) + "/" + std::string(r->engine) + "/" + std::string(r->family);
    INFO(key);
    CHECK(keys.insert(key).second);
    if (r->group == std::string_view("distance")) {
      // The widening for one condition away from the calibration (scripts/accuracy.js chooseWidening): 0 to 2,
      // keyed by the condition's name as far_conditions gives it.
      CHECK(r->low_factor >= 0.0);
      CHECK(r->low_factor <= 2.0);
      CHECK(r->low_factor == r->high_factor);
      const std::string_view condition = r->engine;
      CHECK((condition == "vendor" || condition == "moe" || condition == "fp4" || condition == "load"));
      CHECK(sizer::distance_widening(condition) == r->low_factor);
      continue;
    }
    if (r->group == std::string_view("additive")) {
      // Seconds added to the slow end of a time of the group its engine column names: 0 to 1 s (the grid).
      CHECK(r->low_factor >= 0.0);
      CHECK(r->low_factor <= 1.0);
      CHECK(r->low_factor == r->high_factor);
      CHECK(sizer::additive_slow_s(r->engine) == r->low_factor);
      CHECK(sizer::find_spread(r->engine, "*", "*") != nullptr);
      continue;
    }
    CHECK(std::isfinite(r->low_factor));
    CHECK(std::isfinite(r->high_factor));
    CHECK(r->low_factor > 0);
    // The interval holds the calculator's own figure (factor 1) and has width.
    CHECK(r->low_factor <= 1.0);
    CHECK(r->high_factor >= 1.0);
    CHECK(r->high_factor > r->low_factor);
    CHECK(r->cases >= 0);
  }
  CHECK(rows >= 7);
}

TEST_CASE("uncertainty: every group the core asks for has its own row, whatever the engine and family",
          "[uncertainty]") {
  for (const char* group : kGroups) {
    INFO(group);
    const sizer::SpreadRow* row = sizer::find_spread(group, "no-such-engine", "no-such-family");
    REQUIRE(row != nullptr);
    CHECK(row->group == std::string_view(group));
    CHECK(row->engine == std::string_view("*"));
  }
  const sizer::SpreadRow* any = sizer::find_spread("no-such-group", "*", "*");
  REQUIRE(any != nullptr);
  CHECK(any->group == std::string_view("*"));
}

TEST_CASE("uncertainty: keys name the group, engine and family of the figure", "[uncertainty]") {
  sizer::Request request;
  request.kind = sizer::WorkloadKind::inference;
  request.engine = sizer::EngineId::llama_cpp;
  request.model.params_b = 8;
  request.model.active_params_b = 8;
  request.inference.weights = sizer::WeightFormatId::gguf_q4_k_m;
  auto key = sizer::spread_key(request, "decode_output_tokens_per_s_per_user");
  CHECK(key.group == "decode");
  CHECK(key.engine == "llama.cpp");
  CHECK(key.family == "dense_quant");
  request.inference.weights = sizer::WeightFormatId::bf16;
  request.model.params_b = 47;
  request.model.active_params_b = 13;
  key = sizer::spread_key(request, "ttft_s");
  CHECK(key.group == "ttft");
  CHECK(key.family == "moe");
  request.kind = sizer::WorkloadKind::finetune;
  key = sizer::spread_key(request, "train_s");
  CHECK(key.group == "training");
  CHECK(key.engine == "*");
  request.kind = sizer::WorkloadKind::audio;
  CHECK(sizer::spread_key(request, "real_time_factor").group == "audio");
  request.kind = sizer::WorkloadKind::image;
  CHECK(sizer::spread_key(request, "seconds_per_image").group == "diffusion");
  // Media jobs are keyed by their runtime, not the serving engine the request may name.
  request.media.runtime = sizer::MediaRuntimeId::compiled;
  CHECK(sizer::spread_key(request, "seconds_per_image").engine == "compiled");
  request.media.runtime = sizer::MediaRuntimeId::tensorrt;
  CHECK(sizer::spread_key(request, "seconds_per_image").engine == "tensorrt");
  // The generated table holds a row per runtime where the calibration has its cases, and the look-up finds it.
  const sizer::SpreadRow* compiled = sizer::find_spread("diffusion", "compiled", "*");
  REQUIRE(compiled != nullptr);
  CHECK(compiled->engine == std::string_view("compiled"));
}

TEST_CASE("uncertainty: the response carries ranges for each headline figure of each workload", "[uncertainty]") {
  struct Case {
    json request;
    std::vector<std::string> figures;
  };
  const std::vector<Case> cases = {
      {{{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}, {"concurrency", 8}}},
        {"hardware", {{"gpu", "h100-sxm"}, {"count", 1}}}},
       {"decode_output_tokens_per_s_per_user", "output_tokens_per_s", "ttft_s"}},
      {{{"model", "llama-3.1-8b"}, {"workload", {{"kind", "finetune"}, {"method", "lora"}, {"dataset_tokens", 5e7}}}},
       {"train_tokens_per_s", "train_s", "gpu_hours"}},
      {{{"model", "flux.1-dev"}, {"workload", {{"kind", "image"}, {"images", 10}}}}, {"seconds_per_image"}},
      {{{"model", "whisper-large-v3"}, {"workload", {{"kind", "audio"}, {"audio_seconds", 600}}}},
       {"real_time_factor"}},
  };
  for (const Case& c : cases) {
    INFO(sizer::dump_json(c.request));
    const json r = sizer_test::evaluate(c.request);
    REQUIRE(r["ok"].get<bool>());
    REQUIRE(!r["options"].empty());
    const json& o = r["options"][0];
    REQUIRE(o.contains("ranges"));
    for (const std::string& figure : c.figures) {
      INFO(figure);
      REQUIRE(o["ranges"].contains(figure));
      const json& range = o["ranges"][figure];
      const double value = o[figure].get<double>();
      CHECK(range["low"].get<double>() > 0);
      CHECK(range["low"].get<double>() <= value * (1 + 1e-9));
      CHECK(range["high"].get<double>() >= value * (1 - 1e-9));
      CHECK(range["cases"].get<int>() >= 0);
      CHECK(!range["basis"].get<std::string>().empty());
    }
    // `range` stays as it was (one metric, ± the preset's error).
    CHECK(o.contains("range"));
  }
}

TEST_CASE("tunables: a multiplier scales its constant, unknown names are refused, reset restores", "[uncertainty]") {
  TunablesGuard guard;
  const double before = sizer::find_engine(sizer::EngineId::vllm)->bandwidth_efficiency;
  CHECK(sizer::tuned("training.utilisation", 0.5) == 0.5);
  CHECK(sizer::set_tunable_multipliers({{"engine.vllm.bandwidth_efficiency", 0.5}, {"training.utilisation", 2.0}}).empty());
  CHECK(sizer::find_engine(sizer::EngineId::vllm)->bandwidth_efficiency == Approx(before * 0.5));
  CHECK(sizer::tuned("training.utilisation", 0.25) == Approx(0.5));
  CHECK(!sizer::set_tunable_multipliers({{"engine.vllm.no_such_constant", 2.0}}).empty());
  CHECK(!sizer::set_tunable_multipliers({{"training.utilisation", -1.0}}).empty());
  // A refused set leaves the previous one.
  CHECK(sizer::tuned("training.utilisation", 0.25) == Approx(0.5));
  CHECK(sizer::set_tunable_multipliers({}).empty());
  CHECK(sizer::find_engine(sizer::EngineId::vllm)->bandwidth_efficiency == before);
  CHECK(sizer::tuned("training.utilisation", 0.25) == 0.25);
  const auto names = sizer::tunable_names();
  CHECK(std::find(names.begin(), names.end(), "engine.llama.cpp.bandwidth_efficiency_gddr") != names.end());
}

TEST_CASE("tunables: a scaled decode efficiency moves the decode speed", "[uncertainty]") {
  TunablesGuard guard;
  // One user: a bandwidth-bound decode (at the auto batch the prompt work mixed into each step is
  // compute-bound and hides most of the weight read).
  const json request = {{"model", "llama-3.1-8b"}, {"engine", "vllm"}, {"workload", {{"kind", "inference"}, {"concurrency", 1}}},
                        {"hardware", {{"gpu", "h100-sxm"}, {"count", 1}}}};
  const double base = sizer_test::evaluate(request)["options"][0]["decode_output_tokens_per_s_per_user"].get<double>();
  REQUIRE(sizer::set_tunable_multipliers({{"engine.vllm.bandwidth_efficiency", 0.5}}).empty());
  const double slower = sizer_test::evaluate(request)["options"][0]["decode_output_tokens_per_s_per_user"].get<double>();
  CHECK(slower < base * 0.8);
}

TEST_CASE("tunables: the ROCm all-reduce latency is AMD's link latency and moves AMD's tensor-parallel decode only",
          "[uncertainty]") {
  TunablesGuard guard;
  sizer::Gpu amd;
  amd.vendor = "amd";
  amd.interconnect_bandwidth_gbs = 896;
  sizer::Gpu nvidia = amd;
  nvidia.vendor = "nvidia";
  const sizer::Link rocm = sizer::tensor_parallel_link(amd, sizer::InterconnectId::infinity_fabric);
  const sizer::Link nvlink = sizer::tensor_parallel_link(nvidia, sizer::InterconnectId::nvlink);
  CHECK(rocm.latency_s > 3 * nvlink.latency_s);  // RCCL's small all-reduce against NVLink's custom kernels
  CHECK(rocm.bandwidth_gbs == nvlink.bandwidth_gbs);
  const std::vector<std::string> names = sizer::tunable_names();
  REQUIRE(std::find(names.begin(), names.end(), "serving.rocm_allreduce_latency_s") != names.end());
  auto decode = [](const char* gpu) {
    const json request = {{"model", "llama-3.1-70b"}, {"engine", "vllm"},
                          {"workload", {{"kind", "inference"}, {"weights", "fp8"}, {"concurrency", 1}}},
                          {"hardware", {{"gpu", gpu}, {"count", 8}}}};
    return sizer_test::evaluate(request)["options"][0]["decode_output_tokens_per_s_per_user"].get<double>();
  };
  const double mi300x = decode("mi300x"), h100 = decode("h100-sxm");
  REQUIRE(sizer::set_tunable_multipliers({{"serving.rocm_allreduce_latency_s", 2.0}}).empty());
  CHECK(sizer::tensor_parallel_link(amd, sizer::InterconnectId::infinity_fabric).latency_s == Approx(2 * rocm.latency_s));
  CHECK(decode("mi300x") < mi300x * 0.95);
  CHECK(decode("h100-sxm") == h100);
}

TEST_CASE("uncertainty: ranges widen with each condition the calibration holds few cases of", "[uncertainty]") {
  sizer::Request request;
  request.kind = sizer::WorkloadKind::inference;
  request.engine = sizer::EngineId::vllm;
  request.model.params_b = 8;
  request.model.active_params_b = 8;
  const char* figure = "decode_output_tokens_per_s_per_user";
  CHECK(sizer::distance_from_calibration(request, figure, "nvidia") == 0);
  CHECK(sizer::distance_from_calibration(request, figure, "amd") == 1);
  request.inference.concurrency = 32;
  CHECK(sizer::distance_from_calibration(request, figure, "amd") == 2);
  request.model.params_b = 47;
  request.model.active_params_b = 13;
  CHECK(sizer::distance_from_calibration(request, figure, "amd") == 3);
  request.inference.weights = sizer::WeightFormatId::fp4;
  CHECK(sizer::distance_from_calibration(request, figure, "amd") == 4);
  // Load is a serving condition: a training figure of the same request does not count it.
  request.kind = sizer::WorkloadKind::finetune;
  request.training.weights = sizer::WeightFormatId::bf16;
  CHECK(sizer::distance_from_calibration(request, "train_tokens_per_s", "nvidia") == 1);

  // The same figure on the same table row is at least as wide on AMD as on NVIDIA, and wider when the
  // table widens at all.
  sizer::Request served = request;
  served.kind = sizer::WorkloadKind::inference;
  served.model.params_b = 8;
  served.model.active_params_b = 8;
  served.inference.weights = sizer::WeightFormatId::bf16;
  served.inference.concurrency = 1;
  sizer::Option nvidia, amd;
  nvidia.decode_output_tokens_per_s_per_user = amd.decode_output_tokens_per_s_per_user = 50.0;
  sizer::set_ranges(nvidia, served, "nvidia");
  sizer::set_ranges(amd, served, "amd");
  REQUIRE(nvidia.ranges.size() == 1);
  REQUIRE(amd.ranges.size() == 1);
  const double nvidia_ratio = nvidia.ranges[0].high / nvidia.ranges[0].low;
  const double amd_ratio = amd.ranges[0].high / amd.ranges[0].low;
  CHECK(amd.ranges[0].basis == nvidia.ranges[0].basis);
  if (sizer::distance_widening("vendor") > 0) {
    CHECK(amd_ratio > nvidia_ratio);
  } else {
    CHECK(amd_ratio == Approx(nvidia_ratio));
  }
  // Each condition widens by its own row: AMD's log width is NVIDIA's times 1 + w(vendor), and under load as well
  // it is times 1 + w(vendor) + w(load).
  CHECK(std::log(amd_ratio) == Approx(std::log(nvidia_ratio) * (1.0 + sizer::distance_widening("vendor"))));
  sizer::Request loaded = served;
  loaded.inference.concurrency = 16;
  const sizer::FarConditions names = sizer::far_conditions(loaded, "decode_output_tokens_per_s_per_user", "amd");
  REQUIRE(names.count == 2);
  CHECK(names.names[0] == "vendor");
  CHECK(names.names[1] == "load");
  const std::optional<sizer::RangeFactors> near = sizer::range_factors(served, "decode_output_tokens_per_s_per_user", "nvidia");
  const std::optional<sizer::RangeFactors> far = sizer::range_factors(loaded, "decode_output_tokens_per_s_per_user", "amd");
  REQUIRE(near);
  REQUIRE(far);
  if (near->row == far->row) {
    const double k = 1.0 + sizer::distance_widening("vendor") + sizer::distance_widening("load");
    CHECK(std::log(far->low) == Approx(std::log(near->low) * k));
  }
  CHECK(amd.ranges[0].low <= 50.0);
  CHECK(amd.ranges[0].high >= 50.0);
}

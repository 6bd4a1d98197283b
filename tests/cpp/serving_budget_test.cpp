// Serving under load (issue 29): the engine's default prefill token budget by GPU memory (vLLM
// max_num_batched_tokens, SGLang chunked_prefill_size), and the load model's monotonic properties.
#include <catch2/catch.hpp>

#include "engines.hpp"
#include "support.hpp"

using sizer::json;

namespace {

const sizer::EnginePreset& engine(const char* id) {
  const sizer::EnginePreset* e = sizer::find_engine(id);
  REQUIRE(e != nullptr);
  return *e;
}

// An inline GPU: H100 SXM's bandwidth and 16-bit rate with `vram_gib` of memory.
json gpu_with_memory(double vram_gib) {
  return {{"name", "test GPU"}, {"vram_gib", vram_gib}, {"memory_bandwidth_gbs", 3350}, {"tflops", {{"bf16", 989}}}};
}

json option_of(const json& model, const json& workload, const json& gpu, const std::string& engine_id) {
  json request = sizer_test::inference_request(model, workload, "h100-sxm", 1, engine_id);
  request["hardware"]["gpu"] = gpu;
  const json response = sizer_test::evaluate(request);
  REQUIRE(response.contains("options"));
  REQUIRE(!response["options"].empty());
  return response["options"][0];
}

json on_catalog_gpu(const json& workload, const std::string& gpu, const std::string& engine_id) {
  // Llama 3.2 3B: 128 users of 640 tokens fit a 24 GB card's KV cache.
  const json response = sizer_test::evaluate(sizer_test::inference_request("llama-3.2-3b", workload, gpu, 1, engine_id));
  REQUIRE(response.contains("options"));
  REQUIRE(!response["options"].empty());
  REQUIRE(response["options"][0]["fits"].get<bool>());
  return response["options"][0];
}

}  // namespace

TEST_CASE("vLLM's token budget is 2048 below 70 GiB and on A100s, 8192 on larger GPUs", "[serving][budget]") {
  const sizer::EnginePreset& vllm = engine("vllm");
  CHECK(sizer::prefill_token_budget(vllm, 24, "rtx-4090") == 2048);
  CHECK(sizer::prefill_token_budget(vllm, 48, "l40s") == 2048);
  CHECK(sizer::prefill_token_budget(vllm, 80, "a100-80gb-sxm") == 2048);
  CHECK(sizer::prefill_token_budget(vllm, 80, "h100-sxm") == 8192);
  CHECK(sizer::prefill_token_budget(vllm, 192, "mi300x") == 8192);
}

TEST_CASE("SGLang's chunked prefill size is 2048 below 35 GiB, 8192 below 160 GiB, 16384 above",
          "[serving][budget]") {
  const sizer::EnginePreset& sglang = engine("sglang");
  CHECK(sizer::prefill_token_budget(sglang, 24, "rtx-4090") == 2048);
  CHECK(sizer::prefill_token_budget(sglang, 80, "a100-80gb-sxm") == 8192);
  CHECK(sizer::prefill_token_budget(sglang, 141, "h200-sxm") == 8192);
  CHECK(sizer::prefill_token_budget(sglang, 192, "mi300x") == 16384);
}

TEST_CASE("engines without a memory rule keep their preset budget on every GPU", "[serving][budget]") {
  for (const char* id : {"tensorrt-llm", "llama.cpp", "transformers", "generic"}) {
    const sizer::EnginePreset& e = engine(id);
    INFO(id);
    CHECK(sizer::prefill_token_budget(e, 24, "rtx-4090") == e.prefill_chunk_tokens);
    CHECK(sizer::prefill_token_budget(e, 141, "h200-sxm") == e.prefill_chunk_tokens);
  }
}

TEST_CASE("the budget reaches the first wave: on vLLM a 64 GiB card prefills it in smaller chunks than an 80 GiB one",
          "[serving][budget]") {
  // 16 users × 1024 tokens = 16,384 prompt tokens at once: 8 chunks of 2048 below 70 GiB, 2 of 8192 above.
  // Request i's first token comes with the chunk holding its prompt's end, so the smaller budget gives the
  // early requests theirs sooner and the mean falls; TensorRT-LLM (max_num_tokens 8192 everywhere) does
  // not change with the memory. (A benchmark of 160 requests measures its first wave.)
  const json workload = {{"weights", "bf16"}, {"prompt_tokens", 1024}, {"output_tokens", 256}, {"concurrency", 16},
                         {"benchmark_requests", 160}};
  const json small_vllm = option_of(sizer_test::llama_8b(), workload, gpu_with_memory(64), "vllm");
  const json large_vllm = option_of(sizer_test::llama_8b(), workload, gpu_with_memory(80), "vllm");
  CHECK(small_vllm["ttft_s"].get<double>() == Approx(large_vllm["ttft_s"].get<double>()));
  CHECK(small_vllm["ttft_mean_s"].get<double>() < large_vllm["ttft_mean_s"].get<double>());
  const json small_trt = option_of(sizer_test::llama_8b(), workload, gpu_with_memory(64), "tensorrt-llm");
  const json large_trt = option_of(sizer_test::llama_8b(), workload, gpu_with_memory(80), "tensorrt-llm");
  CHECK(small_trt["ttft_mean_s"].get<double>() == Approx(large_trt["ttft_mean_s"].get<double>()));
}

TEST_CASE("under load the first token comes later with more users and longer prompts; per-user decode never speeds up",
          "[serving][load]") {
  for (const std::string gpu : {"rtx-4090", "h100-sxm"}) {
    for (const std::string engine_id : {"vllm", "sglang"}) {
      INFO(gpu << " " << engine_id);
      double previous_ttft = 0;
      double previous_decode = 1e30;
      for (int users : {1, 4, 16, 48, 128}) {
        const json o = on_catalog_gpu(
            {{"weights", "bf16"}, {"prompt_tokens", 512}, {"output_tokens", 128}, {"concurrency", users}}, gpu, engine_id);
        INFO("users " << users);
        const double ttft = o["ttft_mean_s"].get<double>();
        const double decode = o["decode_output_tokens_per_s_per_user"].get<double>();
        CHECK(ttft > previous_ttft);
        CHECK(decode <= previous_decode);
        previous_ttft = ttft;
        previous_decode = decode;
      }
      double previous_prompt_ttft = 0;
      for (int prompt : {128, 1024, 4096}) {
        const json o = on_catalog_gpu(
            {{"weights", "bf16"}, {"prompt_tokens", prompt}, {"output_tokens", 128}, {"concurrency", 16}}, gpu, engine_id);
        INFO("prompt " << prompt);
        CHECK(o["ttft_mean_s"].get<double>() > previous_prompt_ttft);
        previous_prompt_ttft = o["ttft_mean_s"].get<double>();
      }
    }
  }
}

TEST_CASE("a server's own token budget replaces the engine default; the default given explicitly changes nothing",
          "[serving][budget]") {
  json workload = {{"weights", "bf16"}, {"prompt_tokens", 1024}, {"output_tokens", 256}, {"concurrency", 16},
                   {"benchmark_requests", 160}};  // a benchmark that measures its first wave
  const json by_default = on_catalog_gpu(workload, "h100-sxm", "vllm");
  workload["prefill_token_budget"] = 8192;  // vLLM's default on an 80 GiB H100
  const json same = on_catalog_gpu(workload, "h100-sxm", "vllm");
  CHECK(same["ttft_mean_s"].get<double>() == Approx(by_default["ttft_mean_s"].get<double>()));
  // One chunk for all 16,384 tokens: every request waits for the whole wave.
  workload["prefill_token_budget"] = 32768;
  const json whole_wave = on_catalog_gpu(workload, "h100-sxm", "vllm");
  CHECK(whole_wave["ttft_mean_s"].get<double>() > by_default["ttft_mean_s"].get<double>());
  CHECK(whole_wave["ttft_s"].get<double>() == Approx(by_default["ttft_s"].get<double>()));
}

TEST_CASE("a benchmark of more requests dilutes its first wave: the mean first token comes sooner, never before the "
          "unloaded one; without a benchmark, the steady state",
          "[serving][load]") {
  json workload = {{"weights", "bf16"}, {"prompt_tokens", 1024}, {"output_tokens", 256}, {"concurrency", 16}};
  const json steady = on_catalog_gpu(workload, "rtx-4090", "vllm");
  workload["benchmark_requests"] = 160;  // InferenceX's num_prompts, 10 × concurrency
  const json ten_waves = on_catalog_gpu(workload, "rtx-4090", "vllm");
  // No benchmark named: no burst of all users at once, yet still the queue of a loaded server.
  CHECK(steady["ttft_mean_s"].get<double>() < ten_waves["ttft_mean_s"].get<double>());
  CHECK(steady["ttft_mean_s"].get<double>() > steady["ttft_s"].get<double>());
  workload["benchmark_requests"] = 16;  // one wave: every request in the burst
  const json one_wave = on_catalog_gpu(workload, "rtx-4090", "vllm");
  workload["benchmark_requests"] = 1600;
  const json hundred_waves = on_catalog_gpu(workload, "rtx-4090", "vllm");
  CHECK(one_wave["ttft_mean_s"].get<double>() > ten_waves["ttft_mean_s"].get<double>());
  CHECK(ten_waves["ttft_mean_s"].get<double>() > hundred_waves["ttft_mean_s"].get<double>());
  CHECK(hundred_waves["ttft_mean_s"].get<double>() > hundred_waves["ttft_s"].get<double>());
}

TEST_CASE("prefill_token_budget and benchmark_requests below 1 are errors at their JSON Pointer", "[serving][request]") {
  for (const char* field : {"prefill_token_budget", "benchmark_requests"}) {
    INFO(field);
    json workload = {{"weights", "bf16"}, {"prompt_tokens", 512}, {"output_tokens", 128}, {"concurrency", 4}};
    workload[field] = 0;
    const json response =
        sizer_test::evaluate(sizer_test::inference_request("llama-3.2-3b", workload, "h100-sxm", 1, "vllm"));
    REQUIRE(response["errors"].is_array());
    REQUIRE(!response["errors"].empty());
    CHECK(response["errors"][0]["path"].get<std::string>() == std::string("/workload/") + field);
  }
}

TEST_CASE("under load the 90th-percentile first token also comes later with more users and longer prompts",
          "[serving][load][property]") {
  for (const std::string gpu : {"rtx-4090", "h100-sxm"}) {
    for (const std::string engine_id : {"vllm", "sglang", "tensorrt-llm"}) {
      INFO(gpu << " " << engine_id);
      double previous = 0;
      for (int users : {1, 4, 16, 48, 128}) {
        const json o = on_catalog_gpu(
            {{"weights", "bf16"}, {"prompt_tokens", 512}, {"output_tokens", 128}, {"concurrency", users}}, gpu, engine_id);
        INFO("users " << users);
        CHECK(o["ttft_p90_s"].get<double>() >= o["ttft_mean_s"].get<double>());
        CHECK(o["ttft_p90_s"].get<double>() > previous);
        previous = o["ttft_p90_s"].get<double>();
      }
      previous = 0;
      for (int prompt : {128, 1024, 4096}) {
        const json o = on_catalog_gpu(
            {{"weights", "bf16"}, {"prompt_tokens", prompt}, {"output_tokens", 128}, {"concurrency", 16}}, gpu, engine_id);
        INFO("prompt " << prompt);
        CHECK(o["ttft_p90_s"].get<double>() > previous);
        previous = o["ttft_p90_s"].get<double>();
      }
    }
  }
}

TEST_CASE("open loop: the first token never comes sooner as the arrival rate or the prompt grows", "[serving][load][property]") {
  for (const std::string gpu : {"rtx-4090", "h100-sxm"}) {
    for (const std::string engine_id : {"vllm", "sglang"}) {
      INFO(gpu << " " << engine_id);
      double previous_mean = 0;
      double previous_p90 = 0;
      for (double rate : {0.1, 1.0, 4.0, 16.0, 64.0, 1000.0}) {
        const json o = on_catalog_gpu({{"weights", "bf16"}, {"prompt_tokens", 1024}, {"output_tokens", 128},
                                       {"concurrency", 32}, {"requests_per_s", rate}},
                                      gpu, engine_id);
        INFO("rate " << rate);
        CHECK(o["ttft_mean_s"].get<double>() >= previous_mean);
        CHECK(o["ttft_p90_s"].get<double>() >= previous_p90);
        CHECK(o["ttft_p90_s"].get<double>() >= o["ttft_mean_s"].get<double>());
        CHECK(o["ttft_mean_s"].get<double>() >= o["ttft_s"].get<double>());
        previous_mean = o["ttft_mean_s"].get<double>();
        previous_p90 = o["ttft_p90_s"].get<double>();
      }
      // Between no queue and a saturated one the wait must really grow.
      CHECK(previous_mean > 2.0 * on_catalog_gpu({{"weights", "bf16"}, {"prompt_tokens", 1024}, {"output_tokens", 128},
                                                   {"concurrency", 32}, {"requests_per_s", 0.1}},
                                                  gpu, engine_id)["ttft_mean_s"].get<double>());
      previous_mean = 0;
      previous_p90 = 0;
      for (int prompt : {128, 512, 2048, 8192}) {
        const json o = on_catalog_gpu({{"weights", "bf16"}, {"prompt_tokens", prompt}, {"output_tokens", 128},
                                       {"concurrency", 8}, {"requests_per_s", 2.0}},
                                      gpu, engine_id);
        INFO("prompt " << prompt);
        CHECK(o["ttft_mean_s"].get<double>() > previous_mean);
        CHECK(o["ttft_p90_s"].get<double>() > previous_p90);
        previous_mean = o["ttft_mean_s"].get<double>();
        previous_p90 = o["ttft_p90_s"].get<double>();
      }
    }
  }
}

TEST_CASE("the other users' prompts arrive in budget-sized chunks: per-user decode agrees with the aggregate "
          "(Little's law)",
          "[serving][load][tpot]") {
  // Llama 3.3 70B fp8 on two H100s, 25 users of 5000 prompt / 500 output tokens (NVIDIA NIM's benchmark
  // shape). Spread over a request's 500 steps, 24 other prompts are 240 prompt tokens a step, whose matmuls
  // would hide in the idle tensor time of a memory-bound step; but the scheduler prefills each prompt whole
  // in the next step (budget 8192), a compute-bound step. In a closed loop each user gets output / (TTFT +
  // output × TPOT) of the aggregate, so the aggregate must come close to users × the per-user rate; with the
  // prompts spread thin the per-user rate would claim half again the aggregate.
  const json workload = {{"weights", "fp8"}, {"kv_cache", "fp8"}, {"prompt_tokens", 5000}, {"output_tokens", 500},
                         {"concurrency", 25}};
  const json response =
      sizer_test::evaluate(sizer_test::inference_request("llama-3.3-70b", workload, "h100-sxm", 2, "tensorrt-llm"));
  REQUIRE(response["options"][0]["fits"].get<bool>());
  const json& o = response["options"][0];
  const double per_user = o["decode_output_tokens_per_s_per_user"].get<double>();
  const double aggregate = o["output_tokens_per_s"].get<double>();
  const double decode_share = 500.0 * o["tpot_mean_s"].get<double>() /
                              (o["ttft_mean_s"].get<double>() + 500.0 * o["tpot_mean_s"].get<double>());
  CHECK(aggregate <= 25.0 * per_user * (1 + 1e-9));
  CHECK(aggregate >= 0.85 * 25.0 * per_user * decode_share);
  CHECK(o["tpot_p90_s"].get<double>() >= o["tpot_mean_s"].get<double>());
}

TEST_CASE("an endpoint given by its request rate runs, on each option, the sequences the rate keeps in flight",
          "[serving][load][rate]") {
  const double rate = 5.0;
  const int output = 300;
  const json r = sizer_test::evaluate({{"model", "llama-3.1-8b"},
                                       {"workload", {{"kind", "inference"}, {"prompt_tokens", 1000}, {"output_tokens", output},
                                                     {"requests_per_s", rate}, {"max_ttft_s", 1.0}}},
                                       {"limit", 10000}});
  REQUIRE(r["ok"] == true);
  REQUIRE(r["options"][0]["fits"].get<bool>());
  CHECK(r["options"][0]["meets_targets"].get<bool>());
  int short_of_rate = 0, sustained = 0;
  for (const json& o : r["options"]) {
    if (!o["fits"].get<bool>()) continue;
    INFO(o["offering_id"].get<std::string>());
    const double n = o["concurrency"].get<double>();
    const double in_flight_s = o["ttft_mean_s"].get<double>() + (output - 1) * o["tpot_mean_s"].get<double>();
    const bool sustains = o["output_tokens_per_s"].get<double>() >= rate * output * (1 - 1e-9);
    const bool at_cap = n >= o["max_concurrency"].get<double>();
    // Little's law: at least the sequences the rate keeps in flight, unless the option holds no more.
    CHECK((n >= rate * in_flight_s - 1e-6 || at_cap));
    bool rate_note = false, short_note = false;
    for (const json& note : o["notes"]) {
      rate_note = rate_note || note["code"] == "rate_concurrency";
      short_note = short_note || note["code"] == "below_request_rate";
    }
    CHECK(rate_note == (n > 1));
    CHECK(short_note == !sustains);
    if (o["meets_targets"].get<bool>()) CHECK(sustains);
    (sustains ? sustained : short_of_rate) += 1;
  }
  CHECK(sustained > 0);
  CHECK(short_of_rate > 0);
  // A concurrency given is kept on every option, with no note about the rate's sequences.
  const json given = sizer_test::evaluate({{"model", "llama-3.1-8b"},
                                           {"workload", {{"kind", "inference"}, {"prompt_tokens", 1000}, {"output_tokens", output},
                                                         {"requests_per_s", rate}, {"concurrency", 8}, {"max_ttft_s", 1.0}}},
                                           {"limit", 20}});
  REQUIRE(given["ok"] == true);
  for (const json& o : given["options"]) {
    if (!o["fits"].get<bool>()) continue;
    CHECK(o["concurrency"] == 8);
    for (const json& note : o["notes"]) CHECK(note["code"] != "rate_concurrency");
  }
}

// Serving physics (issue 14): MoE decode, weight-only 4-bit kernels, TPOT under load, prefill on GeForce,
// layer-split transformers, and what serving engines reserve before the KV cache.
#include <catch2/catch.hpp>

#include "engines.hpp"
#include "memory.hpp"
#include "performance.hpp"
#include "placement.hpp"
#include "support.hpp"

using sizer::json;

namespace {

const json& first_option(const json& response) { return response["options"][0]; }

double decode(const json& response) { return first_option(response)["decode_output_tokens_per_s_per_user"].get<double>(); }

double throughput(const json& response) { return first_option(response)["output_tokens_per_s"].get<double>(); }

json served(const json& model, const json& workload, const std::string& gpu, int count, const std::string& engine) {
  return sizer_test::evaluate(sizer_test::inference_request(model, workload, gpu, count, engine));
}

const sizer::Gpu& catalog_gpu(const std::string& id) {
  const sizer::Gpu* gpu = sizer_test::bundled().find_gpu(id);
  REQUIRE(gpu != nullptr);
  return *gpu;
}

}  // namespace

TEST_CASE("MoE decode per user slows as a larger batch touches more experts", "[serving][moe]") {
  double previous_per_user = 1e30;
  double previous_total = 0;
  for (int concurrency : {1, 8, 64}) {
    const json r = served("deepseek-v3", {{"weights", "fp8"}, {"prompt_tokens", 1024}, {"output_tokens", 1024},
                                          {"concurrency", concurrency}},
                          "h200-sxm", 8, "sglang");
    INFO("concurrency " << concurrency);
    REQUIRE(first_option(r)["fits"] == true);
    CHECK(decode(r) < previous_per_user);
    CHECK(throughput(r) > previous_total);
    previous_per_user = decode(r);
    previous_total = throughput(r);
  }
  // The distinct experts grow with the batch towards all of them, never past.
  sizer::Model moe;
  moe.experts = 256;
  moe.experts_per_token = 8;
  CHECK(sizer::experts_touched(moe, 1) == Approx(8.0));
  CHECK(sizer::experts_touched(moe, 8) > 50.0);
  CHECK(sizer::experts_touched(moe, 64) > sizer::experts_touched(moe, 8));
  CHECK(sizer::experts_touched(moe, 4096) <= 256.0);
}

TEST_CASE("MoE decode at batch 1 stays below the active-parameter bandwidth roofline", "[serving][moe]") {
  const json r = served("deepseek-v3", {{"weights", "fp8"}, {"prompt_tokens", 1024}, {"output_tokens", 1024},
                                        {"concurrency", 1}},
                        "h200-sxm", 8, "sglang");
  REQUIRE(first_option(r)["fits"] == true);
  // 37 B active parameters at 1 byte, split over 8 GPUs of 4.8 TB/s: the ideal would read them in 0.96 ms.
  const double roofline_tokens_per_s = 8 * 4.8e12 / 37e9;
  CHECK(decode(r) < 0.5 * roofline_tokens_per_s);
}

TEST_CASE("MoE expert kernels stream below a dense model's bandwidth at the same bytes", "[serving][moe]") {
  // Mixtral 8x7B at batch 1 reads its 12.9 B active parameters; a dense model of that size reads the same
  // bytes through plain matmuls and decodes faster.
  const json moe = served("mixtral-8x7b", {{"concurrency", 1}, {"prompt_tokens", 128}, {"output_tokens", 128}},
                          "h100-sxm", 2, "vllm");
  json dense = sizer_test::llama_8b();
  dense["params_b"] = 12.9;
  dense["layers"] = 32;
  const json flat = served(dense, {{"concurrency", 1}, {"prompt_tokens", 128}, {"output_tokens", 128}}, "h100-sxm", 2, "vllm");
  REQUIRE(first_option(moe)["fits"] == true);
  REQUIRE(first_option(flat)["fits"] == true);
  CHECK(decode(moe) < decode(flat));
}

TEST_CASE("4-bit weight-only decode is faster than 16-bit, but by less than the byte ratio", "[serving][quantized]") {
  for (const char* engine : {"vllm", "transformers"}) {
    const json workload16 = {{"weights", "bf16"}, {"prompt_tokens", 1}, {"output_tokens", 2048}, {"concurrency", 1}};
    json workload4 = workload16;
    workload4["weights"] = "int4";
    const json r16 = served("qwen2.5-14b", workload16, "a100-80gb-sxm", 1, engine);
    const json r4 = served("qwen2.5-14b", workload4, "a100-80gb-sxm", 1, engine);
    INFO(engine);
    REQUIRE(first_option(r16)["fits"] == true);
    REQUIRE(first_option(r4)["fits"] == true);
    const double byte_ratio = r16["memory"]["weights_bytes"].get<double>() / r4["memory"]["weights_bytes"].get<double>();
    CHECK(decode(r4) > decode(r16));
    CHECK(decode(r4) / decode(r16) < 0.8 * byte_ratio);
  }
}

TEST_CASE("time per output token under load exceeds the batch-1 step and bounds the aggregate", "[serving][tpot]") {
  const json workload1 = {{"prompt_tokens", 1000}, {"output_tokens", 200}, {"concurrency", 1}};
  json workload64 = workload1;
  workload64["concurrency"] = 64;
  const json one = served(sizer_test::llama_8b(), workload1, "h100-sxm", 1, "vllm");
  const json loaded = served(sizer_test::llama_8b(), workload64, "h100-sxm", 1, "vllm");
  REQUIRE(first_option(loaded)["fits"] == true);
  CHECK(decode(loaded) < decode(one));
  // Each sequence's own prompt is its TTFT, not its TPOT: the aggregate never beats 64 × per-user rate.
  CHECK(throughput(loaded) <= 64 * decode(loaded) * (1 + 1e-9));
  // Longer prompts of the other sequences, prefilled between decode steps, lengthen everyone's TPOT.
  json longer = workload64;
  longer["prompt_tokens"] = 4000;
  const json heavy = served(sizer_test::llama_8b(), longer, "h100-sxm", 1, "vllm");
  REQUIRE(first_option(heavy)["fits"] == true);
  CHECK(decode(heavy) < decode(loaded));
}

TEST_CASE("llama.cpp prefill on GeForce runs at the fp16-accumulate rate", "[serving][prefill]") {
  CHECK(sizer::halves_fp32_accumulate(catalog_gpu("rtx-4090")));
  CHECK(sizer::halves_fp32_accumulate(catalog_gpu("rtx-3090")));
  CHECK_FALSE(sizer::halves_fp32_accumulate(catalog_gpu("rtx-6000-ada")));
  CHECK_FALSE(sizer::halves_fp32_accumulate(catalog_gpu("rtx-a6000")));
  CHECK_FALSE(sizer::halves_fp32_accumulate(catalog_gpu("h100-sxm")));
  // The same card described inline (no GeForce id) prefills at the listed rate: twice as long for a
  // compute-bound prompt.
  const json workload = {{"weights", "fp16"}, {"prompt_tokens", 4096}, {"output_tokens", 1}, {"concurrency", 1}};
  const json geforce = served(sizer_test::llama_8b(), workload, "rtx-4090", 1, "llama.cpp");
  json request = sizer_test::inference_request(sizer_test::llama_8b(), workload, "rtx-4090", 1, "llama.cpp");
  request["hardware"]["gpu"] = {{"vram_gib", 24}, {"memory_bandwidth_gbs", 1008}, {"memory_type", "GDDR6X"},
                                {"tflops", {{"fp16", 165.2}, {"bf16", 165.2}, {"fp8", 330.3}, {"int8", 660.6}}},
                                {"architecture", "Ada Lovelace"}};
  const json inline_card = sizer_test::evaluate(request);
  REQUIRE(first_option(geforce)["fits"] == true);
  REQUIRE(first_option(inline_card)["fits"] == true);
  CHECK(first_option(inline_card)["ttft_s"].get<double>() > 1.6 * first_option(geforce)["ttft_s"].get<double>());
}

TEST_CASE("transformers splits a model over GPUs by layers, not tensors", "[serving][pipeline]") {
  const json workload = {{"weights", "bf16"}, {"prompt_tokens", 1}, {"output_tokens", 2048}, {"concurrency", 1}};
  const json hf = served("qwen2.5-72b", workload, "a100-80gb-sxm", 2, "transformers");
  const json vllm = served("qwen2.5-72b", workload, "a100-80gb-sxm", 4, "vllm");
  REQUIRE(first_option(hf)["fits"] == true);
  REQUIRE(first_option(vllm)["fits"] == true);
  REQUIRE(first_option(vllm)["parallelism"]["tensor"] == 4);
  CHECK(first_option(hf)["parallelism"]["tensor"] == 1);
  CHECK(first_option(hf)["parallelism"]["pipeline"] == 2);
  // Layer stages run one after another: one GPU's bandwidth at a time, so far slower than tensor parallel.
  CHECK(decode(hf) < 0.5 * decode(vllm));
}

TEST_CASE("the engine's reservation lowers the KV capacity below VRAM minus weights", "[serving][memory]") {
  const sizer::EnginePreset& vllm = *sizer::find_engine("vllm");
  const json r = served(sizer_test::llama_8b(), {{"prompt_tokens", 4096}, {"output_tokens", 4096}, {"concurrency", 1}},
                        "h100-sxm", 1, "vllm");
  REQUIRE(first_option(r)["fits"] == true);
  const double kv_per_token = r["memory"]["kv_bytes_per_token"].get<double>();
  const double naive_tokens = (80.0 * 1073741824.0 * vllm.memory_utilization - r["memory"]["weights_bytes"].get<double>()) /
                              kv_per_token;
  const double capacity = first_option(r)["kv_capacity_tokens"].get<double>();
  // The profiled sampler alone (max_num_seqs × vocab × fp32 logits and probabilities) is ~1 GiB.
  const double sampler_tokens = vllm.max_batch * 128256.0 * 4.0 * 2.0 / kv_per_token;
  CHECK(capacity < naive_tokens - sampler_tokens);
  CHECK(capacity > 0.8 * naive_tokens);
}

TEST_CASE("tensor-parallel ranks hold communication buffers outside the KV cache", "[serving][memory]") {
  const sizer::Catalog& catalog = sizer_test::bundled();
  sizer::Issues warnings;
  const sizer::Model model = sizer::resolve_model(*catalog.find_model("llama-3.1-70b"), "/model", warnings);
  sizer::InferenceWorkload workload;
  workload.prompt_tokens = 2048;
  workload.output_tokens = 2048;
  workload.context_tokens = 4096;
  workload.concurrency = 1;
  const sizer::EnginePreset& vllm = *sizer::find_engine("vllm");
  sizer::EnginePreset without = vllm;
  without.tensor_parallel_bytes_per_gpu = 0;
  const sizer::Gpu& h100 = catalog_gpu("h100-sxm");
  const sizer::MemoryBreakdown memory = sizer::inference_memory(model, workload, vllm);
  const sizer::Placement with_buffers = sizer::place_inference(model, workload, vllm, memory, h100, 4, 1, 1);
  const sizer::Placement no_buffers = sizer::place_inference(model, workload, without, memory, h100, 4, 1, 1);
  CHECK(vllm.tensor_parallel_bytes_per_gpu > 0);
  CHECK(with_buffers.free_kv_bytes_per_gpu ==
        Approx(no_buffers.free_kv_bytes_per_gpu - vllm.tensor_parallel_bytes_per_gpu));
  CHECK(with_buffers.kv_capacity_tokens < no_buffers.kv_capacity_tokens);
  // One GPU has no peers: nothing reserved for them.
  const sizer::Placement alone = sizer::place_inference(model, workload, vllm, memory, catalog_gpu("h200-sxm"), 1, 1, 1);
  const sizer::Placement alone_without = sizer::place_inference(model, workload, without, memory, catalog_gpu("h200-sxm"), 1, 1, 1);
  CHECK(alone.free_kv_bytes_per_gpu == Approx(alone_without.free_kv_bytes_per_gpu));
}

TEST_CASE("a loaded MoE step pads its expert matmuls at the step's tokens, not at one prompt's", "[serving][moe]") {
  // gpt-oss-120b: a 215-token prompt gives each of its 128 experts ~7 of the 128 rows a grouped GEMM tile holds;
  // a step of 256 users carries a prompt beside 256 decode tokens, so its prompt tokens cost less each.
  const json workload = {{"weights", "fp4"}, {"prompt_tokens", 215}, {"output_tokens", 196}, {"concurrency", 256}};
  const json moe = served("gpt-oss-120b", workload, "h100-sxm", 1, "vllm");
  REQUIRE(first_option(moe)["fits"] == true);
  const double alone_per_token = sizer_test::explained(moe, "ttft_s", "prefill_s") / 215.0;
  const double loaded_per_token = sizer_test::explained(moe, "output_tokens_per_s", "prefill_s_per_token");
  CHECK(loaded_per_token < 0.6 * alone_per_token);
  // Still no faster in all than every user at the per-user rate.
  CHECK(throughput(moe) <= 256 * decode(moe) * (1 + 1e-9));
  // A dense model pads nothing: its prompt token costs the same in a loaded step as in one user's.
  const json dense_workload = {{"prompt_tokens", 215}, {"output_tokens", 196}, {"concurrency", 256}};
  json alone_workload = dense_workload;
  alone_workload["concurrency"] = 1;
  const json dense = served(sizer_test::llama_8b(), dense_workload, "h100-sxm", 1, "vllm");
  const json dense_alone = served(sizer_test::llama_8b(), alone_workload, "h100-sxm", 1, "vllm");
  REQUIRE(first_option(dense)["fits"] == true);
  CHECK(sizer_test::explained(dense, "output_tokens_per_s", "prefill_s_per_token") ==
        Approx(sizer_test::explained(dense_alone, "output_tokens_per_s", "prefill_s_per_token")));
  // And the MoE model's does depend on the load: one user's prompt token is the padded one.
  json moe_alone_workload = workload;
  moe_alone_workload["concurrency"] = 1;
  const json moe_alone = served("gpt-oss-120b", moe_alone_workload, "h100-sxm", 1, "vllm");
  CHECK(sizer_test::explained(moe_alone, "output_tokens_per_s", "prefill_s_per_token") > 1.5 * loaded_per_token);
}

TEST_CASE("an offline batch with no concurrency runs each option at the largest batch that fits", "[serving][batch]") {
  // No users wait on a batch: an engine runs as many sequences as its memory holds (vLLM's LLM.generate, or a
  // server at its --max-num-seqs), which is what makes a batch cheap per token. At one sequence, a billion tokens
  // of an 8B model took the winning GPU most of a year.
  const json workload = {{"kind", "inference"}, {"prompt_tokens", 1000}, {"output_tokens", 300}, {"batch_tokens", 1e9}};
  const json ranked = sizer_test::evaluate({{"model", "llama-3.1-8b"}, {"workload", workload}, {"limit", 5}});
  REQUIRE(ranked["ok"] == true);
  REQUIRE(!ranked["options"].empty());
  for (const json& o : ranked["options"]) {
    if (o["fits"] != true) continue;
    CHECK(o["concurrency"].get<int64_t>() > 1);
    CHECK(o["concurrency"].get<int64_t>() <= o["max_concurrency"].get<int64_t>());
    bool said = false;
    for (const json& n : o["notes"]) said = said || n["code"] == "batch_concurrency";
    CHECK(said);
  }
  // The same offering at one sequence costs more per token and takes longer.
  const json top = ranked["options"][0];
  json one = workload;
  one["concurrency"] = 1;
  const json single = sizer_test::evaluate({{"model", "llama-3.1-8b"}, {"workload", one},
                                            {"filters", {{"providers", {top["provider"]}}}}, {"limit", 200}});
  REQUIRE(single["ok"] == true);
  bool compared = false;
  for (const json& o : single["options"]) {
    if (o["offering_id"] != top["offering_id"] || o["pricing"] != top["pricing"]) continue;
    CHECK(o["usd_total"].get<double>() > 2 * top["usd_total"].get<double>());
    CHECK(o["job_s"].get<double>() > 2 * top["job_s"].get<double>());
    compared = true;
  }
  CHECK(compared);
  // A concurrency given is kept.
  json given = workload;
  given["concurrency"] = 8;
  const json kept = sizer_test::evaluate({{"model", "llama-3.1-8b"}, {"workload", given}, {"limit", 3}});
  REQUIRE(kept["ok"] == true);
  CHECK(kept["options"][0]["concurrency"] == 8);
}

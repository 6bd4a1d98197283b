// Training physics and memory options (core/training.*, core/parallelism.*): host offload, paged
// optimizers, optimizer-in-backward, activation offload, fused loss, utilisation against scale and model
// size, goodput of long runs, and the request fields that ask for them.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "parallelism.hpp"
#include "support.hpp"
#include "training.hpp"
#include "tunables.hpp"

using namespace sizer;
using sizer::json;
using sizer_test::gpu;
using sizer_test::parsed;

namespace {

json full_finetune_8b(json extra = json::object()) {
  json workload = {{"kind", "finetune"}, {"method", "full"}, {"seq_len", 2048}, {"micro_batch", 1},
                   {"grad_checkpointing", true}, {"sharding", "zero2"}, {"dataset_tokens", 1e8}};
  for (auto it = extra.begin(); it != extra.end(); ++it) workload[it.key()] = it.value();
  return {{"model", sizer_test::llama_8b()}, {"workload", workload}, {"hardware", {{"gpu", "a100-80gb-sxm"}, {"count", 1}}}};
}

struct Run {
  TrainingMemory memory;
  TrainingPlacement placement;
  TrainingSpeed speed;
};

Run run(const Request& r, const char* gpu_id, int64_t gpus, double logits_copies = 1.0) {
  const Gpu& g = gpu(gpu_id);
  const Fabric fabric = training_fabric(g, g.interconnect_kind, std::min<int64_t>(gpus, 8), true);
  Run out;
  out.memory = training_memory(r.model, r.training, logits_copies);
  out.placement = place_training(r.model, r.training, out.memory, g, gpus, fabric, logits_copies);
  out.speed = training_speed(r.model, r.training, g, out.placement, out.memory, fabric);
  return out;
}

std::string first_error_path(const json& document) {
  const ParsedRequest p = parse_request(document, sizer_test::bundled());
  return p.errors.empty() ? std::string() : p.errors.front().path;
}

}  // namespace

TEST_CASE("offloading the optimizer, then the weights, lowers GPU memory, needs host RAM and slows the step",
          "[training][offload]") {
  // Llama 3.2 1B: its full fine-tune fits one 80 GB GPU without offload, so all three run.
  auto small = [](json extra) {
    json request = full_finetune_8b(std::move(extra));
    request["model"] = "llama-3.2-1b";
    return request;
  };
  const Request none = parsed(small(json::object()));
  const Request optimizer = parsed(small({{"offload", "optimizer"}}));
  const Request params = parsed(small({{"offload", "optimizer_and_params"}}));
  const double n = none.model.params_b * 1e9;
  const Run a = run(none, "a100-80gb-sxm", 1);
  const Run b = run(optimizer, "a100-80gb-sxm", 1);
  const Run c = run(params, "a100-80gb-sxm", 1);

  // GPU-resident state falls at each step; the host takes it.
  CHECK(b.memory.optimizer_bytes == 0);
  CHECK(b.memory.total_bytes < a.memory.total_bytes - 0.9 * a.memory.optimizer_bytes);
  CHECK(c.memory.total_bytes < b.memory.total_bytes - 0.8 * a.memory.weights_bytes);
  CHECK(a.memory.host_bytes == 0);
  // DeepSpeed's estimate: 16 B per parameter (12 optimizer + 4 fp32 gradients) × 1.5.
  CHECK(b.memory.host_bytes == Approx(n * 16.0 * 1.5).epsilon(0.01));
  CHECK(c.memory.host_bytes > b.memory.host_bytes);
  CHECK(c.placement.used_bytes_per_gpu < b.placement.used_bytes_per_gpu);

  // Each offload costs step time: the CPU optimizer and the PCIe copies.
  REQUIRE(a.placement.fits);
  REQUIRE(b.placement.fits);
  REQUIRE(c.placement.fits);
  CHECK(a.speed.step.offload_s == 0);
  CHECK(b.speed.step.offload_s > 0);
  CHECK(c.speed.step.offload_s > b.speed.step.offload_s);
  CHECK(b.speed.tokens_per_s < a.speed.tokens_per_s);
  CHECK(c.speed.tokens_per_s < b.speed.tokens_per_s);
}

TEST_CASE("a 70B full fine-tune that fits no single 80 GB GPU is offloaded on pinned hardware, with a note",
          "[training][offload]") {
  json request = full_finetune_8b();
  request["model"] = sizer_test::llama_70b();
  request["workload"]["sharding"] = "zero3";
  const json response = sizer_test::evaluate(request);
  INFO(response.dump().substr(0, 2000));
  REQUIRE(response["options"].size() == 1);
  const json& option = response["options"][0];
  CHECK(option["fits"] == true);
  bool noted = false;
  for (const json& n : option["notes"]) noted = noted || n["code"] == "offloaded";
  CHECK(noted);

  // Asked for no offload, it does not fit: the core does not override the request.
  request["workload"]["offload"] = "none";
  const json pinned = sizer_test::evaluate(request);
  CHECK(pinned["options"][0]["fits"] == false);
}

TEST_CASE("paged optimizer state spills to host RAM instead of failing, and the spill costs PCIe time",
          "[training][paged]") {
  // Full fine-tune of an 8B model on one 24 GB card: the weights alone are 16 GB; the 8-bit state with
  // its fp32 master copy (6 B per parameter, 48 GB) cannot stay on the GPU.
  json base = full_finetune_8b({{"optimizer", "adamw_8bit"}, {"optimizer_in_backward", true}, {"sharding", "none"}});
  base["hardware"] = {{"gpu", "rtx-4090"}, {"count", 1}};
  json paged = base;
  paged["workload"]["optimizer"] = "paged_adamw_8bit";
  const Run unpaged_run = run(parsed(base), "rtx-4090", 1);
  const Run paged_run = run(parsed(paged), "rtx-4090", 1);
  CHECK_FALSE(unpaged_run.placement.fits);
  REQUIRE(paged_run.placement.fits);
  CHECK(paged_run.placement.spilled_bytes_per_gpu > 0);
  CHECK(paged_run.placement.used_bytes_per_gpu <= paged_run.placement.usable_bytes_per_gpu);
  CHECK(paged_run.memory.pageable_bytes == paged_run.memory.optimizer_bytes);
  CHECK(paged_run.speed.step.offload_s > 0);

  // With room to spare nothing spills and nothing is paged.
  paged["hardware"] = {{"gpu", "h200-sxm"}, {"count", 1}};
  const Run roomy = run(parsed(paged), "h200-sxm", 1);
  REQUIRE(roomy.placement.fits);
  CHECK(roomy.placement.spilled_bytes_per_gpu == 0);
  CHECK(roomy.speed.step.offload_s == 0);
}

TEST_CASE("optimizer in backward holds one tensor's gradients and steps every micro-batch", "[training][memory]") {
  const Request plain = parsed(full_finetune_8b({{"sharding", "none"}}));
  const Request fused = parsed(full_finetune_8b({{"sharding", "none"}, {"optimizer_in_backward", true}}));
  const TrainingMemory a = training_memory(plain.model, plain.training, 1.0);
  const TrainingMemory b = training_memory(fused.model, fused.training, 1.0);
  CHECK(a.gradients_bytes == Approx(8.03e9 * 2.0));
  // The largest tensor of Llama 3.1 8B is the 128256 × 4096 embedding.
  CHECK(b.gradients_bytes == Approx(128256.0 * 4096.0 * 2.0));
  CHECK(b.total_bytes < a.total_bytes - 14e9);
  // No gradient accumulation: the step is one micro-batch per replica.
  CHECK(global_batch_tokens(fused.training, 4, 4) == Approx(4.0 * 2048.0));
  CHECK(global_batch_tokens(plain.training, 4, 4) > global_batch_tokens(fused.training, 4, 4));
}

TEST_CASE("activation offload and a fused loss lengthen the longest sequence; larger activations shorten it",
          "[training][memory][context]") {
  json qlora = {{"model", sizer_test::llama_8b()},
                {"workload",
                 {{"kind", "finetune"}, {"method", "qlora"}, {"lora_rank", 32}, {"seq_len", 2048},
                  {"grad_checkpointing", true}, {"sharding", "none"}, {"dataset_tokens", 1e7}}},
                {"hardware", {{"gpu", "rtx-4090"}, {"count", 1}}}};
  const Run plain = run(parsed(qlora), "rtx-4090", 1, 4.0);
  json offloaded = qlora;
  offloaded["workload"]["activation_offload"] = true;
  const Run moved = run(parsed(offloaded), "rtx-4090", 1, 4.0);
  json fused = offloaded;
  fused["workload"]["fused_loss"] = true;
  const Run both = run(parsed(fused), "rtx-4090", 1, 4.0);
  CHECK(moved.placement.max_seq_len > plain.placement.max_seq_len);
  CHECK(both.placement.max_seq_len > 2 * moved.placement.max_seq_len);
  CHECK(moved.memory.host_bytes == Approx(32.0 * 2.0 * 2048.0 * 4096.0));

  // More logits copies (more activation memory per token) give a shorter longest sequence.
  const Run one_copy = run(parsed(qlora), "rtx-4090", 1, 1.0);
  CHECK(one_copy.placement.max_seq_len > plain.placement.max_seq_len);
  // Without recomputation every layer keeps its full activations: much shorter still.
  json no_recompute = qlora;
  no_recompute["workload"]["grad_checkpointing"] = false;
  const Run full_acts = run(parsed(no_recompute), "rtx-4090", 1, 4.0);
  CHECK(full_acts.placement.max_seq_len < plain.placement.max_seq_len);
}

TEST_CASE("per-GPU utilisation falls as a fixed-batch run spreads over more GPUs", "[training][scale]") {
  json pretrain = {{"model", sizer_test::llama_70b()},
                   {"workload",
                    {{"kind", "pretrain"}, {"tokens", 1e12}, {"seq_len", 4096}, {"global_batch_tokens", 4194304},
                     {"sharding", "zero1"}}},
                   {"hardware", {{"gpu", "h100-sxm"}, {"count", 64}}}};
  const Request r = parsed(pretrain);
  double previous_mfu = 1.0;
  for (int64_t gpus : {64, 256, 1024}) {
    const Run x = run(r, "h100-sxm", gpus);
    REQUIRE(x.placement.fits);
    INFO(gpus << " GPUs: mfu " << x.speed.mfu);
    CHECK(x.speed.mfu < previous_mfu);
    previous_mfu = x.speed.mfu;
  }
}

TEST_CASE("goodput is below one and falls with the GPUs in the job (Llama 3: about 90% on 16,384)",
          "[training][goodput]") {
  CHECK(training_goodput(1) < 1.0);
  CHECK(training_goodput(1) > 0.999);
  CHECK(training_goodput(1024) < training_goodput(8));
  CHECK(training_goodput(16384) == Approx(0.90).margin(0.01));
  // The run's duration counts it; its throughput (and so MFU) does not.
  json pretrain = {{"model", sizer_test::llama_8b()},
                   {"workload", {{"kind", "pretrain"}, {"tokens", 1e12}, {"seq_len", 4096}, {"sharding", "zero1"}}},
                   {"hardware", {{"gpu", "h100-sxm"}, {"count", 512}}}};
  const Run x = run(parsed(pretrain), "h100-sxm", 512);
  REQUIRE(x.placement.fits);
  CHECK(x.speed.goodput == Approx(training_goodput(512)));
  CHECK(x.speed.train_s == Approx(1e12 / x.speed.tokens_per_s / x.speed.goodput));
  CHECK(x.speed.train_s > 1e12 / x.speed.tokens_per_s);
}

namespace {
// An 8 × H100 pretraining run of a probe model (GPT-style: ffn 4·hidden, heads of head_dim), ZeRO-3, no
// recompute: what the utilisation tests compare across sizes and precisions.
Run probe_pretrain(double params_b, int64_t hidden, int64_t layers, const char* precision, int64_t head_dim) {
  json model = {{"name", "probe"}, {"params_b", params_b}, {"layers", layers}, {"hidden", hidden},
                {"heads", hidden / head_dim}, {"kv_heads", hidden / head_dim}, {"head_dim", head_dim},
                {"ffn", 4 * hidden}, {"vocab", 50368}, {"max_context", 8192}};
  json request = {{"model", model},
                  {"workload",
                   {{"kind", "pretrain"}, {"tokens", 1e11}, {"seq_len", 2048}, {"precision", precision},
                    {"sharding", "zero3"}, {"grad_checkpointing", false}}},
                  {"hardware", {{"gpu", "h100-sxm"}, {"count", 8}}}};
  const Run x = run(parsed(request), "h100-sxm", 8);
  REQUIRE(x.placement.fits);
  return x;
}
}  // namespace

TEST_CASE("small models and FP8 reach a smaller share of peak (memory-bound kernels, 16-bit attention)",
          "[training][utilisation]") {
  auto mfu_of = [](double params_b, int64_t hidden, int64_t layers, const char* precision) {
    return probe_pretrain(params_b, hidden, layers, precision, 128).speed.mfu;
  };
  const double small_bf16 = mfu_of(1.3, 2048, 24, "bf16");
  const double large_bf16 = mfu_of(13.0, 5120, 40, "bf16");
  const double small_fp8 = mfu_of(1.3, 2048, 24, "fp8");
  const double large_fp8 = mfu_of(13.0, 5120, 40, "fp8");
  CHECK(small_bf16 < large_bf16);
  CHECK(small_fp8 < large_fp8);
  // FP8 doubles the GEMM rate only: measured against the FP8 peak, MFU is lower than bf16's against bf16,
  // and the gap is widest for the small model.
  CHECK(small_fp8 < small_bf16);
  CHECK(small_fp8 / small_bf16 < large_fp8 / large_bf16);
}

TEST_CASE("the memory options parse and bad values are rejected at their JSON Pointer", "[training][request]") {
  const Request r = parsed(full_finetune_8b({{"offload", "optimizer_and_params"}, {"optimizer_in_backward", true},
                                             {"activation_offload", true}, {"fused_loss", false},
                                             {"optimizer", "paged_adamw_32bit"}}));
  CHECK(r.training.offload == OffloadId::optimizer_and_params);
  CHECK(r.training.offload_given);
  CHECK(r.training.optimizer_in_backward);
  CHECK(r.training.activation_offload);
  REQUIRE(r.training.fused_loss.has_value());
  CHECK_FALSE(*r.training.fused_loss);
  CHECK(r.training.optimizer == OptimizerId::paged_adamw_32bit);
  const Request defaults = parsed(full_finetune_8b());
  CHECK(defaults.training.offload == OffloadId::none);
  CHECK_FALSE(defaults.training.offload_given);
  CHECK_FALSE(defaults.training.optimizer_in_backward);
  CHECK_FALSE(defaults.training.activation_offload);
  CHECK_FALSE(defaults.training.fused_loss.has_value());

  CHECK(first_error_path(full_finetune_8b({{"offload", "gpu"}})) == "/workload/offload");
  CHECK(first_error_path(full_finetune_8b({{"offload", 3}})) == "/workload/offload");
  CHECK(first_error_path(full_finetune_8b({{"optimizer_in_backward", "yes"}})) == "/workload/optimizer_in_backward");
  CHECK(first_error_path(full_finetune_8b({{"activation_offload", 1}})) == "/workload/activation_offload");
  CHECK(first_error_path(full_finetune_8b({{"fused_loss", "true"}})) == "/workload/fused_loss");
  CHECK(first_error_path(full_finetune_8b({{"optimizer", "paged_lion"}})) == "/workload/optimizer");

  // The message is in the request's language.
  json arabic = full_finetune_8b({{"offload", "gpu"}});
  arabic["locale"] = "ar";
  const json response = sizer_test::evaluate(arabic);
  REQUIRE(response["errors"].size() >= 1);
  CHECK(response["errors"][0]["path"] == "/workload/offload");
  const std::string message = response["errors"][0]["message"];
  const json english_response = sizer_test::evaluate(full_finetune_8b({{"offload", "gpu"}}));
  CHECK(message != english_response["errors"][0]["message"].get<std::string>());
}

TEST_CASE("host offload of a response is reported in memory.host_bytes", "[training][response]") {
  const json response = sizer_test::evaluate(full_finetune_8b({{"offload", "optimizer"}}));
  INFO(response.dump().substr(0, 1500));
  REQUIRE(response.contains("memory"));
  REQUIRE(response["memory"].contains("host_bytes"));
  CHECK(response["memory"]["host_bytes"].get<double>() > 1e11);
  const json plain = sizer_test::evaluate(full_finetune_8b());
  CHECK_FALSE(plain["memory"].contains("host_bytes"));
}

TEST_CASE("FP8 speeds a large model up more than a small one, and never by the full 2x of its GEMM peak",
          "[training][utilisation][fp8]") {
  // The FP8 casts (Transformer Engine's cast-transpose of every FP8 GEMM input) move bytes in proportion
  // to hidden while the GEMM FLOPs grow with hidden², and attention stays 16-bit.
  auto tokens_per_s = [](double params_b, int64_t hidden, int64_t layers, const char* precision) {
    return probe_pretrain(params_b, hidden, layers, precision, 64).speed.tokens_per_s;
  };
  const double small_gain = tokens_per_s(0.35, 1024, 24, "fp8") / tokens_per_s(0.35, 1024, 24, "bf16");
  const double large_gain = tokens_per_s(13.0, 5120, 40, "fp8") / tokens_per_s(13.0, 5120, 40, "bf16");
  CHECK(small_gain < large_gain);
  CHECK(large_gain > 1.0);
  CHECK(large_gain < 2.0);
}

TEST_CASE("every registered training constant moves some training prediction when the harness scales it",
          "[training][tunables]") {
  // The refit in scripts/accuracy.js can only move what reaches a prediction: each training.* name must
  // be read by the step it names (core/training.cpp, core/parallelism.cpp).
  auto with = [](json workload, const char* gpu_id, int64_t count, json model = sizer_test::llama_8b()) {
    json base = {{"kind", "pretrain"}, {"tokens", 1e11}, {"seq_len", 2048}};
    for (auto it = workload.begin(); it != workload.end(); ++it) base[it.key()] = it.value();
    return json{{"model", model}, {"workload", base}, {"hardware", {{"gpu", gpu_id}, {"count", count}}}};
  };
  const std::vector<json> probes = {
      with({{"precision", "bf16"}, {"sharding", "zero1"}, {"parallelism", {{"tensor", 2}, {"pipeline", 1}, {"data", 8}}}},
           "a100-80gb-sxm", 16),
      with({{"precision", "bf16"}, {"sharding", "zero1"}, {"parallelism", {{"tensor", 4}, {"pipeline", 1}, {"data", 4}}}},
           "h100-sxm", 16),
      with({{"precision", "fp8"}, {"sharding", "zero1"}}, "h100-sxm", 8),
      with({{"kind", "finetune"}, {"method", "lora"}, {"lora_rank", 16}, {"grad_checkpointing", true}, {"dataset_tokens", 1e7}},
           "rtx-4090", 1),
      with({{"kind", "finetune"}, {"method", "qlora"}, {"weights", "nf4"}, {"lora_rank", 16}, {"grad_checkpointing", true},
            {"dataset_tokens", 1e7}},
           "rtx-4090", 1),
      with({{"kind", "finetune"}, {"method", "full"}, {"offload", "optimizer"}, {"sharding", "zero2"},
            {"grad_checkpointing", true}, {"dataset_tokens", 1e7}},
           "a100-80gb-sxm", 1),
      with({{"precision", "bf16"}, {"sharding", "zero1"}, {"parallelism", {{"tensor", 1}, {"pipeline", 1}, {"data", 16}, {"expert", 8}}}},
           "h100-sxm", 16, "mixtral-8x7b"),
  };
  auto speeds = [&probes]() {
    std::vector<double> out;
    for (const json& p : probes) {
      const json response = sizer_test::evaluate(p);
      INFO(response.dump().substr(0, 400));
      REQUIRE(response["options"][0].contains("train_tokens_per_s"));
      out.push_back(response["options"][0]["train_tokens_per_s"].get<double>());
    }
    return out;
  };
  const std::vector<double> base = speeds();
  for (const std::string& name : tunable_names()) {
    if (name.rfind("training.", 0) != 0) continue;
    INFO(name);
    // Overlaps are clamped at 1 (all hidden): scale them down so the change shows.
    const double multiplier = name.find("overlap") != std::string::npos ? 0.5 : 1.3;
    REQUIRE(set_tunable_multipliers({{name, multiplier}}).empty());
    const std::vector<double> scaled = speeds();
    REQUIRE(set_tunable_multipliers({}).empty());
    bool moved = false;
    for (size_t i = 0; i < base.size(); ++i) moved = moved || std::abs(scaled[i] / base[i] - 1.0) > 1e-6;
    CHECK(moved);
  }
}

TEST_CASE("selective checkpointing sits between none and full: less memory than none, faster than full",
          "[training][checkpointing]") {
  // The same 8B full fine-tune on eight A100s (ZeRO-2): activations and step time with each setting.
  auto with = [](json checkpointing) {
    json request = full_finetune_8b({{"grad_checkpointing", checkpointing}, {"seq_len", 4096}});
    request["hardware"]["count"] = 8;
    return run(parsed(request), "a100-80gb-sxm", 8);
  };
  const Run none = with(false);
  const Run selective = with("selective");
  const Run full = with(true);
  CHECK(full.memory.activations_bytes < selective.memory.activations_bytes);
  CHECK(selective.memory.activations_bytes < none.memory.activations_bytes);
  // Recomputation costs FLOPs: half the matmuls again selectively, the whole forward with full.
  CHECK(none.speed.hardware_flops_per_token < selective.speed.hardware_flops_per_token);
  CHECK(selective.speed.hardware_flops_per_token < full.speed.hardware_flops_per_token);
  CHECK(selective.speed.tokens_per_s > full.speed.tokens_per_s);
  CHECK(selective.speed.tokens_per_s < none.speed.tokens_per_s);
  // The model's own FLOPs (for MFU) do not count the recomputation.
  CHECK(selective.speed.model_flops_per_token == Approx(full.speed.model_flops_per_token));
}

TEST_CASE("grad_checkpointing takes true, false or \"selective\"; another word is an error at its path, the response "
          "echoes the choice",
          "[training][checkpointing][request]") {
  CHECK(first_error_path(full_finetune_8b({{"grad_checkpointing", "selective"}})).empty());
  CHECK(first_error_path(full_finetune_8b({{"grad_checkpointing", "partial"}})) == "/workload/grad_checkpointing");
  // The error names every value the field takes, the booleans included.
  const json bad = sizer_test::evaluate(full_finetune_8b({{"grad_checkpointing", "full"}}));
  REQUIRE(bad["errors"].is_array());
  REQUIRE_FALSE(bad["errors"].empty());
  CHECK(bad["errors"][0]["message"].get<std::string>().find("selective") != std::string::npos);
  CHECK(bad["errors"][0]["message"].get<std::string>().find("true") != std::string::npos);
  CHECK(first_error_path(full_finetune_8b({{"grad_checkpointing", 1}})) == "/workload/grad_checkpointing");
  const json response = sizer_test::evaluate(full_finetune_8b({{"grad_checkpointing", "selective"}}));
  REQUIRE(response.value("ok", false));
  CHECK(response["workload"]["grad_checkpointing"] == "selective");
  CHECK(sizer_test::evaluate(full_finetune_8b({}))["workload"]["grad_checkpointing"] == true);
}

TEST_CASE("a run that fits only with recomputation recomputes selectively first, and fully only where that is not "
          "enough",
          "[training][checkpointing]") {
  // Llama 3.1 70B pretraining at 8k tokens on pinned H100s, checkpointing left to the core: TP 4 x PP 8 holds
  // eight micro-batches of activations on its first stage (selective recomputation makes room); TP 8 x PP 2 holds
  // a sixteenth of the weights and optimizer state per GPU, about 70 GB with no data parallelism to shard it
  // (only recomputing every layer's forward makes room).
  auto pretrain = [](int64_t tensor, int64_t pipeline, json checkpointing) {
    json workload = {{"kind", "pretrain"}, {"tokens", 1e10}, {"seq_len", 8192}, {"precision", "bf16"},
                     {"global_batch_tokens", 4194304}, {"parallelism", {{"tensor", tensor}, {"pipeline", pipeline}, {"data", 1}}}};
    if (!checkpointing.is_null()) workload["grad_checkpointing"] = checkpointing;
    const json request = {{"model", sizer_test::llama_70b()}, {"workload", workload},
                          {"hardware", {{"gpu", "h100-sxm"}, {"count", tensor * pipeline}}}};
    const json response = sizer_test::evaluate(request);
    REQUIRE(response.value("ok", false));
    return response["options"][0];
  };
  auto recompute_note = [](const json& option) {
    for (const json& n : option["notes"]) {
      if (n["code"] == "recomputed_activations") return n["text"].get<std::string>();
    }
    return std::string();
  };
  // Without recomputation neither layout holds the run in GPU memory: the pinned GPUs keep state in host RAM.
  auto offloaded = [](const json& option) {
    for (const json& n : option["notes"]) {
      if (n["code"] == "offloaded") return true;
    }
    return false;
  };
  CHECK(offloaded(pretrain(4, 8, false)));
  CHECK(offloaded(pretrain(8, 2, false)));

  const json selective_auto = pretrain(4, 8, nullptr);
  REQUIRE(selective_auto["fits"].get<bool>());
  const json selective = pretrain(4, 8, "selective");
  const json full = pretrain(4, 8, true);
  CHECK(selective_auto["mfu"].get<double>() == Approx(selective["mfu"].get<double>()));
  CHECK(selective_auto["mfu"].get<double>() > full["mfu"].get<double>());
  CHECK(recompute_note(selective_auto).find("selective") != std::string::npos);

  const json full_auto = pretrain(8, 2, nullptr);
  REQUIRE(full_auto["fits"].get<bool>());
  CHECK(offloaded(pretrain(8, 2, "selective")));
  CHECK_FALSE(offloaded(full_auto));
  CHECK_FALSE(offloaded(selective_auto));
  CHECK(full_auto["mfu"].get<double>() == Approx(pretrain(8, 2, true)["mfu"].get<double>()));
  const std::string full_text = recompute_note(full_auto);
  CHECK_FALSE(full_text.empty());
  CHECK(full_text.find("selective") == std::string::npos);
}

// What splitting a training run costs (core/parallelism.*) and how big runs are laid out.
#include <catch2/catch.hpp>

#include <cmath>

#include "capabilities.hpp"
#include "parallelism.hpp"
#include "support.hpp"
#include "training.hpp"

using namespace sizer;
using sizer::json;
using sizer_test::gpu;
using sizer_test::parsed;

namespace {

// A full fine-tune of Llama 3.2 1B (fits one 48–80 GB GPU), no recomputation, 256k-token steps.
json small_full_finetune() {
  return {{"model", "llama-3.2-1b"},
          {"workload",
           {{"kind", "finetune"}, {"method", "full"}, {"seq_len", 2048}, {"micro_batch", 4},
            {"grad_checkpointing", false}, {"sharding", "none"}, {"dataset_tokens", 1e9}}}};
}

// The step time of plain data parallelism worked out by hand: compute over every GPU at the kernel
// utilisation, plus the part of the ring all-reduce of the bf16 gradients that the backward cannot hide.
double hand_step_s(const Request& r, const TrainingSpeed& s, int64_t gpus, double link_gbs_one_way,
                   double latency_s) {
  const double params = r.model.params_b * 1e9;
  const double tokens_per_step = s.step.tokens_per_step;
  const double compute = tokens_per_step * s.hardware_flops_per_token /
                         (static_cast<double>(gpus) * s.peak_flops_per_gpu * s.utilisation);
  const double n = static_cast<double>(gpus);
  const double ring = 2.0 * (n - 1.0) / n * params * 2.0 / (link_gbs_one_way * 1e9) + 2.0 * (n - 1.0) * latency_s;
  // Unsharded gradients are all-reduced once, during the last micro-batch's backward pass (4 of its 6·N).
  const double last_backward = compute / static_cast<double>(s.step.micro_batches) * (2.0 / 3.0);
  return compute + std::max(0.0, ring - kDataParallelOverlap * last_backward);
}

}  // namespace

TEST_CASE("data-parallel training over each link pays the all-reduce that link allows", "[parallelism][property]") {
  const Request r = parsed(small_full_finetune());
  const TrainingWorkload& w = r.training;
  const TrainingMemory memory = training_memory(r.model, w, 1.0);

  struct LinkCase {
    const char* name;
    const char* gpu;
    const char* interconnect;
    int64_t gpus, gpus_per_node;
    bool fabric;
  };
  const LinkCase cases[] = {
      {"8 x L40S over PCIe Gen4", "l40s", "pcie", 8, 8, false},
      {"8 x H100 over NVLink", "h100-sxm", "nvlink", 8, 8, false},
      {"4 hosts x 1 L40S over Ethernet", "l40s", "pcie", 4, 1, false},
      {"2 hosts x 8 A100 over Ethernet", "a100-80gb-sxm", "nvlink", 16, 8, false},
      {"2 hosts x 8 H100 over a fabric", "h100-sxm", "nvlink", 16, 8, true},
  };
  for (const LinkCase& c : cases) {
    INFO(c.name);
    const Gpu& g = gpu(c.gpu);
    const Fabric fabric = training_fabric(g, *sizer::from_id<sizer::InterconnectId>(c.interconnect), c.gpus_per_node, c.fabric);
    // The link a data-parallel ring crossing nodes uses, worked out from the constants by hand.
    double link = 0;
    double latency = 0;
    if (c.gpus > c.gpus_per_node) {
      link = c.fabric ? kFabricGbsPerGpuHopper * kLinkEfficiency
                      : kEthernetGbsPerNode / static_cast<double>(c.gpus_per_node) * kLinkEfficiency;
      latency = c.fabric ? kFabricLatencyS : kEthernetLatencyS;
    } else {
      const bool nvlink = std::string(c.interconnect) == "nvlink";
      link = (nvlink ? g.interconnect_bandwidth_gbs : g.pcie_bandwidth_gbs) / 2.0 * kLinkEfficiency;
      latency = nvlink ? kNvlinkLatencyS : kPcieLatencyS;
    }
    TrainingPlacement placement;
    placement.gpus = c.gpus;
    placement.data = c.gpus;
    placement.sharding = sizer::ShardingId::none;
    placement.fits = true;
    const TrainingSpeed s = training_speed(r.model, w, g, placement, memory, fabric);
    const double expected_step = hand_step_s(r, s, c.gpus, link, latency);
    CHECK(s.step.step_s == Approx(expected_step).epsilon(1e-6));
    const double expected_train_s = w.tokens / (s.step.tokens_per_step / expected_step);
    CHECK(s.train_s >= expected_train_s * (1.0 - 1e-9));
    // And never faster than one GPU's compute divided by the GPU count.
    TrainingPlacement one = placement;
    one.gpus = 1;
    one.data = 1;
    const TrainingSpeed single = training_speed(r.model, w, g, one, memory, fabric);
    CHECK(s.train_s >= single.train_s / static_cast<double>(c.gpus) * (1.0 - 1e-9));
  }
}

TEST_CASE("more GPUs help a small model only where the link keeps up", "[parallelism][property]") {
  const Request r = parsed(small_full_finetune());
  const TrainingMemory memory = training_memory(r.model, r.training, 1.0);
  const Gpu& l40s = gpu("l40s");
  auto job_s = [&](int64_t gpus, int64_t per_node, bool fabric) {
    TrainingPlacement p;
    p.gpus = gpus;
    p.data = gpus;
    p.sharding = sizer::ShardingId::none;
    p.fits = true;
    return training_speed(r.model, r.training, l40s, p, memory, training_fabric(l40s, sizer::InterconnectId::pcie, per_node, fabric)).train_s;
  };
  // Inside one box, 8 GPUs beat 1 by a lot; over Ethernet, 8 single-GPU hosts gain less than 8× and
  // less than the same 8 GPUs in one box.
  CHECK(job_s(8, 8, false) < job_s(1, 1, false) / 4.0);
  CHECK(job_s(8, 1, false) > job_s(1, 1, false) / 8.0);
  CHECK(job_s(8, 1, false) > job_s(8, 8, false));
  // A cluster fabric recovers most of it.
  CHECK(job_s(8, 1, true) < job_s(8, 1, false));
}

TEST_CASE("ZeRO-3 pays the weight all-gathers on top of the gradient reduce", "[parallelism]") {
  const Request r = parsed(small_full_finetune());
  const Gpu& g = gpu("l40s");
  const Fabric fabric = training_fabric(g, sizer::InterconnectId::pcie, 1, false);  // every GPU its own host
  Layout layout{1, 1, 8, 1};
  StepInputs in;
  in.hardware_flops_per_token = 6e9;
  in.peak_flops_per_gpu = 362e12;
  in.kernel_utilisation = 0.45;
  in.trainable_params = 1.24e9;
  in.gathered_weight_bytes = 2.48e9;
  in.global_batch_tokens = 262144;
  const StepTime plain = step_time(r.model, r.training, layout, fabric, in);
  in.zero3 = true;
  const StepTime zero3 = step_time(r.model, r.training, layout, fabric, in);
  CHECK(zero3.data_parallel_s > plain.data_parallel_s);
  // Ring all-reduce 2(n−1)/n vs reduce-scatter (n−1)/n + 2 all-gathers (n−1)/n of the same bytes: 1.5×
  // the traffic, all of it exposed at this link speed.
  const double n = 8;
  const double ring_s = 2 * (n - 1) / n * 2.48e9 / (fabric.inter_gbs * 1e9);
  const double last_backward = plain.compute_s / static_cast<double>(plain.micro_batches) * (2.0 / 3.0);
  CHECK(plain.data_parallel_s == Approx(ring_s - kDataParallelOverlap * last_backward).epsilon(0.01));
}

TEST_CASE("pipeline bubble follows (p − 1) / (v·m + p − 1)", "[parallelism]") {
  const Request r = parsed({{"model", "llama-3.1-70b"},
                            {"workload", {{"kind", "pretrain"}, {"tokens", 1e12}, {"global_batch_tokens", 4194304}}}});
  const Gpu& g = gpu("h100-sxm");
  const Fabric fabric = training_fabric(g, sizer::InterconnectId::nvlink, 8, true);
  const Layout layout{8, 4, 4, 1};
  StepInputs in;
  in.hardware_flops_per_token = 6 * 70e9;
  in.peak_flops_per_gpu = 989e12;
  in.kernel_utilisation = 0.5;
  in.trainable_params = 70e9;
  in.global_batch_tokens = 4194304;
  const StepTime t = step_time(r.model, r.training, layout, fabric, in);
  const double m = 4194304.0 / 4 / 4096;  // tokens per replica / tokens per micro-batch
  CHECK(t.micro_batches == static_cast<int64_t>(m));
  const double v = pipeline_chunks(r.model, layout);  // 80 layers / 4 stages: 4 chunks
  CHECK(v == 4);
  CHECK(t.bubble_fraction == Approx(3.0 / (v * m + 3.0)));
}

namespace {

struct BigRun {
  const char* name;
  json request;
  double mfu_low, mfu_high;  // the published range this class of run reaches
};

}  // namespace

TEST_CASE("runs on hundreds to thousands of GPUs fit with a layout and a published-range MFU", "[parallelism][scale]") {
  auto pretrain = [](const json& model, double tokens, const char* gpu, int64_t count, json extra) {
    json w = {{"kind", "pretrain"}, {"tokens", tokens}};
    for (auto& [k, v] : extra.items()) w[k] = v;
    return json{{"model", model}, {"workload", w}, {"hardware", {{"gpu", gpu}, {"count", count}}}};
  };
  const json gpt3 = {{"name", "GPT-3 175B"}, {"params_b", 175}, {"layers", 96}, {"hidden", 12288}, {"heads", 96},
                     {"kv_heads", 96}, {"head_dim", 128}, {"ffn", 49152}, {"vocab", 50257}, {"max_context", 2048}};
  const json mt_nlg = {{"name", "MT-NLG 530B"}, {"params_b", 530}, {"layers", 105}, {"hidden", 20480}, {"heads", 128},
                       {"kv_heads", 128}, {"head_dim", 160}, {"ffn", 81920}, {"vocab", 51200}, {"max_context", 2048}};
  const json mixtral = {{"name", "Mixtral 8x22B"}, {"params_b", 141}, {"active_params_b", 39}, {"layers", 56},
                        {"hidden", 6144}, {"heads", 48}, {"kv_heads", 8}, {"head_dim", 128}, {"ffn", 16384},
                        {"vocab", 32768}, {"max_context", 65536}, {"experts", 8}, {"experts_per_token", 2}};
  const BigRun runs[] = {
      // Narayanan et al. 2021: 138–163 TFLOP/s per A100 (44–52% of peak) from 1,024 to 3,072 GPUs.
      {"GPT-3 175B on 1,024 A100, layout chosen",
       pretrain(gpt3, 3e11, "a100-80gb-sxm", 1024, {{"seq_len", 2048}, {"global_batch_tokens", 1536 * 2048}}), 0.35, 0.60},
      // Smith et al. 2022 (MT-NLG): 113–126 TFLOP/s per A100 (36–40%) on 2,240–3,360 GPUs with TP 8 × PP 35.
      {"MT-NLG 530B on 2,240 A100, TP 8 x PP 35 x DP 8",
       pretrain(mt_nlg, 2.7e11, "a100-80gb-sxm", 2240,
                {{"seq_len", 2048}, {"global_batch_tokens", 1920 * 2048},
                 {"parallelism", {{"tensor", 8}, {"pipeline", 35}, {"data", 8}}}}),
       0.28, 0.55},
      // Dubey et al. 2024 (Llama 3): 38–43% BF16 MFU on 8k–16k H100 with TP 8, PP 16.
      {"Llama 3.1 405B on 16,384 H100, TP 8 x PP 16 x DP 128",
       pretrain("llama-3.1-405b", 1.56e13, "h100-sxm", 16384,
                {{"seq_len", 8192}, {"global_batch_tokens", 16 * 1048576},
                 {"parallelism", {{"tensor", 8}, {"pipeline", 16}, {"data", 128}}}}),
       0.25, 0.50},
      // MoE: expert-parallel runs reach lower MFU than dense ones (DeepSeek-V3 on H800: ~0.2 of the
      // FP8-era BF16 peak from its GPU-hours; Megatron-Core MoE reports 30–45% on H100).
      {"Mixtral 8x22B on 256 H100, layout chosen", pretrain(mixtral, 1e12, "h100-sxm", 256, {{"seq_len", 4096}}), 0.15,
       0.50},
      {"Mixtral 8x22B on 256 H100, TP 2 x PP 4 x DP 32 with EP 8",
       pretrain(mixtral, 1e12, "h100-sxm", 256,
                {{"seq_len", 4096}, {"parallelism", {{"tensor", 2}, {"pipeline", 4}, {"data", 32}, {"expert", 8}}}}),
       0.15, 0.50},
  };
  for (const BigRun& run : runs) {
    INFO(run.name);
    const json r = sizer_test::evaluate(run.request);
    REQUIRE(r["ok"] == true);
    const json& o = r["options"][0];
    INFO(o.dump().substr(0, 600));
    CHECK(o["fits"] == true);
    const json& p = o["parallelism"];
    const int64_t product = p["tensor"].get<int64_t>() * p["pipeline"].get<int64_t>() * p["data"].get<int64_t>();
    CHECK(product == o["gpus"].get<int64_t>());
    if (run.request["workload"].contains("parallelism")) {
      CHECK(p["tensor"] == run.request["workload"]["parallelism"]["tensor"]);
      CHECK(p["pipeline"] == run.request["workload"]["parallelism"]["pipeline"]);
    }
    CHECK(o["mfu"].get<double>() >= run.mfu_low);
    CHECK(o["mfu"].get<double>() <= run.mfu_high);
  }
}

TEST_CASE("a pinned layout must multiply to the pinned GPUs", "[parallelism][request]") {
  const json bad = {{"model", "llama-3.1-70b"},
                    {"workload", {{"kind", "pretrain"}, {"parallelism", {{"tensor", 8}, {"pipeline", 2}, {"data", 3}}}}},
                    {"hardware", {{"gpu", "h100-sxm"}, {"count", 64}}}};
  const json r = sizer_test::evaluate(bad);
  CHECK(r["ok"] == false);
  CHECK(r["errors"][0]["path"] == "/workload/parallelism");
  const json bad_expert = {{"model", "llama-3.1-70b"},
                           {"workload", {{"kind", "pretrain"}, {"parallelism", {{"data", 6}, {"expert", 4}}}}}};
  CHECK(sizer_test::evaluate(bad_expert)["errors"][0]["path"] == "/workload/parallelism/expert");
}

TEST_CASE("an expert group across nodes sends each token once to each node that holds its experts", "[parallelism][moe]") {
  // DeepSeek-V3's shape (256 experts, top-8) on 8-GPU H100 nodes with a cluster fabric, one micro-batch of 4096.
  const Request r = parsed({{"model", "deepseek-v3"},
                            {"workload",
                             {{"kind", "pretrain"}, {"tokens", 1e12}, {"seq_len", 4096}, {"micro_batch", 1},
                              {"global_batch_tokens", 4096 * 64}}}});
  const Fabric fabric = training_fabric(gpu("h100-sxm"), sizer::InterconnectId::nvlink, 8, true);
  StepInputs in;
  in.hardware_flops_per_token = 3e11;
  in.peak_flops_per_gpu = 989e12;
  in.kernel_utilisation = 0.5;
  in.trainable_params = 671e9;
  in.gathered_weight_bytes = 0;
  in.global_batch_tokens = 4096.0 * 64;
  const double token_bytes = 4096.0 * static_cast<double>(r.model.hidden) * 2.0;
  const double k = static_cast<double>(r.model.experts_per_token);
  auto all_to_all_s = [&](int64_t expert) {
    return step_time(r.model, r.training, Layout{1, 1, 64, expert}, fabric, in).expert_all_to_all_s;
  };
  // One fabric crossing per all-to-all (dispatch, combine, forward and backward: 4 a layer) of the layers.
  const double per_crossing = 4.0 * static_cast<double>(r.model.layers) * (1.0 - expert_parallel_overlap());
  for (const int64_t expert : {16, 32, 64}) {
    INFO("expert parallel " << expert);
    const double nodes = static_cast<double>(expert) / 8.0;
    const double other_nodes = (nodes - 1.0) * (1.0 - std::pow(1.0 - 1.0 / nodes, k));
    const double fabric_s = token_bytes * other_nodes / (fabric.inter_gbs * 1e9) + fabric.inter_latency_s;
    CHECK(all_to_all_s(expert) == Approx(per_crossing * fabric_s).epsilon(1e-9));
    // Fewer bytes cross the fabric than if every routed copy outside the GPU did.
    const double every_copy_s = (static_cast<double>(expert) - 1.0) / static_cast<double>(expert) * k * token_bytes /
                                (fabric.inter_gbs * 1e9);
    CHECK(all_to_all_s(expert) < per_crossing * every_copy_s);
  }
  // More nodes in the group: more of each token's experts sit on other nodes.
  CHECK(all_to_all_s(16) < all_to_all_s(32));
  CHECK(all_to_all_s(32) < all_to_all_s(64));
  // Inside one node every routed copy crosses NVLink.
  const double nvlink_s = 7.0 / 8.0 * k * token_bytes / (fabric.intra_gbs * 1e9) + fabric.intra_latency_s;
  CHECK(all_to_all_s(8) == Approx(per_crossing * nvlink_s).epsilon(1e-9));
}

TEST_CASE("context parallelism splits each sequence's activations and pays the ring's K/V sends", "[parallelism][context]") {
  // Llama 3.1 8B pretraining at 65,536 tokens a sequence on 8 H100s, the layout pinned with and without context 4.
  auto request = [](int64_t context) {
    return sizer::json{{"model", "llama-3.1-8b"},
                       {"workload",
                        {{"kind", "pretrain"}, {"tokens", 1e11}, {"seq_len", 65536}, {"micro_batch", 1},
                         {"grad_checkpointing", true}, {"sharding", "zero1"},
                         {"parallelism", {{"tensor", 1}, {"pipeline", 1}, {"data", 8 / context}, {"context", context}}}}},
                       {"hardware", {{"gpu", "h100-sxm"}, {"count", 8}}}};
  };
  const sizer::json plain = sizer::evaluate_text(request(1).dump(), sizer_test::bundled());
  const sizer::json split = sizer::evaluate_text(request(4).dump(), sizer_test::bundled());
  REQUIRE(plain.at("ok") == true);
  REQUIRE(split.at("ok") == true);
  CHECK(split["options"][0]["parallelism"]["context"] == 4);
  CHECK_FALSE(plain["options"][0]["parallelism"].contains("context"));
  // Less memory per GPU (the activations are split four ways), a longer sequence fits.
  CHECK(split["options"][0]["used_bytes_per_gpu"].get<double>() < plain["options"][0]["used_bytes_per_gpu"].get<double>());
  CHECK(split["options"][0]["max_context_tokens"].get<double>() > plain["options"][0]["max_context_tokens"].get<double>());
  // The step shows the ring's exposed sends as their own term; none without context parallelism.
  auto term = [](const sizer::json& r, const char* name) { return sizer_test::explained(r, "train_s", name); };
  CHECK(term(plain, "context_parallel_s") == 0.0);
  CHECK(term(split, "context_parallel_s") >= 0.0);
  // The context group counts in the layout's product: 1 × 1 × 4 × 4 is not the 8 pinned GPUs.
  sizer::json wrong = request(4);
  wrong["workload"]["parallelism"]["data"] = 4;
  const sizer::json refused = sizer::evaluate_text(wrong.dump(), sizer_test::bundled());
  CHECK(refused.at("ok") == false);
  CHECK(refused["errors"][0]["code"] == "invalid_layout");
  CHECK(refused["errors"][0]["path"] == "/workload/parallelism");
}

TEST_CASE("long sequences are offered context-parallel layouts, short ones are not", "[parallelism][context]") {
  const Request r = parsed(small_full_finetune());
  auto any_context = [](const std::vector<Layout>& ls) {
    for (const Layout& l : ls) {
      if (l.context > 1) return true;
    }
    return false;
  };
  CHECK_FALSE(any_context(candidate_layouts(r.model, 8, 8, 4096)));
  const std::vector<Layout> long_ones = candidate_layouts(r.model, 8, 8, 65536);
  CHECK(any_context(long_ones));
  for (const Layout& l : long_ones) {
    CHECK(l.gpus() == 8);
    CHECK(l.tensor * l.context <= 8);
  }
}

// What each GPU generation runs natively, and how formats it lacks run (core/capabilities.hpp).
#include <catch2/catch.hpp>

#include "capabilities.hpp"
#include "support.hpp"

using namespace sizer;
using sizer_test::gpu;

TEST_CASE("capabilities follow the architecture generation", "[capabilities]") {
  CHECK(capabilities_of(gpu("v100-16gb")).family == ArchFamily::volta);
  CHECK_FALSE(capabilities_of(gpu("v100-16gb")).bf16);
  CHECK_FALSE(capabilities_of(gpu("t4")).bf16);
  CHECK(capabilities_of(gpu("t4")).flash_attention == 0);
  CHECK(capabilities_of(gpu("a100-80gb-sxm")).flash_attention == 2);
  CHECK_FALSE(capabilities_of(gpu("a100-80gb-sxm")).fp8);
  CHECK(capabilities_of(gpu("l40s")).fp8);
  CHECK(capabilities_of(gpu("h100-sxm")).flash_attention == 3);
  CHECK_FALSE(capabilities_of(gpu("h100-sxm")).fp4);
  CHECK(capabilities_of(gpu("b200")).fp4);
  CHECK(capabilities_of(gpu("mi300x")).fp8);
  CHECK_FALSE(capabilities_of(gpu("mi250")).fp8);
  // Every catalog GPU of kind gpu has a known generation.
  for (const Gpu& g : sizer_test::bundled().gpus) {
    if (g.kind != sizer::HardwareKindId::gpu) continue;
    INFO(g.id << " " << g.architecture);
    CHECK(capabilities_of(g).family != ArchFamily::unknown);
    CHECK(capabilities_of(g).family != ArchFamily::other);
  }
}

TEST_CASE("the architecture family is read whatever the letters' case, and only from the words it names",
          "[capabilities]") {
  CHECK(arch_family("Hopper", "NVIDIA") == ArchFamily::hopper);
  CHECK(arch_family("NVIDIA HOPPER", "") == ArchFamily::hopper);
  CHECK(arch_family("ada lovelace", "NVIDIA") == ArchFamily::ada);
  CHECK(arch_family("AMD CDNA3", "AMD") == ArchFamily::cdna3);
  CHECK(arch_family("CDNA 2", "AMD") == ArchFamily::cdna2);
  CHECK(arch_family("BlackWell Ultra", "NVIDIA") == ArchFamily::blackwell);
  // Asked again after another architecture (arch_family remembers its last answer).
  CHECK(arch_family("Volta", "NVIDIA") == ArchFamily::volta);
  CHECK(arch_family("Hopper", "NVIDIA") == ArchFamily::hopper);
  // Not a family it knows: a name of its own, an accented spelling, a word cut short; nothing given at all.
  CHECK(arch_family("Maxwell", "NVIDIA") == ArchFamily::other);
  CHECK(arch_family("Amp\u00e8re", "NVIDIA") == ArchFamily::other);
  CHECK(arch_family("Hoppe", "NVIDIA") == ArchFamily::other);
  CHECK(arch_family("", "") == ArchFamily::unknown);
}

TEST_CASE("formats a GPU lacks run the way engines run them", "[capabilities]") {
  // bf16 on Volta/Turing runs as fp16.
  CHECK(weight_kernel(gpu("v100-16gb"), *sizer::from_id<sizer::WeightFormatId>("bf16")).path == KernelPath::as_fp16);
  CHECK(weight_kernel(gpu("t4"), *sizer::from_id<sizer::WeightFormatId>("bf16")).path == KernelPath::as_fp16);
  CHECK(weight_kernel(gpu("a10g"), *sizer::from_id<sizer::WeightFormatId>("bf16")).path == KernelPath::native);
  // fp8 weights: native on Ada/Hopper, weight-only on Ampere, no kernel before Ampere.
  CHECK(weight_kernel(gpu("h100-sxm"), *sizer::from_id<sizer::WeightFormatId>("fp8")).path == KernelPath::native);
  CHECK(weight_kernel(gpu("a100-80gb-sxm"), *sizer::from_id<sizer::WeightFormatId>("fp8")).path == KernelPath::weight_only);
  CHECK(weight_kernel(gpu("a100-80gb-sxm"), *sizer::from_id<sizer::WeightFormatId>("fp8")).missing == "FP8 tensor cores");
  CHECK(weight_kernel(gpu("v100-16gb"), *sizer::from_id<sizer::WeightFormatId>("fp8")).path == KernelPath::none);
  // fp4: native on Blackwell only.
  CHECK(weight_kernel(gpu("b200"), *sizer::from_id<sizer::WeightFormatId>("fp4")).path == KernelPath::native);
  CHECK(weight_kernel(gpu("h100-sxm"), *sizer::from_id<sizer::WeightFormatId>("fp4")).path == KernelPath::weight_only);
  CHECK(weight_kernel(gpu("t4"), *sizer::from_id<sizer::WeightFormatId>("fp4")).path == KernelPath::none);
  // int8 W8A8 needs int8 tensor cores: Turing has them, Volta does not.
  CHECK(weight_kernel(gpu("t4"), *sizer::from_id<sizer::WeightFormatId>("int8")).path == KernelPath::native);
  CHECK(weight_kernel(gpu("v100-16gb"), *sizer::from_id<sizer::WeightFormatId>("int8")).path == KernelPath::none);
  // Weight-only formats run everywhere at the 16-bit rate.
  CHECK(weight_kernel(gpu("v100-16gb"), *sizer::from_id<sizer::WeightFormatId>("int4")).path == KernelPath::weight_only);
  CHECK(weight_kernel(gpu("v100-16gb"), *sizer::from_id<sizer::WeightFormatId>("int4")).compute == "fp16");
  CHECK(weight_kernel(gpu("h100-sxm"), *sizer::from_id<sizer::WeightFormatId>("gguf-q4_k_m")).compute == "bf16");
}

namespace {

sizer::json pinned(const char* gpu, const char* weights, const char* kind = "inference") {
  sizer::json w = {{"kind", kind}, {"weights", weights}};
  if (std::string(kind) == "inference") {
    w["prompt_tokens"] = 2000;
    w["output_tokens"] = 200;
    w["concurrency"] = 4;
  }
  return {{"model", "llama-3.1-8b"}, {"workload", w}, {"hardware", {{"gpu", gpu}, {"count", 1}}}};
}

bool has_note(const sizer::json& option, const char* code) {
  for (const auto& n : option["notes"]) {
    if (n["code"] == code) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("fp8 weights pinned on a GPU without FP8 run weight-only at the 16-bit rate", "[capabilities]") {
  const auto a100_fp8 = sizer_test::evaluate(pinned("a100-80gb-sxm", "fp8"));
  const auto a100_bf16 = sizer_test::evaluate(pinned("a100-80gb-sxm", "bf16"));
  const auto h100_fp8 = sizer_test::evaluate(pinned("h100-sxm", "fp8"));
  const auto h100_bf16 = sizer_test::evaluate(pinned("h100-sxm", "bf16"));
  const auto& o = a100_fp8["options"][0];
  REQUIRE(o["fits"] == true);
  CHECK(has_note(o, "no_native_compute"));  // the warning names the missing feature
  CHECK_FALSE(has_note(h100_fp8["options"][0], "no_native_compute"));
  // Memory: the bytes shrink everywhere.
  CHECK(a100_fp8["memory"]["weights_bytes"].get<double>() < 0.6 * a100_bf16["memory"]["weights_bytes"].get<double>());
  // Speed: decode (bandwidth-bound) gains from the smaller weights on both GPUs ...
  CHECK(o["decode_output_tokens_per_s_per_user"].get<double>() >
        a100_bf16["options"][0]["decode_output_tokens_per_s_per_user"].get<double>());
  // ... but the compute-bound prefill gains only where FP8 tensor cores exist.
  const double a100_ttft_ratio = o["ttft_s"].get<double>() / a100_bf16["options"][0]["ttft_s"].get<double>();
  const double h100_ttft_ratio =
      h100_fp8["options"][0]["ttft_s"].get<double>() / h100_bf16["options"][0]["ttft_s"].get<double>();
  CHECK(a100_ttft_ratio > 0.9);
  CHECK(h100_ttft_ratio < 0.9);
}

TEST_CASE("fp8 and fp4 weights before Ampere have no kernel: the option does not run", "[capabilities]") {
  for (const char* gpu : {"v100-16gb", "t4"}) {
    for (const char* weights : {"fp8", "fp4"}) {
      INFO(gpu << " " << weights);
      const auto r = sizer_test::evaluate(pinned(gpu, weights));
      REQUIRE(r["ok"] == true);
      const auto& o = r["options"][0];
      CHECK(o["fits"] == false);
      CHECK(has_note(o, "no_kernel"));
      CHECK_FALSE(o.contains("decode_output_tokens_per_s_per_user"));
    }
  }
}

TEST_CASE("fp4 weights on Hopper run weight-only; natively on Blackwell", "[capabilities]") {
  const auto h100 = sizer_test::evaluate(pinned("h100-sxm", "fp4"));
  const auto b200 = sizer_test::evaluate(pinned("b200", "fp4"));
  CHECK(has_note(h100["options"][0], "no_native_compute"));
  CHECK_FALSE(has_note(b200["options"][0], "no_native_compute"));
  // 4.5 bits per weight in memory either way.
  CHECK(h100["memory"]["weights_bytes"].get<double>() == Approx(b200["memory"]["weights_bytes"].get<double>()));
}

TEST_CASE("bf16 on Volta and Turing runs as fp16: same memory and speed, with the warning", "[capabilities]") {
  for (const char* gpu : {"v100-32gb", "t4"}) {
    INFO(gpu);
    const auto bf16 = sizer_test::evaluate(pinned(gpu, "bf16"));
    const auto fp16 = sizer_test::evaluate(pinned(gpu, "fp16"));
    REQUIRE(bf16["options"][0]["fits"] == fp16["options"][0]["fits"]);
    if (bf16["options"][0]["fits"] != true) continue;
    CHECK(has_note(bf16["options"][0], "bf16_as_fp16"));
    CHECK_FALSE(has_note(fp16["options"][0], "bf16_as_fp16"));
    CHECK(has_note(bf16["options"][0], "no_flash_attention"));
    CHECK(bf16["options"][0]["ttft_s"].get<double>() == Approx(fp16["options"][0]["ttft_s"].get<double>()));
    CHECK(bf16["memory"]["total_bytes"].get<double>() == Approx(fp16["memory"]["total_bytes"].get<double>()));
  }
}

TEST_CASE("training in fp8 without FP8 tensor cores runs bf16; bf16 training on Volta is fp16", "[capabilities]") {
  auto train = [](const char* gpu, const char* precision) {
    return sizer_test::evaluate({{"model", "llama-3.2-1b"},
                                 {"workload", {{"kind", "pretrain"}, {"tokens", 1e9}, {"precision", precision}}},
                                 {"hardware", {{"gpu", gpu}, {"count", 1}}}});
  };
  const auto a100_fp8 = train("a100-80gb-sxm", "fp8");
  const auto a100_bf16 = train("a100-80gb-sxm", "bf16");
  CHECK(has_note(a100_fp8["options"][0], "no_fp8_training"));
  CHECK(a100_fp8["options"][0]["train_s"].get<double>() == Approx(a100_bf16["options"][0]["train_s"].get<double>()));
  const auto h100_fp8 = train("h100-sxm", "fp8");
  const auto h100_bf16 = train("h100-sxm", "bf16");
  CHECK_FALSE(has_note(h100_fp8["options"][0], "no_fp8_training"));
  CHECK(h100_fp8["options"][0]["train_s"].get<double>() < h100_bf16["options"][0]["train_s"].get<double>());
  const auto v100 = train("v100-32gb", "bf16");
  CHECK(has_note(v100["options"][0], "bf16_as_fp16"));
  CHECK(has_note(v100["options"][0], "no_flash_attention"));
}

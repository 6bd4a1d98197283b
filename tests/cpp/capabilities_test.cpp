// What each GPU generation runs natively, and how formats it lacks run (core/capabilities.hpp).
#include <catch2/catch.hpp>

#include "capabilities.hpp"
#include "support.hpp"

using namespace sizer;

namespace {
const Gpu& gpu(const char* id) {
  const Gpu* g = sizer_test::bundled().find_gpu(id);
  REQUIRE(g != nullptr);
  return *g;
}
}  // namespace

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

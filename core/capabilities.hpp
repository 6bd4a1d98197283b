// What a GPU runs natively, by architecture, and how engines run what it lacks.
//
// Tensor-core formats by generation (NVIDIA architecture whitepapers; AMD CDNA whitepapers):
//   Pascal     (sm60): no tensor cores; fp16 at the CUDA-core rate.
//   Volta      (sm70): fp16 tensor cores only: no bf16, no int8/fp8/fp4 tensor paths.
//   Turing     (sm75): fp16 and int8/int4 tensor cores; no bf16.
//   Ampere     (sm80/86): + bf16, tf32; int8. No fp8.
//   Ada        (sm89): + fp8 (E4M3/E5M2).        Hopper (sm90): + fp8 (Transformer Engine).
//   Blackwell  (sm100/120): + fp4 (NVFP4/MXFP4).
//   CDNA 2 (MI200): bf16/fp16, int8; no fp8.    CDNA 3 (MI300): + fp8.    CDNA 4 (MI350): + fp4.
// The catalog's `tflops` say the same thing per GPU (null = no hardware path); the architecture adds what
// rates cannot: which kernels exist.
// Kernels for formats a GPU lacks (vLLM quantization docs, "supported hardware" table; TensorRT-LLM
// support matrix): bf16 checkpoints run as fp16 on Volta/Turing (vLLM refuses bf16 below sm80 and casts
// to float16); fp8 and fp4 weights run weight-only at the 16-bit rate on Ampere through Marlin kernels
// (sm80+), and not at all before Ampere; W8A8 int8 needs int8 tensor cores (Turing+).
// FlashAttention-2 needs Ampere or newer (Dao 2023, FlashAttention README: "Ampere, Ada, or Hopper");
// FlashAttention-3 is Hopper-only; ROCm builds of FlashAttention-2 cover MI200/MI300. Without it,
// attention materialises the s × s score matrix per head.
#pragma once
#include <string>
#include <string_view>

#include "catalog.hpp"

namespace sizer {

enum class ArchFamily { unknown, pascal, volta, turing, ampere, ada, hopper, blackwell, cdna2, cdna3, cdna4, other };

struct Capabilities {
  ArchFamily family = ArchFamily::unknown;
  bool bf16 = false, fp8 = false, fp4 = false, int8 = false;
  int flash_attention = 0;  // 0: none, 2: FlashAttention-2, 3: FlashAttention-3
  bool fp8_kv_cache = false;  // FP8 KV cache with native FP8 attention kernels
};

ArchFamily arch_family(std::string_view architecture, std::string_view vendor);
std::string_view arch_family_name(ArchFamily family);
Capabilities capabilities_of(const Gpu& gpu);

// How a weight format's matmuls run on a GPU.
enum class KernelPath {
  native,       // at the format's own tensor-core rate
  as_fp16,      // bf16 weights converted to fp16 (Volta, Turing)
  weight_only,  // dequantised to 16 bit in the kernel; bytes shrink, compute at the 16-bit rate
  none,         // no engine kernel on this GPU
};

struct WeightKernel {
  KernelPath path = KernelPath::native;
  std::string compute;     // the tensor rate used: "fp8", "int8", "fp4", "bf16", "fp16"
  std::string missing;     // the feature that is missing, e.g. "FP8 tensor cores" (empty when native)
};

// `format_id` a weight format (formats.hpp). Formats that are weight-only by design (int4, nf4,
// GGUF) are `weight_only` everywhere they run.
WeightKernel weight_kernel(const Gpu& gpu, WeightFormatId format_id);

// The share of the rates the engines reach on NVIDIA GPUs (the engine presets' efficiencies, calibrated on
// CUDA builds) that a GPU's vendor software stack reaches of its own peaks. 1 for NVIDIA. AMD Instinct
// (ROCm builds of the same engines, hipBLASLt, RCCL): measured by microbenchmarks, not fitted to any serving
// or training case, in "AMD MI300X GPU Performance Analysis" (Ambati et al., arXiv:2510.27583, Oct 2025):
// GEMMs reach ~45% of the MI300X's peak FLOPs in FP8, BF16 and FP16 where H100 and B200 reach up to 93%
// (0.45 / 0.93 = 0.48), and HBM 81% of its 5.3 TB/s where NVIDIA GPUs reach up to 90% (0.81 / 0.90 = 0.90).
// Measured on MI300X (CDNA 3); the catalog's other Instinct parts run the same stack and take the same shares
// (an assumption: no such microbenchmark of them was found).
struct VendorSoftware {
  double compute = 1.0;    // × the engine's compute efficiency (GEMM utilisation in training)
  double bandwidth = 1.0;  // × the engine's memory-bandwidth efficiency
};
VendorSoftware vendor_software(const Gpu& gpu);

}  // namespace sizer

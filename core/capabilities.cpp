#include "capabilities.hpp"

#include <algorithm>
#include <string>
#include <string_view>

#include "formats.hpp"

namespace sizer {

namespace {
// Whether `text` holds `word` (lower case), ignoring the case of ASCII letters: without a lower-cased copy,
// which cost an allocation each time a GPU's family was looked up.
bool has(std::string_view text, std::string_view word) {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
  return std::search(text.begin(), text.end(), word.begin(), word.end(),
                     [&](char t, char w) { return lower(t) == w; }) != text.end();
}
ArchFamily find_arch_family(std::string_view architecture, std::string_view vendor) {
  const std::string_view a = architecture;
  if (has(a, "blackwell")) return ArchFamily::blackwell;
  if (has(a, "hopper")) return ArchFamily::hopper;
  if (has(a, "ada")) return ArchFamily::ada;
  if (has(a, "ampere")) return ArchFamily::ampere;
  if (has(a, "turing")) return ArchFamily::turing;
  if (has(a, "volta")) return ArchFamily::volta;
  if (has(a, "pascal")) return ArchFamily::pascal;
  if (has(a, "cdna 4") || has(a, "cdna4")) return ArchFamily::cdna4;
  if (has(a, "cdna 3") || has(a, "cdna3")) return ArchFamily::cdna3;
  if (has(a, "cdna 2") || has(a, "cdna2")) return ArchFamily::cdna2;
  if (a.empty() && vendor.empty()) return ArchFamily::unknown;
  return a.empty() ? ArchFamily::unknown : ArchFamily::other;
}
}  // namespace

ArchFamily arch_family(std::string_view architecture, std::string_view vendor) {
  // The answer for the last architecture asked: timing one shape asks for its GPU's family once per split
  // tried, and ranking asks once per offering (the catalog lists a GPU's offerings near each other).
  // The answer depends on the architecture alone. Plain storage: nothing to destroy at exit, and no heap.
  static char last_architecture[64];
  static size_t last_size = 0;
  static bool have_last = false;
  static ArchFamily last = ArchFamily::unknown;
  if (have_last && architecture == std::string_view(last_architecture, last_size)) return last;
  last = find_arch_family(architecture, vendor);
  have_last = architecture.size() <= sizeof last_architecture;  // longer ones are not remembered
  if (have_last) {
    std::copy(architecture.begin(), architecture.end(), last_architecture);
    last_size = architecture.size();
  }
  return last;
}

std::string_view arch_family_name(ArchFamily family) {
  switch (family) {
    case ArchFamily::pascal: return "Pascal";
    case ArchFamily::volta: return "Volta";
    case ArchFamily::turing: return "Turing";
    case ArchFamily::ampere: return "Ampere";
    case ArchFamily::ada: return "Ada";
    case ArchFamily::hopper: return "Hopper";
    case ArchFamily::blackwell: return "Blackwell";
    case ArchFamily::cdna2: return "CDNA 2";
    case ArchFamily::cdna3: return "CDNA 3";
    case ArchFamily::cdna4: return "CDNA 4";
    case ArchFamily::other: return "other";
    case ArchFamily::unknown: break;
  }
  return "unknown";
}

Capabilities capabilities_of(const Gpu& gpu) {
  Capabilities c;
  c.family = arch_family(gpu.architecture, gpu.vendor);
  // Rates first: the catalog marks a missing hardware path with null.
  c.bf16 = gpu.tflops.bf16.has_value();
  c.fp8 = gpu.tflops.fp8.has_value();
  c.fp4 = gpu.tflops.fp4.has_value();
  // Volta's int8 figure is DP4A on CUDA cores (half its fp16 tensor rate): no int8 tensor path.
  c.int8 = gpu.tflops.int8.has_value() && c.family != ArchFamily::volta && c.family != ArchFamily::pascal;
  switch (c.family) {
    case ArchFamily::ampere: case ArchFamily::ada: case ArchFamily::blackwell:
    case ArchFamily::cdna2: case ArchFamily::cdna3: case ArchFamily::cdna4:
      c.flash_attention = 2;
      break;
    case ArchFamily::hopper:
      c.flash_attention = 3;
      break;
    case ArchFamily::unknown: case ArchFamily::other:
      // An inline GPU without an architecture: bf16 support is the Ampere-or-newer signal.
      c.flash_attention = c.bf16 ? 2 : 0;
      break;
    default:
      c.flash_attention = 0;
  }
  c.fp8_kv_cache = c.fp8;
  return c;
}

WeightKernel weight_kernel(const Gpu& gpu, WeightFormatId format_id) {
  const Capabilities c = capabilities_of(gpu);
  const WeightFormat* format = find_weight_format(format_id);
  WeightKernel k;
  const std::string_view compute = format ? format->compute : std::string_view("bf16");
  const bool ampere_or_newer = c.bf16;  // sm80+ (and CDNA 2+): what Marlin-class weight-only kernels need
  k.compute = compute;
  if (format_id == WeightFormatId::bf16) {
    if (!c.bf16) {
      k.path = KernelPath::as_fp16;
      k.compute = "fp16";
      k.missing = "bf16";
    }
    return k;
  }
  if (format_id == WeightFormatId::fp16 || format_id == WeightFormatId::fp32) return k;
  if (compute == "fp8" || compute == "fp4" || compute == "int8") {
    const bool native = compute == "fp8" ? c.fp8 : compute == "fp4" ? c.fp4 : c.int8;
    if (native) return k;
    k.missing = compute == "fp8" ? "FP8 tensor cores" : compute == "fp4" ? "FP4 tensor cores" : "INT8 tensor cores";
    if (ampere_or_newer) {
      k.path = KernelPath::weight_only;
      k.compute = c.bf16 ? "bf16" : "fp16";
    } else {
      k.path = KernelPath::none;
      k.compute = "fp16";
    }
    return k;
  }
  // int4, nf4, GGUF: weight-only by design; the matmul runs at the 16-bit rate.
  k.path = KernelPath::weight_only;
  k.compute = c.bf16 ? "bf16" : "fp16";
  return k;
}

VendorSoftware vendor_software(const Gpu& gpu) {
  // Sources and derivation: capabilities.hpp.
  constexpr double kRocmComputeShare = 0.45 / 0.93;
  constexpr double kRocmBandwidthShare = 0.81 / 0.90;
  if (gpu.vendor == "amd") return {kRocmComputeShare, kRocmBandwidthShare};
  return {};
}

}  // namespace sizer

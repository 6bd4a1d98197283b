#include "formats.hpp"

#include <iterator>

namespace sizer {
namespace {

// Bits per weight. Sources:
// - GPTQ/AWQ int4, group 128: 4 bits + one fp16 scale and a 4-bit zero point per 128 weights
//   = 4 + 16/128 + 4/128 ≈ 4.16; with the packing used by AutoGPTQ/AWQ kernels ≈ 4.25 (DESIGN.md).
// - NF4 with double quantisation (Dettmers et al. 2023, QLoRA §2): 4 + 8/64 + 32/(64·256) ≈ 4.127.
// - FP4: NVFP4 stores one FP8 scale per 16 values (4 + 8/16 = 4.5); MXFP4 one E8M0 per 32 (4.25).
//   4.5 is used so a checkpoint in either form fits.
// - GGUF: llama.cpp's quantize tool reports bits per weight over the whole file (k-quant mixes keep some
//   tensors at higher types): q8_0 8.5, q6_k 6.5625, q5_k_m ≈ 5.69, q4_k_m ≈ 4.85, q3_k_m ≈ 3.91,
//   q2_k ≈ 2.63 (llama.cpp PR #1684 tables; values vary a little by model).
constexpr WeightFormat kWeightFormats[] = {
    {"fp32", 32.0, false, "fp32", "IEEE float32"},
    {"bf16", 16.0, false, "bf16", "bfloat16"},
    {"fp16", 16.0, false, "fp16", "IEEE float16"},
    {"fp8", 8.0, true, "fp8", "FP8 E4M3 with per-tensor/per-channel scales (negligible)"},
    {"int8", 8.0, true, "int8", "INT8 W8A8 with per-channel scales (negligible)"},
    {"int4", 4.25, true, "bf16", "GPTQ/AWQ int4, group size 128, fp16 scales + zero points"},
    {"nf4", 4.127, true, "bf16", "QLoRA NF4 with double quantisation, block 64"},
    {"fp4", 4.5, true, "fp4", "NVFP4 (FP8 scale per 16 values); MXFP4 is 4.25"},
    {"gguf-q8_0", 8.5, false, "bf16", "llama.cpp Q8_0: 32 int8 + one fp16 scale"},
    {"gguf-q6_k", 6.5625, false, "bf16", "llama.cpp Q6_K super-blocks"},
    {"gguf-q5_k_m", 5.69, false, "bf16", "llama.cpp Q5_K_M file average"},
    {"gguf-q4_k_m", 4.85, false, "bf16", "llama.cpp Q4_K_M file average"},
    {"gguf-q3_k_m", 3.91, false, "bf16", "llama.cpp Q3_K_M file average"},
    {"gguf-q2_k", 2.63, false, "bf16", "llama.cpp Q2_K file average"},
};

// KV-cache element sizes. q4 is llama.cpp's q4_0 cache type: 4 bits + an fp16 scale per 32 = 4.5 bits.
constexpr KvFormat kKvFormats[] = {
    {"fp16", 2.0}, {"bf16", 2.0}, {"fp8", 1.0}, {"int8", 1.0}, {"q4", 4.5 / 8.0},
};

}  // namespace

const WeightFormat* find_weight_format(std::string_view id) {
  for (const auto& format : kWeightFormats) {
    if (format.id == id) return &format;
  }
  return nullptr;
}

const WeightFormat* weight_formats_begin() { return std::begin(kWeightFormats); }
const WeightFormat* weight_formats_end() { return std::end(kWeightFormats); }

const WeightFormat* find_weight_format(WeightFormatId id) { return find_weight_format(id_of(id)); }

const KvFormat* find_kv_format(KvFormatId id) { return find_kv_format(id_of(id)); }

const KvFormat* find_kv_format(std::string_view id) {
  for (const auto& format : kKvFormats) {
    if (format.id == id) return &format;
  }
  return nullptr;
}

}  // namespace sizer

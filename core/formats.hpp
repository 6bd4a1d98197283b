// Number formats: how many bits a stored weight or KV-cache element takes, and which tensor-core
// rate the matmuls can run at. One table each, so every formula reads bits from one place.
#pragma once
#include <string_view>

#include "vocabulary.hpp"

namespace sizer {

struct WeightFormat {
  std::string_view id;
  // Average stored bits per weight, including the format's own scales/zero points.
  double bits_per_weight;
  // True when quantisers keep the embedding and output (lm_head) matrices at 16 bit, as GPTQ/AWQ,
  // bitsandbytes NF4, FP8 and FP4 checkpoints do. GGUF averages already include their mixed tensors.
  bool embeddings_stay_16bit;
  // The GPU rate ("fp8", "int8", "fp4", "bf16") used when the hardware supports it. Weight-only
  // formats (int4, nf4, GGUF) dequantise to 16 bit for the matmul.
  std::string_view compute;
  std::string_view source;
};

// nullptr for an unknown id.
const WeightFormat* find_weight_format(std::string_view id);
const WeightFormat* find_weight_format(WeightFormatId id);
// All ids in CONTRACT.md order, for messages and the page.
const WeightFormat* weight_formats_begin();
const WeightFormat* weight_formats_end();

struct KvFormat {
  std::string_view id;
  double bytes_per_element;
};

const KvFormat* find_kv_format(std::string_view id);
const KvFormat* find_kv_format(KvFormatId id);

}  // namespace sizer

// Memory formulas against hand derivations, and the properties that must hold for any input.
#include <catch2/catch.hpp>

#include "memory.hpp"
#include "support.hpp"

using sizer::json;

namespace {
sizer::Model resolved(const json& arch) {
  sizer::Issues errors, warnings;
  sizer::JsonReader reader(errors, warnings);
  sizer::ModelArch a = sizer::read_model_arch(arch, "/model", reader, false);
  REQUIRE(errors.empty());
  return sizer::resolve_model(a, "/model", warnings);
}
}  // namespace

TEST_CASE("weights follow each format's bits per weight", "[memory]") {
  const sizer::Model m = resolved(sizer_test::llama_8b());
  const auto* bf16 = sizer::find_weight_format("bf16");
  const auto* fp8 = sizer::find_weight_format("fp8");
  const auto* q4 = sizer::find_weight_format("gguf-q4_k_m");
  REQUIRE(bf16 != nullptr);
  CHECK(sizer::weights_bytes(m, *bf16) == Approx(8.03e9 * 2));
  // GGUF averages include their own mixes: no separate embedding term.
  CHECK(sizer::weights_bytes(m, *q4) == Approx(8.03e9 * 4.85 / 8));
  // FP8 keeps the 2 × 128256 × 4096 embedding/lm_head parameters at 2 bytes.
  const double embed = 2.0 * 128256 * 4096;
  CHECK(sizer::weights_bytes(m, *fp8) == Approx((8.03e9 - embed) * 1.0 + embed * 2.0));
  // Every format is no bigger than bf16 except fp32.
  for (auto* f = sizer::weight_formats_begin(); f != sizer::weight_formats_end(); ++f) {
    if (f->id == "fp32") continue;
    CHECK(sizer::weights_bytes(m, *f) <= sizer::weights_bytes(m, *bf16));
  }
}

TEST_CASE("KV cache: GQA uses kv_heads, MLA its latent, q4 packs scales", "[memory]") {
  const sizer::Model m = resolved(sizer_test::llama_70b());
  CHECK(sizer::kv_bytes_per_token(m, *sizer::find_kv_format("fp16")) == 327680);
  CHECK(sizer::kv_bytes_per_token(m, *sizer::find_kv_format("fp8")) == 163840);
  CHECK(sizer::kv_bytes_per_token(m, *sizer::find_kv_format("q4")) == Approx(327680 * 4.5 / 16));
  // Explicit head_dim differs from hidden / heads (Gemma 2 9B: 3584 / 16 = 224 but head_dim 256).
  const sizer::Model gemma = resolved({{"params_b", 9.24}, {"layers", 42}, {"hidden", 3584}, {"heads", 16},
                                       {"kv_heads", 8}, {"head_dim", 256}});
  CHECK(sizer::kv_bytes_per_token(gemma, *sizer::find_kv_format("bf16")) == 2.0 * 42 * 8 * 256 * 2);
}

TEST_CASE("block allocation rounds each sequence up to whole blocks", "[memory]") {
  const sizer::Model m = resolved(sizer_test::llama_8b());
  const auto& fp16 = *sizer::find_kv_format("fp16");
  const double per_token = sizer::kv_bytes_per_token(m, fp16);
  CHECK(sizer::kv_bytes_for_sequence(m, fp16, 17, 16) == Approx(per_token * 32));
  CHECK(sizer::kv_bytes_for_sequence(m, fp16, 17, 1) == Approx(per_token * 17));
  CHECK(sizer::kv_bytes_for_sequence(m, fp16, 64, 64) == Approx(per_token * 64));
}

TEST_CASE("kv_tokens_within inverts the KV formula, windows and blocks included", "[memory][property]") {
  // Llama (full attention everywhere) and Gemma 2 (half the layers slide over a 4,096-token window).
  const sizer::Model llama = resolved(sizer_test::llama_8b());
  sizer::Model gemma = resolved({{"params_b", 9.24}, {"layers", 42}, {"hidden", 3584}, {"heads", 16},
                                 {"kv_heads", 8}, {"head_dim", 256}});
  gemma.sliding_layers = 21;
  gemma.sliding_window = 4096;
  const auto& fp16 = *sizer::find_kv_format("fp16");
  const sizer::Model* models[] = {&llama, &gemma};
  for (const sizer::Model* m : models) {
    for (int block : {1, 16}) {
      for (int64_t tokens : {0, 1, 15, 16, 17, 1000, 4095, 4096, 4097, 5000, 20000, 131072}) {
        // The bytes of `tokens` tokens, and a little less: the inverse answers the most tokens that fit.
        const double bytes = sizer::kv_bytes_for_sequence(*m, fp16, tokens, block);
        for (double budget : {bytes, bytes * 0.999}) {
          const int64_t found = sizer::kv_tokens_within(*m, fp16, budget, block);
          INFO(m->layers << " layers, block " << block << ", " << tokens << " tokens, budget " << budget);
          CHECK(sizer::kv_bytes_for_sequence(*m, fp16, found, block) <= budget * (1 + 1e-12));
          CHECK(sizer::kv_bytes_for_sequence(*m, fp16, found + 1, block) > budget);
        }
      }
    }
  }
  CHECK(sizer::kv_tokens_within(llama, fp16, -1.0, 16) == 0);
}

TEST_CASE("memory never falls when context, concurrency or precision grow", "[memory][property]") {
  const sizer::Model m = resolved(sizer_test::llama_70b());
  const auto* engine = sizer::find_engine("vllm");
  const char* formats[] = {"gguf-q2_k", "gguf-q3_k_m", "nf4", "int4", "fp4", "gguf-q4_k_m", "gguf-q5_k_m",
                           "gguf-q6_k", "int8", "gguf-q8_0", "bf16", "fp32"};
  double previous_weights = 0;
  for (const char* id : formats) {
    sizer::InferenceWorkload w;
    w.weights = *sizer::from_id<sizer::WeightFormatId>(id);
    const double bytes = sizer::inference_memory(m, w, *engine).weights_bytes;
    INFO(id);
    CHECK(bytes >= previous_weights);
    previous_weights = bytes;
  }
  double previous = 0;
  for (int64_t context : {1, 100, 1000, 4096, 8192, 32768, 131072}) {
    sizer::InferenceWorkload w;
    w.prompt_tokens = context;
    w.output_tokens = 1;
    w.context_tokens = context + 1;
    const double total = sizer::inference_memory(m, w, *engine).total_bytes;
    CHECK(total >= previous);
    previous = total;
  }
  previous = 0;
  for (int64_t concurrency : {1, 2, 3, 8, 64, 1000}) {
    sizer::InferenceWorkload w;
    w.concurrency = concurrency;
    const double total = sizer::inference_memory(m, w, *engine).total_bytes;
    CHECK(total >= previous);
    previous = total;
  }
}

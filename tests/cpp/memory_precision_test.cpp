// Memory formulas that depend on the framework's precision handling (PEFT's k-bit preparation in
// transformers) and on the decode state of transcription (Whisper beam search). Each expectation is
// recomputed here from the model's dimensions, not read from a previous run.
#include <catch2/catch.hpp>

#include "support.hpp"

namespace {

using sizer::json;

json llama8b() {
  return {{"name", "Llama-3.1-8B"}, {"kind", "llm"}, {"params_b", 8.03}, {"layers", 32}, {"hidden", 4096},
          {"heads", 32}, {"kv_heads", 8}, {"head_dim", 128}, {"ffn", 14336}, {"vocab", 128256},
          {"max_context", 131072}};
}

json finetune(const std::string& method, const std::string& engine, int64_t seq_len) {
  json workload = {{"kind", "finetune"}, {"method", method}, {"optimizer", "adamw"}, {"seq_len", seq_len},
                   {"micro_batch", 1}, {"grad_checkpointing", true}, {"sharding", "none"},
                   {"lora_rank", 32}, {"lora_targets", "all_linear"}};
  workload["weights"] = method == "qlora" ? "nf4" : "bf16";
  return {{"model", llama8b()}, {"workload", workload}, {"engine", engine},
          {"hardware", {{"gpu", "a100-80gb-sxm"}, {"count", 1}}}};
}

double mem(const json& response, const char* key) { return response.at("memory").at(key).get<double>(); }

}  // namespace

TEST_CASE("QLoRA through transformers: fp32 embeddings, fp32 stream, fp32 adapters, no upcast logits copy",
          "[memory][precision]") {
  const int64_t s = 4096;
  const json hf = sizer_test::evaluate(finetune("qlora", "transformers", s));
  const json generic = sizer_test::evaluate(finetune("qlora", "generic", s));
  REQUIRE(hf.value("ok", false));
  REQUIRE(generic.value("ok", false));
  const double h = 4096, f = 14336, layers = 32, vocab = 128256;
  const double embedding_params = 2.0 * vocab * h;  // token embedding + untied lm_head
  // Weights: the 16-bit embedding and lm_head become fp32 (+2 bytes each parameter).
  CHECK(mem(hf, "weights_bytes") - mem(generic, "weights_bytes") == Approx(embedding_params * 2.0).epsilon(1e-9));
  // Adapters and their gradients: 4 bytes a parameter instead of 2.
  CHECK(mem(hf, "adapter_bytes") == Approx(2.0 * mem(generic, "adapter_bytes")).epsilon(1e-12));
  CHECK(mem(hf, "gradients_bytes") == Approx(2.0 * mem(generic, "gradients_bytes")).epsilon(1e-12));
  // Activations: checkpointed layer inputs and one layer's saved tensors at 4 bytes, and the unfused loss's
  // four fp32 logits copies less the upcast one (the fp32 lm_head writes fp32 logits).
  // (layers checkpoints + the two residual-stream gradients of backward) × 2·s·h, one layer's saved tensors.
  const double body = (layers + 2.0) * 2.0 * s * h + s * (15.0 * h + 8.0 * f);
  CHECK(mem(hf, "activations_bytes") == Approx(2.0 * body + s * vocab * 4.0 * 3.0).epsilon(1e-9));
  // The generic preset's stream stays 16-bit (one logits copy, engines.cpp).
  CHECK(mem(generic, "activations_bytes") == Approx(body + s * vocab * 4.0 * 1.0).epsilon(1e-9));
}

TEST_CASE("PEFT's k-bit upcast is QLoRA only: LoRA over a bf16 base through transformers keeps a 16-bit stream",
          "[memory][precision]") {
  const json hf = sizer_test::evaluate(finetune("lora", "transformers", 2048));
  const json generic = sizer_test::evaluate(finetune("lora", "generic", 2048));
  REQUIRE(hf.value("ok", false));
  REQUIRE(generic.value("ok", false));
  CHECK(mem(hf, "weights_bytes") == Approx(mem(generic, "weights_bytes")).epsilon(1e-12));
  CHECK(mem(hf, "adapter_bytes") == Approx(mem(generic, "adapter_bytes")).epsilon(1e-12));
}

TEST_CASE("the fp32 stream shortens the longest QLoRA sequence, and a bigger GPU still fits a longer one",
          "[memory][precision]") {
  auto max_context = [](const std::string& engine, const char* gpu) {
    json request = finetune("qlora", engine, 2048);
    request["hardware"]["gpu"] = gpu;
    const json r = sizer_test::evaluate(request);
    REQUIRE(r.value("ok", false));
    REQUIRE(!r["options"].empty());
    return r["options"][0]["max_context_tokens"].get<double>();
  };
  const double hf_24 = max_context("transformers", "rtx-4090");
  const double hf_80 = max_context("transformers", "a100-80gb-sxm");
  const double generic_80 = max_context("generic", "a100-80gb-sxm");
  CHECK(hf_24 > 0);
  CHECK(hf_80 > hf_24);
  CHECK(generic_80 > hf_80);
}

TEST_CASE("Whisper transcription holds the beams' decoder caches; eager PyTorch copies the encoder states per beam",
          "[memory][media]") {
  auto activations = [](int batch, const char* runtime) {
    const json r = sizer_test::evaluate({{"model", "whisper-large-v3"},
                                         {"workload", {{"kind", "audio"}, {"weights", "fp16"}, {"audio_seconds", 600},
                                                       {"batch", batch}, {"runtime", runtime}}},
                                         {"hardware", {{"gpu", "a100-80gb-sxm"}, {"count", 1}}}});
    REQUIRE(r.value("ok", false));
    return mem(r, "activations_bytes");
  };
  // 32 decoder layers × K and V × 1280 × 2 bytes, over the 1500 encoder frames (once a stream, or once a
  // beam of 5) and each beam's text positions: two 30 s windows of transcript at 3.3 tokens a second.
  const double per_position = 32.0 * 2.0 * 1280.0 * 2.0;
  const double text = 2.0 * 30.0 * 3.3;
  const double shared = per_position * (1500.0 + 5.0 * text);
  const double per_beam = per_position * (5.0 * 1500.0 + 5.0 * text);
  const double compiled = activations(1, "compiled");
  const double eager = activations(1, "eager");
  CHECK(compiled > shared);
  CHECK(eager > per_beam);
  CHECK(eager - compiled == Approx(per_beam - shared).epsilon(1e-9));
  CHECK(activations(2, "compiled") == Approx(2.0 * compiled).epsilon(1e-9));
}

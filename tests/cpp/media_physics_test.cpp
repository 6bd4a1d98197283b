// Diffusion and audio physics (issue 14): runtimes, batching, resolution, precision, solver steps and
// architectures borrowed for models written only by their size. Every check goes through the public door
// (evaluate), so it pins what a user sees, plus a few direct checks of the FLOP counts.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "media.hpp"
#include "support.hpp"

using sizer::json;
using sizer_test::evaluate;

namespace {

json image_request(const json& model, const json& workload_extra, const std::string& gpu = "a100-80gb-sxm") {
  json workload = {{"kind", "image"}, {"weights", "fp16"}};
  if (workload_extra.is_object()) workload.update(workload_extra);
  return {{"model", model}, {"workload", workload}, {"hardware", {{"gpu", gpu}, {"count", 1}}}};
}

json audio_request(const json& model, const json& workload_extra, const std::string& gpu = "a100-80gb-sxm") {
  json workload = {{"kind", "audio"}, {"weights", "fp16"}};
  if (workload_extra.is_object()) workload.update(workload_extra);
  return {{"model", model}, {"workload", workload}, {"hardware", {{"gpu", gpu}, {"count", 1}}}};
}

double first(const json& response, const char* field) {
  REQUIRE(response.contains("options"));
  REQUIRE_FALSE(response["options"].empty());
  const json& option = response["options"][0];
  REQUIRE(option.contains(field));
  const double value = option[field].get<double>();
  REQUIRE(std::isfinite(value));
  REQUIRE(value > 0);
  return value;
}

double seconds_per_image(const json& request) { return first(evaluate(request), "seconds_per_image"); }
double rtf(const json& request) { return first(evaluate(request), "real_time_factor"); }

bool has_warning(const json& response, const std::string& path, const std::string& code) {
  for (const auto& w : response.value("warnings", json::array())) {
    if (w.value("path", "") == path && w.value("code", "") == code) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("image time grows with steps and with resolution", "[media][diffusion][property]") {
  for (const char* model : {"sdxl-base-1.0", "flux.1-dev", "sd-1.5"}) {
    double previous = 0;
    for (int steps : {4, 10, 20, 30, 50}) {
      const double t = seconds_per_image(image_request(model, {{"steps", steps}}));
      CHECK(t > previous);
      previous = t;
    }
    previous = 0;
    for (int side : {512, 768, 1024, 1536}) {
      const double t = seconds_per_image(image_request(model, {{"width", side}, {"height", side}, {"steps", 20}}));
      CHECK(t > previous);
      previous = t;
    }
  }
}

TEST_CASE("DiT attention grows faster than linearly with resolution", "[media][diffusion]") {
  // Doubling the side quadruples the tokens: linear work ×4, attention ×16, so a DiT step costs more than 4×.
  const json large = image_request("flux.1-dev", {{"width", 2048}, {"height", 2048}, {"steps", 28}}, "h200-sxm");
  const json small_h200 = image_request("flux.1-dev", {{"width", 1024}, {"height", 1024}, {"steps", 28}}, "h200-sxm");
  CHECK(seconds_per_image(large) > 4.0 * seconds_per_image(small_h200));
}

TEST_CASE("compiled pipelines beat eager, TensorRT beats compiled", "[media][diffusion][audio][property]") {
  for (const char* model : {"sdxl-base-1.0", "sd-1.5", "flux.1-dev"}) {
    for (const char* gpu : {"a100-80gb-sxm", "h100-sxm", "l40s"}) {
      const double eager = seconds_per_image(image_request(model, {{"runtime", "eager"}, {"steps", 30}}, gpu));
      const double compiled = seconds_per_image(image_request(model, {{"runtime", "compiled"}, {"steps", 30}}, gpu));
      const double trt = seconds_per_image(image_request(model, {{"runtime", "tensorrt"}, {"steps", 30}}, gpu));
      CHECK(compiled < eager);
      CHECK(trt < compiled);
    }
  }
  const double eager = rtf(audio_request("whisper-large-v3", {{"runtime", "eager"}}));
  const double compiled = rtf(audio_request("whisper-large-v3", {{"runtime", "compiled"}}));
  const double trt = rtf(audio_request("whisper-large-v3", {{"runtime", "tensorrt"}}));
  CHECK(compiled < eager);
  CHECK(trt < compiled);
}

TEST_CASE("the default runtime is eager, TensorRT under engine tensorrt-llm", "[media][request]") {
  const json plain = image_request("sdxl-base-1.0", {{"steps", 30}});
  json eager = plain;
  eager["workload"]["runtime"] = "eager";
  json trt_engine = plain;
  trt_engine["engine"] = "tensorrt-llm";
  json trt = plain;
  trt["workload"]["runtime"] = "tensorrt";
  CHECK(seconds_per_image(plain) == Approx(seconds_per_image(eager)));
  CHECK(seconds_per_image(trt_engine) == Approx(seconds_per_image(trt)));
  CHECK(evaluate(trt_engine)["workload"]["runtime"] == "tensorrt");
}

TEST_CASE("an unknown runtime is an error at its JSON pointer, in the request's language", "[media][request]") {
  for (const char* locale : {"en", "ar"}) {
    json request = image_request("sdxl-base-1.0", {{"runtime", "onnx-magic"}});
    request["locale"] = locale;
    const json response = evaluate(request);
    REQUIRE(response.contains("errors"));
    bool found = false;
    for (const auto& e : response["errors"]) {
      if (e.value("path", "") == "/workload/runtime") {
        found = true;
        CHECK_FALSE(e.value("message", "").empty());
      }
    }
    CHECK(found);
  }
}

TEST_CASE("fp32 is slower than fp16 and needs more memory", "[media][diffusion][property]") {
  for (const char* gpu : {"a100-80gb-sxm", "h100-sxm", "rtx-4090", "t4"}) {
    const json fp16 = image_request("sdxl-base-1.0", {{"steps", 30}, {"weights", "fp16"}}, gpu);
    const json fp32 = image_request("sdxl-base-1.0", {{"steps", 30}, {"weights", "fp32"}}, gpu);
    const json r16 = evaluate(fp16);
    const json r32 = evaluate(fp32);
    CHECK(r32["memory"]["weights_bytes"].get<double>() == Approx(2.0 * r16["memory"]["weights_bytes"].get<double>()));
    CHECK(r32["memory"]["total_bytes"].get<double>() > r16["memory"]["total_bytes"].get<double>());
    if (!r32["options"].empty() && r32["options"][0].contains("seconds_per_image")) {
      CHECK(first(r32, "seconds_per_image") > first(r16, "seconds_per_image"));
    }
  }
}

TEST_CASE("batched images: throughput never falls with batch, latency per batch grows", "[media][diffusion][property]") {
  for (const char* model : {"sdxl-base-1.0", "sd-1.5"}) {
    double previous_per_image = 1e18;
    double previous_batch_time = 0;
    for (int batch : {1, 2, 4, 8}) {
      const double per_image = seconds_per_image(image_request(model, {{"steps", 20}, {"batch", batch}}, "h100-sxm"));
      CHECK(per_image <= previous_per_image);
      CHECK(per_image * batch > previous_batch_time);
      previous_per_image = per_image;
      previous_batch_time = per_image * batch;
    }
  }
}

TEST_CASE("flow-matching TTS: the real-time factor grows with solver steps", "[media][audio][property]") {
  double previous = 0;
  for (int steps : {1, 8, 16, 32, 64}) {
    const double r = rtf(audio_request("f5-tts-base", {{"steps", steps}, {"audio_seconds", 10}}, "rtx-4090"));
    CHECK(r > previous);
    previous = r;
  }
  // The preset's 32 steps, each two guidance passes, cost far more than one pass.
  const double one = rtf(audio_request("f5-tts-base", {{"steps", 1}, {"audio_seconds", 10}}, "rtx-4090"));
  const double default_steps = rtf(audio_request("f5-tts-base", {{"audio_seconds", 10}}, "rtx-4090"));
  CHECK(default_steps > 20.0 * one);
}

TEST_CASE("batched long-form transcription is faster per audio second than sequential", "[media][audio][property]") {
  double previous = 1e18;
  for (int batch : {1, 4, 8, 16, 24}) {
    const double r = rtf(audio_request("whisper-large-v3", {{"batch", batch}, {"audio_seconds", 3600}}));
    CHECK(r < previous);
    previous = r;
  }
  // A 30 s recording has one window: batching cannot help it (TensorRT decodes the same way at any batch;
  // the batched eager and compiled pipelines change the decoding itself, below).
  const double one = rtf(audio_request("whisper-large-v3", {{"batch", 1}, {"audio_seconds", 30}, {"runtime", "tensorrt"}}));
  const double many = rtf(audio_request("whisper-large-v3", {{"batch", 24}, {"audio_seconds", 30}, {"runtime", "tensorrt"}}));
  CHECK(many == Approx(one));
  // fp32 eager is slower than fp16.
  CHECK(rtf(audio_request("whisper-large-v3", {{"weights", "fp32"}})) > rtf(audio_request("whisper-large-v3", json::object())));
}

TEST_CASE("batched transcription reads every window's cached K/V each decoder step", "[media][audio][property]") {
  // Whisper large-v3 (catalog/models.json): 32 decoder layers, hidden 1280; fp16 K and V over a window's
  // 1500 encoder frames, read by the cross-attention at each token step (at least one copy a window).
  // The weights are read once per step for the whole batch, but this traffic is per window, so a step
  // over `batch` windows takes at least (batch - 1) such reads longer than a step over one window, at
  // the H100 SXM's peak bandwidth (3350 GB/s, catalog/gpus.json) or slower.
  const double kv_bytes_per_window = 32.0 * 2.0 * 1500.0 * 1280.0 * 2.0;
  const auto step_s = [](int batch) {
    // CTranslate2 (compiled) keeps its 5 beams at any batch, so the steps differ by the windows only.
    const json r = evaluate(audio_request("whisper-large-v3", {{"batch", batch}, {"audio_seconds", 7200}, {"runtime", "compiled"}}, "h100-sxm"));
    REQUIRE(r.contains("explain"));
    const json& values = r["explain"][0]["values"];
    REQUIRE(values.contains("decode_step_s"));
    return values["decode_step_s"].get<double>();
  };
  const double one = step_s(1);
  for (int batch : {4, 8, 16}) {
    CHECK(step_s(batch) - one >= (batch - 1) * kv_bytes_per_window / 3350e9);
  }
}

TEST_CASE("a size-only SDXL-sized image model gets an SDXL-like step time", "[media][diffusion][size-only]") {
  const json preset = image_request("sdxl-base-1.0", {{"steps", 30}});
  const double reference = seconds_per_image(preset);
  for (const json& model : {json{{"kind", "image"}, {"params_b", 3.5}},
                            json{{"kind", "image"}, {"params_b", 2.6}},
                            json{{"name", "stable-diffusion-xl"}, {"kind", "image"}, {"params_b", 3.5}},
                            json{{"name", "My SDXL finetune"}, {"kind", "image"}, {"params_b", 3.47}}}) {
    const json request = image_request(model, {{"steps", 30}});
    const json response = evaluate(request);
    const double t = first(response, "seconds_per_image");
    CHECK(t > reference / 1.5);
    CHECK(t < reference * 1.5);
    CHECK(has_warning(response, "/model", "assumed_field"));
  }
}

TEST_CASE("size-only models match their preset by name, or scale the nearest one", "[media][size-only]") {
  // FLUX typed as its 12B transformer takes the whole FLUX pipeline.
  const double flux = seconds_per_image(image_request("flux.1-dev", {{"steps", 28}}));
  const double typed = seconds_per_image(image_request({{"name", "FLUX.1 dev"}, {"kind", "image"}, {"params_b", 12}}, {{"steps", 28}}));
  CHECK(typed == Approx(flux).epsilon(0.02));
  // A larger unnamed model is slower than a smaller one, the same way up.
  double previous = 0;
  for (double params : {0.5, 1.0, 3.5, 8.0, 20.0}) {
    const double t = seconds_per_image(image_request({{"kind", "image"}, {"params_b", params}}, {{"steps", 30}}, "h100-sxm"));
    CHECK(t > previous);
    previous = t;
  }
  // F5-TTS typed by name and size takes its 32 solver steps.
  const double f5 = rtf(audio_request("f5-tts-base", {{"audio_seconds", 10}}, "rtx-3090"));
  const double f5_typed = rtf(audio_request({{"name", "F5-TTS"}, {"kind", "audio"}, {"task", "tts"}, {"params_b", 0.336}},
                                            {{"audio_seconds", 10}}, "rtx-3090"));
  CHECK(f5_typed == Approx(f5).epsilon(0.1));
  // A model with its own components is left as written: no assumption warning.
  const json own = evaluate(image_request({{"name", "custom"}, {"kind", "image"}, {"params_b", 2.0}, {"backbone", "dit"},
                                           {"components", {{{"name", "DiT"}, {"role", "backbone"}, {"params_b", 2.0}}}}},
                                          {{"steps", 20}}));
  CHECK_FALSE(has_warning(own, "/model", "assumed_field"));
}

TEST_CASE("UNet and DiT FLOPs per pass follow the architecture", "[media][diffusion]") {
  const sizer::Catalog& catalog = sizer_test::bundled();
  sizer::Issues warnings;
  const sizer::Model sdxl = sizer::resolve_model(*catalog.find_model("sdxl-base-1.0"), "/model", warnings);
  const sizer::Model sd15 = sizer::resolve_model(*catalog.find_model("sd-1.5"), "/model", warnings);
  const sizer::Model flux = sizer::resolve_model(*catalog.find_model("flux.1-dev"), "/model", warnings);
  sizer::MediaWorkload w1024;
  sizer::MediaWorkload w512;
  w512.width = w512.height = 512;
  // SDXL at 1024²: ~6.4 TFLOPs a forward by its block count; SD 1.5 at 512²: 2 × 339 G MACs (BK-SDM).
  CHECK(sizer::backbone_flops_per_pass(sdxl, w1024) == Approx(6.4e12).epsilon(0.25));
  CHECK(sizer::backbone_flops_per_pass(sd15, w512) == Approx(0.678e12).epsilon(0.25));
  // FLUX: each token sees ~6.45B of the 12B (two-stream blocks, per-image modulation), plus attention.
  const double flux_flops = sizer::backbone_flops_per_pass(flux, w1024);
  const double tokens = sizer::backbone_tokens(flux, w1024);
  CHECK(flux_flops > 2.0 * 6.0e9 * tokens);
  CHECK(flux_flops < 2.0 * 12.0e9 * tokens);
}

namespace {

// The explanation's values for an audio request (explain_media_speed: compute_s, window_s, ...).
json audio_values(const json& request) {
  const json r = evaluate(request);
  REQUIRE(r.contains("explain"));
  return r["explain"][0]["values"];
}

json distil_like(int decoder_layers) {
  // Whisper large's encoder with a decoder of `decoder_layers` layers (distil-large-v2 has 2).
  return {{"name", "whisper-like"}, {"kind", "audio"}, {"task", "transcribe"}, {"params_b", 0.637 + 0.0066 * decoder_layers},
          {"components", {{{"name", "enc"}, {"role", "encoder"}, {"params_b", 0.637}},
                          {{"name", "dec"}, {"role", "decoder"}, {"params_b", 0.0066 * decoder_layers}}}},
          {"encoder_layers", 32}, {"decoder_layers", decoder_layers}, {"hidden", 1280}, {"heads", 20}, {"ffn", 5120},
          {"vocab", 51865}, {"chunk_seconds", 30}};
}

}  // namespace

TEST_CASE("a recording shorter than the window pays for the whole padded window", "[media][audio][property]") {
  // Whisper's encoder always sees 30 s (1500 frames): a 10 s clip costs the encoder of 30 s, so its encoder
  // seconds per audio second are three times a full window's; TensorRT so the batch changes nothing else.
  const auto values = [](double seconds, int batch) {
    return audio_values(audio_request("whisper-large-v3", {{"audio_seconds", seconds}, {"batch", batch}, {"runtime", "tensorrt"}}));
  };
  const json full = values(30, 1);
  const json clip = values(10, 1);
  CHECK(clip["window_s"].get<double>() == Approx(10));
  CHECK(clip["compute_s"].get<double>() == Approx(3.0 * full["compute_s"].get<double>()));
  // It decodes only its own speech: a third of a full window's tokens.
  CHECK(clip["window_tokens"].get<double>() == Approx(full["window_tokens"].get<double>() / 3.0));
  // `batch` such recordings share each encoder call and decoder step: the real-time factor falls with it.
  double previous = 1e18;
  for (int batch : {1, 8, 32}) {
    const json v = values(10, batch);
    CHECK(v["windows_together"].get<double>() == Approx(batch));
    const double r = rtf(audio_request("whisper-large-v3", {{"audio_seconds", 10}, {"batch", batch}, {"runtime", "tensorrt"}}));
    CHECK(r < previous);
    previous = r;
  }
}

TEST_CASE("the transformers pipeline's overlapping chunks add 20 s of audio a 30 s window", "[media][audio][property]") {
  // AutomaticSpeechRecognitionPipeline: stride_length_s = chunk_length_s / 6 on each side; the batched eager
  // runtime is that pipeline. A sequential decoder seeks window after window of 30 s.
  const json batched = audio_values(audio_request("whisper-large-v3", {{"audio_seconds", 3600}, {"batch", 24}}));
  CHECK(batched["window_s"].get<double>() <= 20.0 + 1e-9);
  CHECK(batched["window_s"].get<double>() > 19.0);
  // ... yet each window decodes its whole 30 s (the overlap twice).
  CHECK(batched["window_tokens"].get<double>() ==
        Approx(audio_values(audio_request("whisper-large-v3", {{"audio_seconds", 3600}, {"batch", 1}}))["window_tokens"].get<double>()));
  const json sequential = audio_values(audio_request("whisper-large-v3", {{"audio_seconds", 3600}, {"batch", 1}}));
  CHECK(sequential["window_s"].get<double>() == Approx(30));
  const json compiled = audio_values(audio_request("whisper-large-v3", {{"audio_seconds", 3600}, {"batch", 24}, {"runtime", "compiled"}}));
  CHECK(compiled["window_s"].get<double>() == Approx(30));
}

TEST_CASE("host feature extraction and VAD set a floor no GPU lowers", "[media][audio][property]") {
  // Log-mel features on the host: 39.55 ms per 30 s window as transformers computes them, 10.36 ms in
  // faster-whisper 1.1 (faster-whisper PR #1106); the batched faster-whisper pipeline runs Silero VAD over
  // the recording first, 15 s per 2 h (faster-whisper issue #1400). An H100's encoder is far faster.
  for (const char* gpu : {"a100-80gb-sxm", "h100-sxm"}) {
    const json eager = audio_values(audio_request("whisper-large-v3", {{"audio_seconds", 3600}, {"batch", 24}}, gpu));
    CHECK(eager["compute_s"].get<double>() >= 0.03955 / eager["window_s"].get<double>());
    const json compiled =
        audio_values(audio_request("whisper-large-v3", {{"audio_seconds", 3600}, {"batch", 8}, {"runtime", "compiled"}}, gpu));
    CHECK(compiled["compute_s"].get<double>() >= 15.0 / 7200.0 + 0.01036 / 30.0);
  }
}

TEST_CASE("an eager decoder pays its per-token cost per step, whatever its depth", "[media][audio][property]") {
  // insanely-fast-whisper (A100, batch 24): distil-large-v2 with 2 decoder layers takes 78 s where large-v3
  // with 32 takes 98 s: the step's cost is the host loop, not the layers. CTranslate2's is per layer.
  const auto step = [](int layers, const char* runtime) {
    return audio_values(audio_request(distil_like(layers), {{"audio_seconds", 3600}, {"batch", 1}, {"runtime", runtime}}))["decode_step_s"]
        .get<double>();
  };
  CHECK(step(2, "eager") > 0.8 * step(32, "eager"));
  CHECK(step(2, "compiled") < 0.5 * step(32, "compiled"));
}

TEST_CASE("the batched eager pipeline decodes greedily: one cross-attention copy a window", "[media][audio][property]") {
  // openai/whisper's beam search repeats the encoder output for each of its 5 beams; the transformers
  // pipeline decodes 1 beam unless told, so a batch of 8 windows holds less than 8 beam-searched windows.
  const json one = evaluate(audio_request("whisper-large-v3", {{"audio_seconds", 3600}, {"batch", 1}}));
  const json eight = evaluate(audio_request("whisper-large-v3", {{"audio_seconds", 3600}, {"batch", 8}}));
  REQUIRE(one.contains("memory"));
  CHECK(eight["memory"]["activations_bytes"].get<double>() < 8.0 * one["memory"]["activations_bytes"].get<double>() / 2.0);
}

TEST_CASE("fp32 transcription runs its matmuls at the fp32 rate (PyTorch and CTranslate2 leave TF32 off), fp16 at "
          "the tensor-core rate",
          "[media][audio][precision]") {
  // The peak the speed was computed from, as show the math lists it; the A100's fp32, TF32 and fp16 rates
  // differ 8x and 2x, so the figure tells which one was used.
  auto peak_of = [](const char* weights) {
    const json response = evaluate(audio_request("whisper-large-v3", {{"weights", weights}, {"batch", 8}, {"audio_seconds", 3600}}));
    REQUIRE(response.value("ok", false));
    for (const json& e : response["explain"]) {
      if (e.contains("values") && e["values"].contains("peak_flops")) return e["values"]["peak_flops"].get<double>();
    }
    FAIL("no explain entry lists peak_flops");
    return 0.0;
  };
  const sizer::Gpu& a100 = sizer_test::gpu("a100-80gb-sxm");
  CHECK(peak_of("fp32") == Approx(*a100.tflops.fp32 * 1e12));
  CHECK(peak_of("fp16") == Approx(*a100.tflops.fp16 * 1e12));
  CHECK(*a100.tflops.tf32 > *a100.tflops.fp32);  // the rate the TF32 path would have used
  // And the batched fp32 run is slower than the fp16 one.
  const json fp32 = evaluate(audio_request("whisper-large-v3", {{"weights", "fp32"}, {"batch", 8}, {"audio_seconds", 3600}}));
  const json fp16 = evaluate(audio_request("whisper-large-v3", {{"weights", "fp16"}, {"batch", 8}, {"audio_seconds", 3600}}));
  INFO(fp32["options"][0].dump() << "\n" << fp16["options"][0].dump());
  CHECK(first(fp32, "real_time_factor") > first(fp16, "real_time_factor"));
}

#include "media.hpp"

#include <algorithm>
#include <cmath>

#include "formats.hpp"
#include "tunables.hpp"

namespace sizer {
namespace {

// Diffusion pipelines at batch 1 are mid-sized kernels that fill a smaller share of bigger GPUs: FLUX.1-dev
// bf16 reaches ~0.72 of an A100's peak and ~0.5 of an H100's by the FLOP count below (benchflux: 15.65 s
// and 7.11 s for 28 steps). The share falls as the cube root of the peak past an A100 (312 TFLOPS).
constexpr double kDiffusionEfficiency = 0.72;
constexpr double kSaturatedPeakTflops = 312.0;
// Audio pipelines (openai-whisper, faster-whisper) decode eagerly: ~0.3 ms of launches per layer per token.
constexpr double kEagerSecondsPerLayer = 0.0003;

// VAE decoders run at full resolution with 128–512 channels; ~6 live 16-bit tensors of 128 channels
// per pixel at the peak (diffusers AutoencoderKL without tiling).
constexpr double kVaeBytesPerPixel = 128.0 * 2.0 * 6.0;
// Speech: ~150 words a minute ≈ 3.3 tokens per second of audio for Whisper's decoder; autoregressive
// music models emit ~50 frames a second (EnCodec at 32 kHz, MusicGen).
constexpr double kTranscriptTokensPerSecond = 3.3;
constexpr double kMusicFramesPerSecond = 50.0;
constexpr double kMelFramesPerSecond = 93.75;  // 24 kHz, hop 256 (F5-TTS, Kokoro-style vocoders)

double bytes_per_param(WeightFormatId format_id) {
  const WeightFormat* format = find_weight_format(format_id);
  return format ? format->bits_per_weight / 8.0 : 2.0;
}

double backbone_params(const Model& m) {
  const double backbone = m.component_params("backbone");
  return backbone > 0 ? backbone : m.params_b * 1e9;
}

int64_t text_tokens(const Model& m) {
  // Joint-attention DiTs (SD3, FLUX) append the T5 sequence (512 tokens); CLIP-only models 77.
  for (const auto& c : m.components) {
    if (c.role == "text_encoder" && c.params_b > 1.0) return 512;
  }
  return 77;
}

}  // namespace

double media_efficiency(const Gpu& gpu) {
  const double peak = gpu.tflops_16bit();
  return tuned("media.diffusion_efficiency", kDiffusionEfficiency) *  // tunables.hpp: refit per fold only
         std::min(1.0, std::cbrt(kSaturatedPeakTflops / std::max(1.0, peak)));
}

double backbone_tokens(const Model& m, const MediaWorkload& w) {
  const double ds = static_cast<double>(m.media.latent_downsample.value_or(8));
  const double patch = static_cast<double>(m.media.patch_size.value_or(m.media.backbone == BackboneId::unet ? 1 : 2));
  const double positions = std::ceil(static_cast<double>(w.width) / (ds * patch)) *
                           std::ceil(static_cast<double>(w.height) / (ds * patch));
  const double temporal = static_cast<double>(m.media.temporal_downsample.value_or(4));
  const double frames = w.frames > 1 ? std::floor(static_cast<double>(w.frames - 1) / temporal) + 1.0 : 1.0;
  if (m.media.backbone == BackboneId::unet) return positions * frames / 4.0;
  return positions * frames + static_cast<double>(text_tokens(m));
}

MediaMemory media_memory(const Model& m, const MediaWorkload& w, WorkloadKind kind, const EnginePreset& engine) {
  MediaMemory mem;
  mem.weights_bytes = m.params_b * 1e9 * bytes_per_param(w.weights);
  const double batch = static_cast<double>(w.batch);
  const double hidden = static_cast<double>(m.hidden > 0 ? m.hidden : 1024);
  if (kind == WorkloadKind::audio) {
    // Transcription keeps one 30 s window's encoder states; generation a few seconds of frames.
    // Generation runs sentence by sentence: at most one chunk (30 s unless the model says) is live.
    const double chunk_seconds = std::min(w.audio_seconds, m.media.chunk_seconds.value_or(30.0));
    const double frames = m.media.task == MediaTaskId::transcribe ? 1500.0 : chunk_seconds * kMelFramesPerSecond;
    mem.activations_bytes = batch * frames * (4.0 * hidden + 2.0 * 4.0 * hidden) * 2.0;
  } else {
    // Inference keeps one layer's working set: ≈ (4·hidden + 2·ffn) 16-bit values per token, per
    // image, twice with classifier-free guidance; the VAE decode peak comes after and may be larger.
    const double tokens = backbone_tokens(m, w);
    const double ffn = static_cast<double>(m.ffn > 0 ? m.ffn : 4 * m.hidden);
    const double passes = w.guidance ? 2.0 : 1.0;
    const double backbone = batch * passes * tokens * (4.0 * hidden + 2.0 * ffn) * 2.0;
    const double frames = static_cast<double>(std::max<int64_t>(1, w.frames));
    const double vae = batch * static_cast<double>(w.width) * static_cast<double>(w.height) * kVaeBytesPerPixel *
                       (kind == WorkloadKind::video ? std::min(frames, 4.0) : 1.0);  // video VAEs decode in chunks
    mem.activations_bytes = std::max(backbone, vae);
  }
  mem.overhead_bytes = engine.runtime_bytes_per_gpu;
  mem.total_bytes = mem.weights_bytes + mem.activations_bytes + mem.overhead_bytes;
  return mem;
}

MediaSpeed media_speed(const Model& m, const MediaWorkload& w, WorkloadKind kind, const EnginePreset& engine,
                       const Gpu& gpu, int64_t replicas) {
  MediaSpeed s;
  const WeightFormat* format = find_weight_format(w.weights);
  bool native = true;
  s.precision = format ? std::string(format->compute) : "bf16";
  const double peak = gpu.tflops_for(s.precision, &native) * 1e12;
  if (!native) s.precision = "bf16";
  const double batch = static_cast<double>(w.batch);
  const double bandwidth = gpu.memory_bandwidth_gbs * 1e9 * bandwidth_efficiency(engine, gpu.is_hbm());
  const double efficiency = media_efficiency(gpu);
  s.peak_flops = peak;
  s.efficiency = efficiency;
  if (kind == WorkloadKind::audio) {
    const double encoder = m.component_params("encoder");
    const double decoder = m.component_params("decoder");
    const double total = m.params_b * 1e9;
    double seconds_per_audio_second = 0;
    if (m.media.task == MediaTaskId::transcribe) {
      // Encoder: 2 FLOPs per parameter per frame over the window (1500 frames / 30 s); decoder:
      // memory-bound token by token, each step streaming its weights (all beams share one read).
      const double enc = encoder > 0 ? encoder : total / 2.0;
      const double dec = decoder > 0 ? decoder : total / 2.0;
      const double chunk = m.media.chunk_seconds.value_or(30.0);
      const double encoder_s = 2.0 * enc * 1500.0 / (peak * efficiency) / chunk;
      const double layers = static_cast<double>(m.media.decoder_layers.value_or(m.layers > 0 ? m.layers / 2 : 32));
      const double step_s =
          dec * bytes_per_param(w.weights) / bandwidth + engine.step_overhead_s + tuned("media.eager_seconds_per_layer", kEagerSecondsPerLayer) * layers;
      seconds_per_audio_second = encoder_s + kTranscriptTokensPerSecond * step_s;
      s.compute_s = encoder_s;
      s.memory_s = kTranscriptTokensPerSecond * step_s;
      s.decode_step_s = step_s;
      s.flops_per_item = 2.0 * enc * 1500.0 / chunk + 2.0 * dec * kTranscriptTokensPerSecond;
      s.bottleneck = encoder_s > kTranscriptTokensPerSecond * step_s ? BottleneckId::compute : BottleneckId::memory_bandwidth;
    } else if (m.media.task == MediaTaskId::music) {
      const double step_s = total * bytes_per_param(w.weights) / bandwidth + engine.step_overhead_s;
      seconds_per_audio_second = kMusicFramesPerSecond * step_s / batch;
      s.memory_s = seconds_per_audio_second;
      s.decode_step_s = step_s;
      s.flops_per_item = 2.0 * total * kMusicFramesPerSecond;
      s.bottleneck = BottleneckId::memory_bandwidth;
    } else {
      // Non-autoregressive TTS: a few passes over the mel frames (flow-matching models take ~16–32).
      const int64_t passes = m.media.default_steps.value_or(1) * (w.guidance && m.media.default_steps ? 2 : 1);
      s.flops_per_item = 2.0 * total * kMelFramesPerSecond * static_cast<double>(passes);
      s.compute_s = s.flops_per_item / (peak * efficiency);
      seconds_per_audio_second = s.compute_s + engine.step_overhead_s;
      s.bottleneck = BottleneckId::compute;
    }
    s.real_time_factor = seconds_per_audio_second;
    s.seconds_per_item = seconds_per_audio_second * w.audio_seconds;
    s.items_per_s = static_cast<double>(replicas) * batch / std::max(1e-12, s.seconds_per_item);
    return s;
  }
  // Diffusion: steps × passes × backbone FLOPs (2 per parameter per token + attention 4·L·T²·hidden),
  // plus the VAE decode (≈ 2 × its parameters × 64 per output pixel for a conv decoder: a first cut).
  const double tokens = backbone_tokens(m, w);
  const double attention = m.media.backbone == BackboneId::unet
                               ? 0.0
                               : 4.0 * static_cast<double>(m.layers) * tokens * tokens * static_cast<double>(m.hidden);
  const double per_pass = 2.0 * backbone_params(m) * tokens + attention;
  const double passes = w.guidance ? 2.0 : 1.0;
  const double vae = 2.0 * std::max(m.component_params("vae"), 5e7) * static_cast<double>(w.width) *
                     static_cast<double>(w.height) / 64.0 * static_cast<double>(std::max<int64_t>(1, w.frames));
  s.flops_per_item = static_cast<double>(w.steps) * passes * per_pass + vae;
  const double compute_s = s.flops_per_item / (peak * efficiency);
  // Each pass streams the backbone weights at least once.
  const double memory_s = static_cast<double>(w.steps) * passes * backbone_params(m) * bytes_per_param(w.weights) /
                          bandwidth / batch;
  s.compute_s = compute_s;
  s.memory_s = memory_s;
  s.seconds_per_item = std::max(compute_s, memory_s);
  s.bottleneck = compute_s >= memory_s ? BottleneckId::compute : BottleneckId::memory_bandwidth;
  s.items_per_s = static_cast<double>(replicas) / s.seconds_per_item;
  return s;
}

Explanation explain_media_speed(const Model& m, const MediaWorkload& w, WorkloadKind kind, const MediaSpeed& s) {
  // The efficiency law as media_efficiency applies it, spelled from its constants.
  const std::string efficiency_law = "efficiency = " + format_number(kDiffusionEfficiency) + " × min(1, ∛(" +
                                     format_number(kSaturatedPeakTflops) + " TFLOPS / the GPU's 16-bit peak))";
  const std::string source = "; " + efficiency_law + " (benchflux FLUX.1-dev on A100 and H100)";
  if (kind != WorkloadKind::audio) {
    return {"seconds_per_image",
            "max(flops_per_item / (peak_flops × efficiency), steps × passes × backbone bytes / bandwidth / batch); "
            "flops_per_item = steps × passes × (2 × backbone_params × tokens + 4 × layers × tokens² × hidden) + VAE",
            {{"flops_per_item", s.flops_per_item},
             {"peak_flops", s.peak_flops},
             {"efficiency", s.efficiency},
             {"steps", static_cast<double>(w.steps)},
             {"passes", w.guidance ? 2.0 : 1.0},
             {"tokens", backbone_tokens(m, w)},
             {"compute_s", s.compute_s},
             {"memory_s", s.memory_s}},
            s.seconds_per_item,
            "Compute-bound denoising (Peebles & Xie 2023 for DiT FLOPs)" + source};
  }
  const std::vector<std::pair<std::string, double>> values = {
      {"flops_per_item", s.flops_per_item}, {"peak_flops", s.peak_flops},   {"efficiency", s.efficiency},
      {"compute_s", s.compute_s},           {"memory_s", s.memory_s},       {"decode_step_s", s.decode_step_s}};
  if (m.media.task == MediaTaskId::transcribe) {
    return {"real_time_factor",
            "compute seconds per second of audio: encoder FLOPs / (peak_flops × efficiency) + " +
                format_number(kTranscriptTokensPerSecond) +
                " tokens × decode_step_s (decoder bytes / bandwidth + overhead + eager launches)",
            values, s.real_time_factor, "Whisper: a 30 s encoder window of 1500 frames, ~150 words a minute" + source};
  }
  if (m.media.task == MediaTaskId::music) {
    return {"real_time_factor",
            "compute seconds per second of audio: " + format_number(kMusicFramesPerSecond) +
                " frames × decode_step_s (weights / bandwidth + overhead) / batch",
            values, s.real_time_factor, "Autoregressive music models stream their weights per frame (MusicGen, EnCodec 32 kHz)"};
  }
  return {"real_time_factor",
          "compute seconds per second of audio: flops_per_item / (peak_flops × efficiency) + step overhead; "
          "flops_per_item = 2 × params × " + format_number(kMelFramesPerSecond) + " mel frames × passes",
          values, s.real_time_factor, "Non-autoregressive TTS over mel frames" + source};
}

}  // namespace sizer

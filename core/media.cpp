#include "media.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>
#include <string>

#include "capabilities.hpp"
#include "format.hpp"
#include "formats.hpp"
#include "tunables.hpp"

namespace sizer {
namespace {

// Runtimes, set on the published A100/H100/RTX timings in tests/calibration (diffusion and audio groups) at
// once, with the FLOP counts below:
// - matmul efficiency: eager diffusers FLUX.1-dev (benchflux, A100 15.65 s / H100 7.11 s for 28 steps) and
//   SDXL (diffusers fast_diffusion tutorial 3.31 s for 30 steps; fal-ai/stable-diffusion-benchmarks 5.93 s
//   for 50) give 0.44 of an A100 once the fixed cost per call is taken out; TensorRT 9 (fal-ai: SD1.5
//   0.82 s, SDXL 4.10 s for 50 steps; Stability's SDXL TensorRT card, H100 1471 ms for 30) 0.56;
//   torch.compile (fal-ai compiled rows, diffusers max-autotune 2.54 s) between, 0.50.
// - fixed cost per backbone call: eager PyTorch dispatches each of the ~10³ kernels of a UNet/DiT forward
//   from Python (SD1.5 at 512² is launch-bound: 1.59 s for 50 steps on an A100, ~4× its FLOP time);
//   torch.compile fuses them, TensorRT adds CUDA graphs and static shapes (fal-ai SD1.5: 1.35 s, 0.82 s).
// - per layer per decoded token (Whisper-style decoders), set on every eager case at once: openai-whisper
//   and transformers generate (faster-whisper README: openai/whisper 4m30s for 13 min on a V100S, and at
//   v1.1.0 2m23s, transformers 1m52s on an RTX 3070 Ti; insanely-fast-whisper README: transformers fp32
//   31 min and fp16 batch 24 1 min 38 s for 150 min on an A100) ≈ 1.9 ms (geometric-mean fit); CTranslate2
//   (faster-whisper 54 s for 13 min on a V100S, 9 min 23 s for 150 min on an A100) ≈ 0.6 ms; TensorRT-LLM
//   ~0.8 ms a token as for LLM decode (engines.cpp), i.e. 0.025 ms a layer for 32 layers.
constexpr MediaRuntimeProfile kRuntimes[] = {
    {0.44, 0.016, 0.0019},     // eager
    {0.50, 0.010, 0.00062},    // compiled
    {0.56, 0.008, 0.000025},   // tensorrt
};
// Past an A100 the same kernels fill a smaller share of a bigger GPU: the share falls as the cube root of
// the 16-bit peak (benchflux FLUX.1-dev: 0.44 of an A100, 0.30 of an H100 by the FLOP count below).
constexpr double kSaturatedPeakTflops = 312.0;

// A batch of b images multiplies the rows of every GEMM by b, so the kernels reach more of the peak: the
// batch-1 share grows as √b up to the large-GEMM ceiling of 0.8 (Hugging Face "Exploring simple
// optimizations for SDXL": 4 SDXL images in 11.4 s for 50 steps on an A100 40GB, fp16 + SDPA, i.e. 2.85 s
// an image against 5.93 s at batch 1 in fal-ai's table). The GPU-size law applies on top.
constexpr double kMaxMatmulEfficiency = 0.8;

// UNet FLOPs: a UNet runs its widest, most parameter-heavy blocks at 1/16 (SDXL: 1280 channels at 32×32)
// or 1/64 of the latent positions, so a forward costs about 2 × params × positions / 13 plus attention (below). SD 1.x: 339 G
// MACs per forward at 512² for an 860M UNet (Kim et al. 2023, BK-SDM, Table 1) → 2·P·4096/10.4; SDXL,
// counted block by block from unet/config.json (60 transformer blocks of 1280 channels at 32×32, 10 of
// 640 at 64×64, resnets at 128×128, attention included): ≈ 6.4 TFLOPs at 1024² → 2·P·16384/13.1.
constexpr double kUNetPositionsPerToken = 13.0;
// UNet self-attention, QKᵀ and AV (4 · tokens² · channels a block), grows with the square of the latent
// positions: SDXL runs 10 blocks of 640 channels at positions/4 tokens and 60 of 1280 at positions/16,
// 4·(640·10/16 + 1280·60/256) = 2800 FLOPs per position² (0.75 TFLOPs at 1024², on top of the linear part).
constexpr double kUNetAttentionPerPosition2 = 2800.0;
// Without FlashAttention (Volta, Turing) attention runs at about half speed (performance.hpp,
// kNoFlashAttentionSlowdown: FlashAttention-2 paper, Dao 2023, Fig. 4).
constexpr double kMediaNoFlashAttentionSlowdown = 2.0;

// VAE decoders run at full resolution with 128–512 channels; ~6 live tensors of 128 channels per pixel at
// the peak (diffusers AutoencoderKL without tiling).
constexpr double kVaeValuesPerPixel = 128.0 * 6.0;
// Speech: ~150 words a minute ≈ 3.3 tokens per second of audio for Whisper's decoder; autoregressive
// music models emit ~50 frames a second (EnCodec at 32 kHz, MusicGen).
constexpr double kTranscriptTokensPerSecond = 3.3;
constexpr double kMusicFramesPerSecond = 50.0;
constexpr double kMelFramesPerSecond = 93.75;  // 24 kHz, hop 256 (F5-TTS, Kokoro-style vocoders)
constexpr double kEncoderFramesPerWindow = 1500.0;  // Whisper: 30 s of 10 ms mel frames, stride 2
// Beams of a transcription decode: the default of openai/whisper's CLI (--beam_size 5) and of
// faster-whisper's transcribe(beam_size=5), and the setting of faster-whisper's published benchmark.
constexpr double kTranscribeBeams = 5.0;
// The batched eager runtime is the transformers ASR pipeline, which decodes greedily unless told (Whisper's
// generation_config sets no num_beams, so generate() runs 1 beam; insanely-fast-whisper passes none).
double transcribe_beams(const MediaWorkload& w) {
  return w.runtime == MediaRuntimeId::eager && w.batch > 1 ? 1.0 : kTranscribeBeams;
}
// Eager decoders pay their per-token cost in the host loop of each step (generate()'s logits processors
// and stopping checks, openai/whisper's beam bookkeeping), not per layer: insanely-fast-whisper's table
// (A100, batch 24, 150 min) reads 1 min 18 s for distil-large-v2 (2 decoder layers) against 1 min 38 s for
// large-v3 (32). The eager figure per layer was set on 32-layer decoders; it is charged for 32 at any depth.
constexpr double kEagerStepLayers = 32.0;
// Whisper's decoder text context, n_text_ctx = 448 (openai/whisper ModelDimensions; max_target_positions).
constexpr double kDecoderTextContext = 448.0;
// The transformers ASR pipeline, the batched eager runtime, overlaps its chunks by stride_length_s =
// chunk_length_s / 6 on each side (AutomaticSpeechRecognitionPipeline.preprocess; whisper-jax's pipeline
// likewise): a 30 s window adds 20 s of new audio and the overlap is transcribed twice.
constexpr double kChunkAdvance = 2.0 / 3.0;
// Log-mel features of one 30 s window on the host, before the encoder, by runtime: faster-whisper PR
// #1106 (a 30 s segment on 4 CPU cores): NumPy as transformers' extractor computes it 39.55 ms, faster-
// whisper 1.1's NumPy 10.36 ms, torch on the GPU 0.71 ms (TensorRT-LLM's Whisper example computes on it).
constexpr double kFeatureSecondsPerWindow[] = {0.03955, 0.01036, 0.00071};
// faster-whisper's batched pipeline (the compiled runtime at batch > 1) first runs Silero VAD over the
// whole recording on one CPU thread: "Silero v6 takes ~10-20 seconds to process 2h audio on mediocre CPU"
// (faster-whisper issue #1400, its maintainer), 15 s per 7200 s.
constexpr double kVadSecondsPerAudioSecond = 15.0 / 7200.0;

// A size given within this factor of a preset's size (whole pipeline or backbone) is taken as that preset.
constexpr double kSamePresetFactor = 1.3;

double bytes_per_param(WeightFormatId format_id) {
  const WeightFormat* format = find_weight_format(format_id);
  return format ? format->bits_per_weight / 8.0 : 2.0;
}

// Activations are kept at the compute precision: 4 bytes in fp32, else 2.
double activation_bytes(WeightFormatId format_id) { return format_id == WeightFormatId::fp32 ? 4.0 : 2.0; }

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

// Parameters one token passes through in a DiT: attention (4·h²) and MLP (2·h·ffn) per layer. adaLN
// modulation weights act once per image, and two-stream blocks (FLUX, SD3) give each token only its
// stream's half: FLUX.1-dev 57 × (4·3072² + 2·3072·12288) = 6.45B of its 12B (Esser et al. 2024; BFL
// transformer/config.json). Without the shapes, every backbone parameter is counted.
double dit_token_params(const Model& m) {
  const double all = backbone_params(m);
  if (m.layers <= 0 || m.hidden <= 0) return all;
  const double h = static_cast<double>(m.hidden);
  const double ffn = static_cast<double>(m.ffn > 0 ? m.ffn : 4 * m.hidden);
  return std::min(all, static_cast<double>(m.layers) * (4.0 * h * h + 2.0 * h * ffn));
}

double peak_for(const Gpu& gpu, WeightFormatId weights, std::string& precision) {
  const WeightFormat* format = find_weight_format(weights);
  bool native = true;
  precision = format ? std::string(format->compute) : "bf16";
  const double peak = gpu.tflops_for(precision, &native) * 1e12;
  if (!native) precision = "bf16";
  return peak;
}

std::string normalised(const std::string& name) {
  std::string out;
  for (char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c))) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

// The preset a model name names, by the words users type for it.
const char* preset_for_name(const std::string& name) {
  const std::string n = normalised(name);
  struct Rule {
    const char* word;
    const char* preset;
  };
  static const Rule rules[] = {
      {"sdxl", "sdxl-base-1.0"},         {"stablediffusionxl", "sdxl-base-1.0"}, {"flux", "flux.1-dev"},
      {"sd3", "sd-3.5-large"},           {"stablediffusion3", "sd-3.5-large"},   {"sd15", "sd-1.5"},
      {"sdv15", "sd-1.5"},               {"stablediffusionv1", "sd-1.5"},        {"stablediffusion1", "sd-1.5"},
      {"sd1", "sd-1.5"},                 {"wan", "wan2.1-t2v-14b"},              {"whisper", "whisper-large-v3"},
      {"f5", "f5-tts-base"},             {"e2tts", "f5-tts-base"},               {"kokoro", "kokoro-82m"},
  };
  if (n.empty()) return nullptr;
  for (const auto& rule : rules) {
    if (n.find(rule.word) != std::string::npos) return rule.preset;
  }
  return nullptr;
}

double preset_backbone_b(const ModelArch& preset) {
  double sum = 0;
  for (const auto& c : preset.components) {
    if (c.role == "backbone") sum += c.params_b;
  }
  return sum;
}

}  // namespace

const MediaRuntimeProfile& media_runtime_profile(MediaRuntimeId runtime) {
  // The calibrated constants go through tuned() (tunables.hpp: the accuracy harness refits them per
  // cross-validation fold; everywhere else the multipliers are 1). Rebuilt when the multipliers change.
  static uint64_t built = ~uint64_t{0};
  static MediaRuntimeProfile tuned_profiles[std::size(kRuntimes)];
  if (built != tunables_generation()) {
    for (size_t i = 0; i < std::size(kRuntimes); ++i) {
      const std::string prefix = "media." + std::string(Vocabulary<MediaRuntimeId>::ids[i]) + ".";
      tuned_profiles[i] = {tuned(prefix + "matmul_efficiency", kRuntimes[i].matmul_efficiency),
                           tuned(prefix + "seconds_per_call", kRuntimes[i].seconds_per_call),
                           tuned(prefix + "seconds_per_layer_token", kRuntimes[i].seconds_per_layer_token)};
    }
    built = tunables_generation();
  }
  return tuned_profiles[static_cast<size_t>(runtime)];
}

double media_efficiency(const Gpu& gpu, MediaRuntimeId runtime, int64_t batch) {
  const double peak = gpu.tflops_16bit();
  const double batched = std::min(kMaxMatmulEfficiency, media_runtime_profile(runtime).matmul_efficiency *
                                                            std::sqrt(static_cast<double>(std::max<int64_t>(1, batch))));
  return batched * std::min(1.0, std::cbrt(kSaturatedPeakTflops / std::max(1.0, peak)));
}

double backbone_tokens(const Model& m, const MediaWorkload& w) {
  const double ds = static_cast<double>(m.media.latent_downsample.value_or(8));
  const double patch = static_cast<double>(m.media.patch_size.value_or(m.media.backbone == BackboneId::unet ? 1 : 2));
  const double positions = std::ceil(static_cast<double>(w.width) / (ds * patch)) *
                           std::ceil(static_cast<double>(w.height) / (ds * patch));
  const double temporal = static_cast<double>(m.media.temporal_downsample.value_or(4));
  const double frames = w.frames > 1 ? std::floor(static_cast<double>(w.frames - 1) / temporal) + 1.0 : 1.0;
  if (m.media.backbone == BackboneId::unet) return positions * frames;
  return positions * frames + static_cast<double>(text_tokens(m));
}

double backbone_attention_flops_per_pass(const Model& m, const MediaWorkload& w) {
  const double tokens = backbone_tokens(m, w);
  if (m.media.backbone == BackboneId::unet) return kUNetAttentionPerPosition2 * tokens * tokens;
  // DiT attention, QKᵀ and AV: 4 · layers · tokens² · hidden.
  return 4.0 * static_cast<double>(m.layers) * tokens * tokens * static_cast<double>(m.hidden);
}

double backbone_flops_per_pass(const Model& m, const MediaWorkload& w) {
  const double tokens = backbone_tokens(m, w);
  const double linear = m.media.backbone == BackboneId::unet ? 2.0 * backbone_params(m) * tokens / kUNetPositionsPerToken
                                                             : 2.0 * dit_token_params(m) * tokens;
  return linear + backbone_attention_flops_per_pass(m, w);
}

ModelArch fill_media_architecture(const ModelArch& arch, const Catalog& catalog, const std::string& path,
                                  Issues& warnings) {
  if (arch.kind == ModelKindId::llm || !arch.params_b || *arch.params_b <= 0) return arch;
  if (!arch.components.empty() || arch.media.backbone || arch.layers || arch.hidden) return arch;
  const double given_b = *arch.params_b;
  const ModelArch* preset = nullptr;
  bool by_name = false;
  if (const char* id = preset_for_name(arch.name)) {
    const ModelArch* named = catalog.find_model(id);
    if (named && named->kind == arch.kind) {
      preset = named;
      by_name = true;
    }
  }
  // Otherwise the preset of the same kind (and task) nearest in size, whole pipeline or backbone.
  auto distance = [&](const ModelArch& p) {
    const double total = p.params_b.value_or(0);
    const double backbone = preset_backbone_b(p);
    double d = total > 0 ? std::fabs(std::log(given_b / total)) : 1e9;
    if (backbone > 0) d = std::min(d, std::fabs(std::log(given_b / backbone)));
    return d;
  };
  if (!preset) {
    double best = 1e18;
    for (const auto& p : catalog.models) {
      if (p.kind != arch.kind || !p.params_b) continue;
      if (arch.media.task && p.media.task != arch.media.task) continue;
      const double d = distance(p);
      if (d < best) {
        best = d;
        preset = &p;
      }
    }
  }
  if (!preset) return arch;
  // The size the user typed is the whole pipeline's or the backbone's (users write FLUX.1-dev as 12B):
  // whichever the preset's is nearer. Within kSamePresetFactor it is the preset; otherwise every component
  // and the backbone width scale with it (layers kept; width as the square root: params ∝ layers · width²).
  const double total = preset->params_b.value_or(given_b);
  const double backbone = preset_backbone_b(*preset);
  const bool as_backbone = backbone > 0 && std::fabs(std::log(given_b / backbone)) < std::fabs(std::log(given_b / total));
  const double scale_raw = given_b / (as_backbone ? backbone : total);
  const bool same = scale_raw < kSamePresetFactor && scale_raw > 1.0 / kSamePresetFactor;
  const double scale = same ? 1.0 : scale_raw;
  ModelArch out = *preset;
  out.id.clear();
  out.name = arch.name.empty() ? preset->name : arch.name;
  out.params_b = total * scale;
  out.active_params_b.reset();
  for (auto& c : out.components) c.params_b *= scale;
  if (!same) {
    const double width = std::sqrt(scale);
    if (out.hidden) out.hidden = std::max<int64_t>(64, std::llround(static_cast<double>(*out.hidden) * width / 64.0) * 64);
    if (out.ffn) out.ffn = std::max<int64_t>(64, std::llround(static_cast<double>(*out.ffn) * width / 64.0) * 64);
    if (out.heads && out.hidden && out.head_dim) out.heads = std::max<int64_t>(1, *out.hidden / *out.head_dim);
  }
  // What the user did write wins over the preset.
  const MediaSpec& given = arch.media;
  MediaSpec& media = out.media;
  if (given.task) media.task = given.task;
  if (given.latent_downsample) media.latent_downsample = given.latent_downsample;
  if (given.latent_channels) media.latent_channels = given.latent_channels;
  if (given.patch_size) media.patch_size = given.patch_size;
  if (given.temporal_downsample) media.temporal_downsample = given.temporal_downsample;
  if (given.default_steps) media.default_steps = given.default_steps;
  if (given.native_width) media.native_width = given.native_width;
  if (given.native_height) media.native_height = given.native_height;
  if (given.default_frames) media.default_frames = given.default_frames;
  if (given.fps) media.fps = given.fps;
  if (given.sample_rate_hz) media.sample_rate_hz = given.sample_rate_hz;
  if (given.chunk_seconds) media.chunk_seconds = given.chunk_seconds;
  if (given.encoder_layers) media.encoder_layers = given.encoder_layers;
  if (given.decoder_layers) media.decoder_layers = given.decoder_layers;
  if (given.guidance_distilled) media.guidance_distilled = given.guidance_distilled;
  if (arch.heads) out.heads = arch.heads;
  if (arch.ffn) out.ffn = arch.ffn;
  if (arch.vocab) out.vocab = arch.vocab;
  std::vector<Param> params{param_text("preset", preset->name), param_number("scale", scale, format_number(scale))};
  const char* key = !by_name ? "issue.assumed_field.media_nearest"
                             : (same ? "issue.assumed_field.media_preset" : "issue.assumed_field.media_scaled");
  warnings.push_back(make_issue("assumed_field", path, message(key, params)));
  return out;
}

MediaMemory media_memory(const Model& m, const MediaWorkload& w, WorkloadKind kind, const EnginePreset& engine) {
  MediaMemory mem;
  mem.weights_bytes = m.params_b * 1e9 * bytes_per_param(w.weights);
  const double batch = static_cast<double>(w.batch);
  const double hidden = static_cast<double>(m.hidden > 0 ? m.hidden : 1024);
  const double value_bytes = activation_bytes(w.weights);
  if (kind == WorkloadKind::audio) {
    // Transcription keeps one 30 s window's encoder states; generation a few seconds of frames.
    // Generation runs sentence by sentence: at most one chunk (30 s unless the model says) is live.
    const double chunk_seconds = std::min(w.audio_seconds, m.media.chunk_seconds.value_or(30.0));
    const double frames = m.media.task == MediaTaskId::transcribe ? kEncoderFramesPerWindow : chunk_seconds * kMelFramesPerSecond;
    mem.activations_bytes = batch * frames * (4.0 * hidden + 2.0 * 4.0 * hidden) * value_bytes;
    if (m.media.task == MediaTaskId::transcribe) {
      // Beam search keeps the decoder caches: cross-attention K and V over the window's encoder frames
      // (one copy per beam, or one a stream, below) and each beam's self-attention K and V.
      const double layers = static_cast<double>(m.media.decoder_layers.value_or(m.layers > 0 ? m.layers / 2 : 32));
      // Eager PyTorch repeats the encoder output for every beam (openai/whisper decoding.py:
      // audio_features.repeat_interleave(n_group); transformers generate(): _expand_inputs_for_generation),
      // so each beam holds its own cross-attention K/V; CTranslate2 (faster-whisper, runtime compiled)
      // keeps one copy a stream that the beams share: its batched pipeline grows by ~225 MiB a stream at
      // beam 5, one stream's cross-attention K/V (faster-whisper README, RTX 3070 Ti table).
      const double beams = transcribe_beams(w);
      const double cross_copies = w.runtime == MediaRuntimeId::eager ? beams : 1.0;
      // The self-attention caches grow with the tokens decoded: the window's transcript and the previous
      // window's as prompt (condition_on_previous_text, the default), at most the 448-token text context.
      const double text_positions = std::min(kDecoderTextContext, 2.0 * chunk_seconds * kTranscriptTokensPerSecond);
      mem.activations_bytes += batch * layers * 2.0 *
                               (cross_copies * kEncoderFramesPerWindow + beams * text_positions) * hidden *
                               value_bytes;
    }
  } else {
    // Inference keeps one layer's working set: ≈ (4·hidden + 2·ffn) values per token, per image, twice
    // with classifier-free guidance (UNets at their quarter-resolution blocks); the VAE decode peak comes
    // after and may be larger. fp32 pipelines hold 4-byte activations.
    const double tokens = m.media.backbone == BackboneId::unet ? backbone_tokens(m, w) / 4.0 : backbone_tokens(m, w);
    const double ffn = static_cast<double>(m.ffn > 0 ? m.ffn : 4 * m.hidden);
    const double passes = w.guidance ? 2.0 : 1.0;
    const double backbone = batch * passes * tokens * (4.0 * hidden + 2.0 * ffn) * value_bytes;
    const double frames = static_cast<double>(std::max<int64_t>(1, w.frames));
    // The KL-f8 VAEs of the UNet family decode in fp32 in fp16 pipelines (SDXL's vae/config.json sets
    // force_upcast; diffusers upcasts when the VAE is float16, not bfloat16): 4 bytes a value there
    // (conservative for SD 1.5).
    const bool upcast = m.media.backbone == BackboneId::unet && w.weights == WeightFormatId::fp16;
    const double vae_bytes = upcast ? 4.0 : value_bytes;
    const double vae = batch * static_cast<double>(w.width) * static_cast<double>(w.height) * kVaeValuesPerPixel *
                       vae_bytes * (kind == WorkloadKind::video ? std::min(frames, 4.0) : 1.0);  // video VAEs decode in chunks
    mem.activations_bytes = std::max(backbone, vae);
  }
  mem.overhead_bytes = engine.runtime_bytes_per_gpu;
  mem.total_bytes = mem.weights_bytes + mem.activations_bytes + mem.overhead_bytes;
  return mem;
}

MediaSpeed media_speed(const Model& m, const MediaWorkload& w, WorkloadKind kind, const EnginePreset& engine,
                       const Gpu& gpu, int64_t replicas) {
  MediaSpeed s;
  s.runtime = w.runtime;
  const MediaRuntimeProfile& runtime = media_runtime_profile(w.runtime);
  double peak = peak_for(gpu, w.weights, s.precision);
  // fp32 speech models run their matmuls at the fp32 rate, not TF32: PyTorch's
  // torch.backends.cuda.matmul.allow_tf32 is False by default since 1.12 (only cuDNN's convolutions default
  // to TF32; PyTorch docs, "TensorFloat-32 (TF32) on Ampere (and later) devices"), and CTranslate2 uses
  // TF32 only when CT2_CUDA_ALLOW_TF32 is set. Whisper and the TTS backbones are matmuls but for a
  // two-layer convolution stem. (Image and video backbones keep the TF32 rate: most of a UNet's work is
  // convolutions.)
  if (kind == WorkloadKind::audio && w.weights == WeightFormatId::fp32 && gpu.tflops.fp32 && *gpu.tflops.fp32 > 0) {
    peak = *gpu.tflops.fp32 * 1e12;
  }
  const double batch = static_cast<double>(std::max<int64_t>(1, w.batch));
  const VendorSoftware vendor = vendor_software(gpu);  // another vendor's stack (capabilities.hpp)
  const double bandwidth = gpu.memory_bandwidth_gbs * 1e9 * bandwidth_efficiency(engine, gpu.is_hbm()) * vendor.bandwidth;
  // Image and video batches fill bigger GEMMs; audio calls are set at batch 1 (their time is in the
  // decoder's token steps and the fixed cost per call).
  const double efficiency = media_efficiency(gpu, w.runtime, kind == WorkloadKind::audio ? 1 : w.batch) * vendor.compute;
  const double rate = std::max(1.0, peak * efficiency);
  s.peak_flops = peak;
  s.efficiency = efficiency;
  const double weight_bytes = bytes_per_param(w.weights);
  if (kind == WorkloadKind::audio) {
    const double encoder = m.component_params("encoder");
    const double decoder = m.component_params("decoder");
    const double total = m.params_b * 1e9;
    double seconds_per_audio_second = 0;
    if (m.media.task == MediaTaskId::transcribe) {
      // Long-form audio is cut into windows (30 s); `batch` windows run together. Each batch: the host
      // computes each window's log-mel features, one encoder call over batch × 1500 frames (2 FLOPs per
      // parameter per frame + attention), then one decoder token step after another, each streaming the
      // decoder weights once for the whole batch (or computing for it, whichever is longer) plus the
      // runtime's fixed cost per layer.
      const double enc = encoder > 0 ? encoder : total / 2.0;
      const double dec = decoder > 0 ? decoder : total / 2.0;
      const double chunk = m.media.chunk_seconds.value_or(30.0);
      // A recording shorter than a window is padded to the whole window (WhisperFeatureExtractor pads every
      // input to 30 s; openai/whisper pad_or_trim): `batch` such recordings run together, each slot holding
      // only its own seconds of speech. Longer audio fills its windows; the batched eager pipeline's
      // overlapping chunks add kChunkAdvance of a window each.
      const bool clip = w.audio_seconds < chunk;
      const double advance = (!clip && w.runtime == MediaRuntimeId::eager && batch > 1) ? chunk * kChunkAdvance : chunk;
      const double windows = clip ? batch : 1.0 + std::ceil(std::max(0.0, w.audio_seconds - chunk) / advance);
      const double together = std::min(batch, windows);
      const double speech = clip ? std::max(0.1, w.audio_seconds) : w.audio_seconds / windows;
      const double enc_layers = static_cast<double>(m.media.encoder_layers.value_or(m.layers > 0 ? m.layers / 2 : 32));
      const double dec_layers = static_cast<double>(m.media.decoder_layers.value_or(m.layers > 0 ? m.layers / 2 : 32));
      const double enc_flops = 2.0 * enc * kEncoderFramesPerWindow +
                               4.0 * enc_layers * kEncoderFramesPerWindow * kEncoderFramesPerWindow * static_cast<double>(m.hidden);
      const double encoder_s = together * (enc_flops / rate + kFeatureSecondsPerWindow[static_cast<size_t>(w.runtime)]) +
                               runtime.seconds_per_call;
      // Each window decodes kTranscribeBeams hypotheses (beam search, as the memory above keeps them), so a
      // step's matmuls run together × beams rows: at batch 8 on a small GPU the step is compute-bound.
      const double beams = transcribe_beams(w);
      const double step_rows = together * beams;
      // Each step's attention also reads every window's cached K/V once: the cross-attention K/V over the
      // 1500 encoder frames (one copy a beam in eager PyTorch, one a stream in CTranslate2, as media_memory
      // keeps them) and the beams' self-attention K/V; unlike the weights this traffic grows with the batch.
      const double text_positions = std::min(kDecoderTextContext, 2.0 * chunk * kTranscriptTokensPerSecond);
      const double cross_copies = w.runtime == MediaRuntimeId::eager ? beams : 1.0;
      const double step_bytes = dec * weight_bytes + together * dec_layers * 2.0 *
                                                         (cross_copies * kEncoderFramesPerWindow + beams * text_positions) *
                                                         static_cast<double>(m.hidden) * activation_bytes(w.weights);
      const double overhead_layers = w.runtime == MediaRuntimeId::eager ? kEagerStepLayers : dec_layers;
      const double step_s = std::max(step_bytes / bandwidth, step_rows * 2.0 * dec / rate) +
                            runtime.seconds_per_layer_token * overhead_layers;
      // The batch decodes until its longest window ends: a window's whole span, overlaps included.
      const double tokens = kTranscriptTokensPerSecond * (clip ? speech : chunk);
      const double batch_s = encoder_s + tokens * step_s;
      const double vad_s = w.runtime == MediaRuntimeId::compiled && batch > 1 ? kVadSecondsPerAudioSecond : 0.0;
      seconds_per_audio_second = batch_s / (together * speech) + vad_s;
      s.compute_s = encoder_s / (together * speech) + vad_s;
      s.memory_s = tokens * std::max(step_bytes / bandwidth, step_rows * 2.0 * dec / rate) / (together * speech);
      s.overhead_s = tokens * runtime.seconds_per_layer_token * overhead_layers / (together * speech);
      s.decode_step_s = step_s;
      s.windows_together = together;
      s.window_speech_s = speech;
      s.window_tokens = tokens;
      s.flops_per_item = enc_flops / speech + 2.0 * dec * kTranscriptTokensPerSecond;
      s.bottleneck = s.overhead_s > std::max(s.compute_s, s.memory_s)
                         ? BottleneckId::overhead
                         : (s.compute_s > s.memory_s ? BottleneckId::compute : BottleneckId::memory_bandwidth);
    } else if (m.media.task == MediaTaskId::music) {
      const double step_s = total * weight_bytes / bandwidth + engine.step_overhead_s;
      seconds_per_audio_second = kMusicFramesPerSecond * step_s / batch;
      s.memory_s = seconds_per_audio_second;
      s.decode_step_s = step_s;
      s.flops_per_item = 2.0 * total * kMusicFramesPerSecond;
      s.bottleneck = BottleneckId::memory_bandwidth;
    } else {
      // Non-autoregressive TTS: `steps` solver steps (NFE; flow-matching models such as F5-TTS take 16–32,
      // each two passes with classifier-free guidance, batched) over the mel frames, 2 FLOPs per
      // parameter per frame, plus the runtime's fixed cost per call; `batch` streams share each call.
      const double backbone = m.component_params("backbone") > 0 ? m.component_params("backbone") : total;
      const double steps = static_cast<double>(std::max<int64_t>(1, w.steps));
      const double passes = steps > 1 && w.guidance ? 2.0 : 1.0;
      s.flops_per_item = 2.0 * backbone * kMelFramesPerSecond * steps * passes;
      const double chunk_seconds = std::min(w.audio_seconds, m.media.chunk_seconds.value_or(30.0));
      s.compute_s = s.flops_per_item / rate;
      s.overhead_s = steps * runtime.seconds_per_call / (batch * std::max(1.0, chunk_seconds));
      seconds_per_audio_second = s.compute_s + s.overhead_s;
      s.bottleneck = s.overhead_s > s.compute_s ? BottleneckId::overhead : BottleneckId::compute;
    }
    s.real_time_factor = seconds_per_audio_second;
    s.seconds_per_item = seconds_per_audio_second * w.audio_seconds;
    s.items_per_s = static_cast<double>(replicas) / std::max(1e-12, s.seconds_per_item);
    return s;
  }
  // Diffusion: each step is one backbone call over batch × passes images (diffusers batches the two
  // classifier-free-guidance branches), then the VAE decodes once per image. The call costs its FLOPs at
  // the runtime's efficiency, at least one read of the backbone weights, plus the runtime's fixed cost.
  const double passes = w.guidance ? 2.0 : 1.0;
  const double steps = static_cast<double>(w.steps);
  // Pre-Ampere GPUs have no FlashAttention: their attention FLOPs count twice.
  const bool flash = capabilities_of(gpu).flash_attention > 0;
  const double per_pass = backbone_flops_per_pass(m, w) +
                          (flash ? 0.0 : (kMediaNoFlashAttentionSlowdown - 1.0) * backbone_attention_flops_per_pass(m, w));
  // VAE decode: ≈ 2 × its parameters × 64 per output pixel for a conv decoder (a first cut).
  const double vae = 2.0 * std::max(m.component_params("vae"), 5e7) * static_cast<double>(w.width) *
                     static_cast<double>(w.height) / 64.0 * static_cast<double>(std::max<int64_t>(1, w.frames));
  s.flops_per_item = steps * passes * per_pass + vae;
  const double call_compute_s = batch * passes * per_pass / rate;
  const double call_memory_s = backbone_params(m) * weight_bytes / bandwidth;
  const double call_s = std::max(call_compute_s, call_memory_s) + runtime.seconds_per_call;
  const double batch_s = steps * call_s + batch * vae / rate;
  s.call_compute_s = call_compute_s;
  s.call_memory_s = call_memory_s;
  s.vae_s = vae / rate;
  s.compute_s = steps * call_compute_s / batch + vae / rate;
  s.memory_s = steps * call_memory_s / batch;
  s.overhead_s = steps * runtime.seconds_per_call / batch;
  s.seconds_per_item = batch_s / batch;
  s.bottleneck = s.overhead_s > std::max(s.compute_s, s.memory_s)
                     ? BottleneckId::overhead
                     : (s.compute_s >= s.memory_s ? BottleneckId::compute : BottleneckId::memory_bandwidth);
  s.items_per_s = static_cast<double>(replicas) / s.seconds_per_item;
  return s;
}

Explanation explain_media_speed(const Model& m, const MediaWorkload& w, WorkloadKind kind, const MediaSpeed& s) {
  const MediaRuntimeProfile& runtime = media_runtime_profile(s.runtime);
  // The efficiency law as media_efficiency applies it, spelled from its constants.
  const std::string efficiency_law = "efficiency = min(" + format_number(kMaxMatmulEfficiency) + ", " +
                                     format_number(runtime.matmul_efficiency) + " (" + std::string(id_of(s.runtime)) +
                                     ") × √batch) × min(1, ∛(" +
                                     format_number(kSaturatedPeakTflops) + " TFLOPS / the GPU's 16-bit peak))";
  const std::string source = "; " + efficiency_law +
                             " (benchflux FLUX.1-dev, diffusers fast_diffusion, fal-ai stable-diffusion-benchmarks)";
  // Each formula is an expression over its listed values (tests/cpp/explain_reproduces_test.cpp).
  if (kind != WorkloadKind::audio) {
    return {"seconds_per_image", "steps × (max(call_compute_s, call_memory_s) + call_overhead_s) / batch + vae_s",
            {{"flops_per_item", s.flops_per_item},
             {"flops_per_pass", backbone_flops_per_pass(m, w)},
             {"peak_flops", s.peak_flops},
             {"efficiency", s.efficiency},
             {"steps", static_cast<double>(w.steps)},
             {"passes", w.guidance ? 2.0 : 1.0},
             {"batch", static_cast<double>(w.batch)},
             {"tokens", backbone_tokens(m, w)},
             {"call_compute_s", s.call_compute_s},
             {"call_memory_s", s.call_memory_s},
             {"call_overhead_s", runtime.seconds_per_call},
             {"vae_s", s.vae_s}},
            s.seconds_per_item,
            "One backbone call per step over batch × passes images: call_compute_s = batch × passes × flops_per_pass "
            "/ (peak_flops × efficiency), never faster than reading the backbone weights (call_memory_s), plus the "
            "runtime's fixed cost per call; flops_per_pass = 2 × backbone params × positions / 13 + 2800 × "
            "positions² (UNet) or 2 × token params × tokens + 4 × layers × tokens² × hidden (DiT), attention twice "
            "without FlashAttention; then the VAE decodes each image. Compute-bound denoising (Peebles & Xie 2023 "
            "for DiT FLOPs; BK-SDM for UNet FLOPs)" + source};
  }
  const double chunk_s = m.media.chunk_seconds.value_or(30.0);
  if (m.media.task == MediaTaskId::transcribe) {
    return {"real_time_factor", "compute_s + window_tokens × decode_step_s / (windows_together × window_s)",
            {{"flops_per_item", s.flops_per_item}, {"peak_flops", s.peak_flops}, {"efficiency", s.efficiency},
             {"compute_s", s.compute_s}, {"window_tokens", s.window_tokens},
             {"decode_step_s", s.decode_step_s}, {"windows_together", s.windows_together}, {"window_s", s.window_speech_s}},
            s.real_time_factor,
            "Seconds of compute per second of audio, per batch of windows_together windows of window_s of new "
            "speech (a short recording padded to 30 s; 20 s in the transformers pipeline's overlapping chunks): "
            "compute_s, host log-mel features and VAD plus the encoder over 1500 frames a window / (peak_flops × "
            "efficiency) and the runtime's cost per call; decode_step_s = max((decoder bytes + windows × cached K/V "
            "bytes) / bandwidth, windows × beams × decoder FLOPs / peak) + decoder layers (eager: " +
                format_number(kEagerStepLayers) + ") × " + format_number(runtime.seconds_per_layer_token) +
                " s; ~150 words a minute" + source};
  }
  if (m.media.task == MediaTaskId::music) {
    return {"real_time_factor", "music_frames_per_s × decode_step_s / batch",
            {{"music_frames_per_s", kMusicFramesPerSecond}, {"decode_step_s", s.decode_step_s},
             {"batch", static_cast<double>(w.batch)}},
            s.real_time_factor,
            "Seconds of compute per second of audio: decode_step_s = weights / bandwidth + overhead. Autoregressive "
            "music models stream their weights per frame (MusicGen, EnCodec 32 kHz)"};
  }
  // Non-autoregressive TTS: the solver steps' compute plus the runtime's fixed cost per call.
  const double utterance_s = std::max(1.0, std::min(w.audio_seconds, chunk_s));
  return {"real_time_factor", "flops_per_item / (peak_flops × efficiency) + steps × call_overhead_s / (batch × utterance_s)",
          {{"flops_per_item", s.flops_per_item}, {"peak_flops", s.peak_flops}, {"efficiency", s.efficiency},
           {"steps", static_cast<double>(std::max<int64_t>(1, w.steps))}, {"call_overhead_s", runtime.seconds_per_call},
           {"batch", static_cast<double>(std::max<int64_t>(1, w.batch))}, {"utterance_s", utterance_s}},
          s.real_time_factor,
          "Seconds of compute per second of audio; flops_per_item = 2 × params × " + format_number(kMelFramesPerSecond) +
              " mel frames × steps × passes (flow-matching solver steps, two passes with guidance). Non-autoregressive "
              "TTS over mel frames (F5-TTS, Chen et al. 2024)" + source};
}

}  // namespace sizer

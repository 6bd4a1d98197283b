// Image/video diffusion and audio models: memory at the requested resolution and batch, and time per
// image, clip or second of audio.
#pragma once
#include <string>

#include "catalog.hpp"
#include "engines.hpp"
#include "model.hpp"
#include "request.hpp"
#include "response.hpp"

namespace sizer {

// Diffusion and audio pipelines run one full copy per GPU and keep 5% of the VRAM as headroom.
constexpr double kMediaUsableFraction = 0.95;

struct MediaMemory {
  double weights_bytes = 0;      // every component (text encoders, backbone, VAE / encoder, decoder)
  double activations_bytes = 0;  // backbone working set at the resolution and batch, or the VAE decode peak
  double overhead_bytes = 0;     // per GPU
  double total_bytes = 0;
};

struct MediaSpeed {
  double flops_per_item = 0;     // per image/clip, or per second of audio
  double seconds_per_item = 0;   // per image or clip (all steps, encoders, VAE), amortised over the batch
  double real_time_factor = 0;   // audio: wall seconds per second of audio, all streams together
  double items_per_s = 0;        // whole option
  std::optional<BottleneckId> bottleneck;
  std::string precision;
  MediaRuntimeId runtime = MediaRuntimeId::eager;
  // The terms, for the explanation: per image/clip, or per second of audio.
  double peak_flops = 0;       // per GPU at `precision`
  double efficiency = 0;       // share of peak the runtime's kernels reach (media_efficiency)
  double compute_s = 0;        // FLOPs / (peak × efficiency): the denoiser, the audio encoder or TTS passes
  double memory_s = 0;         // weight streaming: every pass (diffusion), every token (audio)
  double overhead_s = 0;       // fixed time per backbone call (launches, Python) or per decoded token
  double decode_step_s = 0;    // audio decoders: one token for the whole batch
  // Transcription: windows decoded together, the new speech each holds, and the tokens a batch decodes.
  double windows_together = 0;
  double window_speech_s = 0;
  double window_tokens = 0;
  // Diffusion: one backbone call over the batch (compute, weight read) and the VAE decode of one image.
  double call_compute_s = 0;
  double call_memory_s = 0;
  double vae_s = 0;
};

// How a runtime executes (media.cpp cites where each figure comes from).
struct MediaRuntimeProfile {
  double matmul_efficiency;        // share of the 16-bit peak on a GPU up to an A100's 312 TFLOPS
  double seconds_per_call;         // fixed cost of one backbone forward (kernel launches, Python, syncs)
  double seconds_per_layer_token;  // autoregressive audio decoders: fixed cost per layer per token
};
const MediaRuntimeProfile& media_runtime_profile(MediaRuntimeId runtime);

// Share of the peak a media pipeline reaches on `gpu` under `runtime` with `batch` images per call: the
// runtime's batch-1 matmul efficiency × √batch (at most 0.8) up to an A100's 312 TFLOPS, falling as the
// cube root of the 16-bit peak past it.
double media_efficiency(const Gpu& gpu, MediaRuntimeId runtime = MediaRuntimeId::eager, int64_t batch = 1);

// Latent tokens the backbone attends over: (width/ds/patch) × (height/ds/patch) × latent frames (+ text
// tokens for joint-attention DiTs). For a UNet: the latent positions.
double backbone_tokens(const Model& model, const MediaWorkload& w);

// FLOPs of one backbone forward for one image or clip (one classifier-free-guidance branch), and the
// attention part of them (which grows with the square of the tokens).
double backbone_flops_per_pass(const Model& model, const MediaWorkload& w);
double backbone_attention_flops_per_pass(const Model& model, const MediaWorkload& w);

// An image, video or audio model written only by its size (no components, no backbone or task) gets the
// architecture of a catalog preset: the one its name names ("sdxl", "flux", "sd3", "sd 1.5", "wan",
// "whisper", "f5", "kokoro"), else the preset of its kind nearest in size, scaled to the size given. Each
// assumption is a warning at `path`. Any other model is returned unchanged.
ModelArch fill_media_architecture(const ModelArch& arch, const Catalog& catalog, const std::string& path,
                                  Issues& warnings);

MediaMemory media_memory(const Model& model, const MediaWorkload& w, WorkloadKind kind, const EnginePreset& engine);

MediaSpeed media_speed(const Model& model, const MediaWorkload& w, WorkloadKind kind, const EnginePreset& engine,
                       const Gpu& gpu, int64_t replicas);

// How `speed` (media_speed's result) gives seconds per image or clip, or the audio real-time factor.
Explanation explain_media_speed(const Model& model, const MediaWorkload& w, WorkloadKind kind, const MediaSpeed& speed);

}  // namespace sizer

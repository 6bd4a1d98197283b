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
  double seconds_per_item = 0;   // per image or clip (all steps, encoders, VAE)
  double real_time_factor = 0;   // audio: compute seconds per second of audio
  double items_per_s = 0;        // whole option
  std::optional<BottleneckId> bottleneck;
  std::string precision;
  // The terms, for the explanation: per image/clip, or per second of audio.
  double peak_flops = 0;       // per GPU at `precision`
  double efficiency = 0;       // share of peak the pipeline reaches (media_efficiency)
  double compute_s = 0;        // FLOPs / (peak × efficiency): the denoiser, the audio encoder or TTS passes
  double memory_s = 0;         // weight streaming: every pass (diffusion), every token or frame (audio)
  double decode_step_s = 0;    // audio decoders: one token or frame
};

// Share of the 16-bit peak a media pipeline reaches on `gpu`: 0.72 up to an A100's 312 TFLOPS, falling
// as the cube root of the peak past it (media.cpp says where the figures come from).
double media_efficiency(const Gpu& gpu);

// Latent tokens the backbone attends over: (width/ds/patch) × (height/ds/patch) × latent frames.
// UNets run most convolutions at 1/2–1/8 of the latent resolution; they are estimated as a transformer
// over a quarter of the latent positions (an approximation: its error is in the accuracy report).
double backbone_tokens(const Model& model, const MediaWorkload& w);

MediaMemory media_memory(const Model& model, const MediaWorkload& w, WorkloadKind kind, const EnginePreset& engine);

MediaSpeed media_speed(const Model& model, const MediaWorkload& w, WorkloadKind kind, const EnginePreset& engine,
                       const Gpu& gpu, int64_t replicas);

// How `speed` (media_speed's result) gives seconds per image or clip, or the audio real-time factor.
Explanation explain_media_speed(const Model& model, const MediaWorkload& w, WorkloadKind kind, const MediaSpeed& speed);

}  // namespace sizer

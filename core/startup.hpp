// What a rented job costs before its first step: the instance boots, the container image is pulled,
// the weights are downloaded and loaded into GPU memory. All of it is billed (billing starts when the
// instance is requested), counts in the job's wall-clock time, and matters most for short jobs and
// endpoints that scale to zero.
//
// Stated defaults by provider tier (first cut, to be replaced by per-provider measurements):
// - boot: hyperscaler GPU VMs take 2–5 minutes to come up with drivers (EC2/GCE/Azure GPU instances;
//   180 s used), GPU clouds start containers or VMs in about a minute or two (RunPod pods, Lambda
//   instances; 90 s), marketplace hosts add scheduling on a third party's machine (120 s).
// - network from a model hub or object storage: 1.25 GB/s on hyperscalers (10 Gb/s effective per
//   instance), 0.6 GB/s on GPU clouds, 0.25 GB/s on marketplace hosts (hosts advertise 0.1–10 Gb/s).
// - image: a CUDA + PyTorch serving or training image of ~8 GB (vLLM's and PyTorch's published
//   images are 5–10 GB compressed), extracted at no more than 0.2 GB/s.
// - load: safetensors from local NVMe into GPU memory at ~2 GB/s per instance.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

#include "catalog.hpp"

namespace sizer {

constexpr double kImageBytes = 8e9;
constexpr double kImageExtractGbs = 0.2;
constexpr double kLoadGbsPerInstance = 2.0;

struct StartupRates {
  double boot_s = 0;
  double network_gbs = 0;  // decimal GB/s
};

// Rates for a provider tier ("hyperscaler", "gpu_cloud", "marketplace"; others get the GPU-cloud ones).
StartupRates startup_rates(std::optional<TierId> tier);

struct Startup {
  double boot_s = 0, image_s = 0, download_s = 0, load_s = 0;
  double total_s = 0;
};

// `weights_bytes`: what every instance downloads and loads (one replica's weights; each instance of a
// multi-node job downloads its own copy in parallel).
Startup startup_time(const StartupRates& rates, double weights_bytes, int64_t instances);

}  // namespace sizer

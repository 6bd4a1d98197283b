// Option evaluation: one workload on one hardware option (a GPU kind, a count, the box's interconnect),
// placed and timed, with its notes (facts; phrased at the end) and how its figures were computed. One
// file per workload kind: options_inference.cpp, options_training.cpp, options_media.cpp.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "engines.hpp"
#include "request.hpp"
#include "response.hpp"

namespace sizer {

// The hardware one option runs on.
struct OptionInputs {
  const Gpu* gpu = nullptr;
  int64_t gpus = 1;
  InterconnectId interconnect = InterconnectId::pcie;  // inside a box
  int64_t gpus_per_node = 8;
  bool fast_fabric = true;   // between nodes (pinned hardware: assumed to be a cluster)
  // Whether the option's explanations ("show the math") are built: a ranked evaluate shows only the top
  // option's, so it times every shape without them and the top shape again with them.
  bool explain = true;
  // Whether the option's notes are built. A ranked evaluate times every shape without them (formatting
  // their figures was a third of timing a shape) and builds them for the options it returns.
  bool notes = true;
  // Serving: the most GPUs one replica may span (tensor x pipeline); 0 for any. evaluate_inference_option sets 1 to
  // time the option as one GPU per replica (rule 3).
  int64_t max_replica_span = 0;
};

// One evaluated option and the explanations of its figures (figure names are Option fields).
struct Candidate {
  Option option;
  std::vector<Explanation> explain;
};

// The option's hardware as the stages found it: GPU kind, count, link, each GPU's memory.
inline void describe_hardware(Option& option, const OptionInputs& in) {
  option.gpu = in.gpu->id;
  option.gpus = in.gpus;
  option.interconnect = in.interconnect;
  option.vram_bytes_per_gpu = in.gpu->vram_bytes();
}

// ±relative_error around value, the range shown beside a speed figure.
Range range_around(const char* metric, double value, double relative_error);

// ---- serving (options_inference.cpp)
MemoryReport inference_memory_report(const Request& request, const EnginePreset& engine,
                                     std::vector<Explanation>& explain);
Candidate evaluate_inference_option(const Request& request, const EnginePreset& engine, const OptionInputs& in);
// Pinned hardware without a concurrency: the largest batch that fits and meets the targets.
InferenceWorkload auto_batch(const Request& request, const EnginePreset& engine, const OptionInputs& in);
// An endpoint given by requests_per_s and no concurrency: the sequences its rate keeps in flight on this option
// (Little's law), at most what the option holds.
InferenceWorkload rate_batch(const Request& request, const EnginePreset& engine, const OptionInputs& in);

// ---- fine-tuning and pretraining (options_training.cpp)
MemoryReport training_memory_report(const Request& request, const EnginePreset& engine,
                                    std::vector<Explanation>& explain);
Candidate evaluate_training_option(const Request& request, const EnginePreset& engine, const OptionInputs& in);
// Most instances a training option may rent (4,096 GPUs in 8-GPU nodes).
constexpr int64_t kMaxTrainingInstances = 512;
// A run that does not fit one instance of `in`, or misses its deadline there, spans several: the fewest,
// doubling up to kMaxTrainingInstances and within filters.max_gpus, that fit and meet the deadline, else
// the fastest that fits. Scaling out for speed needs the provider's cluster fabric; `base` is unchanged
// when nothing better is found.
void scale_out(const Request& request, const EnginePreset& engine, const OptionInputs& in, Candidate& base);

// The note of a job whose compute alone (`seconds`) runs past its deadline (training and media options).
void note_past_deadline(Option& option, double seconds, double deadline_s);

// ---- image, video and audio (options_media.cpp)
MemoryReport media_memory_report(const Request& request, const EnginePreset& engine,
                                 std::vector<Explanation>& explain);
Candidate evaluate_media_option(const Request& request, const EnginePreset& engine, const OptionInputs& in);
// Most instances an image, video or audio job may rent. Its copies are independent (no traffic between them), so
// any network does; the bound keeps a fleet a person would run by hand.
constexpr int64_t kMaxMediaInstances = 64;
// A media job that misses its deadline on one instance of `in` runs the same copies on several: the fewest,
// doubling up to kMaxMediaInstances and within filters.max_gpus, that meet it, else the most tried.
void scale_out_media(const Request& request, const EnginePreset& engine, const OptionInputs& in, Candidate& base);

}  // namespace sizer

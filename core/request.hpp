// The evaluation request (CONTRACT.md "Request"): parsed from untrusted JSON against the catalog, with
// every problem reported at once and every default written down here.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "model.hpp"

namespace sizer {

enum class WorkloadKind { inference, finetune, pretrain, image, video, audio };

struct InferenceWorkload {
  std::string weights = "bf16";   // weight format id (formats.hpp)
  std::string kv_cache = "fp16";  // KV-cache format id
  int64_t prompt_tokens = 1000;
  int64_t output_tokens = 250;
  int64_t context_tokens = 1250;  // default prompt + output
  int64_t concurrency = 1;        // simultaneous sequences
  bool concurrency_given = false;
  std::optional<double> min_output_tokens_per_s_per_user;
  std::optional<double> max_ttft_s;
  std::optional<double> requests_per_s;
  std::optional<double> hours_per_day;
};

// Fine-tuning and pretraining (CONTRACT.md workload kinds "finetune" and "pretrain").
struct TrainingWorkload {
  bool pretrain = false;
  std::string method = "lora";          // full, lora, qlora (pretraining is always full)
  std::string optimizer = "adamw";      // adamw, adamw_8bit, sgd, adafactor
  int64_t lora_rank = 16;
  std::string lora_targets = "all_linear";  // attention, all_linear
  int64_t seq_len = 2048;
  int64_t micro_batch = 1;              // sequences per GPU per step
  bool grad_checkpointing = true;
  bool grad_checkpointing_given = false;
  std::string sharding = "auto";        // auto, none, zero1, zero2, zero3 (fsdp = zero3)
  double tokens = 0;                    // tokens processed over the whole run (dataset × epochs)
  std::string weights = "bf16";         // the base model's stored format (qlora: nf4)
  std::string precision = "bf16";       // matmul precision of the run: bf16, fp8
  std::optional<double> deadline_s;
  std::optional<double> checkpoint_every_s;
  // A pinned layout (workload.parallelism): tensor × pipeline × data must be the option's GPUs;
  // expert divides data. Absent: the fastest layout that fits is chosen.
  struct Parallelism {
    int64_t tensor = 1, pipeline = 1, data = 1, expert = 1;
  };
  std::optional<Parallelism> parallelism;
  std::optional<double> global_batch_tokens;  // tokens per optimizer step
};

// Image/video diffusion and audio (CONTRACT.md kinds "image", "video", "audio").
struct MediaWorkload {
  std::string weights = "bf16";
  int64_t width = 1024;
  int64_t height = 1024;
  int64_t frames = 1;        // video frames
  int64_t steps = 0;         // denoising steps; 0 = the model's default
  int64_t batch = 1;         // images / clips / audio streams at once
  double images = 1;         // how many images or clips to produce (cost of the batch job)
  double audio_seconds = 60; // audio to generate or transcribe
  bool guidance = true;      // classifier-free guidance doubles the backbone passes (not for distilled models)
};

struct HardwarePin {
  Gpu gpu;
  int64_t count = 1;
};

struct Filters {
  std::vector<std::string> providers;  // empty: all
  std::string pricing = "any";         // on_demand, spot, any
  std::optional<int64_t> max_gpus;
  std::optional<double> max_usd_per_hour;
  std::vector<std::string> tiers;      // hyperscaler, gpu_cloud, marketplace; empty: all
};

struct Request {
  Model model;
  WorkloadKind kind = WorkloadKind::inference;
  InferenceWorkload inference;
  TrainingWorkload training;
  MediaWorkload media;
  std::string engine = "generic";
  std::optional<HardwarePin> hardware;
  Filters filters;
  std::string locale = "en";
  int64_t limit = 20;
  std::string order = "best";  // best, cheapest_per_hour, fastest
};

inline bool is_training(WorkloadKind kind) { return kind == WorkloadKind::finetune || kind == WorkloadKind::pretrain; }
inline bool is_media(WorkloadKind kind) {
  return kind == WorkloadKind::image || kind == WorkloadKind::video || kind == WorkloadKind::audio;
}
const char* workload_kind_name(WorkloadKind kind);

struct ParsedRequest {
  Request request;
  Issues errors;
  Issues warnings;
  bool ok() const { return errors.empty(); }
};

ParsedRequest parse_request(const json& document, const Catalog& catalog);

}  // namespace sizer

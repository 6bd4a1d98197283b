// The evaluation request (CONTRACT.md "Request"): parsed from untrusted JSON against the catalog, with
// every problem reported at once and every default written down here.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "model.hpp"
#include "vocabulary.hpp"

namespace sizer {

// The workload kinds are the vocabulary list (vocabulary.hpp); the old name stays for the stages.
using WorkloadKind = WorkloadKindId;

struct InferenceWorkload {
  WeightFormatId weights = WeightFormatId::bf16;  // weight format (formats.hpp)
  KvFormatId kv_cache = KvFormatId::fp16;        // KV-cache format
  int64_t prompt_tokens = 1000;
  int64_t output_tokens = 250;
  int64_t context_tokens = 1250;  // default prompt + output
  int64_t concurrency = 1;        // simultaneous sequences
  bool concurrency_given = false;
  std::optional<double> min_output_tokens_per_s_per_user;
  std::optional<double> max_ttft_s;
  std::optional<double> requests_per_s;
  // The server's prompt-token budget per step where it sets one (vLLM --max-num-batched-tokens, SGLang
  // --chunked-prefill-size, TensorRT-LLM max_num_tokens); absent: the engine's default on the GPU.
  std::optional<double> prefill_token_budget;
  // Requests a closed-loop benchmark sends in all (vLLM bench serve --num-prompts); its first wave, all
  // users at once, is concurrency / benchmark_requests of them. Absent: the steady state, no first wave (a
  // service's users, or a benchmark that warms up with at least `concurrency` requests).
  std::optional<double> benchmark_requests;
  std::optional<double> hours_per_day;
  // An offline batch (no users waiting): the output tokens to generate, from `batch_tokens` or `batch_requests` ×
  // output_tokens. Present: the option is priced and ranked as a job (usd_total), where spot is fine (rule 8);
  // absent: a fixed load (concurrency and targets), ranked by the monthly cost of the capacity that meets it.
  std::optional<double> batch_tokens, batch_requests;
  std::optional<double> batch_output_tokens;
  bool batch() const { return batch_output_tokens.has_value(); }
  // An open-loop endpoint: requests arrive at `requests_per_s` (Poisson), whatever the users.
  bool open_loop() const { return requests_per_s && *requests_per_s > 0; }
};

// Fine-tuning and pretraining (CONTRACT.md workload kinds "finetune" and "pretrain").
struct TrainingWorkload {
  bool pretrain = false;
  MethodId method = MethodId::lora;              // pretraining is always full
  OptimizerId optimizer = OptimizerId::adamw;
  int64_t lora_rank = 16;
  LoraTargetsId lora_targets = LoraTargetsId::all_linear;
  int64_t seq_len = 2048;
  int64_t micro_batch = 1;              // sequences per GPU per step
  bool grad_checkpointing = true;
  // Selective activation checkpointing (grad_checkpointing "selective"; grad_checkpointing stays true): half
  // the layer's matmuls recomputed, attention saved (core/training.hpp recompute_share).
  bool selective_checkpointing = false;
  bool grad_checkpointing_given = false;
  ShardingId sharding = ShardingId::auto_;  // auto, none, zero1, zero2, zero3 (fsdp parsed as zero3)
  double tokens = 0;                    // tokens processed over the whole run (dataset × epochs)
  WeightFormatId weights = WeightFormatId::bf16;  // the base model's stored format (qlora: nf4)
  PrecisionId precision = PrecisionId::bf16;      // matmul precision of the run
  std::optional<double> deadline_s;
  std::optional<double> checkpoint_every_s;
  // A pinned layout (workload.parallelism): tensor × pipeline × context × data must be the option's GPUs;
  // expert divides data. Absent: the fastest layout that fits is chosen.
  struct Parallelism {
    int64_t tensor = 1, pipeline = 1, data = 1, expert = 1, context = 1;
  };
  std::optional<Parallelism> parallelism;
  std::optional<double> global_batch_tokens;  // tokens per optimizer step
  // Memory options real recipes use (CONTRACT.md): optimizer state (and weights) in host RAM, the
  // optimizer step fused into the backward pass (gradients freed layer by layer), checkpointed
  // activations moved to host RAM.
  OffloadId offload = OffloadId::none;
  bool offload_given = false;
  bool optimizer_in_backward = false;
  bool activation_offload = false;
  // The loss fused with the output projection (Liger, Apple Cut Cross-Entropy, Unsloth): no full logits
  // are held. Absent: as the engine's preset (EnginePreset::training_logits_copies).
  std::optional<bool> fused_loss;
  // Not a request field: set from the engine preset (EnginePreset::training_kbit_fp32_upcast) for QLoRA,
  // so the memory formulas see the fp32 embeddings and fp32 residual stream PEFT's k-bit preparation makes.
  bool kbit_fp32_upcast = false;
};

// Image/video diffusion and audio (CONTRACT.md kinds "image", "video", "audio").
struct MediaWorkload {
  WeightFormatId weights = WeightFormatId::bf16;
  int64_t width = 1024;
  int64_t height = 1024;
  int64_t frames = 1;        // video frames
  int64_t steps = 0;         // denoising steps (image/video) or solver steps (NFE) of a flow-matching TTS model
  int64_t batch = 1;         // images / clips / audio streams at once
  double images = 1;         // how many images or clips to produce (cost of the batch job)
  double audio_seconds = 60; // audio to generate or transcribe
  // Finish the whole job within this wall-clock time (every billed second: start-up and, on spot, restarts), as a
  // training run's deadline_s; options that take longer do not meet the targets.
  std::optional<double> deadline_s;
  bool guidance = true;      // classifier-free guidance doubles the backbone passes (not for distilled models)
  // How the pipeline executes (vocabulary.hpp); default eager, or tensorrt with engine "tensorrt-llm".
  MediaRuntimeId runtime = MediaRuntimeId::eager;
  bool runtime_given = false;
};

struct HardwarePin {
  Gpu gpu;
  int64_t count = 1;
};

struct Filters {
  std::vector<std::string> providers;  // empty: all
  PricingId pricing = PricingId::any;
  std::optional<int64_t> max_gpus;
  std::optional<double> max_usd_per_hour;
  std::vector<TierId> tiers;  // empty: all
};

struct Request {
  Model model;
  WorkloadKind kind = WorkloadKind::inference;
  InferenceWorkload inference;
  TrainingWorkload training;
  MediaWorkload media;
  EngineId engine = EngineId::generic;
  std::optional<HardwarePin> hardware;
  Filters filters;
  LocaleId locale = LocaleId::en;
  int64_t limit = 20;
  OrderId order = OrderId::best;
  DetailId detail = DetailId::full;
};

inline bool is_training(WorkloadKind kind) { return kind == WorkloadKind::finetune || kind == WorkloadKind::pretrain; }
// A full fine-tune: optimizer state and gradients of every weight (the guide's rule 4).
inline bool is_full_finetune(const Request& r) {
  return r.kind == WorkloadKind::finetune && r.training.method == MethodId::full;
}
// Pretraining or a full fine-tune: the guide's big training (rules 4, 5), the runs that may last days and whose cluster
// size the person chooses.
inline bool is_big_training(const Request& r) { return r.kind == WorkloadKind::pretrain || is_full_finetune(r); }
inline bool is_media(WorkloadKind kind) {
  return kind == WorkloadKind::image || kind == WorkloadKind::video || kind == WorkloadKind::audio;
}

// The items a media job's items_per_s counts: its images or clips, or the audio as one item.
inline double media_job_items(const Request& request) {
  return request.kind == WorkloadKind::audio ? 1.0 : request.media.images;
}

// A job's deadline (training or media; serving has targets on speed instead), nullopt when none is given.
inline std::optional<double> job_deadline_s(const Request& request) {
  if (is_training(request.kind)) return request.training.deadline_s;
  if (is_media(request.kind)) return request.media.deadline_s;
  return std::nullopt;
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

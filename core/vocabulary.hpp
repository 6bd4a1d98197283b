// Every id list the request accepts and the response uses, defined once. Inside the core these are
// enums; their string ids exist only at the JSON edge (request parsing, response writing) and in the
// `vocabulary` door (CLI `gpu-sizer vocabulary`, JS `sizer.vocabulary()`), which serves each list with
// its labels from the message catalogs (key "vocab.<list>.<id>").
#pragma once
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace sizer {

enum class WeightFormatId {
  fp32, bf16, fp16, fp8, int8, int4, nf4, fp4,
  gguf_q8_0, gguf_q6_k, gguf_q5_k_m, gguf_q4_k_m, gguf_q3_k_m, gguf_q2_k
};
enum class KvFormatId { fp16, bf16, fp8, int8, q4 };
enum class EngineId { vllm, sglang, tensorrt_llm, llama_cpp, transformers, generic };
enum class WorkloadKindId { inference, finetune, pretrain, image, video, audio };
enum class ModelKindId { llm, image, video, audio };
enum class MethodId { full, lora, qlora };
// paged_*: bitsandbytes paged AdamW (8-bit or 32-bit states in CUDA unified memory, spilling to host RAM).
enum class OptimizerId { adamw, adamw_8bit, sgd, adafactor, paged_adamw_8bit, paged_adamw_32bit };
// Training state kept in host RAM: the optimizer step on the CPU (ZeRO-Offload), and the weights too
// (ZeRO-Infinity / FSDP CPU offload).
enum class OffloadId { none, optimizer, optimizer_and_params };
enum class LoraTargetsId { attention, all_linear };
// auto: the least ZeRO stage that fits; fsdp is accepted as another name for zero3.
enum class ShardingId { auto_, none, zero1, zero2, zero3, fsdp };
enum class PrecisionId { bf16, fp8 };
// A filter accepts on_demand, spot or any; an option is priced on_demand or spot.
// reserved: an option priced at a published term price (catalog `commitments`); never a filter value.
enum class PricingId { on_demand, spot, any, reserved };
enum class OrderId { best, cheapest_per_hour, fastest };
enum class TierId { hyperscaler, gpu_cloud, marketplace };
// How sure the catalog is of a price (catalog/README.md "Confidence"): confirmed by a dated source at most 60 days
// old, one undated source, or stale (older evidence, a newer source disagrees, or kept from an older snapshot).
enum class PriceConfidenceId { confirmed, single_source, stale };
// Where an option stands with the guide's rules before any price is compared (ranking.hpp "Eligibility"):
// eligible; asked (a rule would rank it later, but the request asked for it: spot, a marketplace tier);
// outside_rules (ranked after every eligible option); cannot_run (no kernel for the format); does_not_fit.
enum class EligibilityId { eligible, asked, outside_rules, cannot_run, does_not_fit };
enum class BottleneckId { memory_bandwidth, compute, interconnect, overhead };
enum class InterconnectId { nvlink, pcie, infinity_fabric, none, other };
enum class BackboneId { unet, dit };
enum class MediaTaskId { transcribe, tts, music };
// How a diffusion or audio pipeline executes: eager PyTorch (diffusers, transformers, openai-whisper), compiled
// (torch.compile, CTranslate2, stable-fast: fused kernels, little Python per op) or TensorRT-class (TensorRT,
// TensorRT-LLM: fused kernels, CUDA graphs, static shapes).
enum class MediaRuntimeId { eager, compiled, tensorrt };
enum class HardwareKindId { gpu, tpu, npu };
enum class LocaleId { en, ar };
enum class SeverityId { info, warning };
// How much a response says: full (every figure, note, answer and explanation) or figures (every number, none of
// the sentences or workings: no guidance, explanations or option notes; the fit list and the scaling table stay),
// for callers that evaluate many requests and plot or tabulate them, such as a sweep or the page's fit grid;
// or table (the options as columns of numbers, OptionTable in response.hpp, for a caller that ranks, filters or
// plots every option: no per-option objects, and the WASM door hands the numbers over without printing them).
enum class DetailId { full, figures, table };
// The columns of a table response (core/table.cpp): each an option field of the same name (CONTRACT.md
// "options"); an enum field holds its value's position in that field's list (pricing, tiers, ...), a flag 0 or 1,
// `offering` the option's position in the evaluated catalog's offerings. Each table response lists them
// (`table.columns`); vocabulary() does not serve them, since they are the options' own field names, labelled
// where the options are (their labels in two languages would cost the module ~2 KB gzipped).
enum class TableColumnId {
  offering, pricing, tier, interconnect, bottleneck, sharding,
  gpus, instances, concurrency, tensor, pipeline, data, expert, fits, meets_targets,
  vram_bytes_per_gpu, used_bytes_per_gpu,
  decode_output_tokens_per_s_per_user, output_tokens_per_s, ttft_s, max_concurrency, max_context_tokens,
  kv_capacity_tokens, train_tokens_per_s, train_s, gpu_hours, mfu, seconds_per_image, real_time_factor, items_per_s,
  usd_per_hour, usd_per_gpu_hour, usd_per_million_output_tokens, usd_per_month, usd_total, usd_compute, usd_storage,
  usd_egress, job_s, billed_s, spot_extra_s, startup_s, price_confidence, listed_usd_per_hour
};

// The ids of one list, in the order the contract documents them (the enum's order).
template <class E>
struct Vocabulary;

#define SIZER_VOCABULARY(E, NAME, ...)                                  \
  template <>                                                          \
  struct Vocabulary<E> {                                               \
    static constexpr std::string_view name = NAME;                     \
    static constexpr auto ids = std::to_array<std::string_view>({__VA_ARGS__}); \
  };

SIZER_VOCABULARY(WeightFormatId, "weight_formats", "fp32", "bf16", "fp16", "fp8", "int8", "int4", "nf4", "fp4",
                 "gguf-q8_0", "gguf-q6_k", "gguf-q5_k_m", "gguf-q4_k_m", "gguf-q3_k_m", "gguf-q2_k")
SIZER_VOCABULARY(KvFormatId, "kv_formats", "fp16", "bf16", "fp8", "int8", "q4")
SIZER_VOCABULARY(EngineId, "engines", "vllm", "sglang", "tensorrt-llm", "llama.cpp", "transformers", "generic")
SIZER_VOCABULARY(WorkloadKindId, "workload_kinds", "inference", "finetune", "pretrain", "image", "video", "audio")
SIZER_VOCABULARY(ModelKindId, "model_kinds", "llm", "image", "video", "audio")
SIZER_VOCABULARY(MethodId, "methods", "full", "lora", "qlora")
SIZER_VOCABULARY(OptimizerId, "optimizers", "adamw", "adamw_8bit", "sgd", "adafactor", "paged_adamw_8bit",
                 "paged_adamw_32bit")
SIZER_VOCABULARY(OffloadId, "offload", "none", "optimizer", "optimizer_and_params")
SIZER_VOCABULARY(LoraTargetsId, "lora_targets", "attention", "all_linear")
SIZER_VOCABULARY(ShardingId, "sharding", "auto", "none", "zero1", "zero2", "zero3", "fsdp")
SIZER_VOCABULARY(PrecisionId, "precisions", "bf16", "fp8")
SIZER_VOCABULARY(PricingId, "pricing", "on_demand", "spot", "any", "reserved")
SIZER_VOCABULARY(OrderId, "order", "best", "cheapest_per_hour", "fastest")
SIZER_VOCABULARY(TierId, "tiers", "hyperscaler", "gpu_cloud", "marketplace")
SIZER_VOCABULARY(PriceConfidenceId, "price_confidence", "confirmed", "single_source", "stale")
SIZER_VOCABULARY(EligibilityId, "eligibility", "eligible", "asked", "outside_rules", "cannot_run", "does_not_fit")
SIZER_VOCABULARY(BottleneckId, "bottlenecks", "memory_bandwidth", "compute", "interconnect", "overhead")
SIZER_VOCABULARY(InterconnectId, "interconnects", "nvlink", "pcie", "infinity_fabric", "none", "other")
SIZER_VOCABULARY(BackboneId, "backbones", "unet", "dit")
SIZER_VOCABULARY(MediaTaskId, "media_tasks", "transcribe", "tts", "music")
SIZER_VOCABULARY(MediaRuntimeId, "media_runtimes", "eager", "compiled", "tensorrt")
SIZER_VOCABULARY(HardwareKindId, "hardware_kinds", "gpu", "tpu", "npu")
SIZER_VOCABULARY(LocaleId, "locales", "en", "ar")
SIZER_VOCABULARY(SeverityId, "severities", "info", "warning")
SIZER_VOCABULARY(DetailId, "detail", "full", "figures", "table")
SIZER_VOCABULARY(TableColumnId, "table_columns", "offering", "pricing", "tier", "interconnect", "bottleneck", "sharding",
                 "gpus", "instances", "concurrency", "tensor", "pipeline", "data", "expert", "fits", "meets_targets",
                 "vram_bytes_per_gpu", "used_bytes_per_gpu", "decode_output_tokens_per_s_per_user",
                 "output_tokens_per_s", "ttft_s", "max_concurrency", "max_context_tokens", "kv_capacity_tokens",
                 "train_tokens_per_s", "train_s", "gpu_hours", "mfu", "seconds_per_image", "real_time_factor",
                 "items_per_s", "usd_per_hour", "usd_per_gpu_hour", "usd_per_million_output_tokens", "usd_per_month",
                 "usd_total", "usd_compute", "usd_storage", "usd_egress", "job_s", "billed_s", "spot_extra_s",
                 "startup_s", "price_confidence", "listed_usd_per_hour")

#undef SIZER_VOCABULARY

// The string id of an enum value (the JSON edge).
template <class E>
constexpr std::string_view id_of(E value) {
  return Vocabulary<E>::ids[static_cast<size_t>(value)];
}

// The enum value of a string id; nullopt for an id the list does not have.
template <class E>
constexpr std::optional<E> from_id(std::string_view id) {
  const auto& ids = Vocabulary<E>::ids;
  for (size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] == id) return static_cast<E>(i);
  }
  return std::nullopt;
}

// The ids as a list (for "expected one of" checks and for the doors).
template <class E>
std::vector<std::string_view> ids_of() {
  const auto& ids = Vocabulary<E>::ids;
  return {ids.begin(), ids.end()};
}

// One list as the doors serve it.
struct VocabularyList {
  std::string_view name;
  std::vector<std::string_view> ids;
};

// Every list, in a fixed order.
std::vector<VocabularyList> vocabulary_lists();

}  // namespace sizer

// English message catalog. Keys are grouped by the stage that records them; "{name}" is a param,
// "key#one"/"key#other" are plural variants (CLDR English). Facts live in the stages; only words here.
#include "../messages.hpp"

namespace sizer {

const Locale& locale_en() {
  static const Locale locale = make_locale("en", false, plural_en, {
    // ---- vocabulary labels (core/vocabulary.hpp) ----
    {"vocab.weight_formats.fp32", "FP32"},
    {"vocab.weight_formats.bf16", "BF16 (16-bit)"},
    {"vocab.weight_formats.fp16", "FP16 (16-bit)"},
    {"vocab.weight_formats.fp8", "FP8 (8-bit float)"},
    {"vocab.weight_formats.int8", "INT8"},
    {"vocab.weight_formats.int4", "INT4 (GPTQ/AWQ, g128)"},
    {"vocab.weight_formats.nf4", "NF4 (bitsandbytes)"},
    {"vocab.weight_formats.fp4", "FP4 (NVFP4/MXFP4)"},
    {"vocab.weight_formats.gguf-q8_0", "GGUF Q8_0"},
    {"vocab.weight_formats.gguf-q6_k", "GGUF Q6_K"},
    {"vocab.weight_formats.gguf-q5_k_m", "GGUF Q5_K_M"},
    {"vocab.weight_formats.gguf-q4_k_m", "GGUF Q4_K_M"},
    {"vocab.weight_formats.gguf-q3_k_m", "GGUF Q3_K_M"},
    {"vocab.weight_formats.gguf-q2_k", "GGUF Q2_K"},
    {"vocab.kv_formats.fp16", "FP16"},
    {"vocab.kv_formats.bf16", "BF16"},
    {"vocab.kv_formats.fp8", "FP8"},
    {"vocab.kv_formats.int8", "INT8"},
    {"vocab.kv_formats.q4", "Q4 (4-bit)"},
    {"vocab.engines.vllm", "vLLM"},
    {"vocab.engines.sglang", "SGLang"},
    {"vocab.engines.tensorrt-llm", "TensorRT-LLM"},
    {"vocab.engines.llama.cpp", "llama.cpp"},
    {"vocab.engines.transformers", "Hugging Face Transformers"},
    {"vocab.engines.generic", "Generic"},
    {"vocab.workload_kinds.inference", "Serve a model"},
    {"vocab.workload_kinds.finetune", "Fine-tune"},
    {"vocab.workload_kinds.pretrain", "Pretrain"},
    {"vocab.workload_kinds.image", "Generate images"},
    {"vocab.workload_kinds.video", "Generate video"},
    {"vocab.workload_kinds.audio", "Audio"},
    {"vocab.model_kinds.llm", "Language model"},
    {"vocab.model_kinds.image", "Image model"},
    {"vocab.model_kinds.video", "Video model"},
    {"vocab.model_kinds.audio", "Audio model"},
    {"vocab.methods.full", "Full fine-tune (all weights)"},
    {"vocab.methods.lora", "LoRA (adapters on a frozen model)"},
    {"vocab.methods.qlora", "QLoRA (LoRA on a 4-bit model)"},
    {"vocab.optimizers.adamw", "AdamW"},
    {"vocab.optimizers.adamw_8bit", "AdamW 8-bit"},
    {"vocab.optimizers.sgd", "SGD with momentum"},
    {"vocab.optimizers.adafactor", "Adafactor"},
    {"vocab.lora_targets.attention", "Attention projections"},
    {"vocab.lora_targets.all_linear", "All linear layers"},
    {"vocab.sharding.auto", "Automatic: the least that fits"},
    {"vocab.sharding.none", "None: every GPU holds a full copy"},
    {"vocab.sharding.zero1", "ZeRO-1: optimizer state"},
    {"vocab.sharding.zero2", "ZeRO-2: + gradients"},
    {"vocab.sharding.zero3", "ZeRO-3: + weights"},
    {"vocab.sharding.fsdp", "FSDP: fully sharded"},
    {"vocab.precisions.bf16", "BF16 (mixed)"},
    {"vocab.precisions.fp8", "FP8 (H100 and newer)"},
    {"vocab.pricing.on_demand", "On-demand"},
    {"vocab.pricing.spot", "Spot"},
    {"vocab.pricing.any", "Either"},
    {"vocab.order.best", "Best for the workload"},
    {"vocab.order.cheapest_per_hour", "Cheapest per hour"},
    {"vocab.order.fastest", "Fastest"},
    {"vocab.tiers.hyperscaler", "Hyperscaler"},
    {"vocab.tiers.gpu_cloud", "GPU cloud"},
    {"vocab.tiers.marketplace", "Marketplace"},
    {"vocab.bottlenecks.memory_bandwidth", "memory bandwidth"},
    {"vocab.bottlenecks.compute", "compute"},
    {"vocab.bottlenecks.interconnect", "interconnect"},
    {"vocab.bottlenecks.overhead", "per-step overhead"},
    {"vocab.interconnects.nvlink", "NVLink"},
    {"vocab.interconnects.pcie", "PCIe"},
    {"vocab.interconnects.infinity_fabric", "Infinity Fabric"},
    {"vocab.interconnects.none", "none"},
    {"vocab.interconnects.other", "other"},
    {"vocab.backbones.unet", "UNet"},
    {"vocab.backbones.dit", "Diffusion transformer (DiT)"},
    {"vocab.media_tasks.transcribe", "Speech to text"},
    {"vocab.media_tasks.tts", "Text to speech"},
    {"vocab.media_tasks.music", "Music"},
    {"vocab.hardware_kinds.gpu", "GPU"},
    {"vocab.hardware_kinds.tpu", "TPU"},
    {"vocab.hardware_kinds.npu", "NPU"},
    {"vocab.locales.en", "English"},
    {"vocab.locales.ar", "Arabic"},
    {"vocab.severities.info", "Note"},
    {"vocab.severities.warning", "Warning"},

    // ---- option notes: reasons and warnings of each option (the option stages, ranking, costs) ----
    // (keys "note.<code>")

    // ---- guidance: the FAQ answers (core/guidance.cpp) ----
    // (keys "guidance.<id>.*")

    // ---- issues: top-level errors and warnings (request, model, catalog validation) ----
    // (keys "issue.<code>[.<detail>]")

  });
  return locale;
}

}  // namespace sizer

// Arabic message catalog (right to left). Figures, units and names stay in Latin script; phrase()
// isolates each such param. Plural variants follow CLDR Arabic: #zero #one #two #few #many #other.
#include "../messages.hpp"

namespace sizer {

const Locale& locale_ar() {
  static const Locale locale = make_locale("ar", true, plural_ar, {
    // ---- vocabulary labels (core/vocabulary.hpp) ----
    {"vocab.weight_formats.fp32", "FP32"},
    {"vocab.weight_formats.bf16", "BF16 (‏16 بت)"},
    {"vocab.weight_formats.fp16", "FP16 (‏16 بت)"},
    {"vocab.weight_formats.fp8", "FP8 (عدد عشري بدقة 8 بت)"},
    {"vocab.weight_formats.int8", "INT8"},
    {"vocab.weight_formats.int4", "INT4 (‏GPTQ/AWQ، مجموعات 128)"},
    {"vocab.weight_formats.nf4", "NF4 (‏bitsandbytes)"},
    {"vocab.weight_formats.fp4", "FP4 (‏NVFP4/MXFP4)"},
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
    {"vocab.kv_formats.q4", "Q4 (‏4 بت)"},
    {"vocab.engines.vllm", "vLLM"},
    {"vocab.engines.sglang", "SGLang"},
    {"vocab.engines.tensorrt-llm", "TensorRT-LLM"},
    {"vocab.engines.llama.cpp", "llama.cpp"},
    {"vocab.engines.transformers", "Hugging Face Transformers"},
    {"vocab.engines.generic", "عام"},
    {"vocab.workload_kinds.inference", "تشغيل نموذج"},
    {"vocab.workload_kinds.finetune", "الضبط الدقيق"},
    {"vocab.workload_kinds.pretrain", "التدريب المسبق"},
    {"vocab.workload_kinds.image", "توليد الصور"},
    {"vocab.workload_kinds.video", "توليد الفيديو"},
    {"vocab.workload_kinds.audio", "الصوت"},
    {"vocab.model_kinds.llm", "نموذج لغوي"},
    {"vocab.model_kinds.image", "نموذج صور"},
    {"vocab.model_kinds.video", "نموذج فيديو"},
    {"vocab.model_kinds.audio", "نموذج صوت"},
    {"vocab.methods.full", "ضبط كامل (كل الأوزان)"},
    {"vocab.methods.lora", "LoRA (محوِّلات فوق نموذج مجمَّد)"},
    {"vocab.methods.qlora", "QLoRA (‏LoRA فوق نموذج بدقة 4 بت)"},
    {"vocab.optimizers.adamw", "AdamW"},
    {"vocab.optimizers.adamw_8bit", "AdamW بدقة 8 بت"},
    {"vocab.optimizers.sgd", "SGD مع الزخم"},
    {"vocab.optimizers.adafactor", "Adafactor"},
    {"vocab.lora_targets.attention", "إسقاطات الانتباه"},
    {"vocab.lora_targets.all_linear", "كل الطبقات الخطية"},
    {"vocab.sharding.auto", "تلقائي: أقل تجزئة تكفي"},
    {"vocab.sharding.none", "بلا تجزئة: كل معالج يحمل نسخة كاملة"},
    {"vocab.sharding.zero1", "ZeRO-1: حالة المُحسِّن"},
    {"vocab.sharding.zero2", "ZeRO-2: ومعها التدرّجات"},
    {"vocab.sharding.zero3", "ZeRO-3: ومعها الأوزان"},
    {"vocab.sharding.fsdp", "FSDP: تجزئة كاملة"},
    {"vocab.precisions.bf16", "BF16 (مختلطة)"},
    {"vocab.precisions.fp8", "FP8 (‏H100 وما بعده)"},
    {"vocab.pricing.on_demand", "عند الطلب"},
    {"vocab.pricing.spot", "فوري (Spot)"},
    {"vocab.pricing.any", "أيّهما"},
    {"vocab.order.best", "الأنسب لعبء العمل"},
    {"vocab.order.cheapest_per_hour", "الأرخص في الساعة"},
    {"vocab.order.fastest", "الأسرع"},
    {"vocab.tiers.hyperscaler", "سحابة كبرى"},
    {"vocab.tiers.gpu_cloud", "سحابة معالجات رسومية"},
    {"vocab.tiers.marketplace", "سوق مضيفين"},
    {"vocab.bottlenecks.memory_bandwidth", "عرض نطاق الذاكرة"},
    {"vocab.bottlenecks.compute", "قدرة الحوسبة"},
    {"vocab.bottlenecks.interconnect", "الربط بين المعالجات"},
    {"vocab.bottlenecks.overhead", "الكلفة الثابتة لكل خطوة"},
    {"vocab.interconnects.nvlink", "NVLink"},
    {"vocab.interconnects.pcie", "PCIe"},
    {"vocab.interconnects.infinity_fabric", "Infinity Fabric"},
    {"vocab.interconnects.none", "لا يوجد"},
    {"vocab.interconnects.other", "آخر"},
    {"vocab.backbones.unet", "UNet"},
    {"vocab.backbones.dit", "محوِّل انتشار (DiT)"},
    {"vocab.media_tasks.transcribe", "تحويل الكلام إلى نص"},
    {"vocab.media_tasks.tts", "تحويل النص إلى كلام"},
    {"vocab.media_tasks.music", "موسيقى"},
    {"vocab.hardware_kinds.gpu", "معالج رسومي (GPU)"},
    {"vocab.hardware_kinds.tpu", "TPU"},
    {"vocab.hardware_kinds.npu", "NPU"},
    {"vocab.locales.en", "الإنجليزية"},
    {"vocab.locales.ar", "العربية"},
    {"vocab.severities.info", "ملاحظة"},
    {"vocab.severities.warning", "تحذير"},

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

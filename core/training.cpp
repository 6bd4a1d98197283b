#include "training.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "formats.hpp"
#include "memory.hpp"
#include "search.hpp"

namespace sizer {
namespace {

constexpr double kGiB = 1073741824.0;
// Per GPU outside the model: CUDA context + cuBLAS/NCCL workspaces (~0.75 GiB); fragmentation is
// kTrainingFragmentation (training.hpp).
constexpr double kRuntimeBytes = 0.75 * kGiB;

// Bytes of optimizer state per trainable parameter, beyond the weights and gradients. Mixed precision
// keeps an fp32 master copy (4 B) when the weights are 16-bit. AdamW: m and v in fp32 (8 B);
// 8-bit AdamW (Dettmers et al. 2022): 2 B; SGD with momentum: 4 B; Adafactor: factored second moments,
// O(rows + cols), negligible per parameter (Shazeer & Stern 2018).
double optimizer_bytes_per_param(const std::string& optimizer, bool master_copy) {
  const double master = master_copy ? 4.0 : 0.0;
  if (optimizer == "adamw_8bit") return master + 2.0;
  if (optimizer == "sgd") return master + 4.0;
  if (optimizer == "adafactor") return master;
  return master + 8.0;
}

double weight_bytes_per_param(const std::string& format_id) {
  const WeightFormat* format = find_weight_format(format_id);
  return format ? format->bits_per_weight / 8.0 : 2.0;
}

}  // namespace

double lora_params(const Model& m, const TrainingWorkload& w) {
  const double r = static_cast<double>(w.lora_rank);
  const double h = static_cast<double>(m.hidden);
  const double q = static_cast<double>(m.heads * m.head_dim);
  const double kv = static_cast<double>(std::max<int64_t>(1, m.kv_heads) * m.head_dim);
  double per_layer = r * ((h + q) + 2.0 * (h + kv) + (q + h));  // q, k, v, o
  if (w.lora_targets == "all_linear") {
    const double f = static_cast<double>(m.ffn);
    const double experts = m.experts > 1 ? static_cast<double>(m.experts) : 1.0;
    per_layer += r * 3.0 * (h + f) * experts;  // gate, up, down of every expert
  }
  return per_layer * static_cast<double>(m.layers);
}

double training_activation_bytes(const Model& m, const TrainingWorkload& w, int64_t seq_len, double logits_copies) {
  const double sb = static_cast<double>(seq_len) * static_cast<double>(w.micro_batch);
  const double h = static_cast<double>(m.hidden);
  const double experts_active = m.experts > 1 ? static_cast<double>(m.experts_per_token) : 1.0;
  const double f = static_cast<double>(m.ffn) * experts_active;
  const double per_layer_full = sb * (15.0 * h + 8.0 * f);
  const double layers = static_cast<double>(m.layers);
  const double body = w.grad_checkpointing ? layers * 2.0 * sb * h + per_layer_full : layers * per_layer_full;
  const double logits = sb * static_cast<double>(m.vocab) * 4.0 * logits_copies;
  return body + logits;
}

TrainingMemory training_memory(const Model& m, const TrainingWorkload& w, double logits_copies) {
  TrainingMemory t;
  const double params = m.params_b * 1e9;
  if (w.method == "full") {
    const double bytes = weight_bytes_per_param(w.weights);  // 2 for bf16/fp16, 4 for fp32
    t.trainable_params = params;
    t.weights_bytes = params * bytes;
    t.gradients_bytes = params * bytes;
    t.optimizer_bytes = params * optimizer_bytes_per_param(w.optimizer, bytes < 4.0);
  } else {
    // Frozen base at its stored format (QLoRA: NF4, embeddings at 16 bit). Adapters are held in bf16
    // with their gradients and the optimizer's moments, without an fp32 master copy: the QLoRA recipe
    // casts LoRA layers to bf16 (artidoro/qlora, qlora.py) and pages the 32-bit Adam states.
    const WeightFormat* format = find_weight_format(w.weights);
    t.weights_bytes = format ? weights_bytes(m, *format) : params * 2.0;
    t.trainable_params = lora_params(m, w);
    t.adapter_bytes = t.trainable_params * 2.0;
    t.gradients_bytes = t.trainable_params * 2.0;
    t.optimizer_bytes = t.trainable_params * optimizer_bytes_per_param(w.optimizer, false);
  }
  t.activations_bytes = training_activation_bytes(m, w, w.seq_len, logits_copies);
  t.overhead_bytes = kRuntimeBytes;
  t.total_bytes = t.weights_bytes + t.gradients_bytes + t.optimizer_bytes + t.adapter_bytes + t.activations_bytes +
                  t.overhead_bytes;
  return t;
}

std::vector<Explanation> explain_training_memory(const Model& m, const TrainingWorkload& w, double logits_copies,
                                                 const TrainingMemory& t) {
  const bool full = w.method == "full";
  const bool master_copy = full && weight_bytes_per_param(w.weights) < 4.0;
  const double experts_active = m.experts > 1 ? static_cast<double>(m.experts_per_token) : 1.0;
  return {
      {"optimizer_bytes", "trainable_params × bytes_per_param (fp32 master copy when the trained weights are 16-bit, "
                          "+ optimizer moments)",
       {{"trainable_params", t.trainable_params},
        {"bytes_per_param", optimizer_bytes_per_param(w.optimizer, master_copy)}},
       t.optimizer_bytes,
       "Mixed-precision AdamW: 4 (fp32 master) + 8 (m, v) beside the 16-bit weights and gradients (Rajbhandari "
       "et al. 2020, ZeRO §3); 8-bit AdamW 2 (Dettmers et al. 2022), SGD momentum 4, Adafactor ≈ 0; LoRA/QLoRA "
       "adapters keep no master copy"},
      {"activations_bytes",
       "layers × s·b·(15·hidden + 8·ffn × experts_active) (or 2·s·b·hidden per layer + one layer with "
       "checkpointing) + s·b·vocab·4 × logits_copies",
       {{"seq_len", static_cast<double>(w.seq_len)},
        {"micro_batch", static_cast<double>(w.micro_batch)},
        {"layers", static_cast<double>(m.layers)},
        {"hidden", static_cast<double>(m.hidden)},
        {"ffn", static_cast<double>(m.ffn)},
        {"experts_active", experts_active},
        {"grad_checkpointing", w.grad_checkpointing ? 1.0 : 0.0},
        {"vocab", static_cast<double>(m.vocab)},
        {"logits_copies", logits_copies}},
       t.activations_bytes, "Korthikanti et al. 2022, Table 2, with flash attention and a gated MLP"}};
}

Explanation explain_training_time(const TrainingWorkload& w, const TrainingSpeed& speed, int64_t gpus) {
  return {"train_s", "tokens × flops_per_token / (gpus × peak_flops × utilisation)",
          {{"tokens", w.tokens},
           {"flops_per_token", speed.hardware_flops_per_token},
           {"gpus", static_cast<double>(gpus)},
           {"peak_flops", speed.peak_flops_per_gpu},
           {"utilisation", speed.utilisation}},
          speed.train_s,
          "6·N per token (Kaplan et al. 2020), 4·N for LoRA, +2·N with recomputation; attention per "
          "PaLM (Chowdhery et al. 2022, App. B)"};
}

namespace {

double per_gpu_bytes(const TrainingMemory& t, const std::string& stage, int64_t data, int64_t tensor,
                     double activations) {
  const double d = static_cast<double>(data);
  const double weights = (stage == "zero3") ? (t.weights_bytes + t.adapter_bytes) / d : t.weights_bytes + t.adapter_bytes;
  const double grads = (stage == "zero2" || stage == "zero3") ? t.gradients_bytes / d : t.gradients_bytes;
  const double optimizer = (stage == "none") ? t.optimizer_bytes : t.optimizer_bytes / d;
  return (weights + grads + optimizer + activations) / static_cast<double>(tensor) + t.overhead_bytes;
}

}  // namespace

TrainingPlacement place_training(const Model& m, const TrainingWorkload& w, const TrainingMemory& t, const Gpu& gpu,
                                 int64_t gpus, int64_t max_tensor, double logits_copies) {
  TrainingPlacement best;
  best.gpus = gpus;
  best.usable_bytes_per_gpu = gpu.vram_bytes() * (1.0 - kTrainingFragmentation);
  const std::vector<std::string> stages =
      w.sharding == "auto" ? std::vector<std::string>{"none", "zero1", "zero2", "zero3"}
                           : std::vector<std::string>{w.sharding};
  bool found = false;
  const int64_t tensor_limit = std::max<int64_t>(1, std::min(gpus, max_tensor));
  for (int64_t tensor = 1; tensor <= tensor_limit && !found; tensor *= 2) {
    const int64_t data = std::max<int64_t>(1, gpus / tensor);
    for (const auto& stage : stages) {
      const double used = per_gpu_bytes(t, stage, data, tensor, t.activations_bytes);
      best.tensor = tensor;
      best.data = data;
      best.sharding = stage;
      best.used_bytes_per_gpu = used;
      if (used <= best.usable_bytes_per_gpu) {
        best.fits = true;
        found = true;
        break;
      }
    }
  }
  // Longest sequence that fits at this split: activations grow monotonically with length.
  auto fits_len = [&](int64_t len) {
    return per_gpu_bytes(t, best.sharding, best.data, best.tensor, training_activation_bytes(m, w, len, logits_copies)) <=
           best.usable_bytes_per_gpu;
  };
  best.max_seq_len = largest_int_such_that(0, std::max<int64_t>(1, m.max_context), fits_len);
  return best;
}

TrainingSpeed training_speed(const Model& m, const TrainingWorkload& w, const Gpu& gpu,
                             const TrainingPlacement& placement, const std::string& interconnect,
                             int64_t gpus_per_node, bool fast_fabric) {
  TrainingSpeed s;
  const double n = effective_active_params(m);
  const double s_len = static_cast<double>(w.seq_len);
  // Causal attention per token: 2 matmuls × 2 FLOPs × heads·head_dim × s/2 forward; ×3 with backward.
  const double attention_forward = 2.0 * static_cast<double>(m.layers) * s_len * static_cast<double>(m.heads * m.head_dim);
  // Forward 2N; backward 4N for full training (activation and weight gradients), 2N for LoRA/QLoRA,
  // whose frozen weights need no weight gradients; recomputation repeats the forward (DESIGN.md).
  const double backward_factor = w.method == "full" ? 4.0 : 2.0;
  s.model_flops_per_token = (2.0 + backward_factor) * n + 3.0 * attention_forward;
  s.hardware_flops_per_token = s.model_flops_per_token + (w.grad_checkpointing ? 2.0 * n + attention_forward : 0.0);

  bool native = true;
  s.precision = w.precision;
  s.peak_flops_per_gpu = gpu.tflops_for(w.precision, &native) * 1e12;
  if (!native) s.precision = "bf16";
  // Hardware-FLOPs utilisation presets, chosen on the calibration cases (`npm run accuracy`): large dense
  // runs reach ~0.6 of the 16-bit peak on A100-class GPUs (llm-foundry MPT, Pythia, TinyLlama), ~0.5 on
  // H100/H200-class parts whose peak is three times higher (Llama 2/3, NeMo tables); FP8 runs ~0.4 of the
  // FP8 peak (NeMo 24.12 Llama 3 FP8, DeepSeek-V3). GDDR cards and small models lose more to memory-bound
  // kernels. LoRA/QLoRA run smaller, memory-bound kernels (and NF4 dequantisation).
  const double peak16 = gpu.tflops_16bit();
  double utilisation = !gpu.is_hbm() ? 0.45 : (peak16 > 500 ? 0.50 : 0.60);
  if (s.precision == "fp8" && native) utilisation = 0.40;
  if (w.method == "qlora") utilisation *= 0.6;
  else if (w.method == "lora") utilisation *= 0.85;
  // Scale: data-parallel gradient all-reduce and pipeline bubbles cost more across nodes; more over
  // PCIe-only boxes than over NVLink.
  const double gpus = static_cast<double>(placement.gpus);
  if (placement.gpus > gpus_per_node) utilisation *= fast_fabric ? 0.9 : 0.5;
  if (gpus > 1024) utilisation *= 0.9;
  if (gpus > 1 && interconnect != "nvlink" && interconnect != "infinity_fabric") utilisation *= 0.8;
  s.utilisation = utilisation;
  s.tokens_per_s = gpus * s.peak_flops_per_gpu * utilisation / s.hardware_flops_per_token;
  s.train_s = w.tokens / s.tokens_per_s;
  s.mfu = s.model_flops_per_token * s.tokens_per_s / (gpus * s.peak_flops_per_gpu);
  return s;
}

}  // namespace sizer

#include "training.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "capabilities.hpp"
#include "formats.hpp"
#include "performance.hpp"
#include "memory.hpp"
#include "search.hpp"
#include "tunables.hpp"

namespace sizer {
namespace {

constexpr double kGiB = 1073741824.0;
// Per GPU outside the model: CUDA context + cuBLAS/NCCL workspaces (~0.75 GiB); fragmentation is
// kTrainingFragmentation (training.hpp).
constexpr double kRuntimeBytes = 0.75 * kGiB;
// Global batch of a fine-tuning step when the request sets none: 256k tokens (64 sequences of 4k), the
// order of the SFT recipes in torchtune and TRL examples.
constexpr double kFinetuneGlobalBatchTokens = 262144.0;

// Bytes of optimizer state per trainable parameter, beyond the weights and gradients. Mixed precision
// keeps an fp32 master copy (4 B) when the weights are 16-bit. AdamW: m and v in fp32 (8 B);
// 8-bit AdamW (Dettmers et al. 2022): 2 B; SGD with momentum: 4 B; Adafactor: factored second moments,
// O(rows + cols), negligible per parameter (Shazeer & Stern 2018).
double optimizer_bytes_per_param(OptimizerId optimizer, bool master_copy) {
  const double master = master_copy ? 4.0 : 0.0;
  if (optimizer == OptimizerId::adamw_8bit) return master + 2.0;
  if (optimizer == OptimizerId::sgd) return master + 4.0;
  if (optimizer == OptimizerId::adafactor) return master;
  return master + 8.0;
}

double weight_bytes_per_param(WeightFormatId format_id) {
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
  if (w.lora_targets == LoraTargetsId::all_linear) {
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
  if (w.method == MethodId::full) {
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

double global_batch_tokens(const TrainingWorkload& w, int64_t gpus, int64_t data) {
  const double micro = static_cast<double>(w.seq_len) * static_cast<double>(w.micro_batch);
  double wanted = w.pretrain ? std::max(kPretrainGlobalBatchTokens,
                                        static_cast<double>(gpus) / kGpusPerSequenceAtScale * static_cast<double>(w.seq_len))
                             : kFinetuneGlobalBatchTokens;
  if (w.global_batch_tokens) wanted = *w.global_batch_tokens;
  return std::max(wanted, micro * static_cast<double>(std::max<int64_t>(1, data)));
}

double training_bytes_per_gpu(const Model& m, const TrainingWorkload& w, const TrainingMemory& t,
                              ShardingId stage, const Layout& layout, int64_t micro_batches,
                              int64_t seq_len, double logits_copies) {
  const double tp = static_cast<double>(layout.tensor);
  const double pp = static_cast<double>(layout.pipeline);
  const double dp = static_cast<double>(layout.data);
  const double ep = static_cast<double>(layout.expert);
  // Share of the replica's state one GPU holds: unsharded state is split by tensor × pipeline (experts
  // also by the expert group); sharded state by every GPU of the replica's data group.
  const ParamSplit split = split_params(m);
  const double total = std::max(1.0, split.dense_params + split.expert_params);
  const double unsharded = split.dense_params / total / (tp * pp) + split.expert_params / total / (tp * pp * ep);
  const double sharded = 1.0 / (tp * pp * dp);
  const double weights = (t.weights_bytes + t.adapter_bytes) * (stage == ShardingId::zero3 ? sharded : unsharded);
  const double grads = t.gradients_bytes * ((stage == ShardingId::zero2 || stage == ShardingId::zero3) ? sharded : unsharded);
  const double optimizer = t.optimizer_bytes * (stage == ShardingId::none ? unsharded : sharded);

  // Activations: one micro-batch of every layer is training_activation_bytes without logits; a stage
  // holds its share of the layers for each micro-batch in flight.
  TrainingWorkload one = w;
  const double logits = static_cast<double>(seq_len) * static_cast<double>(w.micro_batch) *
                        static_cast<double>(m.vocab) * 4.0 * logits_copies;
  const double body = training_activation_bytes(m, one, seq_len, 0.0);
  double activations = 0;
  if (layout.pipeline == 1) {
    activations = body + logits;
  } else {
    const double per_layer_share = body / static_cast<double>(std::max<int64_t>(1, m.layers));
    const double stage_layers = static_cast<double>(m.layers) / pp;
    const double in_flight = static_cast<double>(std::min<int64_t>(layout.pipeline, std::max<int64_t>(1, micro_batches)));
    activations = std::max(stage_layers * per_layer_share * in_flight, stage_layers * per_layer_share + logits);
  }
  return weights + grads + optimizer + activations / tp + t.overhead_bytes;
}

std::vector<Explanation> explain_training_memory(const Model& m, const TrainingWorkload& w, double logits_copies,
                                                 const TrainingMemory& t) {
  const bool full = w.method == MethodId::full;
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
  const StepTime& step = speed.step;
  return {"train_s",
          "tokens / tokens_per_s; tokens_per_s = tokens_per_step / (compute_s + bubble_s + tensor_parallel_s + "
          "pipeline_p2p_s + data_parallel_s + expert_all_to_all_s); compute_s = tokens_per_step × flops_per_token / "
          "(gpus × peak_flops × utilisation)",
          {{"tokens", w.tokens},
           {"flops_per_token", speed.hardware_flops_per_token},
           {"gpus", static_cast<double>(gpus)},
           {"peak_flops", speed.peak_flops_per_gpu},
           {"utilisation", speed.utilisation},
           {"tokens_per_step", step.tokens_per_step},
           {"micro_batches", static_cast<double>(step.micro_batches)},
           {"compute_s", step.compute_s},
           {"bubble_s", step.bubble_s},
           {"tensor_parallel_s", step.tensor_parallel_s},
           {"pipeline_p2p_s", step.pipeline_p2p_s},
           {"data_parallel_s", step.data_parallel_s},
           {"expert_all_to_all_s", step.expert_all_to_all_s}},
          speed.train_s,
          "6·N per token (Kaplan et al. 2020), 4·N for LoRA, +2·N with recomputation; attention per PaLM "
          "(Chowdhery et al. 2022, App. B); layout and communication per Narayanan et al. 2021 "
          "(core/parallelism.cpp)"};
}

namespace {

// Fraction of peak the GEMMs reach before any communication, chosen on the calibration cases
// (`npm run accuracy`): ~0.6 of the 16-bit peak on A100-class GPUs (llm-foundry MPT, Pythia,
// TinyLlama), ~0.5 on H100/H200-class parts whose peak is three times higher (Llama 2/3, NeMo
// tables); FP8 runs ~0.4 of the FP8 peak (NeMo 24.12 Llama 3 FP8, DeepSeek-V3). GDDR cards lose more
// to memory-bound kernels. LoRA/QLoRA run smaller, memory-bound kernels (and NF4 dequantisation).
double kernel_utilisation(const Gpu& gpu, const TrainingWorkload& w, bool fp8_native) {
  const double peak16 = gpu.tflops_16bit();
  double utilisation = !gpu.is_hbm() ? 0.45 : (peak16 > 500 ? 0.50 : 0.60);
  if (w.precision == PrecisionId::fp8 && fp8_native) utilisation = 0.40;
  if (w.method == MethodId::qlora) utilisation *= 0.6;
  else if (w.method == MethodId::lora) utilisation *= 0.85;
  return tuned("training.utilisation", utilisation);  // tunables.hpp: refit per fold by the harness only
}

struct Flops {
  double model_per_token = 0;
  double hardware_per_token = 0;
};

Flops flops_per_token(const Model& m, const TrainingWorkload& w, bool flash_attention) {
  const double n = effective_active_params(m);
  const double s_len = static_cast<double>(w.seq_len);
  // Causal attention per token: 2 matmuls × 2 FLOPs × heads·head_dim × s/2 forward; ×3 with backward.
  const double attention_forward = 2.0 * static_cast<double>(m.layers) * s_len * static_cast<double>(m.heads * m.head_dim);
  // Forward 2N; backward 4N for full training (activation and weight gradients), 2N for LoRA/QLoRA,
  // whose frozen weights need no weight gradients; recomputation repeats the forward (DESIGN.md).
  const double backward_factor = w.method == MethodId::full ? 4.0 : 2.0;
  Flops f;
  f.model_per_token = (2.0 + backward_factor) * n + 3.0 * attention_forward;
  f.hardware_per_token = f.model_per_token + (w.grad_checkpointing ? 2.0 * n + attention_forward : 0.0);
  // Without FlashAttention the attention kernels run at about half the speed (performance.hpp).
  if (!flash_attention) {
    f.hardware_per_token += (kNoFlashAttentionSlowdown - 1.0) * attention_forward * (w.grad_checkpointing ? 4.0 : 3.0);
  }
  return f;
}

StepInputs step_inputs(const Model& m, const TrainingWorkload& w, const Gpu& gpu, const TrainingMemory& t,
                       ShardingId stage, int64_t gpus, int64_t data, double* peak_out,
                       std::string* precision_out) {
  StepInputs in;
  // FP8 runs need FP8 tensor cores (Transformer Engine: Ada/Hopper+); otherwise the run is bf16, and
  // bf16 on Volta/Turing is fp16 mixed precision with loss scaling at the fp16 rate.
  const Capabilities capabilities = capabilities_of(gpu);
  std::string precision = w.precision == PrecisionId::fp8 && capabilities.fp8 ? "fp8" : "bf16";
  if (precision == "bf16" && !capabilities.bf16) precision = "fp16";
  const bool native = precision == id_of(w.precision);
  const double peak = gpu.tflops_for(precision) * 1e12;
  if (peak_out) *peak_out = peak;
  if (precision_out) *precision_out = precision;
  const Flops f = flops_per_token(m, w, capabilities.flash_attention > 0);
  in.hardware_flops_per_token = f.hardware_per_token;
  in.peak_flops_per_gpu = peak;
  in.kernel_utilisation = kernel_utilisation(gpu, w, native);
  in.trainable_params = t.trainable_params;
  in.gradient_bytes_per_param = 2.0;
  in.zero3 = stage == ShardingId::zero3;
  in.gathered_weight_bytes = t.weights_bytes + t.adapter_bytes;
  in.recompute = w.grad_checkpointing;
  in.global_batch_tokens = global_batch_tokens(w, gpus, data);
  return in;
}

int64_t micro_batches_for(const TrainingWorkload& w, int64_t gpus, int64_t data) {
  const double micro = static_cast<double>(w.seq_len) * static_cast<double>(w.micro_batch);
  return std::max<int64_t>(
      1, static_cast<int64_t>(std::llround(global_batch_tokens(w, gpus, data) / static_cast<double>(data) / micro)));
}

}  // namespace

TrainingPlacement place_training(const Model& m, const TrainingWorkload& w, const TrainingMemory& t, const Gpu& gpu,
                                 int64_t gpus, const Fabric& fabric, double logits_copies) {
  TrainingPlacement best;
  best.gpus = gpus;
  best.usable_bytes_per_gpu = gpu.vram_bytes() * (1.0 - kTrainingFragmentation);
  const std::vector<ShardingId> stages =
      w.sharding == ShardingId::auto_
          ? std::vector<ShardingId>{ShardingId::none, ShardingId::zero1, ShardingId::zero2, ShardingId::zero3}
          : std::vector<ShardingId>{w.sharding};
  std::vector<Layout> layouts;
  if (w.parallelism) {
    const auto& p = *w.parallelism;
    layouts.push_back({p.tensor, p.pipeline, p.data, p.expert});
    best.pinned = true;
    // A pinned layout runs only on exactly its GPUs; an option of another size does not fit it (a
    // catalog offering may still reach the size with more instances).
    best.layout_mismatch = layouts.front().gpus() != gpus;
  } else {
    layouts = candidate_layouts(m, gpus, fabric.gpus_per_node);
  }
  bool found = false;
  double best_step_tokens_per_s = 0;
  double least_bytes = 0;
  auto take = [&best](const Layout& layout, ShardingId stage, double used) {
    best.tensor = layout.tensor;
    best.pipeline = layout.pipeline;
    best.data = layout.data;
    best.expert = layout.expert;
    best.sharding = stage;
    best.used_bytes_per_gpu = used;
  };
  for (const Layout& layout : layouts) {
    const int64_t micro = micro_batches_for(w, gpus, layout.data);
    for (const auto& stage : stages) {
      const double used = training_bytes_per_gpu(m, w, t, stage, layout, micro, w.seq_len, logits_copies);
      if (used > best.usable_bytes_per_gpu || best.layout_mismatch) {
        // Keep the closest miss, so a layout that does not fit says by how much.
        if (!found && (least_bytes == 0 || used < least_bytes)) {
          least_bytes = used;
          take(layout, stage, used);
        }
        continue;
      }
      // The least sharding that fits this layout; compare layouts by speed (ties: the simpler one,
      // which comes first: less tensor, then less pipeline parallelism).
      const StepInputs in = step_inputs(m, w, gpu, t, stage, gpus, layout.data, nullptr, nullptr);
      const StepTime step = step_time(m, w, layout, fabric, in);
      const double rate = step.tokens_per_step / step.step_s;
      if (!found || rate > best_step_tokens_per_s * 1.02) {
        found = true;
        best_step_tokens_per_s = rate;
        best.fits = true;
        take(layout, stage, used);
      }
      break;
    }
  }
  // Longest sequence that fits at this split: activations grow monotonically with length.
  const int64_t micro = micro_batches_for(w, gpus, best.data);
  auto fits_len = [&](int64_t len) {
    return training_bytes_per_gpu(m, w, t, best.sharding, best.layout(), micro, len, logits_copies) <=
           best.usable_bytes_per_gpu;
  };
  best.max_seq_len = largest_int_such_that(0, std::max<int64_t>(1, m.max_context), fits_len);
  return best;
}

TrainingSpeed training_speed(const Model& m, const TrainingWorkload& w, const Gpu& gpu,
                             const TrainingPlacement& placement, const TrainingMemory& memory, const Fabric& fabric) {
  TrainingSpeed s;
  s.flash_attention = capabilities_of(gpu).flash_attention > 0;
  s.requested_precision = w.precision;
  const Flops f = flops_per_token(m, w, s.flash_attention);
  s.model_flops_per_token = f.model_per_token;
  s.hardware_flops_per_token = f.hardware_per_token;
  const StepInputs in = step_inputs(m, w, gpu, memory, placement.sharding, placement.gpus, placement.data,
                                    &s.peak_flops_per_gpu, &s.precision);
  s.utilisation = in.kernel_utilisation;
  s.step = step_time(m, w, placement.layout(), fabric, in);
  const double gpus = static_cast<double>(placement.gpus);
  s.tokens_per_s = s.step.tokens_per_step / s.step.step_s;
  s.train_s = w.tokens / s.tokens_per_s;
  s.mfu = s.model_flops_per_token * s.tokens_per_s / (gpus * s.peak_flops_per_gpu);
  return s;
}

}  // namespace sizer

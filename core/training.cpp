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
// Paged AdamW (bitsandbytes, Dettmers et al. 2023 QLoRA §3 "Paged Optimizers") keeps the same moments
// as its unpaged twin (8-bit: 2 B, 32-bit: 8 B) in CUDA unified memory.
double optimizer_bytes_per_param(OptimizerId optimizer, bool master_copy) {
  const double master = master_copy ? 4.0 : 0.0;
  if (optimizer == OptimizerId::adamw_8bit || optimizer == OptimizerId::paged_adamw_8bit) return master + 2.0;
  if (optimizer == OptimizerId::sgd) return master + 4.0;
  if (optimizer == OptimizerId::adafactor) return master;
  return master + 8.0;
}

bool is_paged(OptimizerId optimizer) {
  return optimizer == OptimizerId::paged_adamw_8bit || optimizer == OptimizerId::paged_adamw_32bit;
}

// Host offload (ZeRO-Offload, Ren et al. 2021; ZeRO-Infinity, Rajbhandari et al. 2021). DeepSpeed's own
// memory estimator (deepspeed/runtime/zero/stage_1_and_2.py estimate_zero2_model_states_mem_needs and
// stage3.py estimate_zero3_model_states_mem_needs; documented at deepspeed.readthedocs.io "Memory
// Requirements") counts, with cpu_offload, fp32 master + optimizer moments + fp32 gradients on the host
// (MASTER_PARAMS_FACTOR 4 + OPTIMIZER_FACTOR 8 + FP32_GRADS_FACTOR 4 per parameter), times
// additional_buffer_factor 1.5 for pinned staging buffers; with offload_param the GPU keeps only
// largest_layer_memory = 4 × largest_layer_params (the 16-bit weights and gradients of the layer at work).
constexpr double kHostFp32GradientBytes = 4.0;
constexpr double kHostBufferFactor = 1.5;
// While gradients stream to the host, a reduce bucket of them stays on the GPU: DeepSpeed's default
// reduce_bucket_size is 5e8 elements, 1 GB in 16 bit (deepspeed.readthedocs.io, ZeRO config).
constexpr double kOffloadGradientBucketBytes = 1e9;

// Parameters of the largest tensor the optimizer-in-backward hook or ZeRO-3 offload holds at once: the
// embedding / output matrix of an LLM (vocab × hidden), else one layer's share.
double largest_layer_params(const Model& m) {
  const double params = m.params_b * 1e9;
  const double embedding = static_cast<double>(m.vocab) * static_cast<double>(m.hidden);
  const double per_layer = m.layers > 0 ? std::max(0.0, params - embedding) / static_cast<double>(m.layers) : params;
  return std::min(params, std::max(embedding, per_layer));
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

namespace {
// fp32 over 16-bit element size (PEFT prepare_model_for_kbit_training, EnginePreset::training_kbit_fp32_upcast).
constexpr double kFp32OverBf16 = 2.0;
struct ActivationSplit {
  double per_layer_full = 0;   // one layer's saved tensors, one micro-batch
  double checkpoint = 0;       // one layer's checkpointed input (2·s·b·hidden, 16-bit)
};
ActivationSplit activation_split(const Model& m, const TrainingWorkload& w, int64_t seq_len) {
  const double sb = static_cast<double>(seq_len) * static_cast<double>(w.micro_batch);
  const double h = static_cast<double>(m.hidden);
  const double experts_active = m.experts > 1 ? static_cast<double>(m.experts_per_token) : 1.0;
  const double f = static_cast<double>(m.ffn) * experts_active;
  // Korthikanti's counts are for a 16-bit stream; PEFT's k-bit preparation runs it in fp32 (the norms'
  // fp32 weights promote their outputs, and bitsandbytes' Linear4bit casts its output back to the input's
  // dtype), so every saved tensor and the checkpointed layer inputs take twice the bytes.
  const double width = w.kbit_fp32_upcast ? kFp32OverBf16 : 1.0;
  return {width * sb * (15.0 * h + 8.0 * f), width * 2.0 * sb * h};
}
// Selective checkpointing recomputes every second matmul (training.hpp recompute_share).
constexpr double kSelectiveRecomputeShare = 0.5;
// One layer's bytes kept for its backward pass: everything without checkpointing; with it, the input and the
// part of the rest that is not recomputed (none with full checkpointing, half with selective).
double kept_per_layer(const ActivationSplit& a, const TrainingWorkload& w) {
  if (!w.grad_checkpointing) return a.per_layer_full;
  return a.checkpoint + (1.0 - recompute_share(w)) * std::max(0.0, a.per_layer_full - a.checkpoint);
}
// fp32 copies of the logits a step holds with workload.fused_loss: none when the loss is fused with the
// output projection and computed chunk by chunk from the hidden states (Liger FusedLinearCrossEntropy,
// Apple Cut Cross-Entropy, Wijmans et al. 2024); unfused, the upcast logits, log-softmax output and
// their gradient, about four (EnginePreset::training_logits_copies of transformers, engines.hpp).
constexpr double kFusedLossLogitsCopies = 0.0;
constexpr double kUnfusedLossLogitsCopies = 4.0;
constexpr double kUpcastLogitsCopy = 1.0;
// Backward through a layer holds the gradient of the residual stream coming in (dL/dy) and the one it
// produces (dL/dx) beside the layer's saved tensors: two more hidden-sized tensors per token, which
// Korthikanti's count of saved activations leaves out. Unsloth's context table (+18,876 tokens per 4 GB
// for Llama 3.1 8B, offloaded checkpoints) needs them: without, its rows read 12% long at 8-24 GB.
constexpr double kResidualGradientBuffers = 2.0;
// Layers whose saved tensors an activation-offload stream keeps on the GPU: the one at work and the
// next one being copied in or out (torchtune OffloadActivations uses one side stream; Unsloth's
// offloaded checkpointing moves each layer's input as soon as the layer has run).
constexpr double kOffloadLayersResident = 2.0;
}  // namespace

double effective_logits_copies(const TrainingWorkload& w, double engine_logits_copies) {
  // An fp32 lm_head (PEFT's k-bit preparation) writes the logits in fp32: the unfused loss's upcast copy
  // (logits.float()) is the logits themselves, one copy fewer.
  if (w.kbit_fp32_upcast && !w.fused_loss) return std::max(0.0, engine_logits_copies - kUpcastLogitsCopy);
  if (!w.fused_loss) return engine_logits_copies;
  return *w.fused_loss ? kFusedLossLogitsCopies : std::max(engine_logits_copies, kUnfusedLossLogitsCopies);
}

double recompute_share(const TrainingWorkload& w) {
  if (!w.grad_checkpointing) return 0.0;
  return w.selective_checkpointing ? kSelectiveRecomputeShare : 1.0;
}

double training_activation_bytes(const Model& m, const TrainingWorkload& w, int64_t seq_len, double logits_copies) {
  logits_copies = effective_logits_copies(w, logits_copies);
  const ActivationSplit a = activation_split(m, w, seq_len);
  const double layers = static_cast<double>(m.layers);
  // What a layer keeps until its backward pass: its input when checkpointed, everything without, and in
  // between for selective checkpointing; recomputing a layer needs one layer's working set at a time.
  const double kept = kept_per_layer(a, w);
  double body = w.grad_checkpointing ? layers * kept + a.per_layer_full : layers * a.per_layer_full;
  if (w.activation_offload) {
    // Saved tensors go to host RAM as each layer finishes: the GPU keeps the layer at work and the
    // checkpoints (or full saved tensors) of the layers in flight.
    body = w.grad_checkpointing ? a.per_layer_full + kOffloadLayersResident * kept
                                : kOffloadLayersResident * a.per_layer_full;
    body = std::min(body, w.grad_checkpointing ? layers * kept + a.per_layer_full : layers * a.per_layer_full);
  }
  body += kResidualGradientBuffers * a.checkpoint;
  const double logits = static_cast<double>(seq_len) * static_cast<double>(w.micro_batch) *
                        static_cast<double>(m.vocab) * 4.0 * logits_copies;
  return body + logits;
}

double offloaded_activation_bytes(const Model& m, const TrainingWorkload& w, int64_t seq_len) {
  if (!w.activation_offload) return 0;
  const ActivationSplit a = activation_split(m, w, seq_len);
  const double layers = static_cast<double>(m.layers);
  return layers * kept_per_layer(a, w);
}

TrainingMemory training_memory(const Model& m, const TrainingWorkload& w, double logits_copies) {
  TrainingMemory t;
  const double params = m.params_b * 1e9;
  // Gradient bytes per trained parameter on the GPU, and how many parameters' gradients are held at once.
  double gradient_width = 2.0;
  if (w.method == MethodId::full) {
    const double bytes = weight_bytes_per_param(w.weights);  // 2 for bf16/fp16, 4 for fp32
    t.trainable_params = params;
    t.weights_bytes = params * bytes;
    t.gradients_bytes = params * bytes;
    t.optimizer_bytes = params * optimizer_bytes_per_param(w.optimizer, bytes < 4.0);
    gradient_width = bytes;
  } else {
    // Frozen base at its stored format (QLoRA: NF4, embeddings at 16 bit). Adapters are held in bf16
    // with their gradients and the optimizer's moments, without an fp32 master copy: the QLoRA recipe
    // casts LoRA layers to bf16 (artidoro/qlora, qlora.py) and pages the 32-bit Adam states.
    const WeightFormat* format = find_weight_format(w.weights);
    t.weights_bytes = format ? weights_bytes(m, *format) : params * 2.0;
    // PEFT's k-bit preparation casts the 16-bit embeddings and lm_head to fp32: 2 more bytes each.
    if (w.kbit_fp32_upcast && format != nullptr && format->embeddings_stay_16bit) {
      t.weights_bytes += std::min(m.embedding_params(), params / 2.0) * (4.0 - 2.0);
    }
    t.trainable_params = lora_params(m, w);
    // Through PEFT the adapters are fp32 with fp32 gradients: get_peft_model's autocast_adapter_dtype
    // (default True) casts 16-bit adapter weights to fp32, and over a 4-bit base they are created in fp32.
    const double adapter_width = w.kbit_fp32_upcast ? 4.0 : 2.0;
    t.adapter_bytes = t.trainable_params * adapter_width;
    t.gradients_bytes = t.trainable_params * adapter_width;
    gradient_width = adapter_width;
    t.optimizer_bytes = t.trainable_params * optimizer_bytes_per_param(w.optimizer, false);
  }
  // Optimizer in backward (PyTorch "optimizer step in backward" tutorial; torchtune optimizer_in_bwd):
  // each parameter is stepped as soon as its gradient is ready and the gradient freed, so only the
  // largest tensor's gradient is held at once, not the whole model's.
  if (w.optimizer_in_backward) {
    const double held = w.method == MethodId::full
                            ? largest_layer_params(m)
                            : t.trainable_params / static_cast<double>(std::max<int64_t>(1, m.layers));
    t.gradients_bytes = std::min(t.gradients_bytes, held * gradient_width);
  }
  if (w.offload != OffloadId::none) {
    // ZeRO-Offload: the optimizer state and its fp32 gradients live in host RAM and the step runs on the
    // CPU; gradients leave the GPU bucket by bucket.
    t.host_optimizer_bytes = (t.optimizer_bytes + t.trainable_params * kHostFp32GradientBytes) * kHostBufferFactor;
    t.host_bytes += t.host_optimizer_bytes;
    t.optimizer_bytes = 0;
    t.gradients_bytes = std::min(t.gradients_bytes, kOffloadGradientBucketBytes);
  }
  if (w.offload == OffloadId::optimizer_and_params) {
    // ZeRO-Infinity / FSDP CPU offload: the 16-bit weights too; the GPU holds the largest layer's
    // weights and gradients while it works on them.
    const double weight_width = w.method == MethodId::full ? gradient_width : (t.weights_bytes / std::max(1.0, params));
    const double at_work = largest_layer_params(m) * weight_width;
    t.host_weights_bytes = t.weights_bytes * kHostBufferFactor;
    t.host_bytes += t.host_weights_bytes;
    t.streamed_weights_bytes = t.weights_bytes;
    t.weights_bytes = std::min(t.weights_bytes, at_work);
    t.gradients_bytes = std::min(t.gradients_bytes, largest_layer_params(m) * gradient_width);
  }
  if (is_paged(w.optimizer) && w.offload == OffloadId::none) {
    // bitsandbytes paged optimizers allocate their state in CUDA unified memory: "automatically evicts to
    // CPU RAM when the GPU runs out of memory" (QLoRA, Dettmers et al. 2023 §3). The GPU need not hold it.
    t.pageable_bytes = t.optimizer_bytes;
    t.host_paged_bytes = t.optimizer_bytes;
    t.host_bytes += t.host_paged_bytes;
  }
  t.activations_bytes = training_activation_bytes(m, w, w.seq_len, logits_copies);
  t.host_activations_bytes = offloaded_activation_bytes(m, w, w.seq_len);
  t.host_bytes += t.host_activations_bytes;
  t.overhead_bytes = kRuntimeBytes;
  // What the GPU must hold: paged optimizer state is not counted (it moves to host RAM under pressure).
  t.total_bytes = t.weights_bytes + t.gradients_bytes + t.optimizer_bytes - t.pageable_bytes + t.adapter_bytes +
                  t.activations_bytes + t.overhead_bytes;
  return t;
}

double global_batch_tokens(const TrainingWorkload& w, int64_t gpus, int64_t data) {
  const double micro = static_cast<double>(w.seq_len) * static_cast<double>(w.micro_batch);
  // Stepping inside the backward pass leaves no gradients to accumulate: one micro-batch per replica is
  // the step (torchtune requires gradient_accumulation_steps = 1 with optimizer_in_bwd).
  if (w.optimizer_in_backward) return micro * static_cast<double>(std::max<int64_t>(1, data));
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
  const double cp = static_cast<double>(std::max<int64_t>(1, layout.context));
  // Share of the replica's state one GPU holds: unsharded state is split by tensor × pipeline (experts
  // also by the expert group); sharded state by every GPU of the replica's data group.
  const ParamSplit split = split_params(m);
  const double total = std::max(1.0, split.dense_params + split.expert_params);
  const double unsharded = split.dense_params / total / (tp * pp) + split.expert_params / total / (tp * pp * ep);
  const double sharded = 1.0 / (tp * pp * dp * cp);  // a context group shards with the replicas (as Megatron's optimizer)
  // With the weights offloaded the GPU holds one gathered layer at work, whatever the stage.
  const bool params_offloaded = w.offload == OffloadId::optimizer_and_params;
  const double weights = (t.weights_bytes + t.adapter_bytes) *
                         (stage == ShardingId::zero3 && !params_offloaded ? sharded : unsharded);
  const double grads = t.gradients_bytes * ((stage == ShardingId::zero2 || stage == ShardingId::zero3) && !params_offloaded
                                                ? sharded
                                                : unsharded);
  // Paged optimizer state is left out: it stays on the GPU only where there is room (place_training).
  const double optimizer = (t.optimizer_bytes - t.pageable_bytes) * (stage == ShardingId::none ? unsharded : sharded);

  // Activations: one micro-batch of every layer is training_activation_bytes without logits; a stage
  // holds its share of the layers for each micro-batch in flight.
  TrainingWorkload one = w;
  one.fused_loss = true;  // the body alone; the logits are added below
  const double logits = static_cast<double>(seq_len) * static_cast<double>(w.micro_batch) *
                        static_cast<double>(m.vocab) * 4.0 * effective_logits_copies(w, logits_copies);
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
  // Context parallelism splits each sequence's activations (and its logits) over the group.
  return weights + grads + optimizer + activations / (tp * cp) + t.overhead_bytes;
}

double pageable_bytes_per_gpu(const Model& m, const TrainingMemory& t, ShardingId stage, const Layout& layout) {
  if (t.pageable_bytes <= 0) return 0;
  const ParamSplit split = split_params(m);
  const double tp = static_cast<double>(layout.tensor);
  const double pp = static_cast<double>(layout.pipeline);
  const double total = std::max(1.0, split.dense_params + split.expert_params);
  const double unsharded = split.dense_params / total / (tp * pp) +
                           split.expert_params / total / (tp * pp * static_cast<double>(layout.expert));
  return t.pageable_bytes * (stage == ShardingId::none ? unsharded
                                                       : 1.0 / (tp * pp * static_cast<double>(layout.data * layout.context)));
}

std::vector<Explanation> explain_training_memory(const Model& m, const TrainingWorkload& w, double logits_copies,
                                                 const TrainingMemory& t) {
  const bool full = w.method == MethodId::full;
  const bool master_copy = full && weight_bytes_per_param(w.weights) < 4.0;
  const double experts_active = m.experts > 1 ? static_cast<double>(m.experts_per_token) : 1.0;
  std::vector<Explanation> out = {
      {"optimizer_bytes", "trainable_params × bytes_per_param × on_gpu",
       {{"trainable_params", t.trainable_params},
        {"bytes_per_param", optimizer_bytes_per_param(w.optimizer, master_copy)},
        {"on_gpu", w.offload == OffloadId::none ? 1.0 : 0.0}},
       t.optimizer_bytes,
       "bytes_per_param: an fp32 master copy when the trained weights are 16-bit, plus the optimizer moments. "
       "Mixed-precision AdamW: 4 (fp32 master) + 8 (m, v) beside the 16-bit weights and gradients (Rajbhandari "
       "et al. 2020, ZeRO §3); 8-bit AdamW 2 (Dettmers et al. 2022), SGD momentum 4, Adafactor ≈ 0; LoRA/QLoRA "
       "adapters keep no master copy"},
      {"activations_bytes",
       w.selective_checkpointing
           // A layer keeps its input and the saved (1 − recompute_share) of the rest.
           ? (w.activation_offload
                  ? "min(layer_bytes + resident_layers × (checkpoint_bytes + (1 − recompute_share) × (layer_bytes − "
                    "checkpoint_bytes)), layers × (checkpoint_bytes + (1 − recompute_share) × (layer_bytes − "
                    "checkpoint_bytes)) + layer_bytes) + residual_gradient_buffers × checkpoint_bytes + seq_len × "
                    "micro_batch × vocab × 4 × logits_copies"
                  : "layers × (checkpoint_bytes + (1 − recompute_share) × (layer_bytes − checkpoint_bytes)) + "
                    "layer_bytes + residual_gradient_buffers × checkpoint_bytes + seq_len × micro_batch × vocab × 4 × "
                    "logits_copies")
       : w.activation_offload
           ? (w.grad_checkpointing
                  ? "min(layer_bytes + resident_layers × checkpoint_bytes, layers × checkpoint_bytes + layer_bytes) + "
                    "residual_gradient_buffers × checkpoint_bytes + seq_len × micro_batch × vocab × 4 × logits_copies"
                  : "min(resident_layers, layers) × layer_bytes + residual_gradient_buffers × checkpoint_bytes + "
                    "seq_len × micro_batch × vocab × 4 × logits_copies")
       : w.grad_checkpointing
           ? "sixteen_bit_widths × ((layers + residual_gradient_buffers) × 2 × seq_len × micro_batch × hidden + "
             "seq_len × micro_batch × (15 × hidden + 8 × ffn × experts_active)) + seq_len × micro_batch × vocab × 4 × "
             "logits_copies"
           : "sixteen_bit_widths × (layers × seq_len × micro_batch × (15 × hidden + 8 × ffn × experts_active) + "
             "residual_gradient_buffers × 2 × seq_len × micro_batch × hidden) + seq_len × micro_batch × vocab × 4 × "
             "logits_copies",
       {{"seq_len", static_cast<double>(w.seq_len)},
        {"micro_batch", static_cast<double>(w.micro_batch)},
        {"layers", static_cast<double>(m.layers)},
        {"hidden", static_cast<double>(m.hidden)},
        {"ffn", static_cast<double>(m.ffn)},
        {"experts_active", experts_active},
        {w.selective_checkpointing ? "recompute_share" : "grad_checkpointing", recompute_share(w)},
        {"vocab", static_cast<double>(m.vocab)},
        {"logits_copies", effective_logits_copies(w, logits_copies)},
        {"activation_offload", w.activation_offload ? 1.0 : 0.0},
        {"layer_bytes", activation_split(m, w, w.seq_len).per_layer_full},
        {"checkpoint_bytes", activation_split(m, w, w.seq_len).checkpoint},
        {"resident_layers", kOffloadLayersResident},
        {"sixteen_bit_widths", w.kbit_fp32_upcast ? kFp32OverBf16 : 1.0},
        {"residual_gradient_buffers", kResidualGradientBuffers}},
       t.activations_bytes,
       "Korthikanti et al. 2022, Table 2, with flash attention and a gated MLP; with activation_offload the GPU "
       "keeps the layer at work and two layers' checkpoints; sixteen_bit_widths 2 where PEFT's k-bit preparation "
       "runs the stream in fp32 (QLoRA in transformers); residual_gradient_buffers: the residual-stream gradients "
       "into and out of the layer in backward; selective checkpointing (recompute_share 1/2: torchtitan's policy "
       "saves the matmul and attention outputs except every second matmul) keeps half of what a layer saves beyond "
       "its input"}};
  if (t.host_bytes > 0) {
    out.push_back({"host_bytes",
         "host_optimizer_bytes + host_weights_bytes + host_paged_bytes + host_activations_bytes",
         {{"host_optimizer_bytes", t.host_optimizer_bytes},
          {"host_weights_bytes", t.host_weights_bytes},
          {"host_paged_bytes", t.host_paged_bytes},
          {"host_activations_bytes", t.host_activations_bytes}},
         t.host_bytes,
         "host_optimizer_bytes: (optimizer state + fp32 gradients) × 1.5 when the optimizer is offloaded; "
         "host_weights_bytes: 16-bit weights × 1.5 when the parameters are too; host_paged_bytes: a paged "
         "optimizer's state; host_activations_bytes: every layer's checkpoint with activation offload. "
         "DeepSpeed memory estimator (estimate_zero2/zero3_model_states_mem_needs, additional_buffer_factor 1.5); "
         "bitsandbytes paged optimizers (Dettmers et al. 2023, QLoRA §3)"});
  }
  return out;
}

Explanation explain_training_time(const TrainingWorkload& w, const TrainingSpeed& speed, int64_t gpus) {
  const StepTime& step = speed.step;
  return {"train_s",
          "tokens / (tokens_per_step / (compute_s + bubble_s + tensor_parallel_s + pipeline_p2p_s + data_parallel_s + "
          "expert_all_to_all_s + context_parallel_s + offload_s)) / goodput",
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
           {"expert_all_to_all_s", step.expert_all_to_all_s},
           {"context_parallel_s", step.context_parallel_s},
           {"offload_s", step.offload_s},
           {"goodput", speed.goodput}},
          speed.train_s,
          "compute_s = tokens_per_step × flops_per_token / (gpus × peak_flops × utilisation); 6·N per token (Kaplan et al. 2020), 4·N for LoRA, +2·N with recomputation; attention per PaLM "
          "(Chowdhery et al. 2022, App. B); layout and communication per Narayanan et al. 2021 "
          "(core/parallelism.cpp); goodput from Llama 3's interruptions (Dubey et al. 2024, §3.3.4)"};
}

namespace {

// Fraction of peak the large GEMMs reach before any communication or memory-bound work, set together
// with kActivationTrafficPerSavedByte on the llm-foundry MPT tables (125M–70B on A100 and H100, bf16 and
// FP8; tests/calibration/added/training.json), the NeMo rows and TinyLlama (`npm run accuracy -- --group
// training`), and held under the Megatron-LM and MT-NLG ranges of tests/cpp/parallelism_test.cpp: ~0.67
// of the 16-bit peak on A100-class GPUs, ~0.55 on H100/H200-class parts whose peak is three times
// higher, ~0.45 of the FP8 peak for FP8 GEMMs. GDDR cards lose more. LoRA/QLoRA run small adapter GEMMs
// beside the frozen ones, and QLoRA dequantises NF4 weights each pass.
// Each class is its own tunable (tunables.hpp), so the harness refits one GPU class, FP8 or the LoRA
// factors on the folds that hold them without moving the others: training.utilisation is the A100-class
// (HBM, ≤ 500 TFLOP/s 16-bit) figure, the others are named after their class.
double gemm_utilisation(const Gpu& gpu, const TrainingWorkload& w, bool fp8_native) {
  const double peak16 = gpu.tflops_16bit();
  double utilisation = !gpu.is_hbm()     ? tuned("training.utilisation_gddr", 0.5)
                       : peak16 > 500    ? tuned("training.utilisation_hopper", 0.55)
                                         : tuned("training.utilisation", 0.67);
  if (w.precision == PrecisionId::fp8 && fp8_native) utilisation = tuned("training.utilisation_fp8", 0.56);
  utilisation *= vendor_software(gpu).compute;  // another vendor's stack (capabilities.hpp)
  if (w.method == MethodId::qlora) utilisation *= tuned("training.qlora_gemm_factor", 0.6);
  else if (w.method == MethodId::lora) utilisation *= tuned("training.lora_gemm_factor", 0.85);
  // A refit multiplier never takes the GEMMs past the datasheet peak.
  return std::min(utilisation, 1.0);
}

// FlashAttention forward + backward reaches a smaller share of peak than GEMMs: FlashAttention-2 "50-73%
// of the theoretical maximum FLOPs/s on A100" (Dao 2023, abstract) but "only 35% utilization ... on the
// H100 GPU" (Shah et al. 2024, FlashAttention-3, §1). Attention stays 16-bit in FP8 recipes.
double attention_utilisation(const Gpu& gpu) {
  const double utilisation = (!gpu.is_hbm() ? 0.4 : gpu.tflops_16bit() > 500 ? 0.35 : 0.6) * vendor_software(gpu).compute;
  return std::min(1.0, tuned("training.attention_utilisation", utilisation));  // one multiplier on all classes
}

// The non-GEMM kernels (norms, activation functions, residual adds, rotary, dropout, FP8 casts, the
// loss over the vocabulary) are memory-bound: per token they move about kActivationTrafficPerSavedByte
// times the bytes each layer saves for backward (Korthikanti et al. 2022, Table 2: 15·h + 8·ffn with
// flash attention and a gated MLP) and the fp32 logits (4 B × vocab): each saved tensor is written and
// read in the forward pass, read again in the backward pass, and its gradient written and read, with
// the upcasts between. GEMM FLOPs grow with hidden², this traffic with hidden, so small models and FP8
// (twice the GEMM rate, the same traffic) lose more of the step to it, and more so on H100 (989 TFLOP/s
// over 3.35 TB/s) than on A100 (312 over 2.0). Set with gemm_utilisation (above).
constexpr double kActivationTrafficPerSavedByte = 5.0;
// Elementwise kernels stream at ~80% of the HBM datasheet bandwidth (STREAM-like copies on A100/H100).
constexpr double kElementwiseBandwidthEfficiency = 0.8;
// FP8 GEMMs take FP8 operands: Transformer Engine quantises every FP8 GEMM input (the activations going
// into QKV, the projection, fc1 and fc2 forward; the output gradients backward) with a fused cast-transpose
// kernel that reads the 16-bit tensor (2 B) and writes the FP8 copy and its transpose for the weight
// gradient (1 B each), 4 B per element, with an amax reduction (NVIDIA Transformer Engine, "Using FP8 with
// Transformer Engine": per-tensor delayed scaling; transformer_engine/common/transpose/cast_transpose.cu).
// This traffic grows with hidden, the GEMM FLOPs with hidden², so FP8 gains less on small models: the
// 350M–3B llm-foundry FP8 rows reach 18–28% MFU of the FP8 peak, NeMo's 7B–175B rows 34–45%.
constexpr double kFp8CastBytesPerElement = 4.0;

// Elements per token and layer that the FP8 casts quantise: forward inputs of QKV (hidden), the output
// projection (heads·head_dim), fc1 (hidden) and fc2 (ffn); backward output gradients of QKV (q + 2·kv),
// the projection (hidden), fc1 (2·ffn, gated) and fc2 (hidden).
double fp8_cast_elements_per_layer_token(const Model& m, double recompute_share) {
  const double experts_active = m.experts > 1 ? static_cast<double>(m.experts_per_token) : 1.0;
  const double h = static_cast<double>(m.hidden);
  const double f = static_cast<double>(m.ffn) * experts_active;
  const double q = static_cast<double>(m.heads * m.head_dim);
  const double kv = static_cast<double>(std::max<int64_t>(1, m.kv_heads) * m.head_dim);
  const double forward = h + q + h + f;
  const double backward = (q + 2.0 * kv) + h + 2.0 * f + h;
  return forward * (1.0 + recompute_share) + backward;
}

// Effective utilisation of peak: dense GEMMs at gemm_utilisation, attention at attention_utilisation of
// the 16-bit peak (FP8 recipes run only the linear layers in FP8: Transformer Engine's fp8_autocast
// covers te.Linear, LayerNormLinear and LayerNormMLP; DotProductAttention stays bf16), plus the
// memory-bound kernels' time.
double kernel_utilisation(const Model& m, const Gpu& gpu, const TrainingWorkload& w, bool fp8_native,
                          double hardware_flops_per_token, double attention_flops_per_token, double peak_flops) {
  const double gemm = gemm_utilisation(gpu, w, fp8_native);
  if (hardware_flops_per_token <= 0 || peak_flops <= 0 || gpu.memory_bandwidth_gbs <= 0) return gemm;
  const double experts_active = m.experts > 1 ? static_cast<double>(m.experts_per_token) : 1.0;
  const double saved_per_token =
      static_cast<double>(m.layers) *
          (15.0 * static_cast<double>(m.hidden) + 8.0 * static_cast<double>(m.ffn) * experts_active) +
      4.0 * static_cast<double>(m.vocab);
  const double passes = 1.0 + recompute_share(w) / 3.0;  // the recomputed forward moves them again
  const double traffic_bytes = saved_per_token * tuned("training.activation_traffic", kActivationTrafficPerSavedByte) * passes;
  const double fp8_cast_bytes = fp8_native && w.precision == PrecisionId::fp8
                                    ? static_cast<double>(m.layers) * kFp8CastBytesPerElement *
                                          fp8_cast_elements_per_layer_token(m, recompute_share(w))
                                    : 0.0;
  const double memory_s =
      (traffic_bytes + fp8_cast_bytes) / (gpu.memory_bandwidth_gbs * 1e9 * kElementwiseBandwidthEfficiency);
  const double peak16 = (gpu.tflops_16bit() > 0 ? gpu.tflops_16bit() * 1e12 : peak_flops);
  // LoRA and QLoRA attention runs at the full-training attention rate (the adapters do not touch it).
  const double attention = std::clamp(attention_flops_per_token, 0.0, hardware_flops_per_token);
  const double gemm_s = (hardware_flops_per_token - attention) / (peak_flops * gemm);
  const double attention_s = attention / (peak16 * attention_utilisation(gpu));
  // The whole step's time expressed as a utilisation of `peak_flops`.
  return hardware_flops_per_token / (peak_flops * (gemm_s + attention_s + memory_s));
}

struct Flops {
  double model_per_token = 0;
  double hardware_per_token = 0;
  double attention_per_token = 0;  // the attention score and value matmuls' share of hardware_per_token
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
  // Selective checkpointing recomputes half the matmuls and saves attention's output (recompute_share).
  const double attention_passes = w.grad_checkpointing && !w.selective_checkpointing ? 4.0 : 3.0;
  f.hardware_per_token = f.model_per_token + recompute_share(w) * 2.0 * n + (attention_passes - 3.0) * attention_forward;
  f.attention_per_token = attention_forward * attention_passes;
  // Without FlashAttention the attention kernels run at about half the speed (performance.hpp).
  if (!flash_attention) {
    f.hardware_per_token += (kNoFlashAttentionSlowdown - 1.0) * attention_forward * attention_passes;
    f.attention_per_token *= kNoFlashAttentionSlowdown;
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
  in.kernel_utilisation = kernel_utilisation(m, gpu, w, native, f.hardware_per_token, f.attention_per_token, peak);
  const double peak16 = gpu.tflops_16bit() > 0 ? gpu.tflops_16bit() * 1e12 : peak;
  in.attention_s_per_token = f.attention_per_token / std::max(1.0, peak16 * attention_utilisation(gpu));
  in.trainable_params = t.trainable_params;
  in.gradient_bytes_per_param = 2.0;
  in.zero2 = stage == ShardingId::zero2;
  in.zero3 = stage == ShardingId::zero3;
  in.gathered_weight_bytes = t.weights_bytes + t.adapter_bytes;
  in.recompute_share = recompute_share(w);
  in.global_batch_tokens = global_batch_tokens(w, gpus, data);
  return in;
}

// Host offload runs over the GPU's PCIe link: copies from pinned memory reach ~80% of it each way
// (kLinkEfficiency, parallelism.hpp; catalog figures are bidirectional).
double pcie_one_way_bytes_per_s(const Gpu& gpu) {
  return std::max(1.0, gpu.pcie_bandwidth_gbs / 2.0 * kLinkEfficiency) * 1e9;
}
// The CPU optimizer step is memory-bound on the host: Adam reads the fp32 weights, m, v and gradients
// (16 B per parameter), writes the weights, m and v back (12 B) and the 16-bit copy for the GPU (2 B)
// (ZeRO-Offload, Ren et al. 2021, §4.1, vectorised CPU-Adam). A two-socket GPU server streams
// 300–400 GB/s at peak (8 DDR4-3200 channels a socket on DGX A100, 410 GB/s); the step reaches about
// half, shared by the node's GPUs (first cut, one measurement: torchtune's 70B full fine-tune with CPU
// offload, tests/calibration/added/training.json).
constexpr double kCpuAdamBytesPerParam = 30.0;
constexpr double kHostMemoryBytesPerSPerNode = 200e9;
// Copies on a side stream overlap the passes' compute: ZeRO-Offload moves gradients during the backward
// pass (§4.2), ZeRO-3/FSDP prefetch the next layer's weights, activation offload streams each layer's
// checkpoint out and back (torchtune OffloadActivations). What exceeds this share of compute shows.
// (the same share as kDataParallelOverlap, read through data_parallel_overlap(), parallelism.hpp).

// The step on a layout, with the host offload it pays (StepTime::offload_s): the CPU optimizer step and
// the weights' return trip after it are exposed; gradient, weight and activation streams hide behind
// compute up to data_parallel_overlap(); paged optimizer state that spilled is paged in and out each step.
StepTime training_step(const Model& m, const TrainingWorkload& w, const Gpu& gpu, const TrainingMemory& t,
                       const Layout& layout, const Fabric& fabric, const StepInputs& in, double spilled_bytes_per_gpu) {
  StepTime step = step_time(m, w, layout, fabric, in);
  const double pcie = pcie_one_way_bytes_per_s(gpu);
  const double model_split = static_cast<double>(layout.tensor) * static_cast<double>(layout.pipeline);
  // Offloading engines partition the host state over the data-parallel group (ZeRO-1/2/3, FSDP).
  const double shard = model_split * static_cast<double>(layout.data * layout.context);
  const double micro = static_cast<double>(step.micro_batches);
  double exposed_s = 0;
  double streamed_s = 0;
  if (w.offload != OffloadId::none) {
    const double params_per_gpu = t.trainable_params / shard;
    streamed_s += params_per_gpu * 2.0 / pcie;  // 16-bit gradients to the host during the backward pass
    const double gpus_on_node = static_cast<double>(std::max<int64_t>(1, std::min(layout.gpus(), fabric.gpus_per_node)));
    const double host_bytes_per_s = tuned("training.host_memory_bandwidth", kHostMemoryBytesPerSPerNode);
    const double cpu_step_s = params_per_gpu * kCpuAdamBytesPerParam / (host_bytes_per_s / gpus_on_node);
    const double weights_back_s = params_per_gpu * 2.0 / pcie;  // the updated 16-bit weights after the CPU step
    // Stepping in the backward pass (torchtune's "CPU offload with fused optimizer") runs each layer's CPU
    // step while the GPU computes the next layer's gradients; otherwise the step waits for all of it.
    (w.optimizer_in_backward ? streamed_s : exposed_s) += cpu_step_s + weights_back_s;
  }
  if (t.streamed_weights_bytes > 0) {
    // Every micro-batch fetches the weights for the forward, the backward (and the recomputed forward).
    const double passes = 2.0 + recompute_share(w);
    streamed_s += micro * passes * t.streamed_weights_bytes / shard / pcie;
  }
  if (w.activation_offload) {
    streamed_s += micro * 2.0 * offloaded_activation_bytes(m, w, w.seq_len) / model_split / pcie;  // out and back
  }
  exposed_s += 2.0 * spilled_bytes_per_gpu / pcie;
  step.offload_s = exposed_s + std::max(0.0, streamed_s - data_parallel_overlap() * step.compute_s);
  step.step_s += step.offload_s;
  return step;
}

// Interruptions of long runs: Llama 3 405B saw 466 job interruptions in a 54-day snapshot on 16,384
// H100s and kept "higher than 90% effective training time" (Dubey et al. 2024, "The Llama 3 Herd of
// Models", §3.3.4). Failures grow with the GPUs in the job; each costs the restart and the work since the
// last checkpoint: 10% of 54 days over 466 interruptions ≈ 0.28 h of the whole job.
constexpr double kInterruptionsPerGpuHour = 466.0 / (16384.0 * 54.0 * 24.0);
constexpr double kJobHoursLostPerInterruption = 0.10 * 54.0 * 24.0 / 466.0;

int64_t micro_batches_for(const TrainingWorkload& w, int64_t gpus, int64_t data) {
  const double micro = static_cast<double>(w.seq_len) * static_cast<double>(w.micro_batch);
  return std::max<int64_t>(
      1, static_cast<int64_t>(std::llround(global_batch_tokens(w, gpus, data) / static_cast<double>(data) / micro)));
}

}  // namespace

double training_goodput(int64_t gpus) {
  const double lost = static_cast<double>(std::max<int64_t>(1, gpus)) * kInterruptionsPerGpuHour * kJobHoursLostPerInterruption;
  return 1.0 / (1.0 + lost);
}

TrainingPlacement place_training(const Model& m, const TrainingWorkload& w, const TrainingMemory& t, const Gpu& gpu,
                                 int64_t gpus, const Fabric& fabric, double logits_copies) {
  TrainingPlacement best;
  best.gpus = gpus;
  // The stated training headroom (kTrainingFragmentation) comes off what the driver reports, not the nominal size.
  best.usable_bytes_per_gpu = gpu.driver_bytes() * (1.0 - kTrainingFragmentation);
  const std::vector<ShardingId> stages =
      w.sharding == ShardingId::auto_
          ? std::vector<ShardingId>{ShardingId::none, ShardingId::zero1, ShardingId::zero2, ShardingId::zero3}
          : std::vector<ShardingId>{w.sharding};
  std::vector<Layout> layouts;
  if (w.parallelism) {
    const auto& p = *w.parallelism;
    layouts.push_back({p.tensor, p.pipeline, p.data, p.expert, p.context});
    best.pinned = true;
    // A pinned layout runs only on exactly its GPUs; an option of another size does not fit it (a
    // catalog offering may still reach the size with more instances).
    best.layout_mismatch = layouts.front().gpus() != gpus;
  } else {
    layouts = candidate_layouts(m, gpus, fabric.gpus_per_node, w.seq_len);
  }
  bool found = false;
  double best_step_tokens_per_s = 0;
  double least_bytes = 0;
  double spilled = 0;
  auto take = [&best, &spilled](const Layout& layout, ShardingId stage, double used) {
    best.tensor = layout.tensor;
    best.pipeline = layout.pipeline;
    best.data = layout.data;
    best.expert = layout.expert;
    best.context = layout.context;
    best.sharding = stage;
    best.used_bytes_per_gpu = used;
    best.spilled_bytes_per_gpu = spilled;
  };
  for (const Layout& layout : layouts) {
    const int64_t micro = micro_batches_for(w, gpus, layout.data);
    for (const auto& stage : stages) {
      const double resident = training_bytes_per_gpu(m, w, t, stage, layout, micro, w.seq_len, logits_copies);
      // Paged optimizer state fills what room is left; the rest lives in host RAM.
      const double pageable = pageable_bytes_per_gpu(m, t, stage, layout);
      spilled = std::clamp(resident + pageable - best.usable_bytes_per_gpu, 0.0, pageable);
      const double used = resident + pageable - spilled;
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
      const StepTime step = training_step(m, w, gpu, t, layout, fabric, in, spilled);
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
  s.step = training_step(m, w, gpu, memory, placement.layout(), fabric, in, placement.spilled_bytes_per_gpu);
  const double gpus = static_cast<double>(placement.gpus);
  s.tokens_per_s = s.step.tokens_per_step / s.step.step_s;
  s.goodput = training_goodput(placement.gpus);
  s.train_s = w.tokens / s.tokens_per_s / s.goodput;
  s.mfu = s.model_flops_per_token * s.tokens_per_s / (gpus * s.peak_flops_per_gpu);
  return s;
}

}  // namespace sizer

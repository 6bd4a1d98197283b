// Fine-tuning and pretraining: memory (weights, gradients, optimizer state, adapters, activations),
// how the state is sharded over GPUs (ZeRO-1/2/3, tensor parallel), and how long the run takes.
#pragma once
#include <string>

#include "catalog.hpp"
#include "parallelism.hpp"
#include "model.hpp"
#include "request.hpp"
#include "response.hpp"

namespace sizer {

// Per GPU: the caching allocator's fragmentation in long PyTorch runs, about 5% of the device (first cut).
constexpr double kTrainingFragmentation = 0.05;

struct TrainingMemory {  // one replica, before sharding
  double weights_bytes = 0;     // the (frozen or trained) base weights
  double gradients_bytes = 0;
  double optimizer_bytes = 0;   // fp32 master copy + optimizer moments
  double adapter_bytes = 0;     // LoRA adapter weights
  double activations_bytes = 0; // one micro-batch, incl. logits
  double overhead_bytes = 0;    // per GPU: CUDA context, NCCL and allocator
  double total_bytes = 0;
  double trainable_params = 0;
  // Host (CPU) RAM the offloaded state needs (workload.offload, activation_offload; paged optimizer
  // state that spills is counted at placement, TrainingPlacement::spilled_bytes_per_gpu).
  double host_bytes = 0;
  // The parts of host_bytes: offloaded optimizer state and fp32 gradients, offloaded weights, paged optimizer
  // state, offloaded activation checkpoints (show the math adds them up).
  double host_optimizer_bytes = 0;
  double host_weights_bytes = 0;
  double host_paged_bytes = 0;
  double host_activations_bytes = 0;
  // Optimizer state that may page out to host RAM (bitsandbytes paged optimizers): held on the GPU
  // only while there is room.
  double pageable_bytes = 0;
  // Offloaded 16-bit weights (offload optimizer_and_params) that every forward and backward pass fetches.
  double streamed_weights_bytes = 0;
};

// LoRA adapter parameters: r × (d_in + d_out) for every targeted matrix of every layer (Hu et al. 2021).
double lora_params(const Model& model, const TrainingWorkload& w);

// Share of a layer's forward matmuls the backward pass recomputes: 1 with grad_checkpointing (the whole
// forward again, attention included), 0 without, 1/2 selective. Selective checkpointing as PyTorch runs it
// (torch.utils.checkpoint create_selective_checkpoint_contexts, with torchtitan's policy in
// torchtitan/distributed/activation_checkpoint.py): the outputs of the matmuls and of scaled-dot-product
// attention are saved "except every second mm", which is recomputed with the cheap pointwise ops between
// them; so half the matmuls run again, attention does not, and about half of what a layer saves beyond its
// input stays on the GPU. (Megatron-LM's --recompute-granularity selective recomputes only the attention
// core, which flash attention already recomputes: here that is grad_checkpointing false.)
double recompute_share(const TrainingWorkload& w);

// Activation bytes of one micro-batch of `seq_len` tokens (16-bit, flash attention so no s² term),
// after Korthikanti et al. 2022 (Table 2) with a gated MLP: per layer s·b·(15·hidden + 8·ffn_active);
// full checkpointing keeps 2·s·b·hidden per layer plus one layer's working set; backward adds the two
// residual-stream gradients (2 × 2·s·b·hidden) of the layer it is in. Plus `logits_copies`
// fp32 copies of the logits, s·b·vocab·4 bytes each (EnginePreset::training_logits_copies).
double training_activation_bytes(const Model& model, const TrainingWorkload& w, int64_t seq_len,
                                 double logits_copies);

// The fp32 logits copies a step holds: the engine preset's, unless workload.fused_loss says otherwise.
double effective_logits_copies(const TrainingWorkload& w, double engine_logits_copies);

// Bytes of saved activations one micro-batch moves to host RAM with workload.activation_offload.
double offloaded_activation_bytes(const Model& model, const TrainingWorkload& w, int64_t seq_len);

TrainingMemory training_memory(const Model& model, const TrainingWorkload& w, double logits_copies);

// Per GPU: the paged optimizer state (TrainingMemory::pageable_bytes) of a layout and ZeRO stage.
double pageable_bytes_per_gpu(const Model& model, const TrainingMemory& memory, ShardingId stage, const Layout& layout);

// Share of a run's wall-clock that trains on `gpus` GPUs: interruptions (failures, restarts, lost work
// since the last checkpoint) grow with the GPUs in the job (Llama 3: > 90% on 16,384 GPUs).
double training_goodput(int64_t gpus);

// How `memory` (training_memory's result for the same inputs) gets its optimizer state and activations.
std::vector<Explanation> explain_training_memory(const Model& model, const TrainingWorkload& w, double logits_copies,
                                                 const TrainingMemory& memory);

struct TrainingPlacement {
  int64_t gpus = 1, tensor = 1, pipeline = 1, data = 1, expert = 1, context = 1;
  ShardingId sharding = ShardingId::none;  // the stage used
  double usable_bytes_per_gpu = 0;
  double used_bytes_per_gpu = 0;
  bool fits = false;
  bool pinned = false;            // the layout came from workload.parallelism
  bool layout_mismatch = false;   // pinned, but tensor × pipeline × data is not this option's GPU count
  int64_t max_seq_len = 0;        // longest sequence that fits at the micro-batch
  double spilled_bytes_per_gpu = 0;  // paged optimizer state that does not fit and lives in host RAM
  Layout layout() const { return {tensor, pipeline, data, expert, context}; }
};

// Per GPU for one layout and ZeRO stage: the state (weights, gradients, optimizer) split over tensor ×
// pipeline (experts also over the expert group) and sharded over data parallel as the stage says, plus
// the activations the pipeline schedule keeps in flight (1F1B: the first stage holds min(p, m)
// micro-batches of its layers; Korthikanti et al. 2022 §4), split by tensor parallelism with sequence
// parallelism, and the logits on the last stage.
double training_bytes_per_gpu(const Model& model, const TrainingWorkload& w, const TrainingMemory& memory,
                              ShardingId stage, const Layout& layout, int64_t micro_batches,
                              int64_t seq_len, double logits_copies);

// The layout and ZeRO stage to run on `gpus`: the request's pinned layout, else of the layouts that fit
// (the least sharding per layout, or the requested stage), the one with the most tokens per second.
TrainingPlacement place_training(const Model& model, const TrainingWorkload& w, const TrainingMemory& memory,
                                 const Gpu& gpu, int64_t gpus, const Fabric& fabric, double logits_copies);

struct TrainingSpeed {
  double hardware_flops_per_token = 0;  // incl. recomputation
  double model_flops_per_token = 0;     // 6·N + attention (PaLM, Chowdhery et al. 2022, App. B)
  double utilisation = 0;               // fraction of peak the step's kernels reach (GEMMs, attention and
                                        // memory-bound work), before communication
  double peak_flops_per_gpu = 0;
  double tokens_per_s = 0;              // whole option
  double train_s = 0;
  double mfu = 0;
  std::string precision;                // the rate used
  PrecisionId requested_precision = PrecisionId::bf16;  // what the request asked for
  bool flash_attention = true;          // attention FLOPs at FlashAttention speed (else twice the cost)
  StepTime step;                        // one step, split by cause
  double goodput = 1;                   // share of the run's wall-clock that trains (failures, restarts)
};

// Tokens per second of the run on its layout: the step's compute at the kernel utilisation, plus the
// communication and pipeline bubble the layout pays over `fabric` (parallelism.hpp).
TrainingSpeed training_speed(const Model& model, const TrainingWorkload& w, const Gpu& gpu,
                             const TrainingPlacement& placement, const TrainingMemory& memory, const Fabric& fabric);

// Global batch of one step (tokens): the request's, else for pretraining 4M tokens or one sequence
// per 8 GPUs if more, and 256k for a fine-tune; never less than one micro-batch per data replica.
double global_batch_tokens(const TrainingWorkload& w, int64_t gpus, int64_t data);

// How `speed` (training_speed's result for `gpus` GPUs) gives the run's duration.
Explanation explain_training_time(const TrainingWorkload& w, const TrainingSpeed& speed, int64_t gpus);

}  // namespace sizer

// Fine-tuning and pretraining: memory (weights, gradients, optimizer state, adapters, activations),
// how the state is sharded over GPUs (ZeRO-1/2/3, tensor parallel), and how long the run takes.
#pragma once
#include <string>

#include "catalog.hpp"
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
};

// LoRA adapter parameters: r × (d_in + d_out) for every targeted matrix of every layer (Hu et al. 2021).
double lora_params(const Model& model, const TrainingWorkload& w);

// Activation bytes of one micro-batch of `seq_len` tokens (16-bit, flash attention so no s² term),
// after Korthikanti et al. 2022 (Table 2) with a gated MLP: per layer s·b·(15·hidden + 8·ffn_active);
// full checkpointing keeps 2·s·b·hidden per layer plus one layer's working set. Plus `logits_copies`
// fp32 copies of the logits, s·b·vocab·4 bytes each (EnginePreset::training_logits_copies).
double training_activation_bytes(const Model& model, const TrainingWorkload& w, int64_t seq_len,
                                 double logits_copies);

TrainingMemory training_memory(const Model& model, const TrainingWorkload& w, double logits_copies);

// How `memory` (training_memory's result for the same inputs) gets its optimizer state and activations.
std::vector<Explanation> explain_training_memory(const Model& model, const TrainingWorkload& w, double logits_copies,
                                                 const TrainingMemory& memory);

struct TrainingPlacement {
  int64_t gpus = 1, tensor = 1, data = 1;
  std::string sharding = "none";  // the stage used
  double usable_bytes_per_gpu = 0;
  double used_bytes_per_gpu = 0;
  bool fits = false;
  int64_t max_seq_len = 0;        // longest sequence that fits at the micro-batch
};

// The least sharding (or the requested one) and the smallest tensor-parallel degree that fit `gpus`.
TrainingPlacement place_training(const Model& model, const TrainingWorkload& w, const TrainingMemory& memory,
                                 const Gpu& gpu, int64_t gpus, int64_t max_tensor, double logits_copies);

struct TrainingSpeed {
  double hardware_flops_per_token = 0;  // incl. recomputation
  double model_flops_per_token = 0;     // 6·N + attention (PaLM, Chowdhery et al. 2022, App. B)
  double utilisation = 0;               // fraction of peak the hardware FLOPs reach (preset)
  double peak_flops_per_gpu = 0;
  double tokens_per_s = 0;              // whole option
  double train_s = 0;
  double mfu = 0;
  std::string precision;                // the rate used
};

// `gpus_per_node` GPUs share the box's interconnect; past that, nodes talk over the provider's fabric
// (`fast_fabric`: InfiniBand/RoCE/EFA) or, without one, ordinary Ethernet.
TrainingSpeed training_speed(const Model& model, const TrainingWorkload& w, const Gpu& gpu,
                             const TrainingPlacement& placement, const std::string& interconnect,
                             int64_t gpus_per_node, bool fast_fabric);

// How `speed` (training_speed's result for `gpus` GPUs) gives the run's duration.
Explanation explain_training_time(const TrainingWorkload& w, const TrainingSpeed& speed, int64_t gpus);

}  // namespace sizer

// How a training run is laid out over its GPUs and what the split costs each step.
//
// Large runs are laid out tensor × pipeline × data (× expert for MoE), as Megatron-LM and its
// descendants run them (Narayanan et al. 2021, "Efficient Large-Scale Language Model Training on GPU
// Clusters"): tensor parallelism inside the NVLink domain of one node, pipeline stages across nodes,
// data parallelism (with ZeRO sharding of the optimizer state, gradients and weights; Rajbhandari et al.
// 2020) over what is left, and expert parallelism for MoE layers inside the data-parallel group.
// Each split has a price: all-reduces of activations per layer (tensor), point-to-point sends and the
// pipeline bubble (p − 1)/(m + p − 1) (pipeline), gradient all-reduce or reduce-scatter + all-gather,
// plus the weight all-gathers of ZeRO-3/FSDP (data), all-to-all token dispatch (expert). Communication
// runs over the link each group really has: NVLink or PCIe inside a node, the provider's fabric
// (InfiniBand/RoCE/EFA) or ordinary Ethernet between nodes.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "model.hpp"
#include "request.hpp"

namespace sizer {

// context: context parallelism, each sequence split over that many GPUs (ring attention), which hold the same
// weights; data counts the replicas that see different sequences.
struct Layout {
  int64_t tensor = 1, pipeline = 1, data = 1, expert = 1;  // expert divides data
  int64_t context = 1;
  int64_t gpus() const { return tensor * pipeline * context * data; }
};

// The links one option's GPUs talk over (per GPU, one direction, decimal GB/s).
struct Fabric {
  int64_t gpus_per_node = 8;      // the NVLink/PCIe domain of one instance
  double intra_gbs = 0;           // inside a node
  double intra_latency_s = 0;
  double inter_gbs = 0;           // between nodes, this GPU's share of the node's network
  double inter_latency_s = 0;
  bool nvlink = false;            // intra-node link is NVLink / Infinity Fabric rather than PCIe
  bool fast_fabric = false;       // between nodes: a cluster fabric rather than Ethernet
};

// Inter-node bandwidth per GPU. Cluster fabrics give each GPU its own NIC: 400 Gb/s NDR InfiniBand or
// 3,200 Gb/s EFA per 8 GPUs on Hopper/Blackwell systems (DGX H100 user guide; AWS p5), 200 Gb/s HDR on
// A100 systems (DGX A100). Without one, instances share ordinary data-centre Ethernet: 25 Gb/s per
// instance is typical of GPU VMs without a cluster network (first cut; providers quote 10–100 Gb/s).
constexpr double kFabricGbsPerGpuHopper = 50.0;   // 400 Gb/s
constexpr double kFabricGbsPerGpuAmpere = 25.0;   // 200 Gb/s
constexpr double kEthernetGbsPerNode = 3.125;     // 25 Gb/s
// NCCL reaches ~80% of a link's rated bandwidth on large messages (nccl-tests bus bandwidth).
constexpr double kLinkEfficiency = 0.8;
constexpr double kNvlinkLatencyS = 6e-6;
constexpr double kPcieLatencyS = 20e-6;
constexpr double kFabricLatencyS = 10e-6;
constexpr double kEthernetLatencyS = 50e-6;

Fabric training_fabric(const Gpu& gpu, InterconnectId interconnect, int64_t gpus_per_node, bool fast_fabric);

// Share of data-parallel communication (gradient reduce, ZeRO gathers) that engines hide behind
// compute: PyTorch DDP buckets and FSDP prefetch overlap it with the backward and forward passes
// (Li et al. 2020, "PyTorch Distributed"; Zhao et al. 2023, "PyTorch FSDP"). Only what exceeds this
// share of the compute time shows in the step.
constexpr double kDataParallelOverlap = 0.8;
// Tensor-parallel all-reduces sit on the critical path between GEMMs; Transformer Engine's userbuffers
// overlap part of them (Megatron-Core tp_comm_overlap). Half is hidden (first cut).
constexpr double kTensorParallelOverlap = 0.5;
// MoE token dispatch/combine all-to-alls overlap with the other micro-batch's compute in schedules
// built for it (DeepSeek-V3's DualPipe reports near-full overlap, §3.2.1; Megatron-Core's
// moe a2a overlap hides part). Half is hidden (first cut).
constexpr double kExpertParallelOverlap = 0.5;
// Global batch of a pretraining step when the request does not set one: ~4M tokens, the order of the
// Llama 2, GPT-3 and Chinchilla batch sizes (2–6M tokens), and at least one sequence per 8 GPUs, as
// runs at scale grow it (Llama 3 405B: 16M tokens on 16k GPUs, Dubey et al. 2024 §3.4).
constexpr double kPretrainGlobalBatchTokens = 4194304.0;
constexpr double kGpusPerSequenceAtScale = 8.0;
// Model chunks per GPU of the interleaved pipeline schedule (Megatron-Core
// virtual_pipeline_model_parallel_size): up to 4, with at least two layers per chunk.
constexpr double kMaxPipelineChunks = 4.0;
double pipeline_chunks(const Model& model, const Layout& layout);
// kDataParallelOverlap, kTensorParallelOverlap, kExpertParallelOverlap with the refit multipliers of
// core/tunables.hpp (the constants themselves everywhere but the accuracy harness), clamped to [0, 1].
double data_parallel_overlap();
double tensor_parallel_overlap();
double expert_parallel_overlap();

// Time of one training step on a layout, split by cause (seconds).
struct StepTime {
  double compute_s = 0;            // the GPU's share of the step's FLOPs at the kernel efficiency
  double bubble_s = 0;             // pipeline fill and drain
  double tensor_parallel_s = 0;    // exposed part of the per-layer all-reduces
  double pipeline_p2p_s = 0;       // activations sent between stages
  double data_parallel_s = 0;      // exposed part of gradient reduce and ZeRO gathers
  double expert_all_to_all_s = 0;  // token dispatch and combine of MoE layers
  double context_parallel_s = 0;   // exposed part of the ring attention's K/V exchange (context parallelism)
  double offload_s = 0;            // host offload: PCIe traffic and CPU optimizer step not hidden
  double straggler_s = 0;          // waiting for the slowest data-parallel replica
  double step_s = 0;
  double tokens_per_step = 0;      // global batch
  int64_t micro_batches = 1;       // per pipeline per step
  double bubble_fraction = 0;
};

struct StepInputs {
  double hardware_flops_per_token = 0;
  double peak_flops_per_gpu = 0;
  double kernel_utilisation = 0;    // fraction of peak the GEMMs reach with no communication
  double trainable_params = 0;      // whose gradients are reduced
  double gathered_weight_bytes = 0; // ZeRO-3/FSDP: weights all-gathered each forward and backward
  double gradient_bytes_per_param = 2;
  double attention_s_per_token = 0;  // the attention matmuls' time per token (what context parallelism's sends hide behind)
  bool zero2 = false;               // gradients sharded (reduce-scattered every micro-batch)
  bool zero3 = false;
  double recompute_share = 0;  // of the forward's matmuls recomputed in the backward (training.hpp recompute_share)
  double global_batch_tokens = 0;
};

StepTime step_time(const Model& model, const TrainingWorkload& w, const Layout& layout, const Fabric& fabric,
                   const StepInputs& in);

// Candidate layouts for `gpus`: tensor a power of two up to the node (and dividing the heads),
// pipeline dividing the layers, expert dividing the data group and the experts; for sequences of
// kContextParallelMinSeqLen tokens and more, context 2, 4 or 8 inside a node as well.
std::vector<Layout> candidate_layouts(const Model& model, int64_t gpus, int64_t gpus_per_node, int64_t seq_len = 0);
// Long sequences are split over GPUs: Llama 3 405B trained its 131,072-token stage with context parallelism 16 (Dubey
// et al. 2024, Table 4), and Megatron-Core's context parallelism exists for sequences whose activations outgrow one
// GPU (Megatron-Core docs, "Context parallelism"); below 16k tokens activations fit with recomputation, so the
// search does not weigh it there (a pinned layout may still ask for it).
constexpr int64_t kContextParallelMinSeqLen = 16384;

}  // namespace sizer

#include "parallelism.hpp"

#include "memory.hpp"
#include "tunables.hpp"

#include <algorithm>
#include <cmath>

namespace sizer {

Fabric training_fabric(const Gpu& gpu, InterconnectId interconnect, int64_t gpus_per_node, bool fast_fabric) {
  Fabric f;
  f.gpus_per_node = std::max<int64_t>(1, gpus_per_node);
  // Catalog bandwidths are aggregate bidirectional per GPU; a ring sends one way, so half.
  f.nvlink = (interconnect == InterconnectId::nvlink || interconnect == InterconnectId::infinity_fabric) && gpu.interconnect_bandwidth_gbs > 0;
  if (f.nvlink) {
    f.intra_gbs = gpu.interconnect_bandwidth_gbs / 2.0 * kLinkEfficiency;
    f.intra_latency_s = kNvlinkLatencyS;
  } else {
    f.intra_gbs = gpu.pcie_bandwidth_gbs / 2.0 * kLinkEfficiency;
    f.intra_latency_s = kPcieLatencyS;
  }
  f.fast_fabric = fast_fabric;
  if (fast_fabric) {
    // FP8-era parts (Hopper, Blackwell, MI300) ship in 400 Gb/s-per-GPU clusters; earlier ones in 200 Gb/s.
    const double per_gpu = gpu.tflops.fp8 ? kFabricGbsPerGpuHopper : kFabricGbsPerGpuAmpere;
    f.inter_gbs = per_gpu * kLinkEfficiency;
    f.inter_latency_s = kFabricLatencyS;
  } else {
    f.inter_gbs = kEthernetGbsPerNode / static_cast<double>(f.gpus_per_node) * kLinkEfficiency;
    f.inter_latency_s = kEthernetLatencyS;
  }
  // A node's own link is never slower than its network.
  f.intra_gbs = std::max(f.intra_gbs, f.inter_gbs);
  return f;
}

// The overlaps as the harness may refit them (tunables.hpp): a multiplier on the hidden share, never
// past all of it.
double data_parallel_overlap() { return std::clamp(tuned("training.data_parallel_overlap", kDataParallelOverlap), 0.0, 1.0); }
double tensor_parallel_overlap() {
  return std::clamp(tuned("training.tensor_parallel_overlap", kTensorParallelOverlap), 0.0, 1.0);
}
double expert_parallel_overlap() {
  return std::clamp(tuned("training.expert_parallel_overlap", kExpertParallelOverlap), 0.0, 1.0);
}

double pipeline_chunks(const Model& model, const Layout& layout) {
  if (layout.pipeline <= 1) return 1.0;
  const double layers_per_stage = static_cast<double>(model.layers) / static_cast<double>(layout.pipeline);
  return std::clamp(std::floor(layers_per_stage / 2.0), 1.0, kMaxPipelineChunks);
}

namespace {

// Seconds for a ring all-reduce of `bytes` over `n` members (2(n−1)/n of the data each way).
double all_reduce_s(double bytes, double n, double gbs, double latency_s) {
  if (n <= 1 || bytes <= 0) return 0;
  return 2.0 * (n - 1.0) / n * bytes / (gbs * 1e9) + 2.0 * (n - 1.0) * latency_s;
}

// Reduce-scatter or all-gather: (n−1)/n of the data.
double gather_s(double bytes, double n, double gbs, double latency_s) {
  if (n <= 1 || bytes <= 0) return 0;
  return (n - 1.0) / n * bytes / (gbs * 1e9) + (n - 1.0) * latency_s;
}

}  // namespace

StepTime step_time(const Model& model, const TrainingWorkload& w, const Layout& layout, const Fabric& fabric,
                   const StepInputs& in) {
  StepTime t;
  const double tp = static_cast<double>(layout.tensor);
  const double pp = static_cast<double>(layout.pipeline);
  const double dp = static_cast<double>(layout.data);
  const double ep = static_cast<double>(layout.expert);
  const double cp = static_cast<double>(std::max<int64_t>(1, layout.context));
  const double gpus = static_cast<double>(layout.gpus());
  const double micro_tokens = static_cast<double>(w.seq_len) * static_cast<double>(w.micro_batch);
  const double per_replica_tokens = std::max(micro_tokens, in.global_batch_tokens / dp);
  t.micro_batches = std::max<int64_t>(1, static_cast<int64_t>(std::llround(per_replica_tokens / micro_tokens)));
  const double m = static_cast<double>(t.micro_batches);
  t.tokens_per_step = m * micro_tokens * dp;
  const double effective_flops = in.peak_flops_per_gpu * in.kernel_utilisation;
  t.compute_s = t.tokens_per_step * in.hardware_flops_per_token / (gpus * effective_flops);

  const double layers_per_stage = static_cast<double>(model.layers) / pp;
  // One bf16 activation tensor of this GPU's tokens: a context-parallel group splits each sequence.
  const double activation_bytes = micro_tokens / cp * static_cast<double>(model.hidden) * 2.0;
  // Which link each group uses: tensor groups sit inside a node; pipeline and data groups leave it
  // once the GPUs inside them (and the groups nested inside) outgrow one node.
  const int64_t node = fabric.gpus_per_node;
  auto link_gbs = [&](int64_t span) { return span > node ? fabric.inter_gbs : fabric.intra_gbs; };
  auto link_latency = [&](int64_t span) { return span > node ? fabric.inter_latency_s : fabric.intra_latency_s; };

  // Tensor parallel: two all-reduces per layer forward, two backward, two more when recomputing
  // (Megatron-LM; with sequence parallelism the same bytes move as reduce-scatter + all-gather).
  if (layout.tensor > 1) {
    const double per_layer = 4.0 + 2.0 * in.recompute_share;
    const double one = all_reduce_s(activation_bytes, tp, link_gbs(layout.tensor), link_latency(layout.tensor));
    t.tensor_parallel_s = m * layers_per_stage * per_layer * one * (1.0 - tensor_parallel_overlap());
  }
  // Expert parallel: dispatch and combine all-to-alls, forward and backward, of the routed tokens.
  if (layout.expert > 1 && model.experts > 1) {
    const double k = static_cast<double>(std::max<int64_t>(1, model.experts_per_token));
    const double token_bytes = activation_bytes / tp;  // one copy of the micro-batch's hidden states
    const int64_t span = layout.tensor * layout.expert;
    // Inside a node every routed copy crosses NVLink. An expert group over N nodes sends each token once to
    // every other node that holds one of its k experts, and that node's NVLink fans it out (DeepEP's
    // internode dispatch/combine; DeepSeek-V3 report §3.2.2, arXiv:2412.19437): with the experts spread
    // evenly, a token reaches (N − 1)(1 − (1 − 1/N)^k) other nodes on average, not k·(ep − 1)/ep.
    double one = (ep - 1.0) / ep * token_bytes * k / (fabric.intra_gbs * 1e9) + fabric.intra_latency_s;
    if (span > node) {
      const double nodes = static_cast<double>(span) / static_cast<double>(std::max<int64_t>(1, node));
      const double other_nodes = (nodes - 1.0) * (1.0 - std::pow(1.0 - 1.0 / nodes, k));
      one = std::max(one, token_bytes * other_nodes / (fabric.inter_gbs * 1e9) + fabric.inter_latency_s);
    }
    t.expert_all_to_all_s = m * layers_per_stage * 4.0 * one * (1.0 - expert_parallel_overlap());
  }
  // Context parallel: ring attention passes each GPU's K and V chunk round the group, cp − 1 sends a layer
  // forward and, in the backward pass, K and V again with their gradients (3 × in all), overlapped with the
  // attention matmuls of the chunk in hand (Megatron-Core context parallelism; Liu et al. 2023, Ring Attention §3):
  // what outlasts them shows.
  if (layout.context > 1) {
    const int64_t span = layout.tensor * layout.context;
    const double kv_bytes = 2.0 * micro_tokens / cp * static_cast<double>(std::max<int64_t>(1, model.kv_heads)) *
                            static_cast<double>(model.head_dim) * 2.0 / tp;
    const double sends_s = 3.0 * (cp - 1.0) * (kv_bytes / (link_gbs(span) * 1e9) + link_latency(span));
    // attention_s_per_token covers the forward and backward passes, as the sends above do.
    const double attention_s = in.attention_s_per_token * micro_tokens / cp / static_cast<double>(model.layers);
    t.context_parallel_s = m * layers_per_stage * std::max(0.0, sends_s - attention_s);
  }
  // Pipeline: each micro-batch sends its activations forward and their gradients back across every
  // stage boundary. With the interleaved 1F1B schedule each GPU holds v model chunks, which divides
  // the fill-and-drain bubble by v at v times the sends: bubble (p − 1) / (v·m + p − 1) of the step
  // (Narayanan et al. 2021, §2.2).
  double bubble_ratio = 0;  // idle time per unit of work
  if (layout.pipeline > 1) {
    const int64_t span = layout.tensor * layout.pipeline;
    const double v = pipeline_chunks(model, layout);
    const double send = activation_bytes / tp / (link_gbs(span) * 1e9) + link_latency(span);
    t.pipeline_p2p_s = m * 2.0 * v * send;
    bubble_ratio = (pp - 1.0) / (v * m);
    t.bubble_fraction = (pp - 1.0) / (v * m + pp - 1.0);
  }
  const double work_s = t.compute_s + t.tensor_parallel_s + t.expert_all_to_all_s + t.context_parallel_s;
  t.bubble_s = work_s * bubble_ratio;

  // Data parallel. Unsharded gradients (no ZeRO, ZeRO-1) are all-reduced once per step, at the end of
  // the last micro-batch's backward pass (DDP's no_sync during accumulation), so only that backward can
  // hide them. Sharded gradients (ZeRO-2, ZeRO-3/FSDP) are reduce-scattered every micro-batch — a GPU
  // keeps only its shard — and ZeRO-2 all-gathers the updated weights once a step; ZeRO-3 also
  // all-gathers each layer's weights for every micro-batch's forward and backward pass (and the
  // recomputed forward); both hide behind each micro-batch's compute (Rajbhandari et al. 2020, ZeRO
  // §5; Li et al. 2020, PyTorch DDP §3.2.3 no_sync; Zhao et al. 2023, PyTorch FSDP §3.2).
  if (layout.data * layout.context > 1) {
    const int64_t span = layout.gpus();
    const double gbs = link_gbs(span);
    const double latency = link_latency(span);
    // MoE: each GPU holds 1/ep of the experts, and an expert's gradients are reduced only over the
    // data-parallel replicas that hold the same expert (dp / ep of them; DeepSeek-V3 §3.2).
    const ParamSplit split = split_params(model);
    const double total_params = std::max(1.0, split.dense_params + split.expert_params);
    const double expert_share = in.trainable_params >= 0.5 * total_params ? split.expert_params / total_params : 0.0;
    // Backward share of a micro-batch's compute: 4 of 6·N, or 4 of 8·N with recomputation.
    const double backward_share = 4.0 / (6.0 + 2.0 * in.recompute_share);
    double window_s = t.compute_s;
    auto group_comm = [&](double share, double group_split, double n) {
      if (share <= 0 || n <= 1) return 0.0;
      const double grad_bytes = in.trainable_params * share * in.gradient_bytes_per_param / group_split;
      if (in.zero3) {
        const double weights = in.gathered_weight_bytes * share / group_split;
        double comm = m * (gather_s(grad_bytes, n, gbs, latency) + (2.0 + in.recompute_share) * gather_s(weights, n, gbs, latency));
        // FSDP/ZeRO-3 gathers one layer at a time and reduce-scatters each layer's gradients: every
        // collective pays the ring's (n − 1) hops of latency (NCCL runs all-gather and reduce-scatter
        // as rings), so the exposed share grows with the data-parallel size when the step is short.
        const double per_micro = layers_per_stage * (2.0 + in.recompute_share + 1.0);
        comm += m * std::max(0.0, per_micro - (3.0 + in.recompute_share)) * (n - 1.0) * latency;
        return comm;
      }
      if (in.zero2) return m * gather_s(grad_bytes, n, gbs, latency) + gather_s(grad_bytes, n, gbs, latency);
      return all_reduce_s(grad_bytes, n, gbs, latency);
    };
    // A context-parallel group holds the same weights: its GPUs reduce gradients with the replicas.
    const double comm = group_comm(1.0 - expert_share, tp * pp, dp * cp) +
                        group_comm(expert_share, tp * pp * ep, std::max(1.0, dp * cp / ep));
    if (!in.zero3 && !in.zero2) window_s = t.compute_s / m * backward_share;
    t.data_parallel_s = std::max(0.0, comm - data_parallel_overlap() * window_s);
  }
  t.step_s = work_s + t.bubble_s + t.pipeline_p2p_s + t.data_parallel_s;
  return t;
}

std::vector<Layout> candidate_layouts(const Model& model, int64_t gpus, int64_t gpus_per_node, int64_t seq_len) {
  std::vector<Layout> out;
  const int64_t heads = std::max<int64_t>(1, model.heads);
  const int64_t layers = std::max<int64_t>(1, model.layers);
  const int64_t max_tensor = std::max<int64_t>(1, std::min(gpus, gpus_per_node));
  for (int64_t tensor = 1; tensor <= max_tensor; tensor *= 2) {
    if (gpus % tensor != 0 || heads % tensor != 0) continue;
    const int64_t rest = gpus / tensor;
    for (int64_t pipeline = 1; pipeline <= std::min<int64_t>(rest, std::min<int64_t>(layers, 128)); ++pipeline) {
      if (rest % pipeline != 0) continue;
      const int64_t data = rest / pipeline;
      out.push_back({tensor, pipeline, data, 1});
      if (model.experts > 1) {
        for (int64_t expert = 2; expert <= std::min(data, model.experts); expert *= 2) {
          if (data % expert == 0 && model.experts % expert == 0) out.push_back({tensor, pipeline, data, expert});
        }
      }
    }
  }
  if (out.empty()) out.push_back({1, 1, gpus, 1});
  if (seq_len >= kContextParallelMinSeqLen) {
    // Context 2, 4, 8 taken from the data group, tensor × context inside a node.
    const size_t plain = out.size();
    for (size_t i = 0; i < plain; ++i) {
      for (int64_t context = 2; context <= 8; context *= 2) {
        Layout l = out[i];
        if (l.data % context != 0 || l.tensor * context > std::max<int64_t>(1, gpus_per_node) ||
            (l.data / context) % l.expert != 0 || seq_len % (2 * context) != 0) continue;
        l.data /= context;
        l.context = context;
        out.push_back(l);
      }
    }
  }
  return out;
}

}  // namespace sizer

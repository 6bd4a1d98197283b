#include "performance.hpp"

#include <algorithm>
#include <cmath>

#include "formats.hpp"

namespace sizer {
namespace {
constexpr double kLowPrecisionComputeShare = 0.7;
}  // namespace

Link tensor_parallel_link(const Gpu& gpu, InterconnectId interconnect_kind) {
  // Bandwidths in the catalog are aggregate bidirectional; a ring all-reduce sends one way, so half.
  // Latency per small all-reduce: ~6 µs over NVLink with a custom all-reduce kernel (vLLM/TRT-LLM),
  // ~20 µs through PCIe and host bridges (NCCL small-message latency; first cut to calibrate).
  Link link;
  link.kind = interconnect_kind;
  if ((interconnect_kind == InterconnectId::nvlink || interconnect_kind == InterconnectId::infinity_fabric) &&
      gpu.interconnect_bandwidth_gbs > 0) {
    link.bandwidth_gbs = gpu.interconnect_bandwidth_gbs / 2.0;
    link.latency_s = 6e-6;
  } else {
    link.kind = InterconnectId::pcie;
    link.bandwidth_gbs = gpu.pcie_bandwidth_gbs / 2.0;
    link.latency_s = 20e-6;
  }
  return link;
}

double experts_touched(const Model& model, double batch_tokens) {
  if (model.experts <= 1) return 1.0;
  const double e = static_cast<double>(model.experts);
  const double k = static_cast<double>(model.experts_per_token);
  return e * (1.0 - std::pow(1.0 - k / e, std::max(1.0, batch_tokens)));
}

double ridge_intensity(const Gpu& gpu, const EnginePreset& engine, WeightFormatId weights_format) {
  const WeightFormat* format = find_weight_format(weights_format);
  bool native = true;
  const std::string precision = format ? std::string(format->compute) : "bf16";
  const double peak = gpu.tflops_for(precision, &native) * 1e12;
  const bool low_precision = native && (precision == "fp8" || precision == "int8" || precision == "fp4");
  const double efficiency = engine.compute_efficiency * (low_precision ? kLowPrecisionComputeShare : 1.0);
  const double bandwidth = gpu.memory_bandwidth_gbs * 1e9 * bandwidth_efficiency(engine, gpu.is_hbm());
  return bandwidth > 0 ? peak * efficiency / bandwidth : 0;
}

InferenceSpeed inference_speed(const Model& model, const InferenceWorkload& workload, const EnginePreset& engine,
                               const MemoryBreakdown& memory, const Gpu& gpu, const Link& link,
                               const Placement& placement) {
  InferenceSpeed s;
  const WeightFormat* format = find_weight_format(workload.weights);
  const double batch = static_cast<double>(std::max<int64_t>(1, placement.concurrency_per_replica));
  const double tensor = static_cast<double>(placement.tensor);
  const double shards = tensor * static_cast<double>(placement.pipeline);

  // Bytes a decode step reads. Weights: the dense part always, the experts the batch touches; pipeline
  // stages run one after another for a token, so a replica's step reads weights / tensor per GPU-time.
  const ParamSplit split = split_params(model);
  const double bytes_per_param = memory.weights_bytes / std::max(1.0, model.params_b * 1e9);
  const double touched_fraction =
      model.experts > 1 ? experts_touched(model, batch) / static_cast<double>(model.experts) : 0.0;
  // A decode step reads one row of the input embedding, not the table (the lm_head is read whole).
  const double input_embedding_bytes =
      model.tied_embeddings ? 0.0
                            : static_cast<double>(model.vocab) * static_cast<double>(model.hidden) *
                                  (format && format->embeddings_stay_16bit ? 2.0 : bytes_per_param);
  const double weights_read = std::max(
      0.0, (split.dense_params + split.expert_params * touched_fraction) * bytes_per_param - input_embedding_bytes);
  // Each sequence reads its KV cache at its current length, on average prompt + output/2.
  const KvFormat* kv_format = find_kv_format(workload.kv_cache);
  const int64_t mean_tokens = workload.prompt_tokens + workload.output_tokens / 2;
  const double kv_read = kv_format ? kv_bytes_for_sequence(model, *kv_format, mean_tokens, 1) * batch : 0.0;
  s.bytes_per_step = weights_read / tensor + kv_read * placement.kv_share_per_gpu * static_cast<double>(placement.pipeline);
  s.bandwidth_bytes_per_s = gpu.memory_bandwidth_gbs * 1e9;
  s.bandwidth_efficiency = bandwidth_efficiency(engine, gpu.is_hbm());
  const double bandwidth = s.bandwidth_bytes_per_s * s.bandwidth_efficiency;
  s.memory_s = s.bytes_per_step / bandwidth;

  // FLOPs: 2 per active parameter per token (Kaplan et al. 2020), plus attention over the context:
  // QKᵀ and AV are 2 × 2 × heads × head_dim FLOPs per cached token per layer.
  const double attention = 4.0 * static_cast<double>(model.layers) * static_cast<double>(model.heads) *
                           static_cast<double>(model.head_dim) * static_cast<double>(mean_tokens);
  const double active_params = effective_active_params(model);
  s.flops_per_step = (2.0 * active_params + attention) * batch / tensor;
  // The kernel the engine has for this format on this GPU (capabilities.hpp): native, bf16 as fp16,
  // weight-only at the 16-bit rate, or none at all.
  const WeightKernel kernel = weight_kernel(gpu, workload.weights);
  s.kernel_path = kernel.path;
  s.missing_feature = kernel.missing;
  s.compute_precision = kernel.compute;
  s.compute_native = kernel.missing.empty();
  const Capabilities capabilities = capabilities_of(gpu);
  s.flash_attention = capabilities.flash_attention > 0;
  const double attention_cost = s.flash_attention ? 1.0 : kNoFlashAttentionSlowdown;
  const double peak = gpu.tflops_for(s.compute_precision) * 1e12;
  // 8- and 4-bit GEMMs reach a smaller share of their doubled peak than 16-bit ones (scaling, attention and
  // norms stay in 16 bit): ~0.46 of the FP8 peak in TensorRT-LLM's compute-bound 8B 128/128 and 70B
  // 2048/128 runs, and ~0.4 in NeMo's FP8 pretraining, against 0.6–0.65 for 16-bit prefill.
  const bool low_precision = s.compute_native && (s.compute_precision == "fp8" || s.compute_precision == "int8" ||
                                                  s.compute_precision == "fp4");
  const double efficiency = engine.compute_efficiency * (low_precision ? kLowPrecisionComputeShare : 1.0);
  s.peak_flops = peak;
  s.compute_efficiency = efficiency;
  s.compute_s = s.flops_per_step / (peak * efficiency);
  s.arithmetic_intensity = s.bytes_per_step > 0 ? s.flops_per_step / s.bytes_per_step : 0;
  s.ridge_intensity = ridge_intensity(gpu, engine, workload.weights);

  // Tensor parallel: two all-reduces per layer of batch × hidden 16-bit activations (Megatron-LM,
  // Shoeybi et al. 2019 §3); ring all-reduce moves 2(n−1)/n of the data over each link.
  if (placement.tensor > 1) {
    const double message = batch * static_cast<double>(model.hidden) * 2.0;
    const double ring = 2.0 * (tensor - 1.0) / tensor * message / (link.bandwidth_gbs * 1e9);
    s.interconnect_s = 2.0 * static_cast<double>(model.layers) * (ring + link.latency_s);
  }
  s.overhead_s = engine.step_overhead_s + engine.step_overhead_per_layer_s * static_cast<double>(model.layers);
  s.step_s = std::max(s.memory_s, s.compute_s) + s.interconnect_s + s.overhead_s;
  s.decode_tokens_per_s_per_user = 1.0 / s.step_s;
  const double biggest = std::max({s.memory_s, s.compute_s, s.interconnect_s, s.overhead_s});
  s.bottleneck = biggest == s.memory_s         ? BottleneckId::memory_bandwidth
                 : biggest == s.compute_s      ? BottleneckId::compute
                 : biggest == s.interconnect_s ? BottleneckId::interconnect
                                               : BottleneckId::overhead;

  // Prefill of one prompt: 2·N·s matmul FLOPs plus causal attention 2·L·s²·heads·head_dim, at the
  // prefill MFU; never faster than reading the weights once. TTFT adds the first decode step.
  const double prompt = static_cast<double>(workload.prompt_tokens);
  const double prefill_flops = 2.0 * active_params * prompt +
                               attention_cost * 2.0 * static_cast<double>(model.layers) * prompt * prompt *
                                   static_cast<double>(model.heads) * static_cast<double>(model.head_dim);
  const double prefill_compute = prefill_flops / shards / (peak * efficiency) *
                                 static_cast<double>(placement.pipeline);
  double prefill_comm = 0;
  if (placement.tensor > 1) {
    const double message = prompt * static_cast<double>(model.hidden) * 2.0;
    prefill_comm = 2.0 * static_cast<double>(model.layers) *
                   (2.0 * (tensor - 1.0) / tensor * message / (link.bandwidth_gbs * 1e9) + link.latency_s);
  }
  s.prefill_compute_s = prefill_compute;
  s.prefill_s = std::max(prefill_compute, memory.weights_bytes / tensor / bandwidth) + prefill_comm;
  s.ttft_s = s.prefill_s + s.step_s;

  // Aggregate output under continuous batching: while a replica's `batch` sequences each decode
  // `output_tokens`, it also prefills their `batch` prompts (compute-bound, interleaved with decode
  // steps), so output_rate = batch × output / (output × step + batch × prefill). The replicas share the
  // requested sequences; the busiest one (batch) sets the per-user rate.
  const double output = static_cast<double>(std::max<int64_t>(1, workload.output_tokens));
  const double replica_rate = batch * output / (output * s.step_s + batch * prefill_compute);
  const double sequences = std::min(batch * static_cast<double>(placement.data),
                                    static_cast<double>(std::max<int64_t>(1, workload.concurrency)));
  s.output_tokens_per_s = replica_rate * sequences / batch;
  s.sequences_per_replica = batch;
  s.sequences = sequences;
  return s;
}

std::vector<Explanation> explain_inference_speed(const InferenceSpeed& s, const InferenceWorkload& w,
                                                 const EnginePreset& engine) {
  const std::string range = "; range ±" + std::to_string(static_cast<int>(std::lround(engine.speed_relative_error * 100))) +
                            "% from the engine preset's error on the calibration cases (npm run accuracy)";
  std::vector<Explanation> out;
  out.push_back(
      {"decode_output_tokens_per_s_per_user",
       "1 / (max(bytes_per_step / (bandwidth_bytes_per_s × bandwidth_efficiency), flops_per_step / (peak_flops × "
       "compute_efficiency)) + interconnect_s + overhead_s)",
       {{"bytes_per_step", s.bytes_per_step}, {"bandwidth_bytes_per_s", s.bandwidth_bytes_per_s},
        {"bandwidth_efficiency", s.bandwidth_efficiency}, {"flops_per_step", s.flops_per_step},
        {"peak_flops", s.peak_flops}, {"compute_efficiency", s.compute_efficiency},
        {"interconnect_s", s.interconnect_s}, {"overhead_s", s.overhead_s}},
       s.decode_tokens_per_s_per_user,
       "Roofline model (Williams et al. 2009); engine preset: " + std::string(engine.source) +
           "; 8- and 4-bit matmuls at " + std::to_string(static_cast<int>(std::lround(kLowPrecisionComputeShare * 100))) +
           "% of the preset's share of their peak" + range});
  out.push_back({"output_tokens_per_s",
                 "sequences × output_tokens / (output_tokens × step_s + sequences_per_replica × prefill_compute_s)",
                 {{"sequences", s.sequences},
                  {"output_tokens", static_cast<double>(std::max<int64_t>(1, w.output_tokens))},
                  {"step_s", s.step_s},
                  {"sequences_per_replica", s.sequences_per_replica},
                  {"prefill_compute_s", s.prefill_compute_s}},
                 s.output_tokens_per_s,
                 "Continuous batching: each sequence's prompt is prefilled between decode steps" + range});
  out.push_back({"ttft_s", "prefill_s + step_s",
                 {{"prompt_tokens", static_cast<double>(w.prompt_tokens)},
                  {"prefill_s", s.prefill_s},
                  {"step_s", s.step_s}},
                 s.ttft_s,
                 "Prefill of the prompt, compute-bound: (2 × active params × prompt_tokens + 2 × layers × "
                 "prompt_tokens² × heads × head_dim) FLOPs at the engine's share of peak, never faster than reading "
                 "the weights once, plus the tensor-parallel exchange (Pope et al. 2022, Efficiently Scaling "
                 "Transformer Inference); then the first decode step"});
  return out;
}

}  // namespace sizer

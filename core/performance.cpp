#include "performance.hpp"
#include "noinline.hpp"

#include <algorithm>
#include <cmath>

#include "formats.hpp"
#include "tunables.hpp"

namespace sizer {
namespace {
constexpr double kLowPrecisionComputeShare = 0.7;
// The standard normal's 90th percentile.
constexpr double kZ90 = 1.2816;
// Open loop past capacity: the utilisation the queueing formulas are held at (the wait is then a floor).
constexpr double kMaxUtilisation = 0.95;
}  // namespace

bool halves_fp32_accumulate(const Gpu& gpu) {
  // GeForce cards are the catalog's "rtx-NNNN" ids (rtx-3090, rtx-4090, rtx-5090); workstation and data-centre
  // parts (rtx-6000-ada, rtx-a6000, l40s, a100, ...) run fp32 accumulation at the full rate.
  const std::string& id = gpu.id;
  if (gpu.vendor != "nvidia" || id.size() != 8 || id.rfind("rtx-", 0) != 0) return false;
  return std::all_of(id.begin() + 4, id.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A small all-reduce over AMD Infinity Fabric (xGMI) in the ROCm builds of the serving engines (RCCL, vLLM's ROCm
// all-reduce). Set on the 14 AMD Instinct serving cases of tests/calibration (three sources: Oracle's 405B FP8 blog,
// AMD's ROCm blog of January 2025, AMD's ROCm hub results of October 2025; MI300X, TP8, vLLM) at once, as the value on
// a 5 µs grid with the smallest mean |log error| over them (`npm run accuracy`: 6 µs 0.410, 25 µs 0.196, 30 µs 0.177,
// 35 µs 0.171, 40 µs 0.174, 50 µs 0.210; the folds refit it as serving.rocm_allreduce_latency_s). Its order agrees
// with RCCL's own small-message all-reduce, ~25 µs for 8 B to 128 B before its one-shot path (ROCm/rccl PR #929,
// MI250X, 16 ranks), against ~6 µs for NVLink's custom all-reduce kernels. The residual is the software's vintage: the
// same 70B row decodes at 107 tok/s in January 2025 and at 129 in October 2025 (−13% and −28% at 35 µs).
constexpr double kRocmAllReduceLatencyS = 35e-6;

Link tensor_parallel_link(const Gpu& gpu, InterconnectId interconnect_kind) {
  // Bandwidths in the catalog are aggregate bidirectional; a ring all-reduce sends one way, so half.
  // Latency per small all-reduce: ~6 µs over NVLink with a custom all-reduce kernel (vLLM/TRT-LLM),
  // ~20 µs through PCIe and host bridges (NCCL small-message latency; first cut to calibrate), and
  // kRocmAllReduceLatencyS over AMD's Infinity Fabric.
  Link link;
  link.kind = interconnect_kind;
  if ((interconnect_kind == InterconnectId::nvlink || interconnect_kind == InterconnectId::infinity_fabric) &&
      gpu.interconnect_bandwidth_gbs > 0) {
    link.bandwidth_gbs = gpu.interconnect_bandwidth_gbs / 2.0;
    link.latency_s = gpu.vendor == "amd" ? tuned("serving.rocm_allreduce_latency_s", kRocmAllReduceLatencyS) : 6e-6;
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
  const std::string_view precision = format ? format->compute : std::string_view("bf16");
  const double peak = gpu.tflops_for(precision, &native) * 1e12;
  const bool low_precision = native && (precision == "fp8" || precision == "int8" || precision == "fp4");
  const VendorSoftware vendor = vendor_software(gpu);  // another vendor's stack (capabilities.hpp)
  const double efficiency =
      engine.compute_efficiency * vendor.compute * (low_precision ? kLowPrecisionComputeShare : 1.0);
  const double bandwidth = gpu.memory_bandwidth_gbs * 1e9 * bandwidth_efficiency(engine, gpu.is_hbm()) * vendor.bandwidth;
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
  const bool embeddings_16bit = format && format->embeddings_stay_16bit && model.kind == ModelKindId::llm;
  const double input_embedding_bytes =
      model.tied_embeddings ? 0.0
                            : static_cast<double>(model.vocab) * static_cast<double>(model.hidden) *
                                  (embeddings_16bit ? 2.0 : bytes_per_param);
  const double dense_read = std::max(0.0, split.dense_params * bytes_per_param - input_embedding_bytes);
  const double expert_read = split.expert_params * touched_fraction * bytes_per_param;
  const double weights_read = dense_read + expert_read;
  // Each sequence reads its KV cache at its current length, on average prompt + output/2.
  const KvFormat* kv_format = find_kv_format(workload.kv_cache);
  const int64_t mean_tokens = workload.prompt_tokens + workload.output_tokens / 2;
  const double kv_read = kv_format ? kv_bytes_for_sequence(model, *kv_format, mean_tokens, 1) * batch : 0.0;
  const double kv_read_per_gpu = kv_read * placement.kv_share_per_gpu * static_cast<double>(placement.pipeline);
  s.bytes_per_step = weights_read / tensor + kv_read_per_gpu;
  s.bandwidth_bytes_per_s = gpu.memory_bandwidth_gbs * 1e9;
  // The engine's share on NVIDIA, times the share another vendor's stack reaches (capabilities.hpp).
  const VendorSoftware vendor = vendor_software(gpu);
  s.bandwidth_efficiency = bandwidth_efficiency(engine, gpu.is_hbm()) * vendor.bandwidth;
  const double bandwidth = s.bandwidth_bytes_per_s * s.bandwidth_efficiency;
  // The kernel the engine has for this format on this GPU (capabilities.hpp): native, bf16 as fp16,
  // weight-only at the 16-bit rate, or none at all.
  const WeightKernel kernel = weight_kernel(gpu, workload.weights);
  // Routed experts stream through grouped (fused-MoE) kernels over many small per-expert matrices, which
  // reach a smaller share of the bandwidth than one dense matmul of the same bytes (kMoeExpertBandwidthShare).
  const double lm_head_16bit_bytes =
      embeddings_16bit ? std::min(dense_read, static_cast<double>(model.vocab) * static_cast<double>(model.hidden) * 2.0)
                       : 0.0;
  s.expert_bandwidth_share = model.experts > 1 ? kMoeExpertBandwidthShare : 1.0;
  s.weights_s = (dense_read + expert_read / s.expert_bandwidth_share) / tensor / bandwidth;
  // Weight-only kernels also unpack and scale every weight they stream on the CUDA cores (engine preset:
  // operations per weight), which the memory streaming hides only where the GPU has ALU time to spare.
  const double quantized_params =
      format && format->bits_per_weight > 0
          ? std::max(0.0, dense_read - lm_head_16bit_bytes + expert_read) / (format->bits_per_weight / 8.0)
          : 0.0;
  // CUDA-core fp32 rate (not TF32 tensor cores); where a GPU gives none, 1/16 of its 16-bit tensor rate
  // (A100 19.5 of 312, H100 SXM 67 of 989).
  const double fp32_flops = (gpu.tflops.fp32 ? *gpu.tflops.fp32 : gpu.tflops_16bit() / 16.0) * 1e12;
  s.dequant_s = kernel.path == KernelPath::weight_only && fp32_flops > 0
                    ? quantized_params / tensor * engine.dequant_ops_per_weight / fp32_flops
                    : 0.0;
  s.weights_s += s.dequant_s;
  s.memory_s = s.weights_s + kv_read_per_gpu / bandwidth;

  // FLOPs: 2 per active parameter per token (Kaplan et al. 2020), plus attention over the context:
  // QKᵀ and AV are 2 × 2 × heads × head_dim FLOPs per cached token per layer.
  const double attention = 4.0 * static_cast<double>(model.layers) * static_cast<double>(model.heads) *
                           static_cast<double>(model.head_dim) * static_cast<double>(mean_tokens);
  const double active_params = effective_active_params(model);
  s.flops_per_step = (2.0 * active_params + attention) * batch / tensor;
  // Grouped expert GEMMs over many small per-expert tiles also reach a smaller share of the tensor rate
  // than dense ones (same kMoeExpertBandwidthShare): the routed experts' FLOPs count at 1 / share.
  const double routed_active =
      model.experts > 1 ? std::max(0.0, active_params - (model.active_params_b * 1e9 - split.expert_params *
                                                             static_cast<double>(model.experts_per_token) /
                                                             static_cast<double>(model.experts)))
                        : 0.0;
  const double expert_compute_extra = 2.0 * routed_active * (1.0 / s.expert_bandwidth_share - 1.0) * batch / tensor;
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
  const double efficiency =
      engine.compute_efficiency * vendor.compute * (low_precision ? kLowPrecisionComputeShare : 1.0);
  s.peak_flops = peak;
  s.compute_efficiency = efficiency;
  s.compute_s = (s.flops_per_step + expert_compute_extra) / (peak * efficiency);
  s.arithmetic_intensity = s.bytes_per_step > 0 ? s.flops_per_step / s.bytes_per_step : 0;
  s.ridge_intensity = ridge_intensity(gpu, engine, workload.weights);

  // Tensor parallel: two all-reduces per layer of batch × hidden 16-bit activations (Megatron-LM,
  // Shoeybi et al. 2019 §3); ring all-reduce moves 2(n−1)/n of the data over each link.
  if (placement.tensor > 1) {
    const double message = batch * static_cast<double>(model.hidden) * 2.0;
    const double ring = 2.0 * (tensor - 1.0) / tensor * message / (link.bandwidth_gbs * 1e9);
    s.interconnect_s = 2.0 * static_cast<double>(model.layers) * (ring + link.latency_s);
  }
  // Fixed costs: the engine's per-step and per-layer time, and per MoE layer the router, top-k and the
  // token permute/unpermute kernels around the grouped expert matmul (kMoeLayerLatencyS).
  const double moe_layers = model.experts > 1 ? static_cast<double>(model.layers) : 0.0;
  s.overhead_s = engine.step_overhead_s + engine.step_overhead_per_layer_s * static_cast<double>(model.layers) +
                 kMoeLayerLatencyS * moe_layers;
  s.step_s = std::max(s.memory_s, s.compute_s) + s.interconnect_s + s.overhead_s;
  const double biggest = std::max({s.memory_s, s.compute_s, s.interconnect_s, s.overhead_s});
  s.bottleneck = biggest == s.memory_s         ? BottleneckId::memory_bandwidth
                 : biggest == s.compute_s      ? BottleneckId::compute
                 : biggest == s.interconnect_s ? BottleneckId::interconnect
                                               : BottleneckId::overhead;

  // Prefill of one prompt: 2·N·s matmul FLOPs plus causal attention 2·L·s²·heads·head_dim, at the
  // prefill MFU; never faster than reading the weights once. TTFT adds the first decode step.
  const double prompt = static_cast<double>(workload.prompt_tokens);
  // MoE prefill: the grouped expert GEMMs pad each touched expert's rows up to the kernel's M tile
  // (kMoeTileRows), so a prompt of s tokens that gives each of the U experts it touches m = s·k/U rows
  // runs (m / tile + ½) tiles per expert on average: s·k rows cost U·tile·(m/tile + ½). Small prompts
  // on many experts (DeepSeek-V3: 1024 tokens × 8 of 256 experts, m = 32) run at a quarter of the rate.
  // The padding depends on the tokens the grouped GEMM sees at once: one prompt alone (TTFT), or under load a
  // step's prompt chunk beside the running sequences' decode tokens (moe_padding_at, used by the load model).
  auto moe_padding_at = [&](double tokens) {
    if (model.experts <= 1 || routed_active <= 0 || tokens <= 0) return 1.0;
    const double rows = tokens * static_cast<double>(model.experts_per_token);
    const double touched = experts_touched(model, tokens);
    const double tiles = std::max(1.0, rows / touched / kMoeTileRows + 0.5);
    return std::max(1.0, touched * kMoeTileRows * tiles / rows);
  };
  const double moe_padding = moe_padding_at(prompt);
  const double attention_per_prompt_token = attention_cost * 2.0 * static_cast<double>(model.layers) * prompt *
                                            static_cast<double>(model.heads) * static_cast<double>(model.head_dim);
  // The routed experts' padded rows run in the same grouped kernels as at decode, at kMoeExpertBandwidthShare of the
  // rate a dense GEMM reaches (expert_compute_extra above): their FLOPs count at 1 / share here too.
  const double expert_share = s.expert_bandwidth_share;
  auto routed_flops_per_token = [&](double padding) { return 2.0 * routed_active * (padding / expert_share - 1.0); };
  const double prefill_flops =
      2.0 * active_params * prompt + routed_flops_per_token(moe_padding) * prompt + attention_per_prompt_token * prompt;
  // Engines that accumulate prefill matmuls in fp16 (llama.cpp) run at twice the listed 16-bit rate on
  // GeForce cards, whose catalog rate is the fp32-accumulate one (Ada whitepaper, Appendix A).
  const bool sixteen_bit = s.compute_precision == "bf16" || s.compute_precision == "fp16";
  s.prefill_peak_flops = peak * (engine.fp16_accumulate && sixteen_bit && halves_fp32_accumulate(gpu) ? 2.0 : 1.0);
  const double prefill_compute = prefill_flops / shards / (s.prefill_peak_flops * efficiency) *
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

  // Serving under load. A prompt token costs its share of the prefill matmuls and of the tensor-parallel
  // exchange; a step that carries `tokens` prompt tokens beside the running sequences' decode takes
  // max(step_s, tokens × per-token + fixed costs): prompt work hides under the weight read of a memory-bound
  // decode step until it outgrows it (chunked prefill: vLLM, SGLang and TensorRT-LLM mix prompt chunks
  // into decode batches).
  const double prompt_tokens = std::max(1.0, prompt);
  const double prefill_comm_per_token =
      placement.tensor > 1 ? 2.0 * static_cast<double>(model.layers) * 2.0 * (tensor - 1.0) / tensor *
                                 static_cast<double>(model.hidden) * 2.0 / (link.bandwidth_gbs * 1e9)
                           : 0.0;
  // A prompt token's compute in a step whose grouped expert GEMMs see `step_tokens` tokens in all (its chunk and
  // the decode tokens beside it): the MoE padding shrinks as the step fills (moe_padding_at).
  // The first token's figures (the first wave, the queue for it, the chunks riding a request's decode steps)
  // keep one prompt's padding: InferenceX's DeepSeek-R1 first tokens on SGLang (tests/calibration/added/load.json)
  // measure up to 2.6x slower than even that at 8 users, from costs not modelled, so a smaller padding there is not
  // taken.
  const double prompt_alone_s_per_token = prefill_compute / prompt_tokens + prefill_comm_per_token;
  const double prefill_rate = s.prefill_peak_flops * efficiency / static_cast<double>(placement.pipeline) * shards;
  auto prefill_s_per_token_at = [&](double step_tokens) {
    if (model.experts <= 1 || routed_active <= 0) return prompt_alone_s_per_token;
    const double flops = 2.0 * active_params + routed_flops_per_token(moe_padding_at(step_tokens)) +
                         attention_per_prompt_token;
    return flops / prefill_rate + prefill_comm_per_token;
  };
  // The engine's default budget on this GPU (engines.cpp: vLLM and SGLang choose it by the GPU's memory).
  // A server started with its own budget (workload.prefill_token_budget) runs with that one.
  const double budget_tokens = workload.prefill_token_budget
                                   ? *workload.prefill_token_budget
                                   : static_cast<double>(prefill_token_budget(engine, gpu.vram_gib, gpu.id));
  s.chunk_tokens = budget_tokens > 0 ? budget_tokens : static_cast<double>(1 << 24);
  const double fixed_s = s.overhead_s + s.interconnect_s;
  auto mixed_step_s = [&](double tokens) {
    return std::max(s.step_s, s.compute_s + tokens * prompt_alone_s_per_token + fixed_s);
  };
  const double budget = std::max(1.0, s.chunk_tokens);
  // The first wave of a closed loop: `batch` users who all send at once (a benchmark's --max-concurrency
  // start). The engine fills each step with up to `budget` prompt tokens in arrival order, so request i's
  // first token comes when the step holding its prompt's last token ends: every earlier prompt first.
  auto burst_done_s = [&](double i, double users) {
    const double through = i * prompt_tokens;
    const double chunks = std::max(1.0, std::ceil(through / budget - 1e-9));
    const double last = std::min(budget, users * prompt_tokens - (chunks - 1.0) * budget);
    return (chunks - 1.0) * mixed_step_s(budget) + mixed_step_s(std::max(1.0, last));
  };
  const double alone_s = burst_done_s(1.0, 1.0);
  auto burst_queue_s = [&](double i) { return std::max(0.0, burst_done_s(i, batch) - alone_s); };
  // Mean over the users (exact up to 64, else at 64 evenly spaced quantiles).
  double burst_sum = 0;
  const int samples = batch <= 64.0 ? static_cast<int>(batch) : 64;
  for (int j = 0; j < samples; ++j) {
    const double i = batch <= 64.0 ? j + 1.0 : std::ceil((j + 0.5) / samples * batch);
    burst_sum += burst_queue_s(i);
  }
  const double burst_mean = burst_sum / samples;

  // Per output token. Each other user's prompt (batch − 1 of them over one request's output_tokens steps, in
  // steady state) comes in whole chunks, not spread thin over the decode steps: the scheduler runs the running
  // requests' decode tokens first and gives a waiting prompt all of the token budget they leave (vLLM V1
  // vllm/v1/core/sched/scheduler.py, Scheduler.schedule: "First, schedule the RUNNING requests", then WAITING
  // ones with `num_new_tokens = min(num_new_tokens, token_budget)`; SGLang's PrefillAdder fills
  // chunked_prefill_size the same way). A prompt of P tokens rides ceil(P / B) steps, and each adds what its
  // chunk costs beyond a plain decode step; a chunk of a few tokens still hides under a memory-bound step's
  // weight read, a full one does not (Agrawal et al. 2024, Sarathi-Serve, OSDI, §3: prefill chunks make the
  // decode steps they ride on slower, the "generation stall" it bounds with the budget).
  // The running decodes' tokens take their share of the budget first (chunk_budget, used by the prompt queue
  // below); per output token the prompt's chunks are counted at the whole budget, so that more users never
  // make a prompt hide more of itself under more, thinner chunks.
  const double others = std::max(0.0, batch - 1.0);
  const double chunk_budget = std::max(1.0, budget - others);
  const double chunks_per_prompt = std::ceil(prompt_tokens / budget - 1e-9);
  const double last_chunk = prompt_tokens - (chunks_per_prompt - 1.0) * budget;
  const double prompt_extra_s = (chunks_per_prompt - 1.0) * (mixed_step_s(budget) - s.step_s) +
                                (mixed_step_s(last_chunk) - s.step_s);
  s.prompt_extra_s = prompt_extra_s;
  s.prompt_chunks = chunks_per_prompt;
  const double output_steps = static_cast<double>(std::max<int64_t>(1, workload.output_tokens));
  // A step carries one chunk at most: once the others' chunks outnumber a request's output steps, every one
  // of its steps is a full mixed step (prefill-bound; the prompts then queue for their first token instead).
  auto tpot_with_s = [&](double prompts) {
    return s.step_s + std::min(1.0, prompts * chunks_per_prompt / output_steps) * prompt_extra_s / chunks_per_prompt;
  };
  // The prompts landing during one request's decode vary; counted as Poisson (mean batch − 1), so the 90th
  // percentile request sees (batch − 1) + z₀.₉·√(batch − 1) of them (z₀.₉ = 1.2816).
  s.tpot_mean_s = tpot_with_s(others);
  s.tpot_p90_s = tpot_with_s(others + kZ90 * std::sqrt(others));
  s.tpot_s = s.tpot_mean_s;
  s.decode_tokens_per_s_per_user = 1.0 / s.tpot_s;

  // Aggregate output under continuous batching: while a replica's `batch` sequences each decode
  // `output_tokens`, it also prefills their `batch` prompts (compute-bound, interleaved with the decode
  // steps), so output_rate = batch × output / (output × step + batch × prefill). The prompt work adds to
  // the decode steps rather than hiding under their weight read: measured saturated throughput (TensorRT-LLM
  // 1000/1000 and 2048/2048, vLLM at 32–48 users) falls with prompt length well before the mixed step's
  // compute outgrows its weight read. The per-output-token figure above keeps the mixed step (one request's
  // view); this sum is the replica's time budget. aggregate_step_s is the time per step it implies.
  const double output = static_cast<double>(std::max<int64_t>(1, workload.output_tokens));
  // A prompt costs prompt × prefill_s_per_token (its matmuls and tensor-parallel exchange), as in the
  // mixed step. For MoE that cost is padded at the tokens a loaded step carries, not at one prompt's: over a
  // request's life the others' prompts come to batch × prompt tokens over `output` steps, and a step that carries
  // prompt work holds a whole prompt at least (chunks are not spread thin), the budget at most, beside the batch's
  // decode tokens. At one prompt per expert GEMM gpt-oss-120b (4 of 128 experts) pads ~19x at 215 tokens, which
  // made a saturated H100 spend ~330 µs per prompt token where a loaded step pads a few times at most.
  const double loaded_step_tokens = std::min(budget, std::max(prompt_tokens, batch * prompt_tokens / output)) + batch;
  s.prefill_s_per_token = prefill_s_per_token_at(loaded_step_tokens);
  s.aggregate_step_s = s.step_s + batch * prompt_tokens * s.prefill_s_per_token / output;
  // No faster than every sequence decoding at the per-user rate: the per-user figure keeps one prompt's padding.
  s.aggregate_step_s = std::max(s.aggregate_step_s, s.tpot_mean_s);
  const double replica_rate = batch / s.aggregate_step_s;
  const double sequences = std::min(batch * static_cast<double>(placement.data),
                                    static_cast<double>(std::max<int64_t>(1, workload.concurrency)));
  s.output_tokens_per_s = replica_rate * sequences / batch;
  s.sequences_per_replica = batch;
  s.sequences = sequences;

  // After the first wave the users' requests drift apart (outputs of different lengths, TTFTs of different
  // waits), and a request waits for what is in flight when it arrives:
  // - the decode step running then, half a step on average, if any other request is running;
  // - the prompts ahead of it. A prompt holds the steps that carry its chunks, and prompts queued together
  //   share full-budget steps, so at load a prompt of P tokens is served in S = P × (a full-budget mixed
  //   step) / budget; at utilisation ρ = λ·S that queue waits ρ·S / (2(1 − ρ)) on average (M/D/1,
  //   Pollaczek–Khinchine), and its 90th percentile takes the M/M/1 tail's shape, mean × ln(10ρ)/ρ
  //   (Kleinrock 1975, Queueing Systems I, §3.2, §5.7).
  // Closed loop: the other batch − 1 users each send one request per request lifetime (ttft + output ×
  // tpot), so λ = (batch − 1) / lifetime (Little's law). Open loop: λ = requests_per_s over the replicas,
  // Poisson. Past capacity the queue grows for as long as the load lasts: ρ is held at kMaxUtilisation
  // and the figure is a floor.
  const bool open_loop = workload.open_loop();
  const double lifetime_s = s.ttft_s + output_steps * s.tpot_mean_s;
  const double arrivals_per_s =
      open_loop ? *workload.requests_per_s / static_cast<double>(std::max<int64_t>(1, placement.data))
                : std::max(0.0, batch - 1.0) / lifetime_s;
  const double busy = open_loop ? std::min(1.0, arrivals_per_s * lifetime_s) : std::max(0.0, batch - 1.0) / batch;
  // A prompt holds the steps that carry its chunks; queued prompts share full steps, so at load each prompt
  // token costs a full-budget step's time over the budget.
  const double service_s = prompt_tokens * mixed_step_s(chunk_budget) / chunk_budget;
  s.utilisation = arrivals_per_s * service_s;
  const double rho = std::min(kMaxUtilisation, s.utilisation);
  const double queue_wait = rho * service_s / (2.0 * (1.0 - rho));
  const double tail = rho > 0.1 ? std::max(1.0, std::log(10.0 * rho) / rho) : 1.0;
  // The first wave, all users at once, is a benchmark's start: it counts only where the workload names a
  // benchmark that measures it (workload.benchmark_requests, vLLM bench serve --num-prompts: the burst is
  // concurrency of those requests). Absent, the steady state: what a service sees when its users do not all
  // arrive in the same instant, and what a benchmark with a warm-up of at least `concurrency` requests
  // measures (NVIDIA's AIPerf / genai-perf recipes: --warmup-request-count 2 × concurrency, ai-dynamo/dynamo's
  // LLM deployment benchmarking guide; the NIM benchmarking guide's "Set Up AIPerf and Warm Up"). Later waves
  // drift apart and wait as the queue above.
  const double users = static_cast<double>(std::max<int64_t>(1, workload.concurrency));
  const double first_wave = open_loop || !workload.benchmark_requests
                                ? 0.0
                                : burst_mean / std::max(1.0, *workload.benchmark_requests / users);
  double queue_mean = busy * s.step_s / 2.0 + queue_wait + first_wave;
  double queue_p90 = busy * 0.9 * s.step_s + queue_wait * tail + first_wave;
  s.queue_mean_s = queue_mean;
  s.step_wait_s = busy * s.step_s / 2.0;
  s.queue_wait_s = queue_wait;
  s.prompt_service_s = service_s;
  s.queue_load_share = rho;
  s.first_wave_s = first_wave;
  s.ttft_mean_s = s.ttft_s + queue_mean;
  s.ttft_p90_s = s.ttft_s + queue_p90;
  return s;
}

SIZER_NOINLINE std::vector<Explanation> explain_inference_speed(const InferenceSpeed& s, const InferenceWorkload& w,
                                                 const EnginePreset& engine) {
  const std::string range = "; range ±" + std::to_string(static_cast<int>(std::lround(engine.speed_relative_error * 100))) +
                            "% from the engine preset's error on the calibration cases (npm run accuracy)";
  std::vector<Explanation> out;
  out.push_back(
      {"decode_output_tokens_per_s_per_user",
       "1 / (step_s + min(1, max(0, sequences_per_replica − 1) × prompt_chunks / output_tokens) × prompt_extra_s / "
       "prompt_chunks)",
       {{"bytes_per_step", s.bytes_per_step}, {"bandwidth_bytes_per_s", s.bandwidth_bytes_per_s},
        {"bandwidth_efficiency", s.bandwidth_efficiency}, {"dequant_s", s.dequant_s},
        {"expert_bandwidth_share", s.expert_bandwidth_share}, {"memory_s", s.memory_s},
        {"flops_per_step", s.flops_per_step}, {"peak_flops", s.peak_flops}, {"compute_efficiency", s.compute_efficiency},
        {"compute_s", s.compute_s},
        {"interconnect_s", s.interconnect_s}, {"overhead_s", s.overhead_s}, {"step_s", s.step_s},
        {"sequences_per_replica", s.sequences_per_replica}, {"prompt_extra_s", s.prompt_extra_s}, {"prompt_chunks", s.prompt_chunks},
        {"prompt_tokens", std::max(1.0, static_cast<double>(w.prompt_tokens))},
        {"output_tokens", static_cast<double>(std::max<int64_t>(1, w.output_tokens))}},
       s.decode_tokens_per_s_per_user,
       "Roofline model (Williams et al. 2009); engine preset: " + std::string(engine.source) +
           "; 8- and 4-bit matmuls at " + std::to_string(static_cast<int>(std::lround(kLowPrecisionComputeShare * 100))) +
           "% of the preset's share of their peak; other sequences' prompts prefilled between decode steps (continuous "
           "batching)" + range});
  out.push_back({"output_tokens_per_s",
                 "sequences / max(tpot_mean_s, step_s + sequences_per_replica × prompt_tokens × prefill_s_per_token / "
                 "output_tokens)",
                 {{"sequences", s.sequences},
                  {"tpot_mean_s", s.tpot_mean_s},
                  {"step_s", s.step_s},
                  {"sequences_per_replica", s.sequences_per_replica},
                  {"prompt_tokens", std::max(1.0, static_cast<double>(w.prompt_tokens))},
                  {"prefill_s_per_token", s.prefill_s_per_token},
                  {"output_tokens", static_cast<double>(std::max<int64_t>(1, w.output_tokens))},
                  {"aggregate_step_s", s.aggregate_step_s}},
                 s.output_tokens_per_s,
                 "Continuous batching: each sequence's prompt is prefilled between decode steps (an MoE prompt token padded at a loaded step's tokens), never faster than every sequence at the per-user rate" + range});
  out.push_back({"ttft_s", "prefill_s + step_s",
                 {{"prompt_tokens", static_cast<double>(w.prompt_tokens)},
                  {"prefill_peak_flops", s.prefill_peak_flops},
                  {"prefill_s", s.prefill_s},
                  {"step_s", s.step_s}},
                 s.ttft_s,
                 "Prefill of the prompt, compute-bound: (2 × active params × prompt_tokens + 2 × layers × "
                 "prompt_tokens² × heads × head_dim) FLOPs at the engine's share of prefill_peak_flops (twice the "
                 "listed 16-bit rate where the engine accumulates in fp16 on a GeForce card), never faster than "
                 "reading the weights once, plus the tensor-parallel exchange (Pope et al. 2022, Efficiently Scaling "
                 "Transformer Inference); then the first decode step"});
  out.push_back({"ttft_mean_s", "ttft_s + step_wait_s + queue_wait_s + first_wave_s",
                 {{"ttft_s", s.ttft_s},
                  {"step_wait_s", s.step_wait_s},
                  {"queue_wait_s", s.queue_wait_s},
                  {"first_wave_s", s.first_wave_s},
                  {"prompt_service_s", s.prompt_service_s},
                  {"queue_load_share", s.queue_load_share},
                  {"concurrency", static_cast<double>(std::max<int64_t>(1, w.concurrency))}},
                 s.ttft_mean_s,
                 "Under load a request also waits for the decode step in flight (half a step while others run), for "
                 "the prompts ahead of it (an M/D/1 queue: queue_load_share × prompt_service_s / (2 × (1 − queue_load_share)), the load held below 0.95 past capacity, "
                 "Pollaczek–Khinchine; closed loop: the other users send one request a request lifetime, Little's "
                 "law; open loop: requests_per_s), and, in a closed-loop benchmark that names its request count "
                 "(benchmark_requests), for the first wave's prompts when all users send at once, spread over those "
                 "requests"});
  return out;
}

}  // namespace sizer

// The calibrated constants the accuracy harness refits per cross-validation fold (scripts/accuracy.js
// --refit): each is a value set by hand on the calibration cases, read through tuned() at its one lookup
// point. Only the native CLI sets multipliers (gpu-sizer --tunables FILE, or per line in evaluate-batch);
// the WASM module and the tests never do, so everywhere else tuned(name, v) == v.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sizer {

// Every registered name: engine.<engine id>.{bandwidth_efficiency, bandwidth_efficiency_gddr,
// compute_efficiency, step_overhead_s, step_overhead_per_layer_s}, training.{utilisation (A100 class),
// utilisation_hopper, utilisation_fp8, utilisation_gddr, lora_gemm_factor, qlora_gemm_factor,
// attention_utilisation, activation_traffic, host_memory_bandwidth, data_parallel_overlap,
// tensor_parallel_overlap, expert_parallel_overlap},
// serving.rocm_allreduce_latency_s, media.<runtime id>.{matmul_efficiency, seconds_per_call, seconds_per_layer_token}.
std::vector<std::string> tunable_names();

// `value` times the multiplier set for `name` (1 when none is).
double tuned(std::string_view name, double value);

// Replaces every multiplier (CLI only). Returns the first unknown name or non-positive multiplier as a
// problem, leaving the previous multipliers in place; empty when all were set.
std::string set_tunable_multipliers(const std::map<std::string, double>& multipliers);

// Bumped whenever the multipliers change, so a cache of tuned values (engines.cpp) knows to rebuild.
uint64_t tunables_generation();

}  // namespace sizer

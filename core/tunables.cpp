#include "tunables.hpp"

#include <cmath>

#include "vocabulary.hpp"

namespace sizer {
namespace {

std::map<std::string, double, std::less<>>& multipliers() {
  static std::map<std::string, double, std::less<>> m;
  return m;
}

uint64_t& generation() {
  static uint64_t g = 0;
  return g;
}

}  // namespace

std::vector<std::string> tunable_names() {
  std::vector<std::string> names;
  for (std::string_view engine : Vocabulary<EngineId>::ids) {
    for (const char* field : {"bandwidth_efficiency", "bandwidth_efficiency_gddr", "compute_efficiency", "step_overhead_s",
                              "step_overhead_per_layer_s"}) {
      names.push_back("engine." + std::string(engine) + "." + field);
    }
  }
  // core/training.cpp (GEMM utilisation per class, LoRA/QLoRA factors, attention, memory-bound traffic,
  // host memory of CPU offload) and core/parallelism.cpp (the communication overlaps).
  for (const char* field : {"utilisation", "utilisation_hopper", "utilisation_fp8", "utilisation_gddr", "lora_gemm_factor",
                            "qlora_gemm_factor", "attention_utilisation", "activation_traffic", "host_memory_bandwidth",
                            "data_parallel_overlap", "tensor_parallel_overlap", "expert_parallel_overlap"}) {
    names.push_back("training." + std::string(field));
  }
  // core/performance.cpp: a small all-reduce over AMD Infinity Fabric in the engines' ROCm builds.
  names.push_back("serving.rocm_allreduce_latency_s");
  for (std::string_view runtime : Vocabulary<MediaRuntimeId>::ids) {
    for (const char* field : {"matmul_efficiency", "seconds_per_call", "seconds_per_layer_token"}) {
      names.push_back("media." + std::string(runtime) + "." + field);
    }
  }
  return names;
}

double tuned(std::string_view name, double value) {
  const auto& m = multipliers();
  if (m.empty()) return value;
  const auto it = m.find(name);
  return it == m.end() ? value : value * it->second;
}

std::string set_tunable_multipliers(const std::map<std::string, double>& wanted) {
  const std::vector<std::string> names = tunable_names();
  for (const auto& [name, multiplier] : wanted) {
    bool known = false;
    for (const std::string& n : names) known = known || n == name;
    if (!known) return "unknown tunable \"" + name + "\"";
    if (!std::isfinite(multiplier) || multiplier <= 0) return "the multiplier of \"" + name + "\" must be a positive number";
  }
  multipliers().clear();
  for (const auto& [name, multiplier] : wanted) {
    if (multiplier != 1.0) multipliers().emplace(name, multiplier);
  }
  ++generation();
  return "";
}

uint64_t tunables_generation() { return generation(); }

}  // namespace sizer

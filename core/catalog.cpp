// The catalog's look-ups, which every evaluate runs (core/catalog_read.cpp reads and checks the catalog files).
#include "catalog.hpp"

#include <cmath>

namespace sizer {

double Gpu::driver_bytes() const {
  if (driver_memory_bytes && *driver_memory_bytes > 0) return *driver_memory_bytes;
  return vram_bytes() * (1.0 - kUnmeasuredDriverReserve);
}

double Gpu::tflops_16bit() const {
  if (tflops.bf16) return *tflops.bf16;
  if (tflops.fp16) return *tflops.fp16;
  return 0;
}

double Gpu::tflops_for(std::string_view precision, bool* native) const {
  std::optional<double> rate;
  if (precision == "fp8") rate = tflops.fp8;
  else if (precision == "int8") rate = tflops.int8;
  else if (precision == "fp4") rate = tflops.fp4 ? tflops.fp4 : tflops.fp8;  // FP4 weights run as FP8 on Hopper/Ada
  else if (precision == "fp16") rate = tflops.fp16 ? tflops.fp16 : tflops.bf16;
  else if (precision == "fp32") rate = tflops.tf32 ? tflops.tf32 : tflops.fp32;
  else rate = tflops.bf16 ? tflops.bf16 : tflops.fp16;
  if (native) *native = rate.has_value();
  return rate ? *rate : tflops_16bit();
}

std::optional<double> covering_term_s(const Commitment& c, double job_s) {
  constexpr double kDay = 86400.0;
  if (!c.term_days || !(*c.term_days > 0) || !(job_s >= 0)) return std::nullopt;
  const double days = job_s / kDay;
  const double shortest = *c.term_days;
  if (days <= shortest + 1e-9) return shortest * kDay;
  if (!c.max_term_days || !c.step_days || !(*c.step_days > 0)) return std::nullopt;  // a fixed term the job outlasts
  const double steps = std::ceil((days - shortest) / *c.step_days - 1e-9);
  const double length = shortest + steps * *c.step_days;
  if (length > *c.max_term_days + 1e-9) return std::nullopt;
  return length * kDay;
}

namespace {

// One instance's hourly price under `c` on `offering`, when `c` prices it (a whole-instance price, or a GPU's for
// the offering's GPU); a discount alone or an entry for another GPU is no price.
std::optional<double> term_instance_price(const Commitment& c, const Offering& offering) {
  if (!c.gpu.empty() && c.gpu != offering.gpu) return std::nullopt;
  if (c.usd_per_hour) return *c.usd_per_hour;
  if (c.usd_per_gpu_hour && !c.gpu.empty()) return *c.usd_per_gpu_hour * static_cast<double>(offering.gpus);
  return std::nullopt;
}

const Commitment* cheapest_term(const std::vector<Commitment>& list, const Offering& offering, double job_s,
                                 int64_t gpus, double& usd_per_hour) {
  const Commitment* best = nullptr;
  double best_total = 0;
  for (const Commitment& c : list) {
    if (c.min_gpus && gpus < *c.min_gpus) continue;
    const std::optional<double> price = term_instance_price(c, offering);
    if (!price) continue;
    const std::optional<double> term_s = covering_term_s(c, job_s);
    if (!term_s) continue;
    const double total = *price * *term_s;
    if (best == nullptr || total < best_total) {
      best = &c;
      best_total = total;
      usd_per_hour = *price;
    }
  }
  return best;
}

}  // namespace

const Commitment* term_price_for(const Offering& offering, const Provider* provider, double job_s, int64_t gpus,
                                 double& usd_per_hour) {
  if (const Commitment* own = cheapest_term(offering.commitments, offering, job_s, gpus, usd_per_hour)) return own;
  return provider ? cheapest_term(provider->commitments, offering, job_s, gpus, usd_per_hour) : nullptr;
}

const json& Catalog::document() const {
  static const json kNone;
  if (!document_source) return kNone;
  if (!document_source->value && document_source->make) document_source->value = document_source->make();
  return document_source->value ? *document_source->value : kNone;
}

const Gpu* Catalog::find_gpu(std::string_view id) const {
  for (const auto& gpu : gpus) {
    if (gpu.id == id) return &gpu;
  }
  return nullptr;
}

const Provider* Catalog::find_provider(std::string_view id) const {
  for (const auto& provider : providers) {
    if (provider.id == id) return &provider;
  }
  return nullptr;
}

const ModelArch* Catalog::find_model(std::string_view id) const {
  for (const auto& model : models) {
    if (model.id == id) return &model;
  }
  return nullptr;
}

}  // namespace sizer

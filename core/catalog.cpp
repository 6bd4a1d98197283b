// The catalog's look-ups, which every evaluate runs (core/catalog_read.cpp reads and checks the catalog files).
#include "catalog.hpp"

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

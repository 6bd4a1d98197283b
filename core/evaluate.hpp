// The whole pipeline, request → response, as one pure function:
// catalog + request → memory → placement → performance → cost → ranking → guidance → phrasing.
// Each stage is its own file (README "How it works"); this header gathers what the doors and the
// guidance need.
#pragma once
#include "catalog.hpp"
#include "cost.hpp"       // storage_needs, spot_restart_interval
#include "memory.hpp"
#include "placement.hpp"  // usable_vram_fraction
#include "request.hpp"
#include "response.hpp"   // Option, MemoryReport, GpuFit, Guidance, Explanation, Response, Range

namespace sizer {

Response evaluate(const json& request_document, const Catalog& catalog);

}  // namespace sizer

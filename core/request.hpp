// The evaluation request (CONTRACT.md "Request"): parsed from untrusted JSON against the catalog, with
// every problem reported at once and every default written down here.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "model.hpp"

namespace sizer {

enum class WorkloadKind { inference, finetune, pretrain, image, video, audio };

struct InferenceWorkload {
  std::string weights = "bf16";   // weight format id (formats.hpp)
  std::string kv_cache = "fp16";  // KV-cache format id
  int64_t prompt_tokens = 1000;
  int64_t output_tokens = 250;
  int64_t context_tokens = 1250;  // default prompt + output
  int64_t concurrency = 1;        // simultaneous sequences
  bool concurrency_given = false;
  std::optional<double> min_output_tokens_per_s_per_user;
  std::optional<double> max_ttft_s;
  std::optional<double> requests_per_s;
  std::optional<double> hours_per_day;
};

struct HardwarePin {
  Gpu gpu;
  int64_t count = 1;
};

struct Filters {
  std::vector<std::string> providers;  // empty: all
  std::string pricing = "any";         // on_demand, spot, any
  std::optional<int64_t> max_gpus;
  std::optional<double> max_usd_per_hour;
};

struct Request {
  Model model;
  WorkloadKind kind = WorkloadKind::inference;
  InferenceWorkload inference;
  std::string engine = "generic";
  std::optional<HardwarePin> hardware;
  Filters filters;
  std::string locale = "en";
  int64_t limit = 20;
  std::string order = "best";  // best, cheapest_per_hour, fastest
};

struct ParsedRequest {
  Request request;
  Issues errors;
  Issues warnings;
  bool ok() const { return errors.empty(); }
};

ParsedRequest parse_request(const json& document, const Catalog& catalog);

}  // namespace sizer

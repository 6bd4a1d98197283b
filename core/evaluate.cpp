// The orchestrator: each stage hands the next a typed value (Request → MemoryReport → Candidate →
// priced Candidate → ranked options → guidance → phrased options); the stages live in their own files.
#include "evaluate.hpp"

#include <algorithm>

#include "engines.hpp"
#include "guidance.hpp"
#include "options.hpp"
#include "phrasing.hpp"
#include "ranking.hpp"

namespace sizer {
namespace {

bool passes_filters(const Filters& filters, const Offering& offering) {
  if (!filters.providers.empty() &&
      std::find(filters.providers.begin(), filters.providers.end(), offering.provider) == filters.providers.end()) {
    return false;
  }
  return !(filters.max_gpus && offering.gpus > *filters.max_gpus);
}

MemoryReport memory_report(const Request& request, const EnginePreset& engine, std::vector<Explanation>& explain) {
  if (request.kind == WorkloadKind::inference) return inference_memory_report(request, engine, explain);
  if (is_training(request.kind)) return training_memory_report(request, engine, explain);
  return media_memory_report(request, engine, explain);
}

Candidate evaluate_option(const Request& request, const EnginePreset& engine, const OptionInputs& in) {
  if (request.kind == WorkloadKind::inference) return evaluate_inference_option(request, engine, in);
  if (is_training(request.kind)) return evaluate_training_option(request, engine, in);
  return evaluate_media_option(request, engine, in);
}

// Every catalog offering that passes the filters, placed, timed and priced on demand and on spot.
std::vector<Candidate> offering_candidates(const Request& request, const EnginePreset& engine, const Catalog& catalog,
                                           double stored_bytes, double egress_bytes) {
  std::vector<Candidate> candidates;
  for (const Offering& offering : catalog.offerings) {
    if (!passes_filters(request.filters, offering)) continue;
    const Gpu* gpu = catalog.find_gpu(offering.gpu);
    if (gpu == nullptr || gpu->kind != "gpu") continue;  // TPUs/NPUs run other software stacks: not modelled
    const Provider* provider = catalog.find_provider(offering.provider);
    const bool fabric = provider != nullptr && provider->multi_node_fabric_on_demand;
    const OptionInputs in{gpu, offering.gpus, offering.interconnect, offering.gpus, fabric};
    Candidate base = evaluate_option(request, engine, in);
    if (is_training(request.kind)) spread_over_instances(request, engine, in, base);
    base.option.provider = offering.provider;
    base.option.instance = offering.instance;
    base.option.offering_id = offering.id;
    base.option.region = offering.region;
    auto add = [&](const char* pricing, double usd_per_hour_per_instance) {
      const double usd_per_hour = usd_per_hour_per_instance * static_cast<double>(base.option.instances);
      if (request.filters.max_usd_per_hour && usd_per_hour > *request.filters.max_usd_per_hour) return;
      Candidate priced = base;
      priced.option.pricing = pricing;
      add_costs(priced.option, request, provider, usd_per_hour, stored_bytes, egress_bytes);
      candidates.push_back(std::move(priced));
    };
    if (offering.usd_per_hour && request.filters.pricing != "spot") add("on_demand", *offering.usd_per_hour);
    if (offering.spot_usd_per_hour && request.filters.pricing != "on_demand") add("spot", *offering.spot_usd_per_hour);
  }
  return candidates;
}

void file_explanations(std::vector<Explanation>& from, const char* prefix, std::vector<Explanation>& to) {
  for (Explanation& e : from) {
    e.figure = prefix + e.figure;
    to.push_back(std::move(e));
  }
}

}  // namespace

Response evaluate(const json& request_document, const Catalog& catalog) {
  Response response;
  response.catalog_as_of = catalog.as_of;
  ParsedRequest parsed = parse_request(request_document, catalog);
  response.warnings = parsed.warnings;
  if (!parsed.ok()) {
    response.errors = parsed.errors;
    return response;
  }
  Request& request = parsed.request;
  response.model = request.model;
  response.kind = request.kind;
  const EnginePreset& engine = *find_engine(request.engine);
  // Pinned hardware without a concurrency: the largest batch that fits and meets the targets becomes the
  // request's concurrency, so the memory, the option and the answers all describe the same batch.
  if (request.hardware && request.kind == WorkloadKind::inference && !request.inference.concurrency_given) {
    const OptionInputs in{&request.hardware->gpu, request.hardware->count, request.hardware->gpu.interconnect_kind};
    request.inference = auto_batch(request, engine, in);
    request.inference.concurrency_given = true;
  }
  std::vector<Explanation> memory_explain;
  response.memory = memory_report(request, engine, memory_explain);
  file_explanations(memory_explain, "memory.", response.explain);
  double stored_bytes = 0;
  double egress_bytes = 0;
  storage_needs(request, *response.memory, stored_bytes, egress_bytes);

  std::vector<Candidate> candidates;
  if (request.hardware) {
    const int64_t count = request.hardware->count;
    candidates.push_back(evaluate_option(request, engine,
                                         {&request.hardware->gpu, count, request.hardware->gpu.interconnect_kind,
                                          std::min<int64_t>(kMaxTensorInBox, count), true}));
  } else {
    candidates = offering_candidates(request, engine, catalog, stored_bytes, egress_bytes);
  }
  response.options_evaluated = static_cast<int64_t>(candidates.size());
  rank_by(candidates, request, [](const Candidate& c) -> const Option& { return c.option; });
  if (!candidates.empty() && candidates.front().option.fits) {
    std::vector<Explanation> top = std::move(candidates.front().explain);
    std::vector<Explanation> costs = explain_costs(candidates.front().option, request);
    top.insert(top.end(), costs.begin(), costs.end());
    file_explanations(top, "options.0.", response.explain);
  }
  const size_t keep = std::min(candidates.size(), static_cast<size_t>(request.limit));
  response.options.reserve(keep);
  for (size_t i = 0; i < keep; ++i) response.options.push_back(std::move(candidates[i].option));
  response.fit_by_gpu = fit_by_gpu(request, engine, catalog);
  response.request = request;
  response.guidance = build_guidance(request, response, catalog);
  // Last: the options' notes in the request's locale (English when it is one the core does not ship).
  const Locale* locale = find_locale(request.locale);
  phrase_options(response.options, locale ? *locale : english());
  response.ok = true;
  return response;
}

}  // namespace sizer

// A ranked evaluate times every shape without its notes (OptionInputs::notes) and builds them only for the
// options it returns: the figures must not depend on whether the notes are built.
#include <catch2/catch.hpp>

#include <string>

#include "engines.hpp"
#include "options.hpp"
#include "support.hpp"

using sizer::json;

namespace {

std::string option_text(sizer::Option o) {
  o.notes.clear();
  sizer::Response r;
  r.ok = true;
  r.options.push_back(std::move(o));
  return sizer::response_to_text(r);
}

sizer::Candidate timed(const sizer::Request& request, const sizer::EnginePreset& engine, sizer::OptionInputs in) {
  sizer::Candidate c;
  if (request.kind == sizer::WorkloadKind::inference) {
    c = sizer::evaluate_inference_option(request, engine, in);
  } else if (sizer::is_training(request.kind)) {
    c = sizer::evaluate_training_option(request, engine, in);
    sizer::scale_out(request, engine, in, c);
  } else {
    c = sizer::evaluate_media_option(request, engine, in);
  }
  return c;
}

}  // namespace

TEST_CASE("options timed without notes have the same figures as with them", "[options][property]") {
  const json serving = {{"model", sizer_test::llama_70b()}, {"engine", "vllm"},
                        {"workload", {{"kind", "inference"}, {"weights", "fp8"}, {"prompt_tokens", 4000},
                                      {"output_tokens", 500}, {"concurrency", 32},
                                      {"min_output_tokens_per_s_per_user", 20}, {"max_ttft_s", 2}}}};
  const json small = {{"model", sizer_test::llama_8b()}, {"engine", "llama.cpp"},
                      {"workload", {{"kind", "inference"}, {"weights", "gguf-q4_k_m"}, {"prompt_tokens", 2000}}}};
  const json full = {{"model", sizer_test::llama_8b()},
                     {"workload", {{"kind", "finetune"}, {"method", "full"}, {"dataset_tokens", 2e8}, {"deadline_s", 7200}}}};
  const json qlora = {{"model", sizer_test::llama_70b()},
                      {"workload", {{"kind", "finetune"}, {"method", "qlora"}, {"dataset_tokens", 1e7}}}};
  const json pretrain = {{"model", sizer_test::llama_8b()},
                         {"workload", {{"kind", "pretrain"}, {"dataset_tokens", 1e10}, {"deadline_s", 86400}}}};
  const json image = {{"model", "flux.1-dev"}, {"workload", {{"kind", "image"}}}};
  for (const json* document : {&serving, &small, &full, &qlora, &pretrain, &image}) {
    const sizer::ParsedRequest parsed = sizer::parse_request(*document, sizer_test::bundled());
    INFO(document->dump());
    REQUIRE(parsed.ok());
    const sizer::Request& request = parsed.request;
    const sizer::EnginePreset& engine = *sizer::find_engine(request.engine);
    int noted = 0;
    for (const sizer::Gpu& gpu : sizer_test::bundled().gpus) {
      if (gpu.kind != sizer::HardwareKindId::gpu) continue;
      for (int64_t gpus : {1, 2, 8}) {
        for (sizer::InterconnectId link : {sizer::InterconnectId::pcie, sizer::InterconnectId::nvlink}) {
          sizer::OptionInputs in{&gpu, gpus, link, gpus, link == sizer::InterconnectId::nvlink};
          in.explain = false;
          const sizer::Candidate loud = timed(request, engine, in);
          in.notes = false;
          const sizer::Candidate quiet = timed(request, engine, in);
          INFO(gpu.id << " x" << gpus << " " << sizer::id_of(link));
          CHECK(quiet.option.notes.empty());
          CHECK(option_text(quiet.option) == option_text(loud.option));
          noted += loud.option.notes.empty() ? 0 : 1;
        }
      }
    }
    CHECK(noted > 0);  // the loud ones did build notes
  }
}

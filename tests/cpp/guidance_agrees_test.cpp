// The answers agree with the option they speak about (issue 16: "NVLink, because each replica spans 8
// GPUs" beside a PCIe-only pick; "none, each replica fits one GPU" beside 2 × H100 that does not fit).
// Over a grid of requests of every workload kind, ranked and pinned (PCIe and NVLink cards, 1-8 GPUs,
// models that fit one card and models that do not), each sentence that names a link, a split or a fit
// is checked against the top option and the fit list of the same response.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "evaluate.hpp"
#include "guidance.hpp"
#include "support.hpp"

using sizer::json;

namespace {

std::vector<json> grid() {
  std::vector<json> out;
  const std::vector<std::string> llms = {"llama-3.1-8b", "qwen2.5-32b", "llama-3.1-70b", "mixtral-8x7b", "llama-3.1-405b"};
  const std::vector<std::string> gpus = {"h100-sxm", "h100-pcie", "l40s", "rtx-4090", "a100-80gb-pcie", "mi300x"};
  const std::vector<int> counts = {1, 2, 4, 8};
  for (const std::string& model : llms) {
    for (const char* weights : {"bf16", "fp8", "int4"}) {
      const json workload = {{"kind", "inference"}, {"weights", weights}, {"concurrency", 16}, {"context_tokens", 8192}};
      out.push_back({{"model", model}, {"workload", workload}, {"limit", 20}});
      for (const std::string& gpu : gpus) {
        for (int n : counts) out.push_back({{"model", model}, {"workload", workload}, {"hardware", {{"gpu", gpu}, {"count", n}}}});
      }
    }
    for (const char* method : {"full", "lora", "qlora"}) {
      const json workload = {{"kind", "finetune"}, {"method", method}, {"tokens", 2e7}};
      out.push_back({{"model", model}, {"workload", workload}, {"limit", 20}});
      for (const std::string& gpu : {std::string("h100-sxm"), std::string("l40s"), std::string("a100-80gb-pcie")}) {
        for (int n : {1, 8}) out.push_back({{"model", model}, {"workload", workload}, {"hardware", {{"gpu", gpu}, {"count", n}}}});
      }
    }
  }
  for (const char* model : {"sdxl-base-1.0", "flux.1-dev", "wan2.1-t2v-14b", "whisper-large-v3"}) {
    const json workload = std::string(model) == "whisper-large-v3" ? json{{"kind", "audio"}, {"audio_seconds", 36000}}
                          : std::string(model) == "wan2.1-t2v-14b" ? json{{"kind", "video"}, {"images", 10}}
                                                                   : json{{"kind", "image"}, {"images", 1000}};
    out.push_back({{"model", model}, {"workload", workload}, {"limit", 20}});
    out.push_back({{"model", model}, {"workload", workload}, {"hardware", {{"gpu", "rtx-4090"}, {"count", 2}}}});
  }
  return out;
}

bool has(const sizer::GuidanceFacts& f, const std::string& key) {
  for (const sizer::Message& m : f.sentences) {
    if (m.key == key) return true;
  }
  return false;
}

bool fast(const sizer::Option& o) {
  return o.interconnect == sizer::InterconnectId::nvlink || o.interconnect == sizer::InterconnectId::infinity_fabric;
}

}  // namespace

TEST_CASE("guidance: every link, split and fit sentence agrees with the top option and the fit list", "[guidance][agree]") {
  int evaluated = 0, split_over_pcie = 0, nothing_fits = 0;
  for (const json& request : grid()) {
    const sizer::Response r = sizer::evaluate(request, sizer_test::bundled());
    if (!r.ok) continue;
    ++evaluated;
    const auto facts = sizer::guidance_facts(r.request, r, sizer_test::bundled());
    const sizer::Option* top = nullptr;
    for (const sizer::Option& o : r.options) {
      if (o.fits) { top = &o; break; }
    }
    const sizer::GpuFit* top_fit = nullptr;
    for (const sizer::GpuFit& f : r.fit_by_gpu) {
      if (top && f.gpu == top->gpu) top_fit = &f;
    }
    if (top == nullptr) ++nothing_fits;
    if (top && top->tensor * top->pipeline > 1 && !fast(*top)) ++split_over_pcie;
    INFO(sizer::dump_json(request));
    for (const sizer::GuidanceFacts& f : facts) {
      INFO(f.id);
      // A link is named only for an option that has it.
      if (has(f, "guidance.task_tier.serving_nvlink") || has(f, "guidance.task_tier.training_nvlink") ||
          has(f, "guidance.datacenter_or_consumer.nvlink_matters")) {
        REQUIRE(top != nullptr);
        CHECK(fast(*top));
      }
      if (has(f, "guidance.task_tier.serving_pcie") || has(f, "guidance.task_tier.training_pcie") ||
          has(f, "guidance.datacenter_or_consumer.nvlink_matters_pcie")) {
        REQUIRE(top != nullptr);
        CHECK_FALSE(fast(*top));
      }
      // "Each replica fits one GPU" only beside an option whose replica does.
      if (has(f, "guidance.task_tier.serving_no_link") || has(f, "guidance.one_or_several.serving_replicas")) {
        REQUIRE(top != nullptr);
        CHECK(top->tensor * top->pipeline == 1);
      }
      if (has(f, "guidance.task_tier.serving_nvlink") || has(f, "guidance.task_tier.serving_pcie") ||
          has(f, "guidance.one_or_several.split")) {
        REQUIRE(top != nullptr);
        CHECK(top->tensor * top->pipeline > 1);
      }
      // "fits one" / "does not fit one" as the fit list says for the top option's GPU.
      if (top_fit && has(f, "guidance.one_or_several.split_fits_one")) CHECK((top_fit->gpus_needed && *top_fit->gpus_needed == 1));
      if (top_fit && has(f, "guidance.one_or_several.split_needed")) CHECK_FALSE((top_fit->gpus_needed && *top_fit->gpus_needed == 1));
      // Nothing fits: no sentence speaks of a top option's link.
      if (top == nullptr) {
        CHECK_FALSE(has(f, "guidance.task_tier.serving_no_link"));
        CHECK_FALSE(has(f, "guidance.task_tier.training_no_link"));
      }
    }
  }
  // The grid reaches the cases the issue names.
  CHECK(evaluated > 300);
  CHECK(split_over_pcie > 0);
  CHECK(nothing_fits > 0);
}

TEST_CASE("guidance: the VRAM classes count the GPUs the fit list says hold one replica", "[guidance][agree]") {
  for (const json& request : grid()) {
    const sizer::Response r = sizer::evaluate(request, sizer_test::bundled());
    if (!r.ok || r.request.hardware) continue;
    int fit_one = 0;
    for (const sizer::GpuFit& f : r.fit_by_gpu) {
      const sizer::Gpu* g = sizer_test::bundled().find_gpu(f.gpu);
      if (g && g->kind == sizer::HardwareKindId::gpu && f.gpus_needed && *f.gpus_needed == 1) ++fit_one;
    }
    int counted = 0;
    for (const auto& f : sizer::guidance_facts(r.request, r, sizer_test::bundled())) {
      if (f.id != "vram_needed") continue;
      for (const sizer::Message& m : f.sentences) {
        if (m.key.rfind("guidance.vram_needed.classes", 0) != 0) continue;
        for (const sizer::Param& p : m.params) {
          if (p.name == "fit" && p.value) counted += static_cast<int>(*p.value);
        }
      }
    }
    INFO(sizer::dump_json(request));
    CHECK(counted == fit_one);
  }
}

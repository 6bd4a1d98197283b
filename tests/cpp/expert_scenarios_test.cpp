// Expert scenarios: what an experienced ML infrastructure engineer would rent, by class (card size,
// count, memory type, link, pricing, tier), never one offering. Each prints the top pick and why
// (run with -s, or see the test log). The guide's rules are DESIGN.md "The guide's rules of thumb".
#include <catch2/catch.hpp>

#include <functional>
#include <iostream>
#include <string>

#include "support.hpp"

using sizer::json;

namespace {

struct Pick {
  const json* option = nullptr;
  const sizer::Gpu* gpu = nullptr;
  const sizer::Provider* provider = nullptr;
  double vram_gb = 0;
  bool hbm = false;
  bool fp8 = false;
  int64_t gpus = 0;
  int64_t instances = 1;
  std::string pricing, tier, interconnect;
};

// Whether the pick carries a note with `code` whose text names `words` (e.g. the rule it cites).
bool has_note(const Pick& p, const char* code, const char* words) {
  for (const json& n : (*p.option)["notes"]) {
    if (n.value("code", "") == code && n.value("text", "").find(words) != std::string::npos) return true;
  }
  return false;
}

Pick top_pick(const json& response) {
  Pick p;
  REQUIRE(response["ok"] == true);
  REQUIRE_FALSE(response["options"].empty());
  const json& o = response["options"][0];
  p.option = &o;
  p.gpu = sizer_test::bundled().find_gpu(o["gpu"].get<std::string>());
  REQUIRE(p.gpu != nullptr);
  p.provider = o.contains("provider") ? sizer_test::bundled().find_provider(o["provider"].get<std::string>()) : nullptr;
  p.vram_gb = p.gpu->vram_gib * 1.073741824;
  p.hbm = p.gpu->is_hbm();
  p.fp8 = p.gpu->tflops.fp8.has_value();
  p.gpus = o["gpus"].get<int64_t>();
  p.instances = o.value("instances", int64_t{1});
  p.pricing = o.value("pricing", "");
  p.tier = o.value("tier", "");
  p.interconnect = o.value("interconnect", "");
  return p;
}

void print(const char* name, const json& response) {
  const json& o = response["options"][0];
  std::cout << "\n[expert] " << name << "\n  top: " << o.value("provider", "?") << " " << o.value("instance", "?") << " ("
            << o["gpus"] << " x " << o["gpu"].get<std::string>() << ", " << o.value("pricing", "") << ", "
            << o.value("tier", "") << ")";
  if (o.contains("usd_per_hour")) std::cout << " $" << o["usd_per_hour"].get<double>() << "/h";
  if (o.contains("usd_total")) std::cout << " total $" << o["usd_total"].get<double>();
  if (o.contains("job_s")) std::cout << " job " << o["job_s"].get<double>() / 3600.0 << " h";
  std::cout << "\n";
  for (const auto& r : o["reasons"]) std::cout << "  why: " << r.get<std::string>() << "\n";
  for (const auto& w : o["warnings"]) std::cout << "  warn: " << w.get<std::string>() << "\n";
}

struct Scenario {
  const char* name;
  json request;
  std::function<void(const Pick&, const json&)> check;
};

json serve(const char* model, json workload) {
  workload["kind"] = "inference";
  return {{"model", model}, {"workload", workload}};
}

}  // namespace

TEST_CASE("expert scenarios: the top pick is what the guide would rent", "[expert]") {
  const std::vector<Scenario> scenarios = {
      {"chat endpoint, Llama 3.1 8B bf16, 8 users: one fast GPU, on-demand, not a marketplace listing",
       serve("llama-3.1-8b", {{"weights", "bf16"}, {"concurrency", 8}}),
       [](const Pick& p, const json&) {
         CHECK(p.gpus == 1);                     // rule 3
         CHECK(p.gpu->tflops.bf16.has_value());  // runs bf16 natively (no Volta/Turing)
         CHECK(p.vram_gb >= 22);                 // rule 2
         CHECK(p.pricing == "on_demand");        // rule 8
         CHECK(p.tier != "marketplace");
       }},
      {"quantised 7B chat (int4), 4 users: a single 24 GB-class card",
       serve("mistral-7b-v0.1", {{"weights", "int4"}, {"concurrency", 4}}),
       [](const Pick& p, const json&) {
         CHECK(p.gpus == 1);
         CHECK(p.vram_gb <= 50);  // rule 2: no 80 GB card for a 4 GB model
         CHECK(p.pricing == "on_demand");
       }},
      {"Llama 3.1 70B fp8 for 16 users: 80 GB-class HBM with FP8, NVLink when split",
       serve("llama-3.1-70b", {{"weights", "fp8"}, {"concurrency", 16}}),
       [](const Pick& p, const json&) {
         CHECK(p.hbm);   // rule 1
         CHECK(p.fp8);   // rule 6
         CHECK(p.vram_gb >= 75);
         if (p.gpus > 1) CHECK((p.interconnect == "nvlink" || p.interconnect == "infinity_fabric"));  // rule 3
         CHECK(p.gpus <= 4);
         CHECK(p.pricing == "on_demand");
       }},
      {"Llama 3.1 405B fp8: eight 80 GB-class HBM GPUs on NVLink (or fewer, larger ones)",
       serve("llama-3.1-405b", {{"weights", "fp8"}, {"concurrency", 8}}),
       [](const Pick& p, const json&) {
         CHECK(p.hbm);
         CHECK((p.interconnect == "nvlink" || p.interconnect == "infinity_fabric"));
         CHECK(p.gpus * p.vram_gb >= 500);
         CHECK(p.gpus <= 8);
       }},
      {"long-context 8B (64k tokens, 4 users): the KV cache needs a 48 GB+ card, still one GPU",
       serve("llama-3.1-8b", {{"weights", "bf16"}, {"prompt_tokens", 60000}, {"output_tokens", 1000}, {"concurrency", 4}}),
       [](const Pick& p, const json&) {
         CHECK(p.gpus <= 2);
         CHECK(p.vram_gb * static_cast<double>(p.gpus) >= 46);  // rule 1: KV rivals the weights
       }},
      {"QLoRA of a 70B model: one 48–80 GB card",
       {{"model", "llama-3.1-70b"}, {"workload", {{"kind", "finetune"}, {"method", "qlora"}, {"dataset_tokens", 2e7}}}},
       [](const Pick& p, const json&) {
         // Rule 4: one 48 GB+ card holds it; a copy on each of two such cards (data parallel) only where it beat every
         // single card by rule 3's stated margin, as its note says.
         CHECK(p.vram_gb >= 44);
         CHECK(p.instances == 1);
         if (p.gpus > 1) {
           CHECK(p.gpus <= 2);
           CHECK(has_note(p, "judgement", "rule 3"));
         }
       }},
      {"LoRA of Llama 3.1 8B on 50M tokens: one 24–80 GB card",
       {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "finetune"}, {"method", "lora"}, {"dataset_tokens", 5e7}}}},
       [](const Pick& p, const json&) {
         CHECK(p.gpus == 1);
         CHECK(p.vram_gb >= 22);
         CHECK(p.gpu->tflops.bf16.has_value());
       }},
      {"full fine-tune of Llama 3.1 8B: 80 GB-class HBM GPUs on NVLink",
       {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "finetune"}, {"method", "full"}, {"dataset_tokens", 2e8}}}},
       [](const Pick& p, const json&) {
         CHECK(p.hbm);  // rule 4
         CHECK(p.vram_gb >= 75);
         if (p.gpus > 1) CHECK((p.interconnect == "nvlink" || p.interconnect == "infinity_fabric"));
       }},
      {"full fine-tune of a 70B model: 80 GB-class HBM, NVLink, a fabric between nodes",
       {{"model", "llama-3.1-70b"}, {"workload", {{"kind", "finetune"}, {"method", "full"}, {"dataset_tokens", 2e8}}}},
       [](const Pick& p, const json&) {
         CHECK(p.hbm);
         CHECK(p.vram_gb >= 75);
         CHECK(p.gpus >= 8);
         CHECK((p.interconnect == "nvlink" || p.interconnect == "infinity_fabric"));
         if (p.instances > 1) CHECK(p.provider->multi_node_fabric_on_demand);
         CHECK(p.tier != "marketplace");
       }},
      {"pretraining a 70B model on 1T tokens: FP8 HBM GPUs, NVLink, a cluster fabric, not spot",
       {{"model", "llama-3.1-70b"}, {"workload", {{"kind", "pretrain"}, {"tokens", 1e12}}}},
       [](const Pick& p, const json& r) {
         CHECK(p.hbm);   // rule 5
         CHECK(p.fp8);   // rule 5, 6
         CHECK((p.interconnect == "nvlink" || p.interconnect == "infinity_fabric"));
         CHECK(p.instances > 1);
         CHECK(p.provider->multi_node_fabric_on_demand);
         CHECK(p.pricing == "on_demand");
         CHECK(p.tier != "marketplace");
         // It finishes in weeks, not years, and the trade-off table is there.
         CHECK(p.option->value("job_s", 1e30) < 120.0 * 86400.0);
         CHECK(r.contains("scaling"));
       }},
      {"pretraining a 1B model on 20B tokens: one 8-GPU HBM box",
       {{"model", "llama-3.2-1b"}, {"workload", {{"kind", "pretrain"}, {"tokens", 2e10}}}},
       [](const Pick& p, const json&) {
         CHECK(p.hbm);
         CHECK(p.instances == 1);
         // Rule 5, "Pretraining is multi-GPU": not one GPU for days (rule 3's one-GPU margin is a serving rule), and
         // not a marketplace host for a multi-day run (the class long_run_marketplace).
         CHECK(p.gpus >= 4);
         CHECK(std::string((*p.option)["eligibility"]["code"]) != "long_run_marketplace");
       }},
      {"a short LoRA (1B model, 2M tokens): per-second billing, start-up counted",
       {{"model", "llama-3.2-1b"}, {"workload", {{"kind", "finetune"}, {"method", "lora"}, {"dataset_tokens", 2e6}}}},
       [](const Pick& p, const json&) {
         CHECK(p.gpus == 1);
         CHECK(p.provider->billing_granularity_s <= 60);  // rule 7
         CHECK(p.option->value("startup_s", 0.0) > 0);
         CHECK(p.option->value("job_s", 0.0) > p.option->value("startup_s", 0.0));
       }},
      {"SDXL batch of 2,000 images: modern 16–48 GB cards, each holding the pipeline; spot is fine",
       {{"model", "sdxl-base-1.0"}, {"workload", {{"kind", "image"}, {"images", 2000}}}},
       [](const Pick& p, const json&) {
         CHECK(p.gpus <= 8);
         CHECK(p.gpu->tflops.bf16.has_value());
         CHECK(p.vram_gb >= 12);
         CHECK(p.vram_gb <= 52);  // 48 GiB at most: no 80 GB card for a 7 GB pipeline
       }},
      {"FLUX.1-dev images: one 24 GB+ card",
       {{"model", "flux.1-dev"}, {"workload", {{"kind", "image"}, {"images", 500}}}},
       [](const Pick& p, const json&) {
         CHECK(p.gpus == 1);
         CHECK(p.vram_gb >= 22);
       }},
      {"Wan 2.1 14B video: one 80 GB-class HBM GPU per copy of the pipeline",
       {{"model", "wan2.1-t2v-14b"}, {"workload", {{"kind", "video"}, {"images", 20}}}},
       [](const Pick& p, const json&) {
         // Each GPU holds a whole copy (clips are independent: two copies at the same price per GPU-hour cost the
         // same and finish in half the time), none split across cards.
         const json& layout = (*p.option)["parallelism"];
         CHECK(layout.value("tensor", 0) == 1);
         CHECK(layout.value("pipeline", 0) == 1);
         CHECK(layout.value("data", 0) == p.gpus);
         CHECK(p.vram_gb >= 44);
       }},
      {"transcribing 100 hours with Whisper large-v3: one or two modest GPUs",
       {{"model", "whisper-large-v3"}, {"workload", {{"kind", "audio"}, {"audio_seconds", 360000}}}},
       [](const Pick& p, const json&) {
         CHECK(p.gpus <= 2);
         CHECK(p.vram_gb <= 52);
       }},
      {"text to speech with Kokoro: one small GPU",
       {{"model", "kokoro-82m"}, {"workload", {{"kind", "audio"}, {"audio_seconds", 36000}}}},
       [](const Pick& p, const json&) {
         CHECK(p.gpus == 1);
         CHECK(p.vram_gb <= 50);
       }},
      {"a 70B endpoint with latency targets: meets them, on-demand, NVLink if split",
       serve("llama-3.1-70b", {{"weights", "fp8"}, {"concurrency", 8}, {"min_output_tokens_per_s_per_user", 20},
                               {"max_ttft_s", 2.0}}),
       [](const Pick& p, const json&) {
         CHECK(p.option->value("meets_targets", false));
         CHECK(p.pricing == "on_demand");
         CHECK(p.hbm);
         if (p.gpus > 1) CHECK((p.interconnect == "nvlink" || p.interconnect == "infinity_fabric"));
       }},
  };
  REQUIRE(scenarios.size() >= 15);
  for (const Scenario& s : scenarios) {
    INFO(s.name);
    const json r = sizer_test::evaluate(s.request);
    const Pick p = top_pick(r);
    print(s.name, r);
    INFO("top: " << p.option->value("provider", "") << " " << p.option->value("instance", "") << " " << p.gpus << " x "
                  << p.gpu->id << " " << p.pricing << " " << p.tier);
    s.check(p, r);
  }
}

namespace {

// The class the pick fell in (CONTRACT.md option `eligibility`), printed with its reason.
std::string klass(const Pick& p) {
  REQUIRE(p.option->contains("eligibility"));
  const json& e = (*p.option)["eligibility"];
  std::cout << "  class: " << e["class"].get<std::string>() << " (rule " << e["rule"] << "): "
            << e["reason"].get<std::string>() << "\n";
  return e["class"].get<std::string>();
}

json job(const char* model, json workload) { return {{"model", model}, {"workload", std::move(workload)}}; }

}  // namespace

// Issue 30: twelve more requests an infrastructure engineer would judge, across every workload, each asserting
// the class of the pick (eligibility before price) as well as its shape.
TEST_CASE("expert scenarios: the pick's class follows the guide's rules (issue 30)", "[expert][eligibility]") {
  const std::vector<Scenario> scenarios = {
      {"a 256-user Llama 3.1 8B endpoint: capacity that stays (no spot, no marketplace host), not a box left idle",
       serve("llama-3.1-8b", {{"weights", "bf16"}, {"concurrency", 256}}),
       [](const Pick& p, const json&) {
         CHECK(klass(p) == "eligible");  // rule 8
         CHECK(p.pricing == "on_demand");
         CHECK(p.tier != "marketplace");
         const json& par = (*p.option)["parallelism"];
         CHECK(par["tensor"].get<int64_t>() * par["pipeline"].get<int64_t>() * par["data"].get<int64_t>() == p.gpus);  // rule 3
       }},
      {"a latency chat (Qwen2.5 32B, 30 tok/s per user, TTFT 1 s): targets met at the low end of the range",
       serve("qwen2.5-32b", {{"weights", "fp8"}, {"concurrency", 8}, {"min_output_tokens_per_s_per_user", 30},
                             {"max_ttft_s", 1.0}}),
       [](const Pick& p, const json&) {
         CHECK(klass(p) == "eligible");
         CHECK(p.option->value("meets_targets", false));
         CHECK(p.option->value("target_margin", 0.0) >= 1.0);  // met with margin, not only on paper
         CHECK(p.pricing == "on_demand");
       }},
      {"DeepSeek-V3 fp8 endpoint: 8+ HBM GPUs on NVLink in one box, on-demand",
       serve("deepseek-v3", {{"weights", "fp8"}, {"concurrency", 16}}),
       [](const Pick& p, const json&) {
         CHECK(klass(p) == "eligible");
         CHECK(p.hbm);
         CHECK((p.interconnect == "nvlink" || p.interconnect == "infinity_fabric"));
         CHECK(p.instances == 1);
         CHECK(p.pricing == "on_demand");
       }},
      {"gpt-oss-120b for 16 users, no weights named: served as it ships (MXFP4), on one GPU",
       serve("gpt-oss-120b", {{"concurrency", 16}}),
       [](const Pick& p, const json& response) {
         CHECK(response["workload"]["weights"] == "fp4");
         CHECK(p.gpus == 1);  // OpenAI's model card: the 120b runs on a single 80 GB GPU
         CHECK(p.vram_gb >= 75);
         CHECK(p.pricing == "on_demand");
       }},
      {"a spot endpoint asked for: spot is the request's own choice (class asked)",
       {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}, {"concurrency", 8}}}, {"filters", {{"pricing", "spot"}}}},
       [](const Pick& p, const json&) {
         CHECK(klass(p) == "asked");
         CHECK(p.pricing == "spot");
       }},
      {"an offline batch of 500M output tokens with Llama 3.1 8B (no users waiting): ranked by the job's cost, spot allowed",
       serve("llama-3.1-8b", {{"weights", "bf16"}, {"concurrency", 64}, {"batch_tokens", 5e8}}),
       [](const Pick& p, const json& r) {
         CHECK(klass(p) == "eligible");  // spot and marketplace hosts are eligible for batch work (rule 8)
         REQUIRE(p.option->contains("usd_total"));
         REQUIRE(p.option->contains("job_s"));
         // No eligible option that fits and meets the targets costs less, once its stated margins are weighed.
         CHECK(p.gpu->tflops.bf16.has_value());
         bool spot_eligible = false;
         for (const json& o : r["options"]) {
           if (o.value("pricing", "") == "spot" && o["eligibility"]["class"] == "eligible") spot_eligible = true;
         }
         CHECK(spot_eligible);
       }},
      {"LoRA of Qwen3 8B on 100M tokens: one 24-80 GB card; a checkpointed fine-tune may use spot",
       job("qwen3-8b", {{"kind", "finetune"}, {"method", "lora"}, {"dataset_tokens", 1e8}}),
       [](const Pick& p, const json&) {
         CHECK(klass(p) == "eligible");
         CHECK(p.gpus == 1);
         CHECK(p.vram_gb >= 22);
       }},
      {"QLoRA of Qwen2.5 72B: one 48-80 GB card",
       job("qwen2.5-72b", {{"kind", "finetune"}, {"method", "qlora"}, {"dataset_tokens", 2e7}}),
       [](const Pick& p, const json&) {
         CHECK(klass(p) == "eligible");
         CHECK(p.vram_gb >= 44);
         if (p.gpus > 1) {  // as for Llama 3.1 70B above
           CHECK(p.gpus <= 2);
           CHECK(has_note(p, "judgement", "rule 3"));
         }
       }},
      {"a multi-day full fine-tune of Llama 3.1 70B (2B tokens, a week): on-demand whole nodes, not spot",
       job("llama-3.1-70b", {{"kind", "finetune"}, {"method", "full"}, {"dataset_tokens", 2e9}, {"deadline_s", 7 * 86400}}),
       [](const Pick& p, const json&) {
         CHECK(klass(p) == "eligible");
         CHECK(p.pricing == "on_demand");  // rules 5, 8
         CHECK(p.hbm);
         CHECK((p.interconnect == "nvlink" || p.interconnect == "infinity_fabric"));
         if (p.instances > 1) {
           CHECK(p.provider->multi_node_fabric_on_demand);
           CHECK(p.gpus / p.instances >= 8);
         }
       }},
      {"pretraining Llama 3.1 8B on 1T tokens: whole 8-GPU nodes on a cluster fabric, on demand, within the month",
       job("llama-3.1-8b", {{"kind", "pretrain"}, {"tokens", 1e12}}),
       [](const Pick& p, const json&) {
         CHECK(klass(p) == "eligible");
         CHECK(p.pricing == "on_demand");
         CHECK(p.tier != "marketplace");
         CHECK(p.fp8);
         if (p.instances > 1) {
           CHECK(p.provider->multi_node_fabric_on_demand);
           CHECK(p.gpus / p.instances >= 8);
         }
         CHECK(p.option->value("job_s", 1e30) <= 30.0 * 86400.0);
       }},
      {"pretraining Llama 3.1 8B on 120B tokens, AWS only: a multi-week run takes the published Capacity Block price "
       "(reserved, the block covering the run) where it beats on demand by the job's total",
       {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "pretrain"}, {"tokens", 1.2e11}}}, {"filters", {{"providers", {"aws"}}}},
        {"limit", 200}},
       [](const Pick& p, const json& r) {
         CHECK(klass(p) == "eligible");
         CHECK(p.pricing == "reserved");  // rules 5, 8: reserved capacity for a long run, at a published price
         CHECK((*p.option)["eligibility"]["code"] == "long_run_reserved");
         const double job_s = p.option->value("job_s", 0.0);
         CHECK(job_s > 86400.0);
         CHECK(p.option->value("term_days", 0.0) * 86400.0 >= job_s);
         // The same offering on demand is in the list and costs more for the whole job.
         const json* on_demand = nullptr;
         for (const json& o : r["options"]) {
           if (o["offering_id"] == (*p.option)["offering_id"] && o.value("pricing", "") == "on_demand" &&
               o.value("instances", 1) == p.instances) {
             on_demand = &o;
             break;
           }
         }
         REQUIRE(on_demand != nullptr);
         std::cout << "  on demand the same machine: $" << (*on_demand)["usd_total"].get<double>() << " for the job\n";
         CHECK((*on_demand)["usd_total"].get<double>() > p.option->value("usd_total", 0.0));
       }},
      {"pretraining on spot, asked for: the class says the request chose it",
       {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "pretrain"}, {"tokens", 1e12}}}, {"filters", {{"pricing", "spot"}}}},
       [](const Pick& p, const json&) {
         CHECK(p.pricing == "spot");
         CHECK(klass(p) == "asked");
       }},
      {"FLUX.1-dev batch of 5,000 images: a 24 GB+ card; batch work may use spot",
       job("flux.1-dev", {{"kind", "image"}, {"images", 5000}}),
       [](const Pick& p, const json&) {
         CHECK(klass(p) == "eligible");
         CHECK(p.vram_gb >= 22);
         CHECK(p.gpu->tflops.bf16.has_value());
       }},
      {"Wan 2.1 14B, 50 clips: one HBM or 48 GB+ card per copy, no idle GPUs",
       job("wan2.1-t2v-14b", {{"kind", "video"}, {"images", 50}}),
       [](const Pick& p, const json&) {
         CHECK(klass(p) == "eligible");
         CHECK(p.vram_gb >= 44);
       }},
      {"F5-TTS, 10 hours of speech: one modest GPU",
       job("f5-tts-base", {{"kind", "audio"}, {"audio_seconds", 36000}}),
       [](const Pick& p, const json&) {
         CHECK(klass(p) == "eligible");
         CHECK(p.gpus == 1);
         CHECK(p.vram_gb <= 50);
       }},
      {"Whisper large-v3 on 1,000 hours: batch transcription, eligible on spot or on demand",
       job("whisper-large-v3", {{"kind", "audio"}, {"audio_seconds", 3.6e6}}),
       [](const Pick& p, const json&) {
         CHECK(klass(p) == "eligible");
         CHECK(p.vram_gb <= 52);
       }},
  };
  REQUIRE(scenarios.size() >= 12);
  for (const Scenario& s : scenarios) {
    INFO(s.name);
    const json r = sizer_test::evaluate(s.request);
    const Pick p = top_pick(r);
    print(s.name, r);
    INFO("top: " << p.option->value("provider", "") << " " << p.option->value("instance", "") << " " << p.gpus << " x "
                  << p.gpu->id << " " << p.pricing << " " << p.tier);
    s.check(p, r);
  }
}

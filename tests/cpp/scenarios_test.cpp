// The answers a person came for, checked on scenarios whose right answer is known (issue "Cost, ranking
// and guidance"), and the memory goldens of issue "Memory and fit".
#include <catch2/catch.hpp>

#include <tuple>

#include "cost.hpp"
#include "support.hpp"

using sizer::json;

namespace {
constexpr double kGiB = 1073741824.0;

json ranked(const json& model, const json& workload, int limit = 10000) {
  return sizer_test::evaluate({{"model", model}, {"workload", workload}, {"limit", limit}});
}
}  // namespace

TEST_CASE("a 4-bit 7B chat model ranks a single card of 24 GB or less first", "[scenario]") {
  const json r = ranked("mistral-7b-v0.1", {{"kind", "inference"}, {"weights", "int4"}, {"concurrency", 4}});
  REQUIRE(r["ok"] == true);
  const json& top = r["options"][0];
  INFO(top.dump());
  CHECK(top["fits"] == true);
  CHECK(top["gpus"] == 1);
  CHECK(top["vram_bytes_per_gpu"].get<double>() <= 24 * kGiB);
  // An 80 GB card would also fit, but costs more per token at this size. Spot options (never first for
  // an endpoint) and options the guide's judgement weighed (a note "judgement") rank by more than the
  // raw price, so the comparison is among the plain on-demand ones.
  auto judged = [](const json& o) {
    for (const auto& n : o["notes"]) {
      if (n["code"] == "judgement") return true;
    }
    return false;
  };
  bool saw_80gb = false;
  for (const auto& o : r["options"]) {
    if (o["pricing"] == "spot" || judged(o)) continue;
    if (o["fits"] == true && o["vram_bytes_per_gpu"].get<double>() >= 80 * kGiB) {
      saw_80gb = true;
      CHECK(o["usd_per_million_output_tokens"].get<double>() >= top["usd_per_million_output_tokens"].get<double>());
    }
  }
  CHECK(saw_80gb);
}

TEST_CASE("Llama-3.1-405B at FP8 needs an 8 × 80 GB-class node or larger", "[scenario]") {
  const json r = ranked("llama-3.1-405b", {{"kind", "inference"}, {"weights", "fp8"}, {"concurrency", 8}});
  REQUIRE(r["ok"] == true);
  bool nvlink_node = false;
  for (const auto& o : r["options"]) {
    if (o["fits"] != true) continue;
    const double total_vram = o["vram_bytes_per_gpu"].get<double>() * o["gpus"].get<double>();
    INFO(o["offering_id"]);
    // 405 B parameters at one byte need more than five 80 GB cards' worth of memory.
    CHECK(total_vram >= 420e9);
    if (o["gpus"].get<int>() <= 8) CHECK(o["vram_bytes_per_gpu"].get<double>() >= 79 * kGiB);
    if (o["gpus"] == 8 && o["interconnect"] == "nvlink") nvlink_node = true;
  }
  CHECK(nvlink_node);
  // Nothing with a single GPU fits.
  for (const auto& o : r["options"]) {
    if (o["gpus"] == 1) CHECK(o["fits"] == false);
  }
}

TEST_CASE("a 10-minute job is cheaper on per-second billing than on hourly billing", "[scenario]") {
  sizer::Provider per_second;
  per_second.billing_granularity_s = 1;
  per_second.minimum_charge_s = 60;
  sizer::Provider hourly;
  hourly.billing_granularity_s = 3600;
  const double usd_per_hour = 2.0;
  const double job_s = 600;
  const double per_second_usd = usd_per_hour * sizer::billed_seconds(job_s, per_second) / 3600;
  const double hourly_usd = usd_per_hour * sizer::billed_seconds(job_s, hourly) / 3600;
  CHECK(per_second_usd == Approx(usd_per_hour / 6));
  CHECK(hourly_usd == Approx(usd_per_hour));
  CHECK(per_second_usd < hourly_usd);
  // Minimum charges apply to very short jobs; granularity rounds up, never down.
  CHECK(sizer::billed_seconds(5, per_second) == 60);
  CHECK(sizer::billed_seconds(3601, hourly) == 7200);
  sizer::Provider per_minute;
  per_minute.billing_granularity_s = 60;
  CHECK(sizer::billed_seconds(61, per_minute) == 120);

  // Through the whole pipeline: the same short image job on two offerings priced alike differs only by
  // billing. Build a catalog with one provider per billing unit.
  json gpu = {{"id", "g"}, {"name", "G"}, {"vram_gib", 80}, {"memory_bandwidth_gbs", 3350},
              {"tflops", {{"bf16", 989.5}}}, {"source", "s"}, {"as_of", "2026-11-30"}};
  auto provider = [](const char* id, int granularity) {
    return json{{"id", id}, {"name", id}, {"billing", {{"granularity_s", granularity}, {"minimum_s", 0}}},
                {"source", "s"}, {"as_of", "2026-11-30"}};
  };
  auto offering = [](const char* id, const char* p) {
    return json{{"id", id}, {"provider", p}, {"instance", id}, {"gpu", "g"}, {"gpus", 1}, {"usd_per_hour", 2.0},
                {"interconnect", "none"}, {"source", "s"}, {"as_of", "2026-11-30"}};
  };
  json catalog = {{"gpus", {gpu}},
                  {"providers", {provider("secondly", 1), provider("hourly", 3600)}},
                  {"offerings", {offering("secondly/a", "secondly"), offering("hourly/a", "hourly")}},
                  {"models", json::array()}};
  sizer::Issues errors, warnings;
  const sizer::Catalog custom = sizer::load_catalog_texts({sizer::dump_json(catalog)}, errors, warnings);
  REQUIRE(errors.empty());
  const json request = {{"model", {{"name", "img"}, {"kind", "image"}, {"params_b", 2.6}, {"backbone", "unet"}}},
                        {"workload", {{"kind", "image"}, {"images", 100}, {"steps", 30}}}};
  const json r = sizer::evaluate_text(sizer::dump_json(request), custom);
  REQUIRE(r["ok"] == true);
  REQUIRE(r["options"].size() == 2);
  const json& first = r["options"][0];
  const json& second = r["options"][1];
  CHECK(first["provider"] == "secondly");
  CHECK(first["usd_total"].get<double>() < second["usd_total"].get<double>());
  CHECK(second["billed_s"].get<double>() == Approx(3600).margin(1e-6));
}

TEST_CASE("spot is never the top pick for an endpoint unless asked for", "[scenario]") {
  for (const char* model : {"llama-3.1-8b", "qwen2.5-32b", "llama-3.1-70b"}) {
    const json r = ranked(model, {{"kind", "inference"}, {"concurrency", 16}});
    REQUIRE(r["ok"] == true);
    INFO(model);
    CHECK(r["options"][0]["pricing"] == "on_demand");
  }
  const json asked = sizer_test::evaluate({{"model", "llama-3.1-8b"},
                                           {"workload", {{"kind", "inference"}, {"concurrency", 16}}},
                                           {"filters", {{"pricing", "spot"}}}});
  REQUIRE(asked["ok"] == true);
  for (const auto& o : asked["options"]) CHECK(o["pricing"] == "spot");
  // A checkpointed fine-tune may go to spot, and a spot option carries the expected restart time.
  const json tune = ranked("llama-3.1-8b", {{"kind", "finetune"}, {"method", "qlora"}, {"dataset_tokens", 5e7}});
  bool priced_spot = false;
  for (const auto& o : tune["options"]) {
    if (o["pricing"] == "spot" && o["fits"] == true) {
      priced_spot = true;
      CHECK(o["spot_extra_s"].get<double>() > 0);
    }
  }
  CHECK(priced_spot);
}

TEST_CASE("mixed-precision AdamW full fine-tuning keeps 16 bytes per parameter", "[memory][golden]") {
  const json r = sizer_test::evaluate(
      {{"model", sizer_test::llama_8b()},
       {"workload", {{"kind", "finetune"}, {"method", "full"}, {"optimizer", "adamw"}, {"seq_len", 1024}}},
       {"hardware", {{"gpu", "h100-sxm"}, {"count", 8}}}});
  REQUIRE(r["ok"] == true);
  const json& m = r["memory"];
  const double state = m["weights_bytes"].get<double>() + m["gradients_bytes"].get<double>() +
                       m["optimizer_bytes"].get<double>();
  CHECK(state / 8.03e9 == Approx(16.0));
  // 8-bit AdamW: 2 + 2 + 4 (master) + 2 (moments) = 10 bytes; SGD with momentum 12.
  json eight_bit = r;
  for (const auto& [optimizer, bytes] : std::vector<std::pair<const char*, double>>{{"adamw_8bit", 10}, {"sgd", 12}}) {
    const json o = sizer_test::evaluate({{"model", sizer_test::llama_8b()},
                                         {"workload", {{"kind", "finetune"}, {"method", "full"}, {"optimizer", optimizer}}},
                                         {"hardware", {{"gpu", "h100-sxm"}, {"count", 8}}}});
    const json& mm = o["memory"];
    INFO(optimizer);
    CHECK((mm["weights_bytes"].get<double>() + mm["gradients_bytes"].get<double>() + mm["optimizer_bytes"].get<double>()) /
              8.03e9 == Approx(bytes));
  }
}

TEST_CASE("QLoRA fits a 65B model on one 48 GB GPU (Dettmers et al. 2023)", "[memory][golden]") {
  const json llama_65b = {{"name", "LLaMA-65B"}, {"params_b", 65.29}, {"layers", 80}, {"hidden", 8192}, {"heads", 64},
                          {"kv_heads", 64}, {"head_dim", 128}, {"ffn", 22016}, {"vocab", 32000}, {"max_context", 2048}};
  const json gpu_48 = {{"vram_gib", 48}, {"memory_bandwidth_gbs", 768}, {"tflops", {{"bf16", 149.7}}}};
  const json r = sizer_test::evaluate({{"model", llama_65b},
                                       {"workload", {{"kind", "finetune"}, {"method", "qlora"}, {"lora_rank", 64},
                                                     {"seq_len", 512}, {"micro_batch", 1}}},
                                       {"hardware", {{"gpu", gpu_48}, {"count", 1}}}});
  REQUIRE(r["ok"] == true);
  CHECK(r["options"][0]["fits"] == true);
  CHECK(r["memory"]["total_bytes"].get<double>() < 48e9);
  // The same model in bf16 LoRA does not fit there.
  const json lora = sizer_test::evaluate({{"model", llama_65b},
                                          {"workload", {{"kind", "finetune"}, {"method", "lora"}, {"seq_len", 512}}},
                                          {"hardware", {{"gpu", gpu_48}, {"count", 1}}}});
  CHECK(lora["options"][0]["fits"] == false);
}

TEST_CASE("training memory never falls with sequence length, batch or trainable share", "[memory][property]") {
  double previous = 0;
  for (int seq : {256, 512, 2048, 8192, 32768}) {
    const json r = sizer_test::evaluate({{"model", "llama-3.1-8b"},
                                         {"workload", {{"kind", "finetune"}, {"method", "lora"}, {"seq_len", seq}}},
                                         {"hardware", {{"gpu", "h100-sxm"}}}});
    const double total = r["memory"]["total_bytes"].get<double>();
    CHECK(total >= previous);
    previous = total;
  }
  // More GPUs with ZeRO-3 never raise the per-GPU need.
  previous = 1e300;
  for (int gpus : {1, 2, 4, 8, 16, 64}) {
    const json r = sizer_test::evaluate(
        {{"model", "llama-3.1-70b"},
         {"workload", {{"kind", "finetune"}, {"method", "full"}, {"sharding", "zero3"}, {"offload", "none"}}},
         {"hardware", {{"gpu", "h100-sxm"}, {"count", gpus}}}});
    const double used = r["options"][0]["used_bytes_per_gpu"].get<double>();
    CHECK(used <= previous);
    previous = used;
  }
}

TEST_CASE("Hugging Face config.json shapes become models", "[catalog][hf_config]") {
  struct Case {
    const char* name;
    json config;
    double params_b;
    double tolerance;
  };
  const std::vector<Case> cases = {
      {"llama-3.1-8b",
       {{"model_type", "llama"}, {"hidden_size", 4096}, {"intermediate_size", 14336}, {"num_hidden_layers", 32},
        {"num_attention_heads", 32}, {"num_key_value_heads", 8}, {"vocab_size", 128256},
        {"max_position_embeddings", 131072}, {"tie_word_embeddings", false}},
       8.03, 0.02},
      {"qwen2.5-7b",
       {{"model_type", "qwen2"}, {"hidden_size", 3584}, {"intermediate_size", 18944}, {"num_hidden_layers", 28},
        {"num_attention_heads", 28}, {"num_key_value_heads", 4}, {"vocab_size", 152064},
        {"max_position_embeddings", 32768}, {"sliding_window", 131072}, {"use_sliding_window", false},
        {"tie_word_embeddings", false}},
       7.62, 0.02},
      {"mistral-7b",
       {{"model_type", "mistral"}, {"hidden_size", 4096}, {"intermediate_size", 14336}, {"num_hidden_layers", 32},
        {"num_attention_heads", 32}, {"num_key_value_heads", 8}, {"vocab_size", 32000},
        {"max_position_embeddings", 32768}, {"sliding_window", 4096}},
       7.24, 0.02},
      {"mixtral-8x7b",
       {{"model_type", "mixtral"}, {"hidden_size", 4096}, {"intermediate_size", 14336}, {"num_hidden_layers", 32},
        {"num_attention_heads", 32}, {"num_key_value_heads", 8}, {"vocab_size", 32000}, {"num_local_experts", 8},
        {"num_experts_per_tok", 2}, {"max_position_embeddings", 32768}},
       46.7, 0.02},
      {"gemma-2-9b",
       {{"model_type", "gemma2"}, {"hidden_size", 3584}, {"intermediate_size", 14336}, {"num_hidden_layers", 42},
        {"num_attention_heads", 16}, {"num_key_value_heads", 8}, {"head_dim", 256}, {"vocab_size", 256000},
        {"max_position_embeddings", 8192}, {"sliding_window", 4096}, {"tie_word_embeddings", true}},
       9.24, 0.02},
      {"deepseek-v3",
       {{"model_type", "deepseek_v3"}, {"hidden_size", 7168}, {"intermediate_size", 18432},
        {"moe_intermediate_size", 2048}, {"num_hidden_layers", 61}, {"num_attention_heads", 128},
        {"num_key_value_heads", 128}, {"kv_lora_rank", 512}, {"qk_rope_head_dim", 64}, {"v_head_dim", 128},
        {"n_routed_experts", 256}, {"num_experts_per_tok", 8}, {"vocab_size", 129280},
        {"max_position_embeddings", 163840}},
       671, 0.10},
      {"gpt-oss-20b",
       {{"model_type", "gpt_oss"}, {"hidden_size", 2880}, {"intermediate_size", 2880}, {"num_hidden_layers", 24},
        {"num_attention_heads", 64}, {"num_key_value_heads", 8}, {"head_dim", 64}, {"num_local_experts", 32},
        {"experts_per_token", 4}, {"vocab_size", 201088}, {"max_position_embeddings", 131072},
        {"sliding_window", 128},
        {"layer_types", json::array({"sliding_attention", "full_attention", "sliding_attention", "full_attention",
                                     "sliding_attention", "full_attention", "sliding_attention", "full_attention",
                                     "sliding_attention", "full_attention", "sliding_attention", "full_attention",
                                     "sliding_attention", "full_attention", "sliding_attention", "full_attention",
                                     "sliding_attention", "full_attention", "sliding_attention", "full_attention",
                                     "sliding_attention", "full_attention", "sliding_attention", "full_attention"})}},
       20.9, 0.03},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    const json r = sizer_test::evaluate({{"hf_config", c.config},
                                         {"workload", {{"kind", "inference"}, {"prompt_tokens", 1000}}},
                                         {"hardware", {{"gpu", "h200-sxm"}, {"count", 8}}}});
    REQUIRE(r["ok"] == true);
    CHECK(r["model"]["params_b"].get<double>() == Approx(c.params_b).epsilon(c.tolerance));
  }
  // Shape details that decide the KV cache.
  auto kv = [](const json& config, const char* kv_cache = "fp16") {
    const json r = sizer_test::evaluate({{"hf_config", config},
                                         {"workload", {{"kind", "inference"}, {"kv_cache", kv_cache}, {"prompt_tokens", 100}}},
                                         {"hardware", {{"gpu", "h200-sxm"}, {"count", 8}}}});
    return r["memory"]["kv_bytes_per_token"].get<double>();
  };
  CHECK(kv(cases[0].config) == 2.0 * 32 * 8 * 128 * 2);
  CHECK(kv(cases[4].config) == 2.0 * 42 * 8 * 256 * 2);       // Gemma 2: head_dim 256, not hidden/heads
  CHECK(kv(cases[5].config, "bf16") == 61.0 * (512 + 64) * 2);  // MLA
  // A config missing the essentials is rejected with its path.
  const json bad = sizer_test::evaluate({{"hf_config", {{"model_type", "llama"}}}, {"workload", {{"kind", "inference"}}}});
  CHECK(bad["ok"] == false);
  CHECK(bad["errors"][0]["path"] == "/hf_config");
}

TEST_CASE("fit_by_gpu: the fewest GPUs of each kind, never more for a bigger card", "[placement][property]") {
  for (const json& workload : {json{{"kind", "inference"}, {"weights", "fp8"}, {"concurrency", 16}},
                               json{{"kind", "finetune"}, {"method", "full"}, {"seq_len", 2048}}}) {
    const json r = sizer_test::evaluate({{"model", "llama-3.1-70b"}, {"workload", workload}, {"limit", 1}});
    REQUIRE(r["ok"] == true);
    const json& fits = r["fit_by_gpu"];
    REQUIRE(fits.size() >= 27);
    double previous_vram = 0;
    int64_t previous_needed = 1 << 30;
    for (const auto& fit : fits) {
      const double vram = fit["vram_bytes_per_gpu"].get<double>();
      CHECK(vram >= previous_vram);
      const int64_t needed = fit.contains("gpus_needed") ? fit["gpus_needed"].get<int64_t>() : (1 << 30);
      INFO(fit.dump());
      if (vram > previous_vram) CHECK(needed <= previous_needed);
      if (fit.contains("gpus_needed")) CHECK(fit["used_bytes_per_gpu"].get<double>() <= vram);
      previous_vram = vram;
      previous_needed = std::min(previous_needed, needed);
    }
  }
  // 70B in bf16 is 141.1 GB of weights: two 80 GB cards hold it; one 141 GiB H200 does not, because the
  // engine reserves 10% (0.9 × 151.4 GB = 136 GB usable); eight 24 GB cards are needed.
  const json r = sizer_test::evaluate({{"model", "llama-3.1-70b"},
                                       {"workload", {{"kind", "inference"}, {"prompt_tokens", 1000}}}});
  for (const auto& fit : r["fit_by_gpu"]) {
    if (fit["gpu"] == "h100-sxm") CHECK(fit["gpus_needed"] == 2);
    if (fit["gpu"] == "h200-sxm") CHECK(fit["gpus_needed"] == 2);
    if (fit["gpu"] == "rtx-4090") CHECK(fit["gpus_needed"] == 8);
  }
}

TEST_CASE("show the math: every explanation's result is the figure it explains", "[explain]") {
  const std::vector<json> requests = {
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}, {"concurrency", 8}}}},
      {{"model", "llama-3.1-70b"}, {"workload", {{"kind", "inference"}, {"weights", "fp8"}}},
       {"hardware", {{"gpu", "h100-sxm"}, {"count", 2}}}},
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "finetune"}, {"method", "qlora"}}}},
      {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "pretrain"}, {"tokens", 1e10}}}},
      {{"model", "flux.1-dev"}, {"workload", {{"kind", "image"}, {"images", 100}}}},
      {{"model", "whisper-large-v3"}, {"workload", {{"kind", "audio"}, {"audio_seconds", 600}}}}};
  for (const auto& request : requests) {
    const json r = sizer_test::evaluate(request);
    REQUIRE(r["ok"] == true);
    INFO(request.dump());
    CHECK(r["explain"].size() >= 2);
    for (const auto& e : r["explain"]) {
      const std::string figure = e["figure"].get<std::string>();
      INFO(figure);
      CHECK_FALSE(e["formula"].get<std::string>().empty());
      CHECK_FALSE(e["source"].get<std::string>().empty());
      // "memory.x" or "options.0.x": the explained number must be the response's own.
      const size_t dot = figure.find('.');
      const json* node = nullptr;
      if (figure.rfind("memory.", 0) == 0) {
        const std::string key = figure.substr(dot + 1);
        if (r["memory"].contains(key)) node = &r["memory"][key];
      } else if (figure.rfind("options.0.", 0) == 0) {
        const std::string key = figure.substr(10);
        if (r["options"][0].contains(key)) node = &r["options"][0][key];
      }
      REQUIRE(node != nullptr);
      // Bytes are rounded to whole numbers in the response.
      CHECK(node->get<double>() == Approx(e["result"].get<double>()).epsilon(1e-9).margin(0.5));
    }
  }
}

TEST_CASE("option reasons and warnings follow the request's locale", "[guidance][locale]") {
  auto has_arabic = [](const std::string& text) {
    // U+0600–U+06FF in UTF-8 start with the lead bytes 0xD8–0xDB.
    for (unsigned char c : text) {
      if (c >= 0xD8 && c <= 0xDB) return true;
    }
    return false;
  };
  const std::vector<json> workloads = {
      {{"kind", "inference"}, {"concurrency", 8}, {"min_output_tokens_per_s_per_user", 500}},
      {{"kind", "finetune"}, {"method", "full"}, {"deadline_s", 60}},
      {{"kind", "pretrain"}, {"tokens", 1e10}}};
  for (const auto& workload : workloads) {
    for (const char* locale : {"en", "ar"}) {
      const json r = sizer_test::evaluate({{"model", "llama-3.1-8b"}, {"workload", workload}, {"locale", locale}, {"limit", 50}});
      REQUIRE(r["ok"] == true);
      size_t texts = 0;
      for (const auto& o : r["options"]) {
        for (const char* list : {"reasons", "warnings"}) {
          for (const auto& text : o[list]) {
            ++texts;
            INFO(locale << ": " << text.get<std::string>());
            CHECK(has_arabic(text.get<std::string>()) == (std::string(locale) == "ar"));
          }
        }
      }
      CHECK(texts > 0);
    }
  }
}

TEST_CASE("workload kinds must match the model's kind; the response echoes the workload it used", "[request]") {
  const json video_on_image = sizer_test::evaluate({{"model", "sdxl-base-1.0"}, {"workload", {{"kind", "video"}}}});
  REQUIRE(video_on_image["ok"] == false);
  CHECK(video_on_image["errors"][0]["code"] == "kind_mismatch");
  CHECK(video_on_image["errors"][0]["message"].get<std::string>().find("an image model") != std::string::npos);
  // Defaults come from the model: FLUX.1-dev is guidance-distilled, 1024 × 1024, 50 steps.
  const json flux = sizer_test::evaluate({{"model", "flux.1-dev"}, {"workload", {{"kind", "image"}}}, {"limit", 1}});
  REQUIRE(flux["ok"] == true);
  CHECK(flux["workload"]["guidance"] == false);
  CHECK(flux["workload"]["width"] == 1024);
  CHECK(flux["workload"]["steps"] == 50);
  CHECK(flux["warnings"].empty());  // no transformer-shape assumptions for a diffusion model
  CHECK(flux["options"][0]["job_s"].get<double>() > 0);
}

TEST_CASE("a model is served as its checkpoint ships unless the request names weights", "[catalog][weights]") {
  auto serve = [](json model, json workload = json::object()) {
    workload["kind"] = "inference";
    workload["concurrency"] = 4;
    return sizer_test::evaluate({{"model", model}, {"workload", workload}, {"hardware", {{"gpu", "h100-sxm"}, {"count", 8}}}});
  };
  auto warned = [](const json& response) {
    for (const json& w : response["warnings"]) {
      if (w["code"] == "assumed_field" && w["path"] == "/workload/weights") return w["message"].get<std::string>();
    }
    return std::string();
  };
  // Catalog presets that ship quantised: gpt-oss (MXFP4 experts) and DeepSeek-V3 (FP8).
  for (const auto& [id, format, label] : std::vector<std::tuple<const char*, const char*, const char*>>{
           {"gpt-oss-120b", "fp4", "FP4"}, {"gpt-oss-20b", "fp4", "FP4"}, {"deepseek-v3", "fp8", "FP8"}}) {
    INFO(id);
    const json r = serve(id);
    REQUIRE(r.value("ok", false));
    CHECK(r["workload"]["weights"] == format);
    CHECK(warned(r).find(label) != std::string::npos);  // the message names the format used, in words
    CHECK(warned(r).find(r["model"]["name"].get<std::string>()) != std::string::npos);
    // A named format wins, without the warning; its weights take their own bytes.
    const json bf16 = serve(id, {{"weights", "bf16"}});
    CHECK(bf16["workload"]["weights"] == "bf16");
    CHECK(warned(bf16).empty());
    CHECK(bf16["memory"]["weights_bytes"].get<double>() > 1.7 * r["memory"]["weights_bytes"].get<double>());
  }
  // A 16-bit release keeps the bf16 default, silently; fine-tuning keeps its own defaults.
  const json llama = serve("llama-3.1-8b");
  CHECK(llama["workload"]["weights"] == "bf16");
  CHECK(warned(llama).empty());
  const json ft = sizer_test::evaluate({{"model", "gpt-oss-20b"}, {"workload", {{"kind", "finetune"}, {"method", "lora"}}},
                                       {"hardware", {{"gpu", "h100-sxm"}, {"count", 1}}}});
  REQUIRE(ft.value("ok", false));
  CHECK(ft["workload"]["weights"] == "bf16");

  // An inline model may say how its checkpoint ships; a format the core does not know is an error at its path.
  json inline_model = {{"name", "my-fp8-8b"}, {"params_b", 8.03}, {"layers", 32}, {"hidden", 4096},
                       {"checkpoint_weights", "fp8"}};
  CHECK(serve(inline_model)["workload"]["weights"] == "fp8");
  inline_model["checkpoint_weights"] = "fp3";
  const json bad = serve(inline_model);
  REQUIRE_FALSE(bad.value("ok", true));
  CHECK(bad["errors"][0]["path"] == "/model/checkpoint_weights");

  // A config.json's quantization_config says the same.
  const json config = {{"model_type", "llama"}, {"hidden_size", 4096}, {"intermediate_size", 14336},
                       {"num_hidden_layers", 32}, {"num_attention_heads", 32}, {"num_key_value_heads", 8},
                       {"vocab_size", 128256}, {"max_position_embeddings", 131072}};
  auto from_config = [&](json quantization) {
    json c = config;
    if (!quantization.is_null()) c["quantization_config"] = quantization;
    const json r = sizer_test::evaluate({{"hf_config", c}, {"workload", {{"kind", "inference"}}},
                                         {"hardware", {{"gpu", "h100-sxm"}, {"count", 1}}}});
    REQUIRE(r.value("ok", false));
    return r["workload"]["weights"].get<std::string>();
  };
  CHECK(from_config(nullptr) == "bf16");
  CHECK(from_config({{"quant_method", "fp8"}, {"fmt", "e4m3"}, {"weight_block_size", {128, 128}}}) == "fp8");
  CHECK(from_config({{"quant_method", "mxfp4"}}) == "fp4");
  CHECK(from_config({{"quant_method", "awq"}, {"bits", 4}, {"group_size", 128}}) == "int4");
  CHECK(from_config({{"quant_method", "gptq"}, {"bits", 8}}) == "bf16");  // 8-bit GPTQ: no format of its own here
  CHECK(from_config({{"quant_method", "modelopt"}, {"quant_algo", "NVFP4"}}) == "fp4");
  CHECK(from_config({{"quant_method", "bitsandbytes"}, {"load_in_4bit", true}}) == "nf4");
}

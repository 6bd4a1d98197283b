// A request with "detail": "figures" gets every number the full response has and none of its sentences or
// workings (core/evaluate.cpp): the options, memory, fit list and scaling table equal the full response's, and
// guidance, explanations and the options' notes, reasons and warnings are empty lists.
#include <catch2/catch.hpp>

#include <string>

#include "support.hpp"

using sizer::json;

TEST_CASE("detail figures: the full response's numbers without its sentences", "[detail][property]") {
  const json serving = {{"model", sizer_test::llama_70b()}, {"engine", "vllm"},
                        {"workload", {{"kind", "inference"}, {"weights", "fp8"}, {"prompt_tokens", 4000},
                                      {"output_tokens", 500}, {"concurrency", 32},
                                      {"min_output_tokens_per_s_per_user", 20}, {"max_ttft_s", 2}}},
                        {"limit", 60}};
  const json pinned = sizer_test::inference_request(sizer_test::llama_8b(),
                                                    {{"weights", "bf16"}, {"prompt_tokens", 30000}, {"output_tokens", 256}},
                                                    "h100-sxm");
  const json too_big = sizer_test::inference_request(sizer_test::llama_70b(), {{"weights", "bf16"}}, "l4", 1);
  const json lora = {{"model", sizer_test::llama_8b()}, {"locale", "ar"},
                     {"workload", {{"kind", "finetune"}, {"method", "lora"}, {"dataset_tokens", 5e7}}}};
  const json pretrain = {{"model", sizer_test::llama_8b()},
                         {"workload", {{"kind", "pretrain"}, {"dataset_tokens", 1e10}, {"deadline_s", 86400}}},
                         {"limit", 5}};
  const json image = {{"model", "flux.1-dev"}, {"workload", {{"kind", "image"}}}, {"order", "cheapest_per_hour"}};
  const json audio = {{"model", "whisper-large-v3"}, {"workload", {{"kind", "audio"}}}, {"limit", 3}};
  int with_words = 0;
  for (const json* document : {&serving, &pinned, &too_big, &lora, &pretrain, &image, &audio}) {
    INFO(document->dump());
    const json full = sizer_test::evaluate(*document);
    json asked = *document;
    asked["detail"] = "figures";
    const json figures = sizer_test::evaluate(asked);
    REQUIRE(full.at("ok") == true);
    REQUIRE(figures.at("ok") == true);
    // The words are gone...
    CHECK(figures.at("guidance").empty());
    CHECK(figures.at("explain").empty());
    for (const json& option : figures.at("options")) {
      CHECK(option.at("notes").empty());
      CHECK(option.at("reasons").empty());
      CHECK(option.at("warnings").empty());
    }
    // ...where the full response has them (so the check above could fail).
    if (!full.at("guidance").empty() && !full.at("options").at(0).at("notes").empty()) ++with_words;
    // Every number is the same.
    REQUIRE(figures.at("options").size() == full.at("options").size());
    REQUIRE(!figures.at("options").empty());
    for (size_t i = 0; i < full.at("options").size(); ++i) {
      INFO("option " << i);
      CHECK(sizer_test::option_figures(figures.at("options").at(i)) ==
            sizer_test::option_figures(full.at("options").at(i)));
    }
    for (const char* key : {"memory", "fit_by_gpu", "options_evaluated", "workload", "model", "warnings", "errors"}) {
      INFO(key);
      CHECK(figures.at(key) == full.at(key));
    }
    CHECK(figures.contains("scaling") == full.contains("scaling"));
    if (full.contains("scaling")) CHECK(figures.at("scaling") == full.at("scaling"));
  }
  CHECK(with_words == 7);
}

TEST_CASE("detail: an unknown value is an error at /detail in the request's language", "[detail][request]") {
  json request = {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "inference"}}}, {"detail", "words"}};
  for (const char* locale : {"en", "ar"}) {
    request["locale"] = locale;
    const json response = sizer_test::evaluate(request);
    INFO(response.dump());
    CHECK(response.at("ok") == false);
    REQUIRE(response.at("errors").size() == 1);
    CHECK(response.at("errors").at(0).at("path") == "/detail");
    CHECK(response.at("errors").at(0).at("code") == "unknown_value");
    const std::string message = response.at("errors").at(0).at("message");
    CHECK(message.find("figures") != std::string::npos);  // it lists what is accepted
    // Arabic text (U+0600..U+06FF is 0xD8..0xDB as a UTF-8 lead byte) exactly when the request asks for it.
    const bool arabic = message.find('\xD9') != std::string::npos || message.find('\xD8') != std::string::npos;
    CHECK(arabic == (std::string(locale) == "ar"));
  }
  request["detail"] = 3;
  CHECK(sizer_test::evaluate(request).at("errors").at(0).at("path") == "/detail");
}

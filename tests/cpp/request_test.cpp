// Bad input gets every problem, with its JSON Pointer, and nothing breaks.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "support.hpp"

using sizer::json;

namespace {
std::set<std::string> paths(const json& issues) {
  std::set<std::string> out;
  for (const auto& issue : issues) out.insert(issue["path"].get<std::string>());
  return out;
}
json text_response(const std::string& text) { return sizer::evaluate_text(text, sizer_test::bundled()); }
}  // namespace

TEST_CASE("malformed, empty, deep and huge input is rejected, never crashes", "[request]") {
  for (const std::string text : {"", "{", "[1,2", "nul", "\"text\"", "42", "{\"model\": }", "\xff\xfe{}"}) {
    INFO("input: " << text);
    const json r = text_response(text);
    CHECK(r["ok"] == false);
    CHECK_FALSE(r["errors"].empty());
  }
  CHECK(text_response(std::string(100000, '['))["errors"][0]["code"] == "too_deep");
  CHECK(text_response("{\"a\":" + std::string(70, '[') + std::string(70, ']') + "}")["errors"][0]["code"] == "too_deep");
  CHECK(text_response(std::string(2u << 20, ' '))["errors"][0]["code"] == "too_large");
  // Numbers past double range are a parse error, not infinity.
  CHECK(text_response("{\"model\":{\"params_b\":1e999}}")["ok"] == false);
}

TEST_CASE("wrong types and ranges are reported per field, all at once", "[request]") {
  const json request = {
      {"model", {{"params_b", "seven"}, {"layers", 2.5}, {"kv_heads", 64}, {"heads", 8}}},
      {"workload", {{"kind", "inference"}, {"prompt_tokens", 0}, {"output_tokens", -1}, {"concurrency", 1e12},
                    {"kv_cache", "fp64"}, {"max_ttft_s", -1}}},
      {"engine", "turbo"},
      {"hardware", {{"gpu", {{"vram_gib", -80}}}, {"count", 0}}},
      {"filters", {{"pricing", "free"}, {"providers", json::array({"nope", 3})}}},
      {"locale", "fr"},
      {"limit", 0}};
  const json r = sizer_test::evaluate(request);
  REQUIRE(r["ok"] == false);
  const auto p = paths(r["errors"]);
  for (const char* expected :
       {"/model/params_b", "/model/layers", "/model/kv_heads", "/workload/prompt_tokens", "/workload/output_tokens",
        "/workload/concurrency", "/workload/kv_cache", "/workload/max_ttft_s", "/engine", "/hardware/gpu/vram_gib",
        "/hardware/gpu/memory_bandwidth_gbs", "/hardware/gpu/tflops", "/hardware/count", "/filters/pricing",
        "/filters/providers/1", "/locale", "/limit"}) {
    INFO(expected);
    CHECK(p.count(expected) == 1);
  }
  for (const auto& e : r["errors"]) {
    CHECK_FALSE(e["message"].get<std::string>().empty());
    CHECK_FALSE(e["code"].get<std::string>().empty());
  }
}

TEST_CASE("context past the model's maximum and a workload of the wrong kind are clear errors", "[request]") {
  json request = sizer_test::inference_request(sizer_test::llama_8b(), {{"prompt_tokens", 200000}, {"output_tokens", 10}},
                                               "h100-sxm");
  json r = sizer_test::evaluate(request);
  REQUIRE(r["ok"] == false);
  CHECK(r["errors"][0]["path"] == "/workload/prompt_tokens");  // no context_tokens given: the prompt made it long
  CHECK(r["errors"][0]["code"] == "context_too_long");

  request["workload"] = {{"kind", "image"}};
  r = sizer_test::evaluate(request);
  REQUIRE(r["ok"] == false);
  CHECK(r["errors"][0]["code"] == "kind_mismatch");
  CHECK(r["errors"][0]["path"] == "/workload/kind");
}

TEST_CASE("unknown fields: warnings at the top level, errors with their paths inside the request's objects", "[request]") {
  // Issue 30: a misspelt field inside an object (a target, a filter) changed the answer silently as a warning.
  json request = sizer_test::inference_request(sizer_test::llama_8b(), {{"prompt_tokens", 10}, {"turbo", true}}, "h100-sxm");
  request["model"]["colour"] = "red";
  request["extra"] = 1;
  json r = sizer_test::evaluate(request);
  REQUIRE(r["ok"] == false);
  const auto e = paths(r["errors"]);
  CHECK(e.count("/workload/turbo") == 1);
  CHECK(e.count("/model/colour") == 1);
  CHECK(paths(r["warnings"]).count("/extra") == 1);
  // Only the top-level one: the rest is evaluated.
  request = sizer_test::inference_request(sizer_test::llama_8b(), {{"prompt_tokens", 10}}, "h100-sxm");
  request["extra"] = 1;
  r = sizer_test::evaluate(request);
  REQUIRE(r["ok"] == true);
  CHECK(paths(r["warnings"]).count("/extra") == 1);
}

TEST_CASE("JSON Pointer tokens escape ~ and /", "[request]") {
  CHECK(sizer::pointer_append("/a", "b/c~d") == "/a/b~1c~0d");
  json request = sizer_test::inference_request(sizer_test::llama_8b(), {}, "h100-sxm");
  request["a/b"] = 1;
  const json r = sizer_test::evaluate(request);
  CHECK(paths(r["warnings"]).count("/a~1b") == 1);
}

TEST_CASE("a preset id, an inline model and an inline GPU all work", "[request]") {
  json inline_gpu = {{"vram_gib", 24}, {"memory_bandwidth_gbs", 1008}, {"tflops", {{"bf16", 165}}}};
  json request = {{"model", sizer_test::llama_8b()},
                  {"workload", {{"kind", "inference"}, {"weights", "int4"}}},
                  {"hardware", {{"gpu", inline_gpu}, {"count", 1}}}};
  json r = sizer_test::evaluate(request);
  REQUIRE(r["ok"] == true);
  CHECK(r["options"][0]["fits"] == true);
  CHECK(r["options"][0]["decode_output_tokens_per_s_per_user"].get<double>() > 0);

  request["model"] = "no-such-model";
  r = sizer_test::evaluate(request);
  REQUIRE(r["ok"] == false);
  CHECK(r["errors"][0]["path"] == "/model");
}

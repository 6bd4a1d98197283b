// Guidance (issue "Cost, ranking and guidance"): nine answers for every workload, in English and Arabic,
// quoting the response's own figures, formatted by the same helpers the answers use.
#include "guidance.hpp"

#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <vector>

#include "support.hpp"

using sizer::json;

namespace {

const std::vector<std::string> kIds = {
    "vram_needed",    "spot_or_on_demand",   "datacenter_or_consumer", "why_slow", "vram_then_bandwidth",
    "one_or_several", "billing_granularity", "storage_transfer",       "task_tier"};

struct Case {
  const char* name;
  json request;
};

std::vector<Case> cases() {
  return {
      {"inference ranked",
       {{"model", "llama-3.1-8b"},
        {"workload", {{"kind", "inference"}, {"weights", "int4"}, {"concurrency", 8}}},
        {"limit", 5}}},
      {"inference ranked, spot pair listed",
       {{"model", "mistral-7b-v0.1"},
        {"workload", {{"kind", "inference"}, {"weights", "int4"}, {"concurrency", 4}}},
        {"filters", {{"providers", {"gcp"}}}},
        {"limit", 1000}}},
      {"inference pinned",
       {{"model", "llama-3.1-8b"},
        {"workload", {{"kind", "inference"}}},
        {"hardware", {{"gpu", "h100-sxm"}, {"count", 2}}}}},
      {"inference pinned, split",
       {{"model", "llama-3.1-70b"},
        {"workload", {{"kind", "inference"}, {"concurrency", 4}}},
        {"hardware", {{"gpu", "h100-sxm"}, {"count", 2}}}}},
      {"finetune",
       {{"model", "llama-3.1-70b"},
        {"workload", {{"kind", "finetune"}, {"method", "qlora"}, {"dataset_tokens", 1e8}}}}},
      {"finetune pinned",
       {{"model", "llama-3.1-8b"},
        {"workload", {{"kind", "finetune"}, {"method", "lora"}, {"dataset_tokens", 1e7}}},
        {"hardware", {{"gpu", "rtx-4090"}, {"count", 1}}}}},
      // On-demand only, on a provider whose rows all carry spot prices: the spot answer quotes the
      // catalog's spot price of the top offering.
      {"pretrain",
       {{"model", "llama-3.1-8b"},
        {"workload", {{"kind", "pretrain"}, {"tokens", 1e11}}},
        {"filters", {{"pricing", "on_demand"}, {"providers", {"aws"}}}}}},
      {"pretrain, spot pair listed",
       {{"model", "llama-3.1-8b"}, {"workload", {{"kind", "pretrain"}, {"tokens", 1e11}}}, {"limit", 1000}}},
      {"image", {{"model", "flux.1-dev"}, {"workload", {{"kind", "image"}, {"images", 1000}}}}},
      {"video", {{"model", "wan2.1-t2v-14b"}, {"workload", {{"kind", "video"}, {"images", 10}}}}},
      {"audio", {{"model", "whisper-large-v3"}, {"workload", {{"kind", "audio"}, {"audio_seconds", 3600}}}}},
      {"audio pinned",
       {{"model", "kokoro-82m"},
        {"workload", {{"kind", "audio"}, {"audio_seconds", 600}}},
        {"hardware", {{"gpu", "l4"}, {"count", 1}}}}},
  };
}

json evaluate_in(json request, const char* locale) {
  request["locale"] = locale;
  return sizer_test::evaluate(request);
}

std::string answer_of(const json& response, const std::string& id) {
  for (const auto& g : response["guidance"]) {
    if (g["id"] == id) return g["answer"].get<std::string>();
  }
  return "";
}

// Code points of a UTF-8 string (the answers are valid UTF-8; a bad byte reads as U+FFFD).
std::vector<char32_t> code_points(const std::string& s) {
  std::vector<char32_t> out;
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    int extra = c < 0x80 ? 0 : (c >> 5) == 0x6 ? 1 : (c >> 4) == 0xE ? 2 : (c >> 3) == 0x1E ? 3 : -1;
    if (extra < 0 || i + static_cast<size_t>(extra) >= s.size() + (extra == 0 ? 1 : 0)) {
      out.push_back(0xFFFD);
      ++i;
      continue;
    }
    char32_t cp = extra == 0 ? c : c & (0x3F >> extra);
    for (int k = 1; k <= extra; ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<size_t>(k)]) & 0x3F);
    out.push_back(cp);
    i += static_cast<size_t>(extra) + 1;
  }
  return out;
}

bool has_arabic_letter(const std::string& s) {
  for (char32_t cp : code_points(s)) {
    if (cp >= 0x0600 && cp <= 0x06FF) return true;
  }
  return false;
}

// Every Latin digit of an Arabic answer sits inside a first-strong isolate (U+2068 … U+2069).
bool digits_isolated(const std::string& s) {
  int depth = 0;
  for (char32_t cp : code_points(s)) {
    if (cp == 0x2068) ++depth;
    if (cp == 0x2069) --depth;
    if (cp >= U'0' && cp <= U'9' && depth <= 0) return false;
  }
  return depth == 0;
}

// Spot saving as the answer states it, computed here from the response and the catalog: the top option's
// offering, on demand minus spot; per job (usd_total) or per month (usd_per_month) when both options are
// listed, else from the catalog's hourly prices (× instances; an endpoint: × hours a month).
std::optional<double> expected_spot_saving(const json& response) {
  const json& options = response["options"];
  if (options.empty() || !options[0]["fits"].get<bool>() || !options[0].contains("offering_id")) return std::nullopt;
  const json& top = options[0];
  const std::string offering_id = top["offering_id"];
  const bool serving = response["workload_kind"] == "inference";
  const char* key = serving ? "usd_per_month" : "usd_total";
  const json* on_demand = nullptr;
  const json* spot = nullptr;
  for (const auto& o : options) {
    if (o.value("offering_id", "") != offering_id || !o["fits"].get<bool>()) continue;
    if (o["pricing"] == "on_demand" && on_demand == nullptr) on_demand = &o;
    if (o["pricing"] == "spot" && spot == nullptr) spot = &o;
  }
  if (on_demand && spot) return (*on_demand)[key].get<double>() - (*spot)[key].get<double>();
  for (const auto& offering : sizer_test::bundled().offerings) {
    if (offering.id != offering_id || !offering.usd_per_hour || !offering.spot_usd_per_hour) continue;
    const double instances = top.value("instances", 1.0);
    const double per_hour = (*offering.usd_per_hour - *offering.spot_usd_per_hour) * instances;
    if (!serving) return per_hour;
    return per_hour * top["usd_per_month"].get<double>() / top["usd_per_hour"].get<double>();
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("formatters", "[guidance]") {
  CHECK(sizer::format_gb(9.218992732e9) == "9.22 GB");
  CHECK(sizer::format_gb(141.1e9) == "141.1 GB");
  CHECK(sizer::format_usd(1234.5678) == "$1,234.57");
  CHECK(sizer::format_usd(1234567.0) == "$1,234,567.00");
  CHECK(sizer::format_usd(0.45) == "$0.45");
  CHECK(sizer::format_usd(0.0021) == "$0.0021");
  CHECK(sizer::format_usd(0.09) == "$0.090");
  CHECK(sizer::format_usd(0) == "$0.00");
  CHECK(sizer::format_usd(-3.1) == "-$3.10");
  CHECK(sizer::format_usd(-0.0001) == "-$0.00010");
  CHECK(sizer::format_tokens_per_s(80.947) == "80.9");
  CHECK(sizer::format_tokens_per_s(21865.0) == "21,865.0");
  CHECK(sizer::format_percent(0.14) == "14%");
  CHECK(sizer::format_percent(0.004) == "0.4%");
}

TEST_CASE("nine answers for every workload, in both locales", "[guidance]") {
  for (const Case& c : cases()) {
    INFO(c.name);
    const json en = evaluate_in(c.request, "en");
    const json ar = evaluate_in(c.request, "ar");
    REQUIRE(en["ok"] == true);
    REQUIRE(ar["ok"] == true);
    REQUIRE(en["guidance"].size() == kIds.size());
    REQUIRE(ar["guidance"].size() == kIds.size());
    for (size_t i = 0; i < kIds.size(); ++i) {
      INFO(kIds[i]);
      const json& e = en["guidance"][i];
      const json& a = ar["guidance"][i];
      CHECK(e["id"] == kIds[i]);
      CHECK(a["id"] == kIds[i]);
      const std::string eq = e["question"], ea = e["answer"], aq = a["question"], aa = a["answer"];
      INFO(ea);
      INFO(aa);
      CHECK(!eq.empty());
      CHECK(ea.size() > 40);
      CHECK(aa.size() > 40);
      CHECK_FALSE(has_arabic_letter(eq));
      CHECK_FALSE(has_arabic_letter(ea));
      CHECK(has_arabic_letter(aq));
      CHECK(has_arabic_letter(aa));
      for (const char* english : {" the ", " The ", " and ", " of ", " is ", " per "}) {
        CHECK(aa.find(english) == std::string::npos);
      }
      CHECK(digits_isolated(aa));
      CHECK(digits_isolated(aq));
    }
  }
}

TEST_CASE("answers quote the response's own figures in both locales", "[guidance]") {
  for (const Case& c : cases()) {
    INFO(c.name);
    const json en = evaluate_in(c.request, "en");
    const json ar = evaluate_in(c.request, "ar");
    REQUIRE(en["ok"] == true);
    const bool pinned = c.request.contains("hardware");
    const std::string kind = en["workload_kind"];
    const std::string total = sizer::format_gb(en["memory"]["total_bytes"].get<double>());
    for (const json* r : {&en, &ar}) {
      INFO(answer_of(*r, "vram_needed"));
      CHECK(answer_of(*r, "vram_needed").find(total) != std::string::npos);
    }
    REQUIRE(!en["options"].empty());
    const json& top = en["options"][0];
    REQUIRE(top["fits"] == true);
    if (kind == "inference") {
      const std::string speed = sizer::format_tokens_per_s(top["decode_output_tokens_per_s_per_user"].get<double>());
      for (const json* r : {&en, &ar}) {
        INFO(answer_of(*r, "why_slow"));
        CHECK(answer_of(*r, "why_slow").find(speed) != std::string::npos);
      }
    } else if (!pinned) {
      const std::string usd_total = sizer::format_usd(top["usd_total"].get<double>());
      for (const json* r : {&en, &ar}) {
        INFO(answer_of(*r, "billing_granularity"));
        CHECK(answer_of(*r, "billing_granularity").find(usd_total) != std::string::npos);
      }
    }
    const std::optional<double> saving = expected_spot_saving(en);
    if (saving) {
      const std::string text = sizer::format_usd(*saving);
      for (const json* r : {&en, &ar}) {
        INFO(answer_of(*r, "spot_or_on_demand"));
        CHECK(answer_of(*r, "spot_or_on_demand").find(text) != std::string::npos);
      }
    }
    if (pinned) {
      CHECK(answer_of(en, "billing_granularity").find("not available without a priced option") != std::string::npos);
      CHECK(answer_of(en, "spot_or_on_demand").find("not available without a priced option") != std::string::npos);
    }
  }
}

TEST_CASE("the spot saving is computed on both paths (listed pair and catalog prices)", "[guidance]") {
  // Both options of the top offering listed: the saving is per job or per month.
  const json listed = evaluate_in(cases()[7].request, "en");  // pretrain, limit 1000
  REQUIRE(expected_spot_saving(listed));
  CHECK(answer_of(listed, "spot_or_on_demand").find("on demand and") != std::string::npos);
  // Only the top option listed: the catalog's hourly prices.
  const json catalog = evaluate_in(cases()[6].request, "en");  // pretrain, limit 20
  REQUIRE(expected_spot_saving(catalog));
  CHECK(answer_of(catalog, "spot_or_on_demand").find("catalog's spot price") != std::string::npos);
  // An endpoint with both options listed: per month.
  const json endpoint = evaluate_in(cases()[1].request, "en");
  REQUIRE(expected_spot_saving(endpoint));
  CHECK(
      answer_of(endpoint, "spot_or_on_demand").find(sizer::format_usd(*expected_spot_saving(endpoint)) + " a month") !=
      std::string::npos);
}

TEST_CASE("a 4-bit 7B chat model fits a 24 GB card", "[guidance]") {
  const json request = {{"model", "mistral-7b-v0.1"},
                        {"workload", {{"kind", "inference"}, {"weights", "int4"}, {"concurrency", 4}}}};
  const json en = evaluate_in(request, "en");
  const json ar = evaluate_in(request, "ar");
  REQUIRE(en["ok"] == true);
  CHECK(answer_of(en, "datacenter_or_consumer").find("A 24 GB card is enough") != std::string::npos);
  CHECK(answer_of(ar, "datacenter_or_consumer").find("بطاقة بسعة \u206824 GB\u2069 تكفي") != std::string::npos);
  // And a 70B model in bf16 does not.
  const json big = evaluate_in({{"model", "llama-3.1-70b"}, {"workload", {{"kind", "inference"}}}}, "en");
  REQUIRE(big["ok"] == true);
  CHECK(answer_of(big, "datacenter_or_consumer").find("A 24 GB card is enough") == std::string::npos);
}

TEST_CASE("VRAM classes are counted over the catalog's GPUs", "[guidance]") {
  const json en = evaluate_in(cases()[0].request, "en");
  int small = 0, mid = 0, large = 0;
  for (const auto& g : sizer_test::bundled().gpus) {
    if (g.kind != sizer::HardwareKindId::gpu) continue;
    (g.vram_gib <= 24 ? small : g.vram_gib < 80 ? mid : large)++;
  }
  const std::string vram = answer_of(en, "vram_needed");
  INFO(vram);
  CHECK(vram.find("of the " + std::to_string(small) + " GPU kinds of 24 GB or less") != std::string::npos);
  CHECK(vram.find("of the " + std::to_string(mid) + " of ") != std::string::npos);
  CHECK(vram.find("of the " + std::to_string(large) + " of 80 GB or more") != std::string::npos);
}

TEST_CASE("a rejected request has no guidance", "[guidance]") {
  const json r = sizer_test::evaluate({{"model", "no-such-model"}, {"workload", {{"kind", "inference"}}}});
  CHECK(r["ok"] == false);
  CHECK((!r.contains("guidance") || r["guidance"].empty()));
}

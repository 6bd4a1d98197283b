#include "guidance.hpp"
#include "noinline.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "cost.hpp"
#include "engines.hpp"
#include "formats.hpp"
#include "performance.hpp"
#include "ranking.hpp"

namespace sizer {
namespace {

using Facts = std::vector<Message>;

// ---------------------------------------------------------------------------------------------------
// Params: a figure as the answers print it (its raw value beside), or a word phrased in the locale.

Param text(std::string name, std::string value) { return param_text(std::move(name), std::move(value)); }
Param whole(std::string name, int64_t value) {
  return param_number(std::move(name), static_cast<double>(value), std::to_string(value));
}
Param gb(std::string name, double bytes) { return param_number(std::move(name), bytes, format_gb(bytes)); }
Param bytes_of(std::string name, double b) { return param_number(std::move(name), b, format_bytes(b)); }
Param usd(std::string name, double x) { return param_number(std::move(name), x, format_usd(x)); }
Param pct(std::string name, double fraction) { return param_number(std::move(name), fraction, format_percent(fraction)); }
Param ratio(std::string name, double x) { return param_number(std::move(name), x, format_ratio(x)); }
Param times(std::string name, double x) { return param_number(std::move(name), x, format_ratio(x) + "×"); }
Param tps(std::string name, double rate) { return param_number(std::move(name), rate, format_tokens_per_s(rate)); }
Param number(std::string name, double x) { return param_number(std::move(name), x, format_count(x)); }
Param word(std::string name, std::string key) { return param_word(std::move(name), std::move(key)); }
Param clause(std::string name, Message m) { return param_message(std::move(name), std::move(m)); }
Param clause_if(std::string name, bool present, Message m) {
  return param_message(std::move(name), present ? std::move(m) : no_message());
}

// "8 sequences" / "⁨8⁩ تسلسلات": a counted noun, its form chosen by the locale's plural rule
// ("guidance.count.<noun>#one", "#two", "#few", "#many", "#other").
Message count_of(double value, const char* noun) {
  const double n = std::round(std::fabs(std::min(value, 1e15)));
  return message(std::string("guidance.count.") + noun, {param_number("n", n, format_count(value))}, "n");
}
Param count(std::string name, double value, const char* noun) { return clause(std::move(name), count_of(value, noun)); }

// "36.5 h", "2 min" / "⁨36.5⁩ ساعة", "دقيقتين".
Message duration_of(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) seconds = 0;
  if (seconds < 120) {
    const double s = std::round(seconds);
    return message("guidance.duration.s", {param_number("n", s, printf_figure("%.0f", s))}, "n");
  }
  if (seconds < 7200) {
    const double minutes = std::round(seconds / 60);
    return message("guidance.duration.min", {param_number("n", minutes, printf_figure("%.0f", minutes))}, "n");
  }
  if (seconds < 172800) return message("guidance.duration.h", {param_number("n", seconds / 3600, printf_figure("%.1f", seconds / 3600))});
  return message("guidance.duration.days", {param_number("n", seconds / 86400, printf_figure("%.1f", seconds / 86400))});
}
Param duration(std::string name, double seconds) { return clause(std::move(name), duration_of(seconds)); }

// "100 billion tokens" / "⁨100⁩ مليار رمز".
Param tokens(std::string name, double value) {
  if (value >= 1e12) return clause(std::move(name), message("guidance.tokens.trillion", {ratio("n", value / 1e12)}));
  if (value >= 1e9) return clause(std::move(name), message("guidance.tokens.billion", {ratio("n", value / 1e9)}));
  if (value >= 1e6) return clause(std::move(name), message("guidance.tokens.million", {ratio("n", value / 1e6)}));
  return count(std::move(name), value, "token");
}

bool custom_gpu(const Gpu* gpu) { return gpu == nullptr || gpu->name.empty() || gpu->name == "custom"; }
Param gpu_name(std::string name, const Gpu* gpu) {
  if (custom_gpu(gpu)) return word(std::move(name), "guidance.word.custom_gpu");
  return text(std::move(name), gpu->name);
}
// "8 × NVIDIA H100 SXM" as one run.
Param gpus(std::string name, int64_t n, const Gpu* gpu) {
  if (custom_gpu(gpu)) {
    return clause(std::move(name), message("guidance.gpus.custom", {text("n", std::to_string(n) + " × ")}));
  }
  return text(std::move(name), std::to_string(n) + " × " + gpu->name);
}
// "Lambda gpu_1x_h100_sxm5": a provider and an instance, each a name of its own.
Param where_param(std::string name, const std::string& provider, const std::string& instance) {
  return clause(std::move(name), message("guidance.where", {text("provider", provider), text("instance", instance)}));
}
Param provider_name(std::string name, const Provider* p) {
  return text(std::move(name), p ? (p->name.empty() ? p->id : p->name) : "");
}

// Everything the nine answers share: the request, the response, the catalog, and what was looked up once.
struct Ctx {
  const Request& request;
  const Response& response;
  const Catalog& catalog;
  const MemoryReport& m;
  const Option* top = nullptr;         // the best ranked option that fits (options are ranked best first)
  const Gpu* top_gpu = nullptr;        // its GPU (the pinned one for `hardware` requests)
  const Provider* provider = nullptr;  // its provider (none for pinned hardware)
  double usable_fraction = 0.9;        // of a GPU's VRAM the workload may fill

  bool serving() const { return request.kind == WorkloadKind::inference; }
  // A user-facing endpoint: serving with users waiting, not an offline batch (a job, where spot is fine).
  bool endpoint() const { return serving() && !request.inference.batch(); }
  bool training() const { return is_training(request.kind); }
  bool audio() const { return request.kind == WorkloadKind::audio; }
  bool video() const { return request.kind == WorkloadKind::video; }
  bool pinned() const { return request.hardware.has_value(); }
};

const Gpu* gpu_of(const Ctx& c, const Option& option) {
  if (c.request.hardware) return &c.request.hardware->gpu;
  return c.catalog.find_gpu(option.gpu);
}

const Provider* provider_of(const Ctx& c, const Option& option) {
  return option.provider.empty() ? nullptr : c.catalog.find_provider(option.provider);
}

const Offering* offering_of(const Ctx& c, const Option& option) {
  for (const Offering& offering : c.catalog.offerings) {
    if (!option.offering_id.empty() && offering.id == option.offering_id) return &offering;
  }
  return nullptr;
}

// Seconds of work a job option runs: the cost stage's `job_s` (spot: with its `spot_extra_s`, else without). Options
// the cost stage did not price (pinned hardware) carry no job_s: their stage's own duration.
double job_seconds(const Ctx& c, const Option& option, bool with_spot_extra) {
  double seconds = 0;
  if (option.job_s) {
    // job_s is every billed second, spot restarts included (cost.cpp): without them, take them off.
    return with_spot_extra ? *option.job_s : *option.job_s - option.spot_extra_s.value_or(0);
  } else if (option.train_s) {
    seconds = *option.train_s;
  } else if (option.items_per_s && *option.items_per_s > 0) {
    const double items = c.audio() ? 1.0 : c.request.media.images;  // audio: the whole recording is one item
    seconds = items / *option.items_per_s;
  }
  if (with_spot_extra) seconds += option.spot_extra_s.value_or(0);
  return seconds;
}

Param granularity(std::string name, const Provider& p) {
  const double g = p.billing_granularity_s;
  Message unit = g <= 1      ? message("guidance.billing.per_second")
                 : g == 60   ? message("guidance.billing.per_minute")
                 : g == 3600 ? message("guidance.billing.per_hour")
                             : message("guidance.billing.every", {duration("period", g)});
  const bool minimum = p.minimum_charge_s && *p.minimum_charge_s > 0;
  return clause(std::move(name),
                message("guidance.billing.granularity",
                        {clause("unit", unit),
                         clause_if("minimum", minimum,
                                   message("guidance.billing.minimum", {duration("period", p.minimum_charge_s.value_or(0))}))}));
}

Param bottleneck(std::string name, std::optional<BottleneckId> id) {
  if (id) return word(std::move(name), "guidance.bottleneck." + std::string(id_of(*id)));
  return text(std::move(name), "");
}

Param interconnect(std::string name, std::optional<InterconnectId> kind) {
  if (kind == InterconnectId::nvlink) return text(std::move(name), "NVLink");
  if (kind == InterconnectId::pcie) return text(std::move(name), "PCIe");
  if (kind == InterconnectId::infinity_fabric) return text(std::move(name), "Infinity Fabric");
  return word(std::move(name), "guidance.word.no_link");
}

Param sharding(std::string name, std::optional<ShardingId> stage) {
  return sharding_phrase(std::move(name), stage ? id_of(*stage) : std::string_view("none"));
}

// The workload as a noun phrase ("full fine-tuning") and at the start of a sentence ("Full fine-tuning").
std::string workload_word(const Ctx& c) {
  if (c.request.kind == WorkloadKind::pretrain) return "pretrain";
  const MethodId method = c.request.training.method;
  return method == MethodId::full ? "full" : method == MethodId::qlora ? "qlora" : "lora";
}

const Explanation* find_explanation(const Ctx& c, const std::string& figure) {
  for (const Explanation& e : c.response.explain) {
    if (e.figure == figure) return &e;
  }
  return nullptr;
}

double explained_value(const Explanation& e, const std::string& name) {
  for (const auto& [key, value] : e.values) {
    if (key == name) return value;
  }
  return 0;
}

// The catalog GPU with the most memory bandwidth (the "what HBM would give" reference).
const Gpu* fastest_memory_gpu(const Catalog& catalog) {
  const Gpu* best = nullptr;
  for (const Gpu& g : catalog.gpus) {
    if (g.kind == HardwareKindId::gpu && (best == nullptr || g.memory_bandwidth_gbs > best->memory_bandwidth_gbs)) best = &g;
  }
  return best;
}

// The reference cards of the "80 GB or consumer" answer: H100 SXM and RTX 4090 (every catalog has them),
// else the fastest HBM card of 80 GB or more and the fastest card of 24 GB or less.
const Gpu* datacenter_reference(const Catalog& catalog) {
  if (const Gpu* g = catalog.find_gpu("h100-sxm")) return g;
  const Gpu* best = nullptr;
  for (const Gpu& g : catalog.gpus) {
    if (g.kind == HardwareKindId::gpu && g.is_hbm() && g.vram_gib >= 80 &&
        (best == nullptr || g.memory_bandwidth_gbs > best->memory_bandwidth_gbs)) {
      best = &g;
    }
  }
  return best;
}
const Gpu* consumer_reference(const Catalog& catalog) {
  if (const Gpu* g = catalog.find_gpu("rtx-4090")) return g;
  const Gpu* best = nullptr;
  for (const Gpu& g : catalog.gpus) {
    if (g.kind == HardwareKindId::gpu && g.vram_gib <= 24 &&
        (best == nullptr || g.memory_bandwidth_gbs > best->memory_bandwidth_gbs)) {
      best = &g;
    }
  }
  return best;
}

// Does the per-replica total fit one GPU of `vram_gib`? The placement stage's test: one replica within
// the usable fraction (usable_vram_fraction) of what the driver of such a card reports (catalog.hpp driver_bytes).
bool fits_vram(const Ctx& c, double vram_gib, double total_bytes) {
  return total_bytes <= vram_gib * 1073741824.0 * (1.0 - kUnmeasuredDriverReserve) * c.usable_fraction;
}

// What one replica needs. The memory report holds the request's whole batch in one replica; a top option that serves
// it as replicas of one GPU each holds its share on each GPU (used_bytes_per_gpu), and the answers that weigh a card's
// size against a replica read that, so "63.2 GB fits one A40" is never said of 48 GB cards holding 41.2 GB each.
double replica_total_bytes(const Ctx& c) {
  if (c.serving() && c.top && c.top->fits && c.top->tensor * c.top->pipeline == 1 && c.top->data > 1) {
    return c.top->used_bytes_per_gpu;
  }
  return c.m.total_bytes;
}

// The fit list's word on one GPU kind (fit_by_gpu, the placement stage's own test): does one card hold
// a replica? GPUs the list does not name (a custom pinned card) fall back to the per-replica total.
// The answers use this, not their own arithmetic, so they never contradict the fit list beside them.
bool fits_one(const Ctx& c, const Gpu& gpu) {
  for (const GpuFit& f : c.response.fit_by_gpu) {
    if (f.gpu == gpu.id) return f.gpus_needed && *f.gpus_needed == 1;
  }
  return c.m.total_bytes <= gpu.driver_bytes() * c.usable_fraction;
}

// A link fast enough for tensor parallelism (NVLink, or AMD's Infinity Fabric) joins the option's GPUs.
bool fast_link(const Option& o) {
  return o.interconnect == InterconnectId::nvlink || o.interconnect == InterconnectId::infinity_fabric;
}

// ---------------------------------------------------------------------------------------------------
// 1. How much VRAM do I need?

struct VramClass {
  int fit = 0;
  int total = 0;
  double min_gib = 0;
  double max_gib = 0;
};

// GPU kinds in the catalog (TPUs/NPUs are not evaluated) by VRAM: 24 GB or less, between, 80 GB or more.
std::array<VramClass, 3> vram_classes(const Ctx& c) {
  std::array<VramClass, 3> classes{};
  for (const Gpu& g : c.catalog.gpus) {
    if (g.kind != HardwareKindId::gpu) continue;
    VramClass& k = classes[g.vram_gib <= 24 ? 0 : g.vram_gib < 80 ? 1 : 2];
    if (k.total == 0 || g.vram_gib < k.min_gib) k.min_gib = g.vram_gib;
    k.max_gib = std::max(k.max_gib, g.vram_gib);
    ++k.total;
    if (fits_one(c, g)) ++k.fit;
  }
  return classes;
}

void class_sentence(const Ctx& c, Facts& out) {
  const auto classes = vram_classes(c);
  // In GB (10⁹ bytes) like every figure beside it (the catalog's sizes are GiB).
  const std::string mid = format_gb(classes[1].min_gib * 1073741824.0) + "–" + format_gb(classes[1].max_gib * 1073741824.0);
  out.push_back(message("guidance.vram_needed.classes",
                        {pct("reserve", 1 - c.usable_fraction), whole("fit", classes[0].fit),
                         whole("total", classes[0].total), count("kinds", classes[0].total, "kind")}));
  if (classes[1].total > 0) {
    out.push_back(message("guidance.vram_needed.classes_mid",
                          {whole("fit", classes[1].fit), whole("total", classes[1].total), text("range", mid)}));
  }
  out.push_back(message("guidance.vram_needed.classes_end", {whole("fit", classes[2].fit), whole("total", classes[2].total)}));
  if (classes[2].fit == 0 && classes[1].fit == 0 && classes[0].fit == 0) {
    out.push_back(message("guidance.vram_needed.no_single_gpu"));
    if (c.top) out.push_back(message("guidance.vram_needed.no_single_gpu_top", {gpus("gpus", c.top->gpus, c.top_gpu)}));
    out.push_back(message("guidance.common.period"));
  }
}

// The model's name, and as the first word of a sentence (capitalised where the locale has capitals).
std::string capitalised(std::string name) {
  if (!name.empty() && name[0] >= 'a' && name[0] <= 'z') name[0] = static_cast<char>(name[0] - 'a' + 'A');
  return name;
}

Facts answer_vram(const Ctx& c) {
  const MemoryReport& m = c.m;
  Facts out;
  const Param model = text("model", c.request.model.name);
  const Param model_cap = text("Model", capitalised(c.request.model.name));
  if (c.serving()) {
    const InferenceWorkload& w = c.request.inference;
    const double kv = m.kv_cache_bytes.value_or(0);
    const double share = m.total_bytes > 0 ? kv / m.total_bytes : 0;
    out.push_back(message("guidance.vram_needed.serving",
                          {model, model_cap, gb("total", m.total_bytes), gb("weights", m.weights_bytes), gb("kv", kv),
                           pct("share", share), count("sequences", static_cast<double>(w.concurrency), "sequence"),
                           count("context", static_cast<double>(w.context_tokens), "token"),
                           gb("activations", m.activations_bytes), gb("overhead", m.overhead_bytes),
                           bytes_of("kv_per_token", m.kv_bytes_per_token.value_or(0))}));
    // An offline batch or a request rate lets each option choose its batch: the figures above are the request's
    // (what must fit), the top option's own batch is said beside them, so the two never read as one.
    // Replicas each hold their share of the batch, so the per-replica figure above (all of it in one) is not what the
    // top option holds: its replicas and their batch are said beside it.
    const int64_t replicas = c.top ? std::max<int64_t>(1, c.top->data) : 1;
    if (c.top && c.top->fits && replicas > 1 && c.top->concurrency > 1) {
      const int64_t per_replica = (c.top->concurrency + replicas - 1) / replicas;
      out.push_back(message("guidance.vram_needed.serving_top_replicas",
                            {count("sequences", static_cast<double>(c.top->concurrency), "sequence"),
                             count("replicas", static_cast<double>(replicas), "replica"),
                             count("per_replica", static_cast<double>(per_replica), "sequence"),
                             gpus("gpus", c.top->gpus, c.top_gpu), gb("per_gpu", c.top->used_bytes_per_gpu)}));
    } else if (c.top && c.top->fits && c.top->concurrency != w.concurrency) {
      out.push_back(message("guidance.vram_needed.serving_top",
                            {count("sequences", static_cast<double>(c.top->concurrency), "sequence"),
                             gpus("gpus", c.top->gpus, c.top_gpu), gb("per_gpu", c.top->used_bytes_per_gpu)}));
    }
    if (c.top && c.top->max_concurrency) {
      out.push_back(message("guidance.vram_needed.serving_room",
                            {count("room", static_cast<double>(*c.top->max_concurrency), "sequence")}));
    }
  } else if (c.training()) {
    const TrainingWorkload& w = c.request.training;
    const double adapters = m.adapter_bytes.value_or(0);
    const std::string kind = workload_word(c);
    out.push_back(message("guidance.vram_needed.training",
                          {word("workload", "guidance.workload." + kind), word("Workload", "guidance.workload_start." + kind),
                           model, gb("total", m.total_bytes), gb("weights", m.weights_bytes),
                           gb("gradients", m.gradients_bytes.value_or(0)), gb("optimizer", m.optimizer_bytes.value_or(0))}));
    if (adapters > 0) out.push_back(message("guidance.vram_needed.training_adapters", {gb("adapters", adapters)}));
    out.push_back(message("guidance.vram_needed.training_activations",
                          {gb("activations", m.activations_bytes),
                           count("micro_batch", static_cast<double>(w.micro_batch), "sequence"),
                           count("seq_len", static_cast<double>(w.seq_len), "token")}));
    if (w.grad_checkpointing) out.push_back(message("guidance.vram_needed.training_checkpointing"));
    out.push_back(message("guidance.vram_needed.training_end", {gb("overhead", m.overhead_bytes)}));
    if (c.top) {
      out.push_back(message("guidance.vram_needed.training_top",
                            {count("gpus", static_cast<double>(c.top->gpus), "gpu"), sharding("sharding", c.top->sharding),
                             gb("per_gpu", c.top->used_bytes_per_gpu)}));
    }
  } else {
    const MediaWorkload& w = c.request.media;
    out.push_back(message("guidance.vram_needed.media",
                          {model, model_cap, gb("total", m.total_bytes), gb("weights", m.weights_bytes),
                           gb("activations", m.activations_bytes)}));
    if (!c.audio()) {
      const std::string dims = std::to_string(w.width) + "×" + std::to_string(w.height);
      out.push_back(message("guidance.vram_needed.media_size",
                            {c.video() ? clause("size", message("guidance.size.video",
                                                                {text("dims", dims + "×" + std::to_string(w.frames))}))
                                       : text("size", dims)}));
    }
    out.push_back(message(c.audio() ? "guidance.vram_needed.media_end_audio" : "guidance.vram_needed.media_end",
                          {text("batch", std::to_string(w.batch)), gb("overhead", m.overhead_bytes)}));
  }
  class_sentence(c, out);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// 2. Spot or on-demand?

struct SpotFigures {
  const Option* on_demand = nullptr;  // the top offering's on-demand option in the list
  const Option* spot = nullptr;       // and its spot option
  const Offering* offering = nullptr;
  bool priced = false;        // a saving could be computed
  bool from_options = false;  // both options are in the list (else: the catalog's hourly prices)
  double saving_per_hour = 0;
  double saving_fraction = 0;
  double saving = 0;  // per job (usd_total) or per month (usd_per_month)
  double spot_usd_per_hour = 0;
};

// Hours an endpoint runs in a month: the cost stage's kHoursPerMonth × hours_per_day / 24.
double endpoint_hours_per_month(const Ctx& c) {
  return kHoursPerMonth * c.request.inference.hours_per_day.value_or(24.0) / 24.0;
}

SpotFigures spot_figures(const Ctx& c) {
  SpotFigures f;
  if (c.top == nullptr || c.top->offering_id.empty()) return f;
  for (const Option& o : c.response.options) {
    if (o.offering_id != c.top->offering_id || !o.fits) continue;
    if (o.pricing == PricingId::on_demand && f.on_demand == nullptr) f.on_demand = &o;
    if (o.pricing == PricingId::spot && f.spot == nullptr) f.spot = &o;
  }
  f.offering = offering_of(c, *c.top);
  const double instances = static_cast<double>(c.top->instances);
  if (f.on_demand && f.spot && f.on_demand->usd_per_hour && f.spot->usd_per_hour) {
    f.from_options = true;
    f.priced = true;
    f.saving_per_hour = *f.on_demand->usd_per_hour - *f.spot->usd_per_hour;
    f.saving_fraction = f.saving_per_hour / std::max(1e-12, *f.on_demand->usd_per_hour);
    f.spot_usd_per_hour = *f.spot->usd_per_hour;
    f.saving = c.endpoint() ? f.on_demand->usd_per_month.value_or(0) - f.spot->usd_per_month.value_or(0)
                           : f.on_demand->usd_total.value_or(0) - f.spot->usd_total.value_or(0);
  } else if (f.offering && f.offering->usd_per_hour && f.offering->spot_usd_per_hour) {
    f.priced = true;
    f.saving_per_hour = (*f.offering->usd_per_hour - *f.offering->spot_usd_per_hour) * instances;
    f.saving_fraction = f.saving_per_hour / std::max(1e-12, *f.offering->usd_per_hour * instances);
    f.spot_usd_per_hour = *f.offering->spot_usd_per_hour * instances;
    f.saving = c.endpoint() ? f.saving_per_hour * endpoint_hours_per_month(c) : f.saving_per_hour;
  }
  return f;
}

void interruption_sentence(const Ctx& c, const SpotFigures& f, Facts& out) {
  const Param rate = pct("rate", kSpotInterruptionsPerHour);
  const Param restart = duration("restart", kSpotRestartSeconds);
  if (c.endpoint()) {
    const double hours = endpoint_hours_per_month(c);
    const double interruptions = kSpotInterruptionsPerHour * hours;
    const double down_s = interruptions * kSpotRestartSeconds;
    const double availability = hours > 0 ? 1.0 - down_s / (hours * 3600.0) : 1.0;
    out.push_back(message("guidance.spot_or_on_demand.interruptions_endpoint",
                          {rate, restart, ratio("hours", hours), ratio("interruptions", interruptions),
                           duration("downtime", down_s),
                           param_number("availability", availability, printf_figure("%.1f%%", availability * 100))}));
    return;
  }
  if (c.top == nullptr) return;
  const Option& base = f.on_demand ? *f.on_demand : *c.top;
  const double seconds = job_seconds(c, base, false);
  const SpotOverhead overhead = spot_overhead(seconds, spot_restart_interval(c.request), base.instances);
  const double interruptions = overhead.expected_interruptions;
  const double extra_s = f.spot && f.spot->spot_extra_s ? *f.spot->spot_extra_s : overhead.extra_seconds;
  const double extra_usd = f.spot_usd_per_hour * extra_s / 3600.0;
  out.push_back(message("guidance.spot_or_on_demand.interruptions_job",
                        {rate, restart, duration("job", seconds), ratio("interruptions", interruptions),
                         duration("extra", extra_s)}));
  if (f.priced) out.push_back(message("guidance.spot_or_on_demand.interruptions_cost", {usd("usd", extra_usd)}));
  out.push_back(message(f.from_options ? "guidance.spot_or_on_demand.interruptions_included" : "guidance.common.period"));
}

Message spot_advice(const Ctx& c) {
  switch (c.request.kind) {
    case WorkloadKind::inference:
      return message(c.request.inference.batch() ? "guidance.spot_or_on_demand.advice_batch"
                                                 : "guidance.spot_or_on_demand.advice_inference");
    case WorkloadKind::finetune:
      return message("guidance.spot_or_on_demand.advice_finetune",
                     {duration("every", c.request.training.checkpoint_every_s.value_or(3600))});
    case WorkloadKind::pretrain:
      return message(c.top && c.top->pricing == PricingId::spot ? "guidance.spot_or_on_demand.advice_pretrain_spot_pick"
                                                                 : "guidance.spot_or_on_demand.advice_pretrain");
    default:
      return message(c.audio()   ? "guidance.spot_or_on_demand.advice_audio"
                     : c.video() ? "guidance.spot_or_on_demand.advice_video"
                                 : "guidance.spot_or_on_demand.advice_image");
  }
}

Facts answer_spot(const Ctx& c) {
  const SpotFigures f = spot_figures(c);
  Facts out{spot_advice(c), message("guidance.common.space")};
  if (c.pinned() || c.top == nullptr || c.top->offering_id.empty()) {
    out.push_back(message(c.pinned() ? "guidance.spot_or_on_demand.unpriced_pinned"
                                     : "guidance.spot_or_on_demand.unpriced_none"));
  } else if (f.priced) {
    const Param where = where_param(
        "where", c.provider ? (c.provider->name.empty() ? c.provider->id : c.provider->name) : "", c.top->instance);
    if (c.top->pricing == PricingId::spot) out.push_back(message("guidance.spot_or_on_demand.already_spot"));
    if (c.top->pricing == PricingId::reserved && f.on_demand && f.on_demand->usd_total && c.top->usd_total) {
      out.push_back(message("guidance.spot_or_on_demand.reserved_pick",
                            {usd("reserved", *c.top->usd_total), usd("on_demand", *f.on_demand->usd_total)}));
    }
    if (c.endpoint()) {
      out.push_back(message("guidance.spot_or_on_demand.saving_endpoint",
                            {where, usd("per_hour", f.saving_per_hour), pct("fraction", f.saving_fraction),
                             usd("saving", f.saving)}));
    } else if (f.from_options) {
      out.push_back(message("guidance.spot_or_on_demand.saving_job",
                            {where, usd("per_hour", f.saving_per_hour), pct("fraction", f.saving_fraction),
                             usd("on_demand", f.on_demand->usd_total.value_or(0)),
                             usd("spot", f.spot->usd_total.value_or(0)), usd("saving", f.saving)}));
    } else {
      out.push_back(message("guidance.spot_or_on_demand.saving_catalog",
                            {where, usd("saving", f.saving), pct("fraction", f.saving_fraction)}));
    }
  } else if (c.top->pricing == PricingId::spot) {
    // The top option is the spot price of an offering with no on-demand price to compare (issue 30: never
    // "has no spot price" beside a spot pick).
    out.push_back(message("guidance.spot_or_on_demand.spot_only",
                          {provider_name("provider", c.provider), text("instance", c.top->instance)}));
  } else {
    out.push_back(message("guidance.spot_or_on_demand.no_spot_price",
                          {provider_name("provider", c.provider), text("instance", c.top->instance)}));
    for (const Option& o : c.response.options) {
      if (o.pricing != PricingId::spot || !o.fits || &o == c.top) continue;
      const double top_cost = c.endpoint() ? c.top->usd_per_month.value_or(0) : c.top->usd_total.value_or(0);
      const double spot_cost = c.endpoint() ? o.usd_per_month.value_or(0) : o.usd_total.value_or(0);
      const Provider* p = provider_of(c, o);
      const std::string who = p ? (p->name.empty() ? p->id : p->name) : o.provider;
      out.push_back(message(c.endpoint() ? "guidance.spot_or_on_demand.best_spot_month"
                                        : "guidance.spot_or_on_demand.best_spot_job",
                            {where_param("where", who, o.instance), usd("spot", spot_cost), usd("top", top_cost)}));
      break;
    }
  }
  out.push_back(message("guidance.common.space"));
  interruption_sentence(c, f, out);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// 3. An 80 GB datacenter GPU or a consumer card?

double speed_of(const Option& o);

// The per-user decode ratio (serving) or speed ratio (other work) of the fastest fitting one-GPU options of two
// GPUs among the options returned, at the same batch; nullopt when either is not listed.
std::optional<double> listed_speed_ratio(const Ctx& c, const Gpu& fast, const Gpu& slow) {
  const Option* a = nullptr;
  const Option* b = nullptr;
  auto speed = [&](const Option& o) {
    return c.serving() ? o.decode_output_tokens_per_s_per_user.value_or(0) : speed_of(o);
  };
  for (const Option& o : c.response.options) {
    if (!o.fits || o.gpus != 1 || o.instances != 1) continue;
    if (c.top && o.concurrency != c.top->concurrency) continue;
    if (o.gpu == fast.id && (a == nullptr || speed(o) > speed(*a))) a = &o;
    if (o.gpu == slow.id && (b == nullptr || speed(o) > speed(*b))) b = &o;
  }
  if (a == nullptr || b == nullptr || !(speed(*b) > 0) || !(speed(*a) > 0)) return std::nullopt;
  return speed(*a) / speed(*b);
}

Facts answer_datacenter(const Ctx& c) {
  const Gpu* dc = datacenter_reference(c.catalog);
  const Gpu* consumer = consumer_reference(c.catalog);
  const double usable24 = 24 * 1073741824.0 * (1.0 - kUnmeasuredDriverReserve) * c.usable_fraction;
  Facts out;
  // Room.
  const double replica_bytes = replica_total_bytes(c);
  const Param total = gb("total", replica_bytes);
  if (fits_vram(c, 24, replica_bytes)) {
    out.push_back(message("guidance.datacenter_or_consumer.fits_24",
                          {total, gb("usable", usable24), gb("spare", usable24 - replica_bytes)}));
  } else if (fits_vram(c, 48, replica_bytes)) {
    out.push_back(message(c.serving() ? "guidance.datacenter_or_consumer.fits_48_serving"
                                      : "guidance.datacenter_or_consumer.fits_48",
                          {total, gb("usable", usable24)}));
  } else if (fits_vram(c, 80, replica_bytes)) {
    out.push_back(message("guidance.datacenter_or_consumer.fits_80", {total}));
  } else if (c.top && c.top->tensor * c.top->pipeline == 1 && c.top_gpu) {
    // The top option holds a replica on one larger card (141 GB H200, 192 GB MI300X): it spans nothing.
    out.push_back(message("guidance.datacenter_or_consumer.fits_one_large",
                          {total, gpu_name("gpu", c.top_gpu), gb("vram", c.top->vram_bytes_per_gpu)}));
  } else {
    out.push_back(message("guidance.datacenter_or_consumer.spans", {total}));
  }
  if (dc == nullptr || consumer == nullptr) return out;
  // Speed: decode and audio decoders follow bandwidth; training and diffusion follow tensor throughput.
  const bool bandwidth_bound = c.serving() || (c.top && c.top->bottleneck == BottleneckId::memory_bandwidth);
  if (bandwidth_bound) {
    // The ratio the options' own figures give when both GPUs are listed with one GPU a replica at the same batch
    // (issue 30: never "6× faster" beside figures that give 3.3×); else the bandwidths' ratio.
    double r = dc->memory_bandwidth_gbs / std::max(1.0, consumer->memory_bandwidth_gbs);
    if (const std::optional<double> figures = listed_speed_ratio(c, *dc, *consumer)) r = *figures;
    out.push_back(message(c.serving() ? "guidance.datacenter_or_consumer.bandwidth_serving"
                                      : "guidance.datacenter_or_consumer.bandwidth_decoding",
                          {gpu_name("dc", dc), gpu_name("consumer", consumer),
                           param_number("dc_bandwidth", dc->memory_bandwidth_gbs, format_count(dc->memory_bandwidth_gbs) + " GB/s"),
                           param_number("consumer_bandwidth", consumer->memory_bandwidth_gbs,
                                        format_count(consumer->memory_bandwidth_gbs) + " GB/s"),
                           ratio("ratio", r), times("times", r)}));
  } else {
    const double r = dc->tflops_16bit() / std::max(1.0, consumer->tflops_16bit());
    out.push_back(message("guidance.datacenter_or_consumer.compute",
                          {gpu_name("dc", dc), gpu_name("consumer", consumer),
                           param_number("dc_tflops", dc->tflops_16bit(), format_count(dc->tflops_16bit()) + " TFLOPS"),
                           number("dc_tflops_figure", dc->tflops_16bit()), number("consumer_tflops", consumer->tflops_16bit()),
                           ratio("ratio", r), times("times", r)}));
  }
  // FP8.
  const WeightFormat* format = find_weight_format(c.serving()    ? c.request.inference.weights
                                                  : c.training() ? c.request.training.weights
                                                                 : c.request.media.weights);
  const bool fp8 = (c.request.kind == WorkloadKind::pretrain && c.request.training.precision == PrecisionId::fp8) ||
                   (format != nullptr && format->compute == "fp8");
  if (fp8) {
    int native = 0, total_kinds = 0;
    for (const Gpu& g : c.catalog.gpus) {
      if (g.kind != HardwareKindId::gpu) continue;
      ++total_kinds;
      if (g.tflops.fp8) ++native;
    }
    out.push_back(message("guidance.datacenter_or_consumer.fp8",
                          {whole("native", native), whole("total", total_kinds), count("kinds", total_kinds, "kind")}));
  } else if (format != nullptr) {
    out.push_back(message("guidance.datacenter_or_consumer.no_fp8", {text("format", std::string(format->id))}));
  }
  // NVLink.
  if (c.top) {
    const int64_t split = c.top->tensor * c.top->pipeline;
    const bool exchanges = split > 1 || (c.training() && c.top->gpus > 1);
    out.push_back(!exchanges           ? message("guidance.datacenter_or_consumer.nvlink_no")
                  : fast_link(*c.top) ? message("guidance.datacenter_or_consumer.nvlink_matters", {whole("gpus", c.top->gpus)})
                                      : message("guidance.datacenter_or_consumer.nvlink_matters_pcie",
                                                {whole("gpus", c.top->gpus), interconnect("link", c.top->interconnect)}));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// 4. Why is generation slow although the GPU is not busy?

void why_slow_serving(const Ctx& c, Facts& out) {
  const Option& o = *c.top;
  const double speed = o.decode_output_tokens_per_s_per_user.value_or(0);
  const int64_t batch = (o.concurrency + std::max<int64_t>(1, o.data) - 1) / std::max<int64_t>(1, o.data);
  out.push_back(message("guidance.why_slow.serving",
                        {gpu_name("gpu", c.top_gpu), tps("speed", speed), tps("total", o.output_tokens_per_s.value_or(0)),
                         count("batch", static_cast<double>(batch), "sequence"), bottleneck("limit", o.bottleneck)}));
  // The explanation is the first listed option's: use it only when that is the option this answer names.
  const bool top_is_first = !c.response.options.empty() && &c.response.options.front() == c.top;
  const Explanation* e = top_is_first ? find_explanation(c, "options.0.decode_output_tokens_per_s_per_user") : nullptr;
  const double bytes = e ? explained_value(*e, "bytes_per_step") : 0;
  const double flops = e ? explained_value(*e, "flops_per_step") : 0;
  const double bandwidth = e ? explained_value(*e, "bandwidth_bytes_per_s") : 0;
  const double peak = e ? explained_value(*e, "peak_flops") : 0;
  // The knee of the roofline as the performance stage draws it (achievable rates, not datasheet peaks).
  const EnginePreset* engine = find_engine(c.request.engine);
  const double ridge = engine && c.top_gpu ? ridge_intensity(*c.top_gpu, *engine, c.request.inference.weights) : 0;
  if (bytes > 0 && flops > 0 && bandwidth > 0 && peak > 0 && ridge > 0) {
    const double intensity = flops / bytes;
    const double of_peak = std::min(1.0, intensity / ridge);
    // What the tensor cores wait on, by the option's bottleneck.
    const char* waits_on = o.bottleneck == BottleneckId::overhead       ? "guidance.why_slow.waits_on.overhead"
                           : o.bottleneck == BottleneckId::interconnect ? "guidance.why_slow.waits_on.interconnect"
                                                            : "guidance.why_slow.waits_on.memory";
    out.push_back(message("guidance.why_slow.roofline",
                          {bytes_of("bytes", bytes), ratio("intensity", intensity), ratio("ridge", ridge),
                           pct("of_peak", of_peak), word("waits_on", waits_on)}));
    if (intensity < ridge) {
      const double needed = std::ceil(static_cast<double>(batch) * ridge / intensity);
      const double room = o.max_concurrency ? static_cast<double>(*o.max_concurrency) /
                                                  static_cast<double>(std::max<int64_t>(1, o.data))
                                            : 0;
      const bool short_of_room = room > 0 && room < needed;
      out.push_back(message("guidance.why_slow.batching", {count("needed", needed, "sequence")}));
      if (room > 0) {
        out.push_back(message(short_of_room ? "guidance.why_slow.batching_short" : "guidance.why_slow.batching_room",
                              {number("room", room)}));
      }
      out.push_back(message("guidance.common.period"));
    } else {
      out.push_back(message("guidance.why_slow.compute_bound"));
    }
    // Quantisation: 4-bit weights shrink the weight part of every step's bytes.
    const WeightFormat* format = find_weight_format(c.request.inference.weights);
    const WeightFormat* int4 = find_weight_format("int4");
    const double split = static_cast<double>(std::max<int64_t>(1, o.tensor * o.pipeline));
    if (format && int4 && format->bits_per_weight > int4->bits_per_weight + 0.25) {
      const double weights_gpu = c.m.weights_bytes / split;
      const double saved = std::min(weights_gpu * (1 - int4->bits_per_weight / format->bits_per_weight), bytes * 0.99);
      out.push_back(message("guidance.why_slow.quantise",
                            {bytes_of("bytes", bytes - saved), ratio("ratio", bytes / (bytes - saved)),
                             times("times", bytes / (bytes - saved))}));
    } else if (c.request.inference.kv_cache == KvFormatId::fp16 || c.request.inference.kv_cache == KvFormatId::bf16) {
      // The KV cache one replica reads per step: the top option's own batch (a rate or an offline batch may run
      // another than the request's).
      const double per_sequence = c.m.kv_cache_bytes.value_or(0) /
                                  static_cast<double>(std::max<int64_t>(1, c.request.inference.concurrency));
      const double kv = per_sequence * static_cast<double>(batch);
      out.push_back(message("guidance.why_slow.fp8_kv", {gb("kv", kv)}));
    }
    // HBM: the same bytes on the fastest memory in the catalog.
    const Gpu* fastest = fastest_memory_gpu(c.catalog);
    if (fastest && c.top_gpu && fastest->memory_bandwidth_gbs > c.top_gpu->memory_bandwidth_gbs * 1.05) {
      const double r = fastest->memory_bandwidth_gbs / std::max(1.0, c.top_gpu->memory_bandwidth_gbs);
      out.push_back(message("guidance.why_slow.hbm",
                            {text("fastest_name", fastest->name), gpu_name("fastest", fastest),
                             param_number("fastest_bandwidth", fastest->memory_bandwidth_gbs,
                                          format_count(fastest->memory_bandwidth_gbs) + " GB/s"),
                             param_number("bandwidth", c.top_gpu->memory_bandwidth_gbs,
                                          format_count(c.top_gpu->memory_bandwidth_gbs) + " GB/s"),
                             ratio("ratio", r), times("times", r)}));
    }
  }
}

Facts answer_why_slow(const Ctx& c) {
  if (c.top == nullptr) return {message("guidance.why_slow.nothing_fits")};
  const Option& o = *c.top;
  Facts out;
  if (c.serving()) {
    why_slow_serving(c, out);
    return out;
  }
  if (c.training()) {
    const TrainingWorkload& w = c.request.training;
    out.push_back(message("guidance.why_slow.training",
                          {gpus("gpus", o.gpus, c.top_gpu), pct("mfu", o.mfu.value_or(0)),
                           number("tokens_per_s", o.train_tokens_per_s.value_or(0)), duration("time", o.train_s.value_or(0)),
                           tokens("tokens", w.tokens)}));
    if (w.grad_checkpointing) out.push_back(message("guidance.why_slow.training_recompute"));
    if (o.gpus > 1) out.push_back(message("guidance.why_slow.training_exchange", {interconnect("link", o.interconnect)}));
    out.push_back(message("guidance.why_slow.training_end"));
    return out;
  }
  if (c.audio()) {
    const double rtf = o.real_time_factor.value_or(0);
    const Param batch = text("batch", std::to_string(c.request.media.batch));
    out.push_back(message("guidance.why_slow.audio",
                          {gpu_name("gpu", c.top_gpu), ratio("rtf", rtf), duration("audio", c.request.media.audio_seconds),
                           duration("takes", rtf * c.request.media.audio_seconds), bottleneck("limit", o.bottleneck)}));
    out.push_back(message(o.bottleneck == BottleneckId::memory_bandwidth ? "guidance.why_slow.audio_memory"
                                                             : "guidance.why_slow.audio_busy",
                          {batch}));
    return out;
  }
  // Image and video diffusion.
  const Gpu* dc = datacenter_reference(c.catalog);
  const double r = dc && c.top_gpu ? dc->tflops_16bit() / std::max(1.0, c.top_gpu->tflops_16bit()) : 1.0;
  const MediaWorkload& w = c.request.media;
  out.push_back(message(c.video() ? "guidance.why_slow.diffusion_video" : "guidance.why_slow.diffusion_image",
                        {gpu_name("gpu", c.top_gpu), duration("time", o.seconds_per_image.value_or(0)),
                         count("steps", static_cast<double>(w.steps), "step")}));
  if (w.guidance) out.push_back(message("guidance.why_slow.diffusion_cfg"));
  out.push_back(message("guidance.why_slow.diffusion_limit", {bottleneck("limit", o.bottleneck)}));
  if (dc && c.top_gpu && r > 1.05) {
    out.push_back(message("guidance.why_slow.diffusion_faster_gpu",
                          {text("dc_name", dc->name), gpu_name("dc", dc), ratio("ratio", r), times("times", r)}));
  } else {
    out.push_back(message("guidance.why_slow.diffusion_faster"));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// 5. VRAM first, then bandwidth.

// A speed key for comparing options: higher is faster.
double speed_of(const Option& o) {
  if (o.train_s && *o.train_s > 0) return 1.0 / *o.train_s;
  if (o.items_per_s) return *o.items_per_s;
  return o.decode_output_tokens_per_s_per_user.value_or(0);
}

Param speed_text(const Ctx& c, std::string name, const Option& o) {
  if (c.serving()) {
    return clause(std::move(name), message("guidance.speed.serving", {tps("n", o.decode_output_tokens_per_s_per_user.value_or(0))}));
  }
  if (c.training()) return duration(std::move(name), o.train_s.value_or(0));
  if (c.audio()) return clause(std::move(name), message("guidance.speed.audio", {ratio("n", o.real_time_factor.value_or(0))}));
  return clause(std::move(name), message("guidance.speed.media", {duration("time", o.seconds_per_image.value_or(0))}));
}

Facts answer_vram_then_bandwidth(const Ctx& c) {
  int fitting = 0;
  const Option* fastest = nullptr;
  for (const Option& o : c.response.options) {
    if (!o.fits) continue;
    ++fitting;
    if (fastest == nullptr || speed_of(o) > speed_of(*fastest)) fastest = &o;
  }
  const int listed = static_cast<int>(c.response.options.size());
  Facts out;
  out.push_back(message(c.pinned() ? (fitting > 0 ? "guidance.vram_then_bandwidth.fit_pinned"
                                                  : "guidance.vram_then_bandwidth.fit_pinned_not")
                                   : "guidance.vram_then_bandwidth.fit_listed",
                        {gb("total", c.m.total_bytes), pct("usable", c.usable_fraction), whole("fitting", fitting),
                         whole("listed", listed)}));
  if (c.top == nullptr) return out;
  const bool bandwidth = c.top->bottleneck == BottleneckId::memory_bandwidth || c.serving();
  const Gpu* g2 = fastest ? gpu_of(c, *fastest) : nullptr;
  auto spec = [&](std::string name, const Gpu* g) {
    if (g == nullptr) return text(std::move(name), "");
    return bandwidth ? param_number(std::move(name), g->memory_bandwidth_gbs, format_count(g->memory_bandwidth_gbs) + " GB/s")
                     : param_number(std::move(name), g->tflops_16bit(), format_count(g->tflops_16bit()) + " TFLOPS");
  };
  out.push_back(message(bandwidth ? "guidance.vram_then_bandwidth.bandwidth" : "guidance.vram_then_bandwidth.compute",
                        {gpu_name("gpu", c.top_gpu), spec("spec", c.top_gpu), speed_text(c, "speed", *c.top)}));
  if (fastest && fastest != c.top && speed_of(*fastest) > speed_of(*c.top) * 1.01) {
    out.push_back(message(bandwidth ? "guidance.vram_then_bandwidth.fastest_gives"
                                    : "guidance.vram_then_bandwidth.fastest_takes",
                          {gpu_name("gpu", g2), spec("spec", g2),
                           clause_if("gpus", fastest->gpus > 1,
                                     message("guidance.vram_then_bandwidth.fastest_gpus",
                                             {whole("n", fastest->gpus), count("count", static_cast<double>(fastest->gpus), "gpu")})),
                           speed_text(c, "speed", *fastest)}));
  } else {
    out.push_back(message(c.pinned() ? "guidance.common.period" : "guidance.vram_then_bandwidth.top_fastest"));
  }
  out.push_back(message(c.serving() ? "guidance.vram_then_bandwidth.more_vram_serving"
                                    : "guidance.vram_then_bandwidth.more_vram"));
  return out;
}

// ---------------------------------------------------------------------------------------------------
// 6. One GPU or several?

Facts answer_one_or_several(const Ctx& c) {
  const Param total = gb("total", c.m.total_bytes);
  if (c.top == nullptr) return {message("guidance.one_or_several.nothing_fits", {total})};
  const Option& o = *c.top;
  const int64_t split = o.tensor * o.pipeline;
  const Param gpu = gpu_name("gpu", c.top_gpu);
  if (c.training()) {
    // One duration for one job (issue 30): the whole job as billed, as the option's job_s says.
    if (o.gpus == 1) return {message("guidance.one_or_several.training_one", {gpu, duration("time", job_seconds(c, o, true))})};
    const double grads =
        c.m.adapter_bytes.value_or(0) > 0 ? c.m.adapter_bytes.value_or(0) : c.m.gradients_bytes.value_or(0);
    Facts out;
    out.push_back(message("guidance.one_or_several.training_many",
                          {gpus("gpus", o.gpus, c.top_gpu), whole("data", o.data),
                           count("replicas", static_cast<double>(o.data), "replica"),
                           word("replica_word", o.data == 1 ? "guidance.word.replica" : "guidance.word.replicas")}));
    if (o.tensor > 1) out.push_back(message("guidance.one_or_several.training_tensor", {whole("tensor", o.tensor)}));
    out.push_back(message("guidance.one_or_several.training_exchange",
                          {sharding("sharding", o.sharding), duration("time", job_seconds(c, o, true)), gb("grads", grads),
                           interconnect("link", o.interconnect)}));
    if (o.instances > 1) {
      out.push_back(message("guidance.one_or_several.training_network",
                            {whole("instances", o.instances), count("count", static_cast<double>(o.instances), "instance")}));
    }
    out.push_back(message("guidance.common.period"));
    return out;
  }
  if (!c.serving()) {
    const char* item = c.audio() ? "guidance.word.recordings" : c.video() ? "guidance.word.clips" : "guidance.word.images";
    return {message("guidance.one_or_several.media",
                    {total, gpu, whole("gpus", o.gpus), ratio("per_hour", o.items_per_s.value_or(0) * 3600), word("items", item)})};
  }
  if (split == 1) {
    return {message("guidance.one_or_several.serving_replicas",
                    {gb("total", replica_total_bytes(c)), gpu, count("replicas", static_cast<double>(o.data), "replica"),
                     count("gpus", static_cast<double>(o.gpus), "gpu")})};
  }
  const bool fits_one_gpu = c.top_gpu && fits_one(c, *c.top_gpu);
  Facts out;
  out.push_back(message("guidance.one_or_several.split",
                        {gpus("gpus", split, c.top_gpu), whole("tensor", o.tensor), whole("pipeline", o.pipeline)}));
  out.push_back(message(fits_one_gpu ? "guidance.one_or_several.split_fits_one" : "guidance.one_or_several.split_needed",
                        {total}));
  out.push_back(message("guidance.one_or_several.split_link", {interconnect("link", o.interconnect)}));
  if (o.interconnect == InterconnectId::pcie) out.push_back(message("guidance.one_or_several.split_pcie"));
  return out;
}

// ---------------------------------------------------------------------------------------------------
// 7. Billing granularity for bursty work.

// Providers in the catalog that bill per second or per minute.
std::pair<int, int> fine_billing_providers(const Catalog& catalog) {
  int fine = 0;
  for (const Provider& p : catalog.providers) {
    if (p.billing_granularity_s <= 60) ++fine;
  }
  return {fine, static_cast<int>(catalog.providers.size())};
}

// One round of a serving request: the prompt's prefill, then every sequence's output at the decode speed.
double round_seconds(const Ctx& c, const Option& o) {
  const double speed = o.decode_output_tokens_per_s_per_user.value_or(0);
  return o.ttft_s.value_or(0) + (speed > 0 ? static_cast<double>(c.request.inference.output_tokens) / speed : 0);
}

Facts answer_billing(const Ctx& c) {
  const auto [fine, providers] = fine_billing_providers(c.catalog);
  const Message advice =
      message("guidance.billing_granularity.advice", {whole("fine", fine), count("providers", providers, "provider")});
  Facts out;
  if (c.top == nullptr || c.provider == nullptr || !c.top->usd_per_hour) {
    out.push_back(message(c.pinned() ? "guidance.billing_granularity.unpriced_pinned"
                                     : "guidance.billing_granularity.unpriced"));
    if (c.top && c.serving()) {
      out.push_back(message("guidance.billing_granularity.unpriced_round",
                            {count("sequences", static_cast<double>(c.top->concurrency), "sequence"),
                             count("tokens", static_cast<double>(c.request.inference.output_tokens), "token"),
                             duration("time", round_seconds(c, *c.top)), gpus("gpus", c.top->gpus, c.top_gpu)}));
    } else if (c.top) {
      const double seconds = job_seconds(c, *c.top, false);
      out.push_back(message("guidance.billing_granularity.unpriced_job",
                            {duration("time", seconds), gpus("gpus", c.top->gpus, c.top_gpu),
                             duration("hours", std::ceil(seconds / 3600 - 1e-9) * 3600)}));
    }
    out.push_back(advice);
    return out;
  }
  const Option& o = *c.top;
  const Provider& p = *c.provider;
  const Param where = where_param("where", p.name.empty() ? p.id : p.name, o.instance);
  Provider hourly = p;
  hourly.billing_granularity_s = 3600;
  if (c.endpoint()) {  // an offline batch is billed as the job it is (below)
    const double round_s = round_seconds(c, o);
    const double fine_usd = *o.usd_per_hour * billed_seconds(round_s, p) / 3600;
    const double hour_usd = *o.usd_per_hour * billed_seconds(round_s, hourly) / 3600;
    out.push_back(message("guidance.billing_granularity.endpoint",
                          {where, granularity("granularity", p), usd("per_hour", *o.usd_per_hour),
                           usd("per_month", o.usd_per_month.value_or(0)),
                           ratio("hours_per_day", c.request.inference.hours_per_day.value_or(24)),
                           count("sequences", static_cast<double>(o.concurrency), "sequence"),
                           count("tokens", static_cast<double>(c.request.inference.output_tokens), "token"),
                           duration("time", round_s), usd("burst", fine_usd), usd("hourly", hour_usd)}));
    out.push_back(advice);
    return out;
  }
  const double seconds = job_seconds(c, o, true);
  const double billed = o.billed_s.value_or(0);
  const double hourly_usd = *o.usd_per_hour * billed_seconds(seconds, hourly) / 3600;
  const double compute = o.usd_compute.value_or(0);
  const double others = o.usd_total.value_or(0) - compute;
  out.push_back(message("guidance.billing_granularity.job",
                        {where, usd("total", o.usd_total.value_or(0)), usd("compute", compute), duration("billed", billed),
                         granularity("granularity", p)}));
  if (others > 0.005) out.push_back(message("guidance.billing_granularity.job_others", {usd("others", others)}));
  out.push_back(message("guidance.billing_granularity.job_runs", {duration("time", seconds)}));
  if (p.billing_granularity_s >= 3600) {
    Provider per_second = p;
    per_second.billing_granularity_s = 1;
    const double fine_usd = *o.usd_per_hour * billed_seconds(seconds, per_second) / 3600;
    out.push_back(message("guidance.billing_granularity.job_hourly_provider", {usd("per_second", fine_usd)}));
  } else {
    out.push_back(message("guidance.billing_granularity.job_fine_provider",
                          {usd("hourly", hourly_usd), usd("more", hourly_usd - compute)}));
  }
  out.push_back(advice);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// 8. Storage and transfer costs.

Facts answer_storage(const Ctx& c) {
  double stored = 0, downloaded = 0;
  storage_needs(c.request, c.m, stored, downloaded);
  const bool adapters = c.m.adapter_bytes.value_or(0) > 0;
  const Param what_stored = clause("what", c.training() ? message(adapters ? "guidance.storage_transfer.stored_training_adapters"
                                                                           : "guidance.storage_transfer.stored_training")
                                                        : message("guidance.storage_transfer.stored_weights"));
  const Param what_downloaded =
      word("download", adapters ? "guidance.word.lora_adapter" : "guidance.word.trained_weights");
  Facts out;
  if (c.provider == nullptr || c.top == nullptr) {
    // No priced option: the range over the catalog's block-storage rates, for one month.
    double low = 0, high = 0;
    int rated = 0;
    for (const Provider& p : c.catalog.providers) {
      if (!p.block_storage_usd_per_gb_month) continue;
      const double cost = stored / 1e9 * *p.block_storage_usd_per_gb_month;
      low = rated == 0 ? cost : std::min(low, cost);
      high = rated == 0 ? cost : std::max(high, cost);
      ++rated;
    }
    out.push_back(message(c.pinned() ? "guidance.storage_transfer.unpriced_pinned" : "guidance.storage_transfer.unpriced",
                          {gb("stored", stored), what_stored}));
    if (downloaded > 0) {
      out.push_back(message("guidance.storage_transfer.unpriced_download", {gb("downloaded", downloaded), what_downloaded}));
    }
    out.push_back(message("guidance.storage_transfer.unpriced_range",
                          {usd("low", low), usd("high", high), count("providers", rated, "provider")}));
    return out;
  }
  const Provider& p = *c.provider;
  const Option& o = *c.top;
  const Param who = provider_name("who", &p);
  const Param storage_rate =
      clause("storage_rate", message("guidance.storage_transfer.storage_rate",
                                     {usd("usd", p.block_storage_usd_per_gb_month.value_or(0))}));
  const Param egress_rate =
      clause("egress_rate", message("guidance.storage_transfer.egress_rate", {usd("usd", p.egress_usd_per_gb.value_or(0))}));
  const Param storage_usd = usd("storage", o.usd_storage.value_or(0));
  if (!p.block_storage_usd_per_gb_month) {
    out.push_back(message("guidance.storage_transfer.no_storage_rate", {who, gb("stored", stored), what_stored, storage_usd}));
  } else if (c.endpoint()) {
    out.push_back(message("guidance.storage_transfer.endpoint", {who, gb("stored", stored), what_stored, storage_rate, storage_usd}));
  } else {
    out.push_back(message("guidance.storage_transfer.job", {who, gb("stored", stored), what_stored, storage_rate, storage_usd}));
  }
  if (c.training()) {
    out.push_back(message(p.egress_usd_per_gb ? "guidance.storage_transfer.download" : "guidance.storage_transfer.no_egress_rate",
                          {who, what_downloaded, gb("downloaded", downloaded), usd("egress", o.usd_egress.value_or(0)),
                           egress_rate}));
    if (o.usd_total && *o.usd_total > 0) {
      const double share = (o.usd_storage.value_or(0) + o.usd_egress.value_or(0)) / *o.usd_total;
      out.push_back(message("guidance.storage_transfer.share", {pct("share", share), usd("total", *o.usd_total)}));
    }
  } else if (c.serving()) {
    out.push_back(message("guidance.storage_transfer.endpoint_load", {gb("stored", stored)}));
  } else {
    out.push_back(message("guidance.storage_transfer.outputs"));
    if (p.egress_usd_per_gb) out.push_back(message("guidance.storage_transfer.outputs_rate", {egress_rate}));
    out.push_back(message("guidance.common.period"));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// 9. What this task tier needs.

Facts answer_task_tier(const Ctx& c) {
  const Option* o = c.top;
  const Param where = o ? gpus("where", o->gpus, c.top_gpu) : text("where", "");
  Facts out;
  switch (c.request.kind) {
    case WorkloadKind::inference: {
      // An offline batch is a job (issue 30): its time and total, never a standing endpoint's month.
      const bool batch = c.request.inference.batch();
      if (batch) {
        out.push_back(message("guidance.task_tier.batch",
                              {tokens("tokens", c.request.inference.batch_output_tokens.value_or(0))}));
        if (o) {
          out.push_back(message("guidance.task_tier.media_time", {where, duration("time", job_seconds(c, *o, true))}));
          if (o->usd_total) out.push_back(message("guidance.task_tier.media_cost", {usd("usd", *o->usd_total)}));
          out.push_back(message("guidance.common.period"));
        }
        out.push_back(message("guidance.task_tier.batch_storage", {gb("weights", c.m.weights_bytes)}));
      } else {
        out.push_back(message("guidance.task_tier.serving"));
        if (o && o->usd_per_month) {
          out.push_back(message("guidance.task_tier.serving_cost", {where, usd("per_month", *o->usd_per_month)}));
          if (o->usd_per_million_output_tokens) {
            out.push_back(message("guidance.task_tier.serving_per_million", {usd("usd", *o->usd_per_million_output_tokens)}));
          }
          out.push_back(message("guidance.common.period"));
        }
        out.push_back(message("guidance.task_tier.serving_storage", {gb("weights", c.m.weights_bytes)}));
      }
      // The link the top option has, not the one it would like: a split replica over PCIe says so.
      if (o == nullptr) {
        out.push_back(message("guidance.task_tier.serving_link_nothing_fits"));
        return out;
      }
      const int64_t split = o->tensor * o->pipeline;
      const Param n = whole("n", split);
      const Param split_gpus = count("gpus", static_cast<double>(split), "gpu");
      out.push_back(split <= 1         ? message("guidance.task_tier.serving_no_link")
                    : fast_link(*o) ? message("guidance.task_tier.serving_nvlink",
                                              {n, split_gpus, interconnect("link", o->interconnect)})
                                    : message("guidance.task_tier.serving_pcie",
                                              {n, split_gpus, interconnect("link", o->interconnect)}));
      return out;
    }
    case WorkloadKind::finetune:
    case WorkloadKind::pretrain: {
      const bool pre = c.request.kind == WorkloadKind::pretrain;
      double stored = 0, downloaded = 0;
      storage_needs(c.request, c.m, stored, downloaded);
      // Pretraining's advice follows the top option's run (ranking.hpp): under a day it is a job like any other; over
      // a day it wants capacity that stays (the eligibility classes); past kReservedSuggestionS, a reservation (the
      // ranking's own "reserved" note). A run of hours told to sign a cluster contract contradicts its own pick.
      const char* pretrain_key = "guidance.task_tier.pretrain";
      if (pre && o && o->job_s) {
        if (*o->job_s <= kLongJobS) pretrain_key = "guidance.task_tier.pretrain_hours";
        else if (*o->job_s <= kReservedSuggestionS) pretrain_key = "guidance.task_tier.pretrain_days";
      }
      out.push_back(pre ? message(pretrain_key, {tokens("tokens", c.request.training.tokens)})
                        : message("guidance.task_tier.finetune"));
      if (o) {
        out.push_back(message("guidance.task_tier.training_time",
                              {where, duration("time", job_seconds(c, *o, true)), number("gpu_hours", o->gpu_hours.value_or(0))}));
        if (o->usd_total) out.push_back(message("guidance.task_tier.training_cost", {usd("usd", *o->usd_total)}));
        out.push_back(message("guidance.common.period"));
      }
      out.push_back(message(pre ? "guidance.task_tier.pretrain_storage" : "guidance.task_tier.finetune_storage",
                            {gb("stored", stored)}));
      if (o == nullptr) {
        out.push_back(message("guidance.task_tier.training_link_nothing_fits"));
      } else if (o->gpus > 1) {
        out.push_back(fast_link(*o) ? message("guidance.task_tier.training_nvlink", {interconnect("link", o->interconnect)})
                                    : message("guidance.task_tier.training_pcie", {interconnect("link", o->interconnect)}));
        if (o->instances > 1) {
          out.push_back(message("guidance.task_tier.training_network",
                                {whole("instances", o->instances), count("count", static_cast<double>(o->instances), "instance")}));
        }
        out.push_back(message("guidance.common.period"));
      } else {
        out.push_back(message("guidance.task_tier.training_no_link"));
      }
      return out;
    }
    default: {
      const bool transcribe = c.audio() && c.request.model.media.task == MediaTaskId::transcribe;
      const Param amount = c.audio() ? clause("amount", message("guidance.task_tier.amount_audio",
                                                               {duration("time", c.request.media.audio_seconds)}))
                                     : count("amount", c.request.media.images, c.video() ? "clip" : "image");
      out.push_back(message(transcribe ? "guidance.task_tier.media_transcribe" : "guidance.task_tier.media_produce", {amount}));
      if (o) {
        out.push_back(message("guidance.task_tier.media_time", {where, duration("time", job_seconds(c, *o, true))}));
        if (o->usd_total) out.push_back(message("guidance.task_tier.media_cost", {usd("usd", *o->usd_total)}));
        out.push_back(message("guidance.common.period"));
      }
      out.push_back(message("guidance.task_tier.media_storage", {gb("weights", c.m.weights_bytes)}));
      return out;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// The questions, in the order they are answered (their texts: "guidance.<id>.question").

struct Question {
  const char* id;
  Facts (*answer)(const Ctx&);
};

const Question kQuestions[] = {
    {"vram_needed", answer_vram},
    {"spot_or_on_demand", answer_spot},
    {"datacenter_or_consumer", answer_datacenter},
    {"why_slow", answer_why_slow},
    {"vram_then_bandwidth", answer_vram_then_bandwidth},
    {"one_or_several", answer_one_or_several},
    {"billing_granularity", answer_billing},
    {"storage_transfer", answer_storage},
    {"task_tier", answer_task_tier},
};

}  // namespace

std::vector<GuidanceFacts> guidance_facts(const Request& request, const Response& response, const Catalog& catalog) {
  std::vector<GuidanceFacts> out;
  if (!response.memory) return out;
  Ctx c{request, response, catalog, *response.memory};
  c.usable_fraction = usable_vram_fraction(request);
  for (const Option& option : response.options) {
    if (!option.fits) continue;
    c.top = &option;
    break;
  }
  if (c.top) {
    c.top_gpu = gpu_of(c, *c.top);
    c.provider = provider_of(c, *c.top);
  }
  for (const Question& q : kQuestions) {
    // A filter that left nothing to rank: every answer says so (which filter, what it excluded), rather than
    // reasoning about a top option that was never there.
    if (response.options.empty() && response.filtered_out) {
      const double excluded = static_cast<double>(response.filtered_out->excluded);
      out.push_back({q.id, message(std::string("guidance.") + q.id + ".question"),
                     {message("guidance.common.filtered_out",
                              {param_text("filter", response.filtered_out->filter),
                               param_number("excluded", excluded, std::to_string(response.filtered_out->excluded))})}});
      continue;
    }
    out.push_back({q.id, message(std::string("guidance.") + q.id + ".question"), q.answer(c)});
  }
  return out;
}

std::vector<Guidance> phrase_guidance(const std::vector<GuidanceFacts>& facts, const Locale& locale) {
  std::vector<Guidance> out;
  out.reserve(facts.size());
  for (const GuidanceFacts& f : facts) {
    std::string answer;
    for (const Message& sentence : f.sentences) answer += phrase(locale, sentence);
    out.push_back({f.id, phrase(locale, f.question), std::move(answer)});
  }
  return out;
}

SIZER_NOINLINE std::vector<Guidance> build_guidance(const Request& request, const Response& response, const Catalog& catalog) {
  const Locale* locale = find_locale(id_of(request.locale));
  return phrase_guidance(guidance_facts(request, response, catalog), locale ? *locale : english());
}

}  // namespace sizer

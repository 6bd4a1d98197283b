// The orchestrator: each stage hands the next a typed value (Request → MemoryReport → Candidate →
// priced Candidate → ranked options → guidance → phrased options); the stages live in their own files.
#include "evaluate.hpp"
#include "noinline.hpp"

#include <array>
#include <algorithm>
#include <functional>
#include <map>
#include <string_view>
#include <tuple>

#include "engines.hpp"
#include "format.hpp"
#include "guidance.hpp"
#include "options.hpp"
#include "uncertainty.hpp"
#include "phrasing.hpp"
#include "ranking.hpp"
#include "startup.hpp"
#include "table.hpp"

namespace sizer {
namespace {

// Deadlines assumed when a ranked job gives none. Pretraining runs are planned in weeks: Llama 2 70B
// took about five weeks on 2,048 A100s (1.7M GPU-hours), Llama 3 405B under two months on 16k H100s;
// a month keeps the cluster small enough to rent and the run short enough to iterate on. A fine-tune is
// expected within a day.
constexpr double kDefaultPretrainDeadlineS = 30.0 * 86400.0;
constexpr double kDefaultFinetuneDeadlineS = 86400.0;
// The per-user decode speed assumed when a ranked endpoint (users, no offline batch) gives no target: MLPerf
// Inference's interactive LLM scenario (v5.0, Llama 2 70B Interactive) holds each request to 40 ms per output token,
// 25 tokens/s, where its server scenario allows 200 ms. Without a target the users' speed was unstated and the
// endpoint was ranked by $ per million tokens, which favoured the fastest card per dollar (a B200 at $4.20/h for 16
// gpt-oss-120b users over an H100 at $1.82/h); an endpoint is paid by the hour for the capacity that serves its users
// acceptably, so with this target it ranks by the month of that capacity (ranking.cpp RankingPolicy::fixed_load).
constexpr double kDefaultTokensPerSPerUser = 25.0;

bool passes_filters(const Filters& filters, const Offering& offering, const Provider* provider) {
  if (!filters.providers.empty() &&
      std::find(filters.providers.begin(), filters.providers.end(), offering.provider) == filters.providers.end()) {
    return false;
  }
  if (!filters.tiers.empty()) {
    const std::optional<TierId> tier = provider && provider->tier ? provider->tier : offering.tier;
    if (!tier || std::find(filters.tiers.begin(), filters.tiers.end(), *tier) == filters.tiers.end()) return false;
  }
  return !(filters.max_gpus && offering.gpus > *filters.max_gpus);
}

// When the filters leave no offering: the first filter, applied in the order below, after which none is left, and
// how many it excluded; nullopt when some offering passes them all (or there is no filter). The price filter
// compares one instance's price here (a job spread over instances costs more, so it may exclude the rest).
SIZER_NOINLINE std::optional<FilteredOut> filter_that_excludes_all(const Filters& f, const Catalog& catalog) {
  std::vector<const Offering*> left;
  for (const Offering& o : catalog.offerings) {
    const Gpu* gpu = catalog.find_gpu(o.gpu);
    if (gpu != nullptr && gpu->kind == HardwareKindId::gpu) left.push_back(&o);
  }
  auto tier_of = [&](const Offering& o) {
    const Provider* p = catalog.find_provider(o.provider);
    return p && p->tier ? p->tier : o.tier;
  };
  auto priced_at = [&](const Offering& o, std::optional<double> limit) {
    auto ok = [&](const std::optional<double>& usd) { return usd && (!limit || *usd <= *limit); };
    return (f.pricing != PricingId::spot && ok(o.usd_per_hour)) || (f.pricing != PricingId::on_demand && ok(o.spot_usd_per_hour));
  };
  // The filters in order: a plain switch, not std::function (each instantiation costs the WASM module bytes).
  static constexpr const char* kNames[] = {"providers", "tiers", "max_gpus", "pricing", "max_usd_per_hour"};
  auto keep = [&](int step, const Offering& o) {
    switch (step) {
      case 0: return f.providers.empty() || std::find(f.providers.begin(), f.providers.end(), o.provider) != f.providers.end();
      case 1: {
        const auto t = tier_of(o);
        return f.tiers.empty() || (t && std::find(f.tiers.begin(), f.tiers.end(), *t) != f.tiers.end());
      }
      case 2: return !f.max_gpus || o.gpus <= *f.max_gpus;
      case 3: return priced_at(o, std::nullopt);
      default: return priced_at(o, f.max_usd_per_hour);
    }
  };
  for (int step = 0; step < 5; ++step) {
    std::vector<const Offering*> kept;
    for (const Offering* o : left) {
      if (keep(step, *o)) kept.push_back(o);
    }
    if (kept.empty() && !left.empty()) return FilteredOut{kNames[step], static_cast<int64_t>(left.size())};
    left = std::move(kept);
  }
  if (f.max_usd_per_hour && !left.empty()) return FilteredOut{"max_usd_per_hour", static_cast<int64_t>(left.size())};
  return std::nullopt;
}

SIZER_NOINLINE MemoryReport memory_report(const Request& request, const EnginePreset& engine, std::vector<Explanation>& explain) {
  if (request.kind == WorkloadKind::inference) return inference_memory_report(request, engine, explain);
  if (is_training(request.kind)) return training_memory_report(request, engine, explain);
  return media_memory_report(request, engine, explain);
}

Candidate evaluate_option(const Request& request, const EnginePreset& engine, const OptionInputs& in) {
  if (request.kind == WorkloadKind::inference) return evaluate_inference_option(request, engine, in);
  if (is_training(request.kind)) return evaluate_training_option(request, engine, in);
  return evaluate_media_option(request, engine, in);
}

// Offerings of the same GPU, count, link and fabric place and time alike: evaluate each shape once and
// price each offering from it. An offering copies the shape's figures and nothing that allocates; the shape's
// notes are built and joined back for the options returned (only the top option's explanations are shown).
// Copying whole Options per offering was most of a ranked evaluate (perf on bench_native: malloc/free and
// Option copies ~40%).
struct ShapeKey {
  const Gpu* gpu = nullptr;  // the catalog's GPU (one per id), which outlives the cache: compared by address
  InterconnectId interconnect = InterconnectId::pcie;
  int64_t gpus = 0;
  bool fabric = false;
  bool operator<(const ShapeKey& o) const {
    if (gpu != o.gpu) return std::less<const Gpu*>()(gpu, o.gpu);
    return std::tie(interconnect, gpus, fabric) < std::tie(o.interconnect, o.gpus, o.fabric);
  }
};
struct Shape {
  Option option;  // without its notes
  OptionInputs inputs;  // timed without notes or explanations
  size_t index = 0;     // the order it was first timed in
  // The shape's notes, built when an option of the shape is returned (shape_notes): formatting the notes of
  // every shape was a third of timing them, and most shapes are only ranked.
  mutable std::optional<std::vector<Note>> notes;
};
using ShapeCache = std::map<ShapeKey, Shape>;  // map nodes do not move: options point into it

// What an option's timing depends on. Serving and media run inside one box, so the cluster fabric does not
// enter; nor does the box's link for one GPU serving, or for media (each GPU holds a copy). Offerings that
// differ only there are one shape (price() gives each its own link).
ShapeKey shape_key(const Request& request, const OptionInputs& in) {
  if (is_training(request.kind)) return {in.gpu, in.interconnect, in.gpus, in.fast_fabric};
  const bool link_matters = request.kind == WorkloadKind::inference && in.gpus > 1;
  return {in.gpu, link_matters ? in.interconnect : InterconnectId::pcie, in.gpus, false};
}

// A shape's option: timed, and scaled out over instances for training (and for a media job's deadline).
Candidate shape_candidate(const Request& request, const EnginePreset& engine, const OptionInputs& in) {
  Candidate base = evaluate_option(request, engine, in);
  if (is_training(request.kind)) scale_out(request, engine, in, base);
  if (is_media(request.kind)) scale_out_media(request, engine, in, base);
  return base;
}

// The explanations of a shape's figures: the same evaluation again with them (the stages are pure functions
// of the request and inputs, so the figures are those the shape was ranked by).
std::vector<Explanation> shape_explanations(const Request& request, const EnginePreset& engine, const Shape& shape) {
  OptionInputs in = shape.inputs;
  in.explain = true;
  in.notes = false;
  return shape_candidate(request, engine, in).explain;
}

// A shape's notes: the same evaluation again with them, once per shape returned.
const std::vector<Note>& shape_notes(const Request& request, const EnginePreset& engine, const Shape& shape) {
  if (!shape.notes) {
    OptionInputs in = shape.inputs;
    in.notes = true;
    shape.notes = std::move(shape_candidate(request, engine, in).option.notes);
  }
  return *shape.notes;
}

const Shape& evaluate_shape(const Request& request, const EnginePreset& engine, const OptionInputs& in,
                                ShapeCache& cache) {
  const ShapeKey key = shape_key(request, in);
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  OptionInputs quiet = in;
  quiet.explain = false;
  quiet.notes = false;
  Candidate base = shape_candidate(request, engine, quiet);
  const size_t index = cache.size();
  Shape& shape = cache.try_emplace(key).first->second;  // built in place: an Option moved once, not twice
  shape.option = std::move(base.option);
  shape.inputs = quiet;
  shape.index = index;
  return shape;
}

// One offering at one pricing, as the ranking weighs it: the shape it was timed as and what pricing it
// needs, not a whole Option. Every offering is priced and judged into a RankKey with one reused Option
// (copying a full Option with notes per offering, then phrasing them, was most of a ranked evaluate);
// only the options returned are materialised with their notes (price(), then judge_option with notes).
struct Priced {
  const Shape* shape = nullptr;
  const Offering* offering = nullptr;
  size_t offering_index = 0;  // its position in the catalog's offerings (detail "table")
  const Provider* provider = nullptr;
  const Gpu* gpu = nullptr;  // the catalog's GPU of the offering
  bool legacy = false;       // legacy_gpu(gpu), found once per GPU looked up
  std::optional<TierId> tier;
  double startup_s = 0;
  PricingId pricing = PricingId::on_demand;
  double usd_per_hour = 0;  // all instances
  bool doubtful = false;    // usd_per_hour is the credible price, not the listed one (price_doubt.hpp)
  const Commitment* term = nullptr;  // pricing reserved: the published term price it is billed at
  // What pricing reads of the offering, copied beside the rest (with_offering): offerings are priced shape by shape,
  // and reading each from the catalog in that order missed the cache every time (~90% of pricing a 10x catalog).
  InterconnectId interconnect = InterconnectId::pcie;
  PriceConfidenceId confidence = PriceConfidenceId::single_source;  // this pricing's (a term's: its own)
  double listed_usd_per_hour = 0;  // all instances, as listed (a doubtful price's, price_doubt.hpp)
};

// `p` for the offering at `index` of the catalog, with what pricing reads of it (Priced), once its pricing, term
// and instances are set.
void with_offering(Priced& p, const Offering& o, size_t index) {
  p.offering = &o;
  p.offering_index = index;
  p.interconnect = o.interconnect;
  const bool spot = p.pricing == PricingId::spot;
  // A term price carries its own confidence (single source where the catalog gives none).
  p.confidence = p.term ? p.term->confidence.value_or(PriceConfidenceId::single_source)
                 : spot ? o.spot_price_confidence() : o.price_confidence;
  p.listed_usd_per_hour = (spot ? o.spot_usd_per_hour : o.usd_per_hour).value_or(0) *
                          static_cast<double>(p.shape->option.instances);
}

// What pricing an offering needs beside the offering itself: the request and what the job stores and downloads.
struct PricingInputs {
  const Request& request;
  double stored_bytes = 0;
  double egress_bytes = 0;
};

// `option` becomes the priced offering: its shape's option (without the shape's notes), its link, tier, start-up
// and pricing, and its costs (add_costs, which reads the provider's terms from `p.provider`; materialise copies
// the provider's id into the options returned, as nothing the ranking reads depends on it: one string copy per
// offering less). Assigning into a reused Option keeps its strings' storage;
// `holds_shape` says `option` is already this shape's option priced without notes, so only its costs are
// cleared instead of copying the whole option again.
// The price's provenance on the option (its date and confidence), and for a doubtful price the listed one with
// the note that says it was ranked at the credible price (price_doubt.hpp).
// A word the sentence phrases in the locale (the Arabic note used to read the id "stale"), whose machine-readable
// param stays the id (json_io writes a param's text when it has one).
Param word_with_id(std::string name, std::string word_key, std::string id) {
  Param p = param_word(std::move(name), std::move(word_key));
  p.text = std::move(id);
  return p;
}
Param confidence_word(PriceConfidenceId confidence) {
  const std::string id(id_of(confidence));
  return word_with_id("confidence", "note.price_doubtful.confidence." + id, id);
}
void note_price_doubt(Option& option, const Priced& p, bool with_notes) {
  option.price_confidence = p.confidence;
  option.listed_usd_per_hour.reset();
  if (!p.doubtful) return;
  const double listed = p.listed_usd_per_hour;
  option.listed_usd_per_hour = listed;
  if (!with_notes || option.gpus <= 0) return;
  const double gpus = static_cast<double>(option.gpus);
  const bool floor = p.pricing == PricingId::spot ? p.offering->credible_spot_is_current_floor
                                                   : p.offering->credible_is_current_floor;
  option.notes.push_back(note("price_doubtful", SeverityId::warning, floor ? "price_doubtful_floor" : "price_doubtful",
                              {param_number("listed", listed / gpus, format_usd(listed / gpus)),
                               param_number("median", p.usd_per_hour / gpus, format_usd(p.usd_per_hour / gpus)),
                               confidence_word(*option.price_confidence),
                               p.offering->price_seen.empty() ? word_with_id("seen", "note.price_doubtful.seen_unknown", "unknown")
                                                    : param_text("seen", p.offering->price_seen)}));
}

void price(Option& option, const Priced& p, const PricingInputs& in, bool with_notes, bool holds_shape = false) {
  if (holds_shape) {
    clear_costs(option, p.shape->option.meets_targets);
  } else {
    option = p.shape->option;
  }
  option.interconnect = p.interconnect;  // the shape may be another offering's (shape_key)
  option.tier = p.tier;
  option.startup_s = p.startup_s;
  option.pricing = p.pricing;
  add_costs(option, in.request, p.provider, p.usd_per_hour, in.stored_bytes, in.egress_bytes, with_notes, p.term);
  note_price_doubt(option, p, with_notes);
}

bool has_fabric(const Provider* provider) { return provider != nullptr && provider->multi_node_fabric_on_demand; }

// Rule 5's HBM test for an option's catalog GPU (an unknown GPU counts as HBM, as eligibility_facts defaults).
bool hbm_of(const Gpu* gpu) { return gpu == nullptr || gpu->is_hbm(); }

// The vendor an option's ranges and target margins widen for (uncertainty.hpp): its catalog GPU's, else the pinned
// hardware's, else NVIDIA.
std::string_view vendor_of(const Gpu* gpu, const Request& request) {
  return gpu ? std::string_view(gpu->vendor) : request.hardware ? std::string_view(request.hardware->gpu.vendor) : "nvidia";
}

// The option as returned: priced and judged with their notes, its instance, id and region, and the shape's
// notes first, then those pricing and ranking added, as found. Without notes (detail "figures") the same
// figures, since no figure depends on the notes (tests/cpp/quiet_options_test.cpp).
Option materialise(const Priced& p, const PricingInputs& in, const EnginePreset& engine, bool one_gpu_does,
                   const Catalog& catalog, bool with_notes) {
  Option option;
  price(option, p, in, with_notes);
  option.provider = p.offering->provider;  // before judge_option, whose notes name the provider
  judge_option(option, p.gpu, one_gpu_does, in.request, catalog, with_notes);
  // The judgement asks for a term price where the provider publishes none; an offering's own (AWS's Capacity Block
  // on p5.48xlarge) is published too, though it may not cover this run.
  if (with_notes && !p.offering->commitments.empty()) {
    for (Note& n : option.notes) {
      if (n.code == "reserved" && n.fact.key == "note.reserved.ask") n.fact.key = "note.reserved.published";
    }
  }
  option.eligibility = judge_eligibility(option, has_fabric(p.provider), in.request, hbm_of(p.gpu));  // ranking.hpp "Eligibility"
  note_target_margin(option, in.request, target_factors(in.request, vendor_of(p.gpu, in.request)), with_notes);
  option.instance = p.offering->instance;
  option.offering_id = p.offering->id;
  // A spot price read in another region than the on-demand one (catalog `spot_region`) is that region's.
  option.region = p.pricing == PricingId::spot && !p.offering->spot_region.empty() ? p.offering->spot_region : p.offering->region;
  option.price_seen = p.term ? p.term->seen : p.offering->price_seen;
  if (!with_notes) return option;
  const std::vector<Note>& from_shape = shape_notes(in.request, engine, *p.shape);
  if (!from_shape.empty()) {
    std::vector<Note> notes = from_shape;
    notes.insert(notes.end(), std::make_move_iterator(option.notes.begin()), std::make_move_iterator(option.notes.end()));
    option.notes = std::move(notes);
  }
  return option;
}

// A Priced list's ranking keys, judged. The guide's judgement (ranking.hpp) weighs each option's cost before the
// rules order them; rule 3 first needs to know whether any single GPU does the job (`one_gpu_does`, set here).
// Each offering is priced once into one reused Option; its key and what the judgement reads are kept.
// Offerings are priced shape by shape, so the option is copied once per shape, not once per offering.
// The hot loop of a ranked evaluate, a function of its own (noinline.hpp). With `table_rows` (detail "table"),
// each priced option's row of figures (table.hpp) is kept too, at the offering's index in `priced`.
// One priced offering's ranking key, before the judgement's factor (judged_factor, once `one_gpu_does` is known over
// all of them), and what that factor reads. Each offering is priced into one reused Option; offerings priced shape
// by shape copy the option once per shape, not once per offering.
struct KeyMaker {
  explicit KeyMaker(const PricingInputs& inputs) : in(inputs), nvidia_factors(target_factors(inputs.request, "nvidia")) {}
  const PricingInputs& in;
  // The margin's range factors hang on the GPU's vendor (uncertainty.hpp); NVIDIA's are found once, others per option.
  TargetFactors nvidia_factors;
  Option scratch;
  const Shape* scratch_shape = nullptr;
  bool one_gpu = false;  // counts_as_one_gpu of the last offering keyed

  // Offerings that share a shape, provider, GPU, tier, pricing, start-up, link and term differ only in their
  // price: what is judged of them before price (the class, the margin on targets, what the judgement's factor
  // reads, whether one GPU does) is the same, so it is kept for the last few such contexts instead of judged again
  // for every offering (a catalog that lists an instance in every region repeats them; ~15% of a "table" evaluate
  // over a 10x catalog).
  struct Context {
    const Shape* shape = nullptr;
    const Provider* provider = nullptr;
    const Gpu* gpu = nullptr;
    std::optional<TierId> tier;
    PricingId pricing = PricingId::on_demand;
    double startup_s = 0;
    InterconnectId interconnect = InterconnectId::pcie;
    const Commitment* term = nullptr;
    bool operator==(const Context&) const = default;
  };
  struct Judged {
    Context context;
    int eligibility = 0;
    bool margin_met = true;
    bool one_gpu = false;
    JudgedFacts facts;
  };
  static constexpr size_t kRecent = 8;
  std::array<Judged, kRecent> recent{};
  size_t recent_count = 0;
  size_t recent_next = 0;

  // With `table_row_out`, the priced option's row of figures (table.hpp) too.
  RankKey key(const Priced& p, JudgedFacts& facts, double* table_row_out) {
    price(scratch, p, in, false, scratch_shape == p.shape);
    scratch_shape = p.shape;
    RankKey k = rank_key(scratch);
    const Context context{p.shape, p.provider, p.gpu, p.tier, p.pricing, p.startup_s, p.interconnect, p.term};
    const Judged* judged = nullptr;
    for (size_t r = 0; r < recent_count && judged == nullptr; ++r) {
      if (recent[r].context == context) judged = &recent[r];
    }
    if (judged == nullptr) {
      Judged& made = recent[recent_next];
      recent_next = (recent_next + 1) % kRecent;
      recent_count = std::min(recent_count + 1, kRecent);
      made.context = context;
      made.one_gpu = counts_as_one_gpu(scratch, in.request);
      // The guide's classes before price, and the margin on targets (ranking.hpp), kept apart from the margins.
      made.eligibility = eligibility_rank(eligibility_verdict(
          eligibility_facts(scratch, has_fabric(p.provider), hbm_of(p.gpu)), in.request).klass);
      const bool nvidia = p.gpu == nullptr || p.gpu->vendor == "nvidia";
      const std::optional<double> margin = target_margin(
          scratch, in.request, nvidia ? nvidia_factors : target_factors(in.request, p.gpu->vendor));
      made.margin_met = !margin || *margin >= 1.0;
      made.facts = judged_facts(scratch);
      judged = &made;
    }
    one_gpu = judged->one_gpu;
    k.eligibility = judged->eligibility;
    k.margin_met = judged->margin_met;
    facts = judged->facts;
    if (table_row_out) table_row(scratch, p.offering_index, table_row_out);
    return k;
  }
};

SIZER_NOINLINE std::vector<RankKey> judged_keys(const std::vector<Priced>& priced, size_t shape_count,
                                                const PricingInputs& in, bool& one_gpu_does,
                                                std::vector<double>* table_rows) {
  std::vector<size_t> by_shape(priced.size());
  {
    // Counting sort by the shape's index, then the pricing, so that offerings judged alike (KeyMaker::Context)
    // come together.
    constexpr size_t kPricings = 4;  // PricingId's values
    auto bucket = [](const Priced& p) { return p.shape->index * kPricings + static_cast<size_t>(p.pricing); };
    std::vector<size_t> starts(shape_count * kPricings + 1, 0);
    for (const Priced& p : priced) ++starts[bucket(p) + 1];
    for (size_t k = 1; k < starts.size(); ++k) starts[k] += starts[k - 1];
    for (size_t i = 0; i < priced.size(); ++i) by_shape[starts[bucket(priced[i])]++] = i;
  }
  KeyMaker maker(in);
  one_gpu_does = false;
  std::vector<RankKey> keys(priced.size());
  std::vector<JudgedFacts> facts(priced.size());
  if (table_rows) table_rows->resize(priced.size() * kTableColumns);
  for (const size_t i : by_shape) {
    keys[i] = maker.key(priced[i], facts[i], table_rows ? table_rows->data() + i * kTableColumns : nullptr);
    one_gpu_does = one_gpu_does || maker.one_gpu;
  }
  for (size_t i = 0; i < priced.size(); ++i) {
    keys[i].ranking_factor = judged_factor(facts[i], keys[i].ranking_factor, priced[i].gpu, priced[i].legacy,
                                           one_gpu_does, in.request);
  }
  return keys;
}

// Pretraining or a full fine-tune: a run that may last over a day, and then is also priced at published term prices.
bool may_run_long(const Request& request) { return is_big_training(request); }

// Every catalog offering that passes the filters, placed and timed (once per shape) on demand and on spot.
SIZER_NOINLINE std::vector<Priced> offering_candidates(const Request& request, const EnginePreset& engine, const Catalog& catalog,
                                        double weights_bytes, ShapeCache& cache) {
  std::vector<Priced> candidates;
  candidates.reserve(catalog.offerings.size() * 2);
  const bool long_training = may_run_long(request);
  // The catalog lists a provider's offerings together and repeats GPUs: remember the last lookup of each
  // instead of searching the lists by id for every offering (string compares were ~4% of a ranked evaluate).
  const Provider* provider = nullptr;
  const std::string* provider_id = nullptr;
  const Gpu* gpu = nullptr;
  const std::string* gpu_id = nullptr;
  bool legacy = false;
  // legacy_gpu of each catalog GPU (by its position), found on its first offering: a GPU's offerings are spread
  // over the providers, and its capabilities read strings (capabilities.hpp). -1: not found yet.
  std::vector<signed char> legacy_of(catalog.gpus.size(), -1);
  for (size_t offering_index = 0; offering_index < catalog.offerings.size(); ++offering_index) {
    const Offering& offering = catalog.offerings[offering_index];
    if (provider_id == nullptr || *provider_id != offering.provider) {
      provider = catalog.find_provider(offering.provider);
      provider_id = &offering.provider;
    }
    if (!passes_filters(request.filters, offering, provider)) continue;
    if (gpu_id == nullptr || *gpu_id != offering.gpu) {
      gpu = catalog.find_gpu(offering.gpu);
      gpu_id = &offering.gpu;
      legacy = false;
      if (gpu != nullptr) {
        signed char& known = legacy_of[static_cast<size_t>(gpu - catalog.gpus.data())];
        if (known < 0) known = legacy_gpu(gpu) ? 1 : 0;
        legacy = known == 1;
      }
    }
    if (gpu == nullptr || gpu->kind != HardwareKindId::gpu) continue;  // TPUs/NPUs run other software stacks: not modelled
    const bool fabric = provider != nullptr && provider->multi_node_fabric_on_demand;
    const OptionInputs in{gpu, offering.gpus, offering.interconnect, offering.gpus, fabric};
    const Shape& shape = evaluate_shape(request, engine, in, cache);
    const std::optional<TierId> tier = provider && provider->tier ? provider->tier : offering.tier;
    // What the job pays before its first step, by the provider's tier (startup.hpp).
    const double startup_s = startup_time(startup_rates(tier), weights_bytes, shape.option.instances).total_s;
    // A doubtful price (price_doubt.hpp) is ranked and priced at its credible one; the budget filter reads the
    // listed price, which is what the person would be offered if it holds.
    auto add = [&](PricingId pricing, double usd_per_hour_per_instance, const std::optional<double>& credible) {
      const double instances = static_cast<double>(shape.option.instances);
      const double usd_per_hour = usd_per_hour_per_instance * instances;
      if (request.filters.max_usd_per_hour && usd_per_hour > *request.filters.max_usd_per_hour) return;
      Priced p{&shape, nullptr, 0, provider, gpu, legacy, tier, startup_s, pricing,
               credible ? *credible * instances : usd_per_hour, credible.has_value()};
      with_offering(p, offering, offering_index);
      candidates.push_back(p);
    };
    if (offering.usd_per_hour && request.filters.pricing != PricingId::spot) {
      add(PricingId::on_demand, *offering.usd_per_hour, offering.credible_usd_per_hour);
    }
    // A long run (the eligibility rules' kLongJobS: pretraining or a full fine-tune over a day) is also priced at a
    // published term price whose term covers it (catalog.hpp term_price_for): the ranking weighs both by the job's
    // total. Only the offering's own and its provider's few entries are read.
    if (long_training && shape.option.fits && shape.option.train_s && request.filters.pricing != PricingId::spot &&
        (!offering.commitments.empty() || (provider && !provider->commitments.empty()))) {
      const double job_s = *shape.option.train_s + startup_s;
      double per_instance = 0;
      const Commitment* term = job_s > kLongJobS ? term_price_for(offering, provider, job_s, shape.option.gpus, per_instance)
                                                 : nullptr;
      const double usd_per_hour = per_instance * static_cast<double>(shape.option.instances);
      if (term && !(request.filters.max_usd_per_hour && usd_per_hour > *request.filters.max_usd_per_hour)) {
        Priced reserved{&shape, &offering, offering_index, provider, gpu, legacy, tier, startup_s, PricingId::reserved,
                        usd_per_hour, false};
        reserved.term = term;
        with_offering(reserved, offering, offering_index);
        candidates.push_back(reserved);
      }
    }
    if (offering.spot_usd_per_hour && request.filters.pricing != PricingId::on_demand) {
      add(PricingId::spot, *offering.spot_usd_per_hour, offering.credible_spot_usd_per_hour);
    }
  }
  return candidates;
}

// The top `keep` offerings of a ranked evaluate, weighed group by group (catalog.hpp OfferingGroup), in the order
// ranked_positions gives them over every offering. Within a group (and pricing) only the price differs, and each
// cost is the price times figures the group shares plus what it shares, so a member ranks no better than a cheaper
// one: every group's cheapest member is keyed, then a best-first merge keys a group's next member only when the one
// before it is taken. Members whose keys tie on every rule (equal costs from unequal prices) come by their position,
// as the stable order has them. About (groups + keep) keys instead of one per offering: the work no longer grows with
// the rows of a group (every region of an instance). Nullopt when the catalog has no index for its offerings or a
// key holds a NaN (the rules are then no total order): the caller weighs every offering.
struct GroupRanked {
  std::vector<Priced> top;  // best first
  size_t evaluated = 0;     // the offerings that pass the filters, at each pricing they have
  bool one_gpu_does = false;
};

SIZER_NOINLINE std::optional<GroupRanked> rank_by_groups(const Request& request, const EnginePreset& engine,
                                                         const Catalog& catalog, double weights_bytes, ShapeCache& cache,
                                                         const PricingInputs& in, size_t keep) {
  const OfferingIndex* index = catalog.offering_index.get();
  if (index == nullptr || index->offerings != catalog.offerings.size()) return std::nullopt;
  // The merge keys every stream's cheapest member and about two members per option taken, each with heap work: it
  // pays where the groups hold several members each. Measured natively (limit 20): with 1.5 priced members per stream
  // (the bundled catalog) it was 7-10 % slower than keying every offering, with 15 (ten regions of each) ~20x faster.
  // Under kMinMembersPerStream the caller keys every offering (the same options either way).
  constexpr size_t kMinMembersPerStream = 2;
  size_t listed = 0, lists = 0;
  for (const OfferingGroup& group : index->groups) {
    for (const std::vector<uint32_t>& list : group.by_price) {
      listed += list.size();
      lists += list.empty() ? 0 : 1;
    }
  }
  if (listed < kMinMembersPerStream * (lists + keep)) return std::nullopt;
  const Filters& filters = request.filters;
  struct Stream {
    Priced common;  // what the group's members share
    const std::vector<uint32_t>* members = nullptr;
    size_t next = 0;  // the next member to key
  };
  std::vector<Stream> streams;
  GroupRanked out;
  std::vector<signed char> legacy_of(catalog.gpus.size(), -1);
  // Groups come in the catalog's order, a provider's together: the last look-ups are remembered (offering_candidates).
  const Provider* provider = nullptr;
  const std::string* provider_id = nullptr;
  const Gpu* gpu = nullptr;
  const std::string* gpu_id = nullptr;
  for (const OfferingGroup& group : index->groups) {
    const Offering& first = catalog.offerings[group.first];
    if (provider_id == nullptr || *provider_id != first.provider) {
      provider = catalog.find_provider(first.provider);
      provider_id = &first.provider;
    }
    if (!passes_filters(filters, first, provider)) continue;
    if (gpu_id == nullptr || *gpu_id != first.gpu) {
      gpu = catalog.find_gpu(first.gpu);
      gpu_id = &first.gpu;
    }
    if (gpu == nullptr || gpu->kind != HardwareKindId::gpu) continue;  // as offering_candidates
    signed char& known = legacy_of[static_cast<size_t>(gpu - catalog.gpus.data())];
    if (known < 0) known = legacy_gpu(gpu) ? 1 : 0;
    const bool fabric = provider != nullptr && provider->multi_node_fabric_on_demand;
    const OptionInputs shape_in{gpu, first.gpus, first.interconnect, first.gpus, fabric};
    const Shape& shape = evaluate_shape(request, engine, shape_in, cache);
    const std::optional<TierId> tier = provider && provider->tier ? provider->tier : first.tier;
    const double startup_s = startup_time(startup_rates(tier), weights_bytes, shape.option.instances).total_s;
    for (const PricingId pricing : {PricingId::on_demand, PricingId::spot}) {
      if (filters.pricing != PricingId::any && filters.pricing != pricing) continue;  // as offering_candidates
      const std::vector<uint32_t>& members = group.by_price[pricing == PricingId::spot ? 1 : 0];
      if (members.empty()) continue;
      streams.push_back({{&shape, nullptr, 0, provider, gpu, known == 1, tier, startup_s, pricing, 0, false}, &members, 0});
    }
  }
  // A member as offering_candidates prices it; false when the budget filter (on the listed price) excludes it.
  auto member = [&](const Stream& s, size_t k, Priced& p) {
    const size_t i = (*s.members)[k];
    const Offering& o = catalog.offerings[i];
    const bool spot = s.common.pricing == PricingId::spot;
    const double instances = static_cast<double>(s.common.shape->option.instances);
    const double usd_per_hour = *(spot ? o.spot_usd_per_hour : o.usd_per_hour) * instances;
    if (filters.max_usd_per_hour && usd_per_hour > *filters.max_usd_per_hour) return false;
    const std::optional<double>& credible = spot ? o.credible_spot_usd_per_hour : o.credible_usd_per_hour;
    p = s.common;
    with_offering(p, o, i);
    p.usd_per_hour = credible ? *credible * instances : usd_per_hour;
    p.doubtful = credible.has_value();
    return true;
  };
  for (const Stream& s : streams) {
    if (!filters.max_usd_per_hour) {
      out.evaluated += s.members->size();
      continue;
    }
    Priced p;
    for (size_t k = 0; k < s.members->size(); ++k) out.evaluated += member(s, k, p) ? 1 : 0;
  }
  struct Entry {
    RankKey key;
    size_t position = 0;  // as in offering_candidates' list: by offering, on demand before spot
    size_t stream = 0;
    Priced priced;
  };
  KeyMaker maker(in);
  bool nan = false;
  // The stream's next member that passes the filters, keyed (without the judgement's factor).
  auto next_entry = [&](size_t stream, JudgedFacts& facts) -> std::optional<Entry> {
    Stream& s = streams[stream];
    Entry e;
    while (s.next < s.members->size()) {
      if (!member(s, s.next++, e.priced)) continue;
      e.key = maker.key(e.priced, facts, nullptr);
      e.position = 2 * e.priced.offering_index + (e.priced.pricing == PricingId::spot ? 1 : 0);
      e.stream = stream;
      return e;
    }
    return std::nullopt;
  };
  // Each stream's cheapest member, and over them whether one GPU does the job (counts_as_one_gpu reads nothing a
  // group's members do not share).
  std::vector<Entry> heads;
  std::vector<JudgedFacts> head_facts;
  heads.reserve(streams.size());
  head_facts.reserve(streams.size());
  // Shape by shape, so the reused option is copied once per shape, not once per group (as judged_keys).
  std::vector<size_t> by_shape(streams.size());
  for (size_t k = 0; k < streams.size(); ++k) by_shape[k] = k;
  std::stable_sort(by_shape.begin(), by_shape.end(), [&](size_t a, size_t b) {
    return streams[a].common.shape->index < streams[b].common.shape->index;
  });
  for (const size_t k : by_shape) {
    JudgedFacts facts;
    if (std::optional<Entry> e = next_entry(k, facts)) {
      out.one_gpu_does = out.one_gpu_does || maker.one_gpu;
      heads.push_back(std::move(*e));
      head_facts.push_back(facts);
    }
  }
  auto judge = [&](Entry& e, const JudgedFacts& facts) {
    e.key.ranking_factor = judged_factor(facts, e.key.ranking_factor, e.priced.gpu, e.priced.legacy, out.one_gpu_does,
                                         request);
    nan = nan || !rank_key_nan_free(e.key);
  };
  for (size_t k = 0; k < heads.size(); ++k) judge(heads[k], head_facts[k]);
  if (nan) return std::nullopt;
  const RankingPolicy policy = ranking_policy(request);
  auto better = [&](const Entry& a, const Entry& b) {
    const int c = compare_rank_keys(a.key, b.key, policy);
    return c < 0 || (c == 0 && a.position < b.position);
  };
  auto worse = [&](const Entry& a, const Entry& b) { return better(b, a); };
  std::vector<Entry> heap = std::move(heads);
  std::make_heap(heap.begin(), heap.end(), worse);
  auto push = [&](Entry e) {
    heap.push_back(std::move(e));
    std::push_heap(heap.begin(), heap.end(), worse);
  };
  // Per stream: the members tied on every rule with the one taken, by position, still to come, and the member after
  // them (keyed).
  std::vector<std::vector<Entry>> pending(streams.size());
  std::vector<std::optional<Entry>> after(streams.size());
  std::vector<char> verified(streams.size(), 0);  // the stream's entry in the heap is from `pending`
  while (out.top.size() < keep && !heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), worse);
    Entry e = std::move(heap.back());
    heap.pop_back();
    const size_t s = e.stream;
    if (!verified[s]) {
      std::vector<Entry> run;
      JudgedFacts facts;
      while (std::optional<Entry> n = next_entry(s, facts)) {
        judge(*n, facts);
        if (nan) return std::nullopt;
        if (compare_rank_keys(n->key, e.key, policy) != 0) {
          after[s] = std::move(n);
          break;
        }
        run.push_back(std::move(*n));
      }
      if (!run.empty()) {
        run.push_back(std::move(e));
        std::sort(run.begin(), run.end(), [](const Entry& a, const Entry& b) { return a.position > b.position; });
        pending[s] = std::move(run);  // taken from the back: by position
        verified[s] = 1;
        push(std::move(pending[s].back()));
        pending[s].pop_back();
        continue;
      }
    }
    out.top.push_back(std::move(e.priced));
    if (!pending[s].empty()) {
      push(std::move(pending[s].back()));
      pending[s].pop_back();
    } else {
      verified[s] = 0;
      if (after[s]) {
        push(std::move(*after[s]));
        after[s].reset();
      }
    }
  }
  return out;
}

// The trade-off a person makes for a job: the top option's GPU kind and provider at other instance
// counts (1, 2, 4, ... up to the cap), with the time and the total.
SIZER_NOINLINE std::vector<ScalingRow> scaling_table(const Request& request, const EnginePreset& engine, const Catalog& catalog,
                                      const Option& top, const Offering* offering, double stored_bytes,
                                      double egress_bytes) {
  std::vector<ScalingRow> rows;
  // Only where the person chooses a cluster size: pretraining and full fine-tunes.
  const bool sized = is_big_training(request);
  if (offering == nullptr || !sized) return rows;
  const Gpu* gpu = catalog.find_gpu(offering->gpu);
  const Provider* provider = catalog.find_provider(offering->provider);
  if (gpu == nullptr) return rows;
  const bool fabric = provider != nullptr && provider->multi_node_fabric_on_demand;
  // At the price the ranking used: a doubtful one's credible price (price_doubt.hpp), as the top option has.
  const bool spot = top.pricing == PricingId::spot;
  const std::optional<double>& credible = spot ? offering->credible_spot_usd_per_hour : offering->credible_usd_per_hour;
  const double per_instance = credible ? *credible
                                       : (spot ? offering->spot_usd_per_hour : offering->usd_per_hour).value_or(0);
  for (int64_t instances = 1; instances <= kMaxTrainingInstances; instances *= 2) {
    if (instances > 1 && !fabric) break;
    const int64_t gpus = offering->gpus * instances;
    if (request.filters.max_gpus && gpus > *request.filters.max_gpus) break;
    OptionInputs in{gpu, gpus, offering->interconnect, offering->gpus, fabric};
    Candidate c = evaluate_option(request, engine, in);
    if (!c.option.fits) continue;
    c.option.instances = instances;
    c.option.pricing = top.pricing;
    c.option.startup_s = top.startup_s;
    // A top option at a term price: each row at the term that covers its run where one does, else on demand.
    const Commitment* term = nullptr;
    double row_per_instance = per_instance;
    if (top.pricing == PricingId::reserved) {
      const double job_s = c.option.train_s.value_or(0) + top.startup_s.value_or(0);
      double term_per_instance = 0;
      term = job_s > kLongJobS ? term_price_for(*offering, provider, job_s, gpus, term_per_instance) : nullptr;
      row_per_instance = term ? term_per_instance : offering->usd_per_hour.value_or(0);
      if (!term) c.option.pricing = PricingId::on_demand;
    }
    add_costs(c.option, request, provider, row_per_instance * static_cast<double>(instances), stored_bytes, egress_bytes,
              true, term);
    if (!c.option.job_s || !c.option.usd_total) continue;
    // Past the point where more GPUs barely shorten the run, the table stops.
    if (!rows.empty() && *c.option.job_s > rows.back().job_s * 0.9) break;
    rows.push_back({gpus, instances, *c.option.job_s, *c.option.usd_total, c.option.meets_targets});
    if (rows.size() >= 10) break;
  }
  return rows;
}

// phrase_options for the options returned, each shape's notes phrased once: an option's notes are its shape's
// followed by its own, and a note's sentence depends on its fact and the locale alone, so the sentences, reasons
// and warnings are the shape's followed by those of its own notes, exactly as phrase_options orders them. With
// every option returned, phrasing the same shape notes for each offering was much of the evaluate.
SIZER_NOINLINE void phrase_ranked(std::vector<Option>& options, const std::vector<const Shape*>& shapes, const Locale& locale) {
  std::map<const Shape*, Option> phrased_shapes;  // the shape's notes with their sentences, reasons, warnings
  std::vector<Option> own(1);
  for (size_t i = 0; i < options.size(); ++i) {
    Option& option = options[i];
    const Shape* shape = shapes[i];
    const size_t shared = shape && shape->notes ? shape->notes->size() : 0;
    if (shared == 0 || option.notes.size() < shared) {
      own[0] = std::move(option);
      phrase_options(own, locale);
      option = std::move(own[0]);
      continue;
    }
    auto [it, fresh] = phrased_shapes.try_emplace(shape);
    if (fresh) {
      std::vector<Option> one(1);
      one[0].notes = *shape->notes;
      phrase_options(one, locale);
      it->second = std::move(one[0]);
    }
    const Option& phrased = it->second;
    own[0].notes.assign(std::make_move_iterator(option.notes.begin() + static_cast<std::ptrdiff_t>(shared)),
                        std::make_move_iterator(option.notes.end()));
    phrase_options(own, locale);
    option.notes.resize(shared);
    for (size_t k = 0; k < shared; ++k) option.notes[k].text = phrased.notes[k].text;
    option.notes.insert(option.notes.end(), std::make_move_iterator(own[0].notes.begin()),
                        std::make_move_iterator(own[0].notes.end()));
    option.reasons = phrased.reasons;
    option.reasons.insert(option.reasons.end(), own[0].reasons.begin(), own[0].reasons.end());
    option.warnings = phrased.warnings;
    option.warnings.insert(option.warnings.end(), own[0].warnings.begin(), own[0].warnings.end());
  }
}

void file_explanations(std::vector<Explanation>& from, const char* prefix, std::vector<Explanation>& to) {
  for (Explanation& e : from) {
    e.figure = prefix + e.figure;
    to.push_back(std::move(e));
  }
}

}  // namespace

SIZER_NOINLINE Response evaluate(const json& request_document, const Catalog& catalog) {
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
  // A warning the core adds itself (a value it assumed, a filter that left nothing), phrased in the request's locale.
  auto warn = [&](Issue issue) {
    Issues one{std::move(issue)};
    if (const Locale* locale = find_locale(id_of(request.locale))) phrase_issues(one, *locale);
    response.warnings.push_back(std::move(one.front()));
  };
  // Pinned hardware without a concurrency: the largest batch that fits and meets the targets becomes the
  // request's concurrency, so the memory, the option and the answers all describe the same batch. An endpoint given
  // by its request rate runs what the rate keeps in flight on it (rate_batch, Little's law), as a ranked option does:
  // the largest batch that meets the targets at one sequence was one sequence, below any rate.
  if (request.hardware && request.kind == WorkloadKind::inference && !request.inference.concurrency_given) {
    const OptionInputs in{&request.hardware->gpu, request.hardware->count, request.hardware->gpu.interconnect_kind};
    const bool by_rate = !request.inference.batch() && request.inference.open_loop();
    request.inference = by_rate ? rate_batch(request, engine, in) : auto_batch(request, engine, in);
    request.inference.concurrency_given = true;
  }
  // A ranked endpoint with no target: an interactive one's speed, said (kDefaultTokensPerSPerUser).
  if (!request.hardware && request.kind == WorkloadKind::inference && !request.inference.batch() &&
      !request.inference.min_output_tokens_per_s_per_user && !request.inference.max_ttft_s) {
    request.inference.min_output_tokens_per_s_per_user = kDefaultTokensPerSPerUser;
    warn(make_issue("assumed_field", "/workload/min_output_tokens_per_s_per_user",
                    message("issue.assumed_field.min_output_tokens_per_s_per_user",
                            {param_number("rate", kDefaultTokensPerSPerUser, format_number(kDefaultTokensPerSPerUser))})));
  }
  // Ranking a job over the catalog needs a deadline to size the cluster by; without one, say the default.
  if (!request.hardware && is_training(request.kind) && !request.training.deadline_s) {
    const bool pretrain = request.kind == WorkloadKind::pretrain;
    const double deadline_s = pretrain ? kDefaultPretrainDeadlineS : kDefaultFinetuneDeadlineS;
    request.training.deadline_s = deadline_s;
    warn(make_issue("assumed_field", "/workload/deadline_s",
                    message(pretrain ? "issue.assumed_field.deadline_pretrain" : "issue.assumed_field.deadline_finetune",
                            {param_number("days", deadline_s / 86400.0, format_number(deadline_s / 86400.0)),
                             param_number("hours", deadline_s / 3600.0, format_number(deadline_s / 3600.0))})));
  }
  // detail "figures": every number without the sentences and the workings (no guidance, explanations or option
  // notes; the fit list and the scaling table stay), for callers that evaluate many requests and plot or tabulate
  // them: a sweep, the page's fit grid and format comparison.
  const bool words = request.detail == DetailId::full;
  // detail "table": the options as columns of numbers (table.hpp), without option objects; the rest as "figures".
  const bool table = request.detail == DetailId::table;
  std::vector<Explanation> memory_explain;
  response.memory = memory_report(request, engine, memory_explain);
  if (words) file_explanations(memory_explain, "memory.", response.explain);
  double stored_bytes = 0;
  double egress_bytes = 0;
  storage_needs(request, *response.memory, stored_bytes, egress_bytes);

  ShapeCache shapes;
  // The options returned, best first, with the shape each was timed as (null: pinned hardware) and the
  // explanations of the top option's figures.
  std::vector<const Shape*> shape_of;
  std::vector<Explanation> top_explain;
  const Offering* top_offering = nullptr;
  const size_t limit = static_cast<size_t>(std::max<int64_t>(0, request.limit));
  if (request.hardware) {
    const int64_t count = request.hardware->count;
    OptionInputs pin{&request.hardware->gpu, count, request.hardware->gpu.interconnect_kind,
                     std::min<int64_t>(kMaxTensorInBox, count), true};
    pin.explain = words;
    pin.notes = words;
    Candidate pinned = evaluate_option(request, engine, pin);
    response.options_evaluated = 1;
    apply_judgement({&pinned.option}, request, catalog, words);  // the guide's judgement (ranking.hpp)
    {
      const Gpu* pinned_gpu = catalog.find_gpu(pinned.option.gpu);
      pinned.option.eligibility = judge_eligibility(pinned.option, pin.fast_fabric, request, hbm_of(pinned_gpu));
      note_target_margin(pinned.option, request, target_factors(request, vendor_of(pinned_gpu, request)), words);
    }
    top_explain = std::move(pinned.explain);
    if (table) {
      std::vector<double> row(kTableColumns);
      table_row(pinned.option, std::nullopt, row.data());
      response.table = table_in_order(row, {0}, std::min<size_t>(limit, 1));
    }
    response.options.push_back(std::move(pinned.option));
    shape_of.push_back(nullptr);
  } else {
    const PricingInputs in{request, stored_bytes, egress_bytes};
    bool one_gpu_does = false;
    // A ranked evaluate with a limit: the offerings that can make the cut, group by group (rank_by_groups); with
    // every option (detail "table", or a limit past the groups) every offering is weighed.
    const size_t keep = std::max<size_t>(limit, 1);
    std::optional<GroupRanked> by_groups;
    // The groups key on-demand and spot members only: a run that may be priced at a term (pricing reserved) weighs
    // every offering.
    if (!table && !may_run_long(request) && catalog.offering_index && keep < catalog.offering_index->groups.size()) {
      by_groups = rank_by_groups(request, engine, catalog, response.memory->weights_bytes, shapes, in, keep);
    }
    const std::vector<Priced> priced =
        by_groups ? std::move(by_groups->top)
                  : offering_candidates(request, engine, catalog, response.memory->weights_bytes, shapes);
    const size_t evaluated = by_groups ? by_groups->evaluated : priced.size();
    response.options_evaluated = static_cast<int64_t>(evaluated);
    // A filter that leaves nothing is said, with what it excluded (a warning here, and the guidance says the same).
    if (evaluated == 0) {
      response.filtered_out = filter_that_excludes_all(request.filters, catalog);
      if (response.filtered_out) {
        warn(make_issue("filter_excludes_all", "/filters/" + response.filtered_out->filter,
                        message("issue.filter_excludes_all",
                                {param_text("filter", response.filtered_out->filter),
                                 param_number("excluded", static_cast<double>(response.filtered_out->excluded),
                                              std::to_string(response.filtered_out->excluded))})));
      }
    }
    std::vector<double> table_rows;
    // The top option is materialised even at limit 0: the scaling table and the explanations describe it. A
    // table's rows are the options, so only the top one is made as an Option then.
    const size_t made = std::min(priced.size(), table ? size_t{1} : keep);
    const size_t table_count = table ? std::min(priced.size(), limit) : 0;
    std::vector<size_t> order;
    if (by_groups) {
      one_gpu_does = by_groups->one_gpu_does;
      for (size_t i = 0; i < priced.size(); ++i) order.push_back(i);  // already best first
    } else {
      const std::vector<RankKey> keys = judged_keys(priced, shapes.size(), in, one_gpu_does, table ? &table_rows : nullptr);
      order = ranked_positions(keys, request, std::max(made, table_count));
    }
    if (table) response.table = table_in_order(table_rows, order, table_count);
    response.options.reserve(made);
    for (size_t i = 0; i < made; ++i) {
      const Priced& p = priced[order[i]];
      response.options.push_back(materialise(p, in, engine, one_gpu_does, catalog, words));
      shape_of.push_back(p.shape);
    }
    if (made > 0) {
      if (words) top_explain = shape_explanations(request, engine, *priced[order[0]].shape);
      top_offering = priced[order[0]].offering;
    }
  }
  if (!request.hardware && !response.options.empty() && response.options.front().fits) {
    response.scaling = scaling_table(request, engine, catalog, response.options.front(), top_offering,
                                     stored_bytes, egress_bytes);
    if (response.scaling.size() < 2) response.scaling.clear();
  }
  if (words && !response.options.empty() && response.options.front().fits) {
    std::vector<Explanation> costs = explain_costs(response.options.front(), request);
    top_explain.insert(top_explain.end(), costs.begin(), costs.end());
    file_explanations(top_explain, "options.0.", response.explain);
  }
  if (table) response.options.clear();  // they are the table's rows
  if (response.options.size() > limit) {
    response.options.resize(limit);
    shape_of.resize(limit);
  }
  for (Option& option : response.options) {
    set_ranges(option, request, vendor_of(catalog.find_gpu(option.gpu), request));  // uncertainty.hpp
  }
  response.fit_by_gpu = fit_by_gpu(request, engine, catalog);
  response.request = request;
  if (words) response.guidance = build_guidance(request, response, catalog);
  // Last: the options' notes in the request's locale (English when it is one the core does not ship).
  const Locale* locale = find_locale(id_of(request.locale));
  phrase_ranked(response.options, shape_of, locale ? *locale : english());
  for (Option& option : response.options) {
    if (option.eligibility) option.eligibility->text = phrase(locale ? *locale : english(), option.eligibility->reason);
  }
  response.ok = true;
  return response;
}

}  // namespace sizer

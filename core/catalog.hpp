// The catalog: GPUs, providers, offerings and model presets. Parsed and validated from untrusted JSON
// (the bundled files, or one a visitor imports); every problem is reported with its JSON Pointer.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "json_read.hpp"
#include "model.hpp"
#include "vocabulary.hpp"

namespace sizer {

// Dense tensor throughput in TFLOPS (int8: TOPS); nullopt where the hardware has no such path.
struct Tflops {
  std::optional<double> fp32, tf32, bf16, fp16, fp8, int8, fp4;
  bool operator==(const Tflops&) const = default;
};

// The share of nominal memory the driver keeps for itself on a GPU the catalog has no driver figure for: every card
// measured reserves at least ~1% (thamada/nvidia-smi@c4c8a463 gls/*_deviceQuery.py, totalGlobalMem against the
// nominal GiB: H100 SXM 0.99%, A100 SXM 0.93%, RTX 4090 1.49%, RTX 3090 1.72%; ECC GDDR cards such as the A40 and
// L40S 7.6%, which only a measured figure captures).
constexpr double kUnmeasuredDriverReserve = 0.01;

struct Gpu {
  std::string id;
  std::string name;
  std::string vendor;
  HardwareKindId kind = HardwareKindId::gpu;
  double vram_gib = 0;
  std::string memory_type;
  std::string architecture;         // "Hopper", "Ampere", "CDNA 3", ...: what capabilities.hpp reads
  double memory_bandwidth_gbs = 0;  // decimal GB/s
  Tflops tflops;
  InterconnectId interconnect_kind = InterconnectId::pcie;
  double interconnect_bandwidth_gbs = 0;   // aggregate bidirectional per GPU
  double pcie_bandwidth_gbs = 64;          // bidirectional; Gen4 x16 when not given
  // Memory the driver reports (CUDA/HIP totalGlobalMem), bytes: what a framework can allocate at most, less than
  // the nominal size (CUDA's own reservation; on datacenter GDDR cards, ECC). Absent: not measured.
  std::optional<double> driver_memory_bytes;
  std::string driver_memory_source;
  std::string source;
  std::string as_of;

  double vram_bytes() const { return vram_gib * 1073741824.0; }
  // What the memory stages budget against: the driver's figure, else the nominal size less kUnmeasuredDriverReserve.
  double driver_bytes() const;
  // The 16-bit tensor rate (bf16, else fp16), the baseline every GPU has.
  double tflops_16bit() const;
  // The rate for a compute precision ("fp8", "int8", "fp4", "bf16", "fp16", "fp32"), falling back to the
  // 16-bit rate where the hardware has no such path. `native` says whether it was supported.
  double tflops_for(std::string_view precision, bool* native = nullptr) const;
  bool is_hbm() const { return memory_type.rfind("HBM", 0) == 0; }
  bool operator==(const Gpu&) const = default;
};

// A published commitment price: a term ("1y", "3y", "1mo", "contract", ...) with either a price
// (usd_per_hour for a whole instance, usd_per_gpu_hour for one GPU of `gpu`) or a discount off on-demand.
// A price the ranking can bill a long run at (issue 30) also states its term's length: `term_days` (a fixed term),
// or the shortest with `max_term_days` and `step_days` where the length is chosen in steps (AWS Capacity Blocks:
// 1–14 days by the day, then by the week up to 182); `min_gpus`, the least the term may cover; `seen`, the date
// the price was read in a dated source; `confidence`, as an offering's price (catalog/README.md "Confidence").
// Entries without a term length ("contract") or with only a discount are carried but never billed.
struct Commitment {
  std::string term;
  std::string gpu;  // provider-level entries: the GPU id the price is for ("" = all)
  std::optional<double> usd_per_hour, usd_per_gpu_hour, discount_fraction;
  std::optional<double> term_days, max_term_days, step_days;
  std::optional<int64_t> min_gpus;
  std::string seen;  // "" unknown
  std::optional<PriceConfidenceId> confidence;
  std::string source;
  bool operator==(const Commitment&) const = default;
};


struct Provider {
  std::string id;
  std::string name;
  std::optional<TierId> tier;  // nullopt when an older catalog has none
  bool resells = false;  // places you on another cloud (offerings name it in `upstream`)
  std::string price_as_of;  // the date of its newest offering price
  double billing_granularity_s = 3600;
  std::optional<double> minimum_charge_s;
  std::optional<double> block_storage_usd_per_gb_month, object_storage_usd_per_gb_month, egress_usd_per_gb;
  bool spot_available = false;
  bool multi_node_fabric_on_demand = false;  // InfiniBand/RoCE/EFA between on-demand instances
  std::optional<double> spot_notice_s;
  std::vector<Commitment> commitments;
  std::string source;
  std::string as_of;
  bool operator==(const Provider&) const = default;
};

struct Offering {
  std::string id;
  std::string provider;
  std::string instance;
  std::string gpu;
  int64_t gpus = 1;
  std::optional<double> vcpus, ram_gib;
  std::optional<double> usd_per_hour, spot_usd_per_hour;  // whole instance
  std::string region;
  InterconnectId interconnect = InterconnectId::pcie;  // between this instance's GPUs
  std::optional<TierId> tier;  // the provider's tier, repeated on each offering (nullopt when not given)
  std::string display_name;  // "8× H100 SXM 80 GB · 192 vCPU · 2048 GiB RAM"
  std::optional<double> gpu_mem_gb;  // per GPU, as the source states it
  std::string price_type = "list";  // list (a provider's price list) or listing (one marketplace host's offer)
  std::string price_as_of;  // the price's own date (else the snapshot it came from); "" when not given
  bool stale = false;       // kept from an older snapshot than its provider's other rows
  std::string upstream;     // the cloud a reseller places you on
  // Provenance (catalog/README.md "Provenance"): the date the price was seen in a dated source ("" unknown),
  // how sure the catalog is of it (the spot price's own when it differs), the source's currency and amount with
  // the rate used where that is not USD, the upstream instance a reseller rents out, the form factor the
  // instance or upstream id names ("" not stated), and the spot price's region when it is not `region`.
  std::string price_seen;
  PriceConfidenceId price_confidence = PriceConfidenceId::single_source;
  std::optional<PriceConfidenceId> spot_confidence;
  std::string currency;  // "" = USD
  std::optional<double> source_amount, source_spot_amount, fx_rate;
  std::string fx_date;
  std::string resale_of_provider, resale_of_instance;
  std::string form_factor;
  std::string spot_region;
  // Set when the catalog is read (ranking.hpp mark_doubtful_prices), not in the file: the whole-instance price
  // the ranking uses in place of a doubtful one (the median $/GPU-h of the GPU and pricing kind × gpus).
  std::optional<double> credible_usd_per_hour, credible_spot_usd_per_hour;
  // Which rule set it: false, the price is under half its market's median; true, a stale price under the cheapest
  // current one of its GPU and pricing kind (price_doubt.hpp).
  bool credible_is_current_floor = false, credible_spot_is_current_floor = false;
  PriceConfidenceId spot_price_confidence() const { return spot_confidence.value_or(price_confidence); }
  std::vector<Commitment> commitments;
  std::string source;
  std::string as_of;  // when the data was collected
  bool operator==(const Offering&) const = default;
};

// The seconds of the shortest term of `c` that covers a job of `job_s` seconds; nullopt when none does (a fixed
// term shorter than the job, a job past the longest term) or `c` states no term length.
std::optional<double> covering_term_s(const Commitment& c, double job_s);
// The commitment a long run on `offering` can be billed at: the cheapest one with a price and a term length that
// covers `job_s` and `gpus` (the offering's own entries, else its provider's for the offering's GPU), or null.
// `usd_per_hour` is set to its price for one instance of the offering.
const Commitment* term_price_for(const Offering& offering, const Provider* provider, double job_s, int64_t gpus,
                                 double& usd_per_hour);

// A catalog's JSON, kept as read or made on first use (the built-in catalog is read from its compact
// form, core/catalog_codec.hpp, and parses the bundled JSON only when `gpu-sizer catalog` or the page's
// catalog() asks for it). Copies of a Catalog share it.
struct CatalogDocument {
  std::optional<json> value;
  json (*make)() = nullptr;
};

// Offerings that rank alike but for their price (issue 33: the catalog will grow, every region and more providers).
// The ranking reads of an offering only its provider, tier, GPU, GPU count, link and price (core/evaluate.cpp), so
// offerings equal in all but the price form one group, and within a group the option that costs less ranks first
// (every cost is the price times figures the group shares, plus what it shares). A ranked evaluate with a limit
// weighs each group's cheapest offerings first and the next ones only while they can still make the cut.
struct OfferingGroup {
  size_t first = 0;  // the position of one member in Catalog::offerings (its provider, tier, GPU, count and link)
  // Positions of the members with an on-demand price ([0]) and with a spot price ([1]), by the price the ranking
  // uses (the credible one where a price is doubtful: price_doubt.hpp), then by position.
  std::vector<uint32_t> by_price[2];
};
struct OfferingIndex {
  size_t offerings = 0;  // the size of Catalog::offerings it was built from
  std::vector<OfferingGroup> groups;
};

struct Catalog {
  std::string as_of;
  std::vector<Gpu> gpus;
  std::vector<Provider> providers;
  std::vector<Offering> offerings;
  std::vector<ModelArch> models;
  std::shared_ptr<CatalogDocument> document_source;
  // Built when the catalog is read, with the credible prices (mark_doubtful_prices, which code that edits the
  // offerings afterwards calls again); copies share it. Null, or built for another number of offerings: evaluate
  // weighs every offering.
  std::shared_ptr<const OfferingIndex> offering_index;

  // The merged JSON as given, for `gpu-sizer catalog` and the page (null when there is none).
  const json& document() const;

  const Gpu* find_gpu(std::string_view id) const;
  const Provider* find_provider(std::string_view id) const;
  const ModelArch* find_model(std::string_view id) const;
};

// Reads one GPU object; `catalog_item` additionally requires id, name, source and as_of (an inline GPU
// in a request needs only vram_gib, memory_bandwidth_gbs and tflops.bf16 or tflops.fp16).
Gpu read_gpu(const json& object, const std::string& path, JsonReader& reader, bool catalog_item);

// Parses and cross-checks a merged catalog document ({as_of, gpus, providers, offerings, models}, any
// subset). All problems land in `errors`; the returned catalog holds what could be read.
Catalog read_catalog(const json& document, Issues& errors, Issues& warnings);
// The same, keeping `document` as Catalog::document without a copy.
Catalog read_catalog(json&& document, Issues& errors, Issues& warnings);

// Merges several catalog documents (the four bundled files, or an import over the bundled catalog):
// each key present in a later document replaces that key's list. `as_of` becomes the oldest item date.
json merge_catalog_documents(const std::vector<json>& documents);
// The same, moving the lists out of `documents` instead of copying them.
json merge_catalog_documents(std::vector<json>&& documents);

}  // namespace sizer

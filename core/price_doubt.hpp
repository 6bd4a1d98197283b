// Ranking that cannot be fooled by a bargain (issue 33). A price the catalog is not sure of (price_confidence
// not `confirmed`) that sits under half the median $/GPU-h of its GPU and pricing kind is most often an old
// snapshot or an outlier zone (audit-2026-12: 15 of the 40 rows cheapest against their GPU's median were stale,
// 2 wrong). Such a price never wins silently: the ranking prices the option at that median instead, and the
// option says so (note `price_doubtful`, `listed_usd_per_hour`).
// A stale price (newer public evidence differs, or its evidence is old: catalog/README.md's rule) also never undercuts
// the cheapest current price of its GPU and pricing kind: where one exists, a cheaper stale price is ranked and priced
// at it, with the same note (the audit's named suspects, Verda's B200 spot at $0.95 and DataCrunch's V100 spot at
// $0.05, sit under every current price of their GPU but not under half the median of the few rows there are).
#pragma once
#include "catalog.hpp"

namespace sizer {

// Under this fraction of the median a non-confirmed price is doubtful (the "under half the median").
constexpr double kDoubtfulFractionOfMedian = 0.5;
// A median needs this many rows of the GPU and pricing kind to stand for a market (fewer: nothing is marked). It is
// read from the rows that are not stale when this many are, else from every row.
constexpr size_t kDoubtMinRows = 3;

// Sets each offering's credible_usd_per_hour / credible_spot_usd_per_hour where its price is doubtful (the
// median $/GPU-h of its GPU and pricing kind, on demand and spot apart, or for a stale price under every current
// one the cheapest current $/GPU-h, whichever is higher, × its GPUs); clears them elsewhere.
// Called wherever a catalog is read (catalog_read.cpp, catalog_codec.cpp), so every door ranks alike.
// Then builds the catalog's offering index (index_offerings) from those prices.
void mark_doubtful_prices(Catalog& catalog);

// Groups the offerings that rank alike but for their price into catalog.offering_index (catalog.hpp OfferingGroup).
void index_offerings(Catalog& catalog);

}  // namespace sizer

// The options as columns of numbers (table.hpp): every figure an Option carries, by the column's name.
#include "table.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace sizer {
namespace {

constexpr double kAbsent = std::numeric_limits<double>::quiet_NaN();

double value(const std::optional<double>& x) { return x ? *x : kAbsent; }
double value(const std::optional<int64_t>& x) { return x ? static_cast<double>(*x) : kAbsent; }
double value(int64_t x) { return static_cast<double>(x); }
template <class E> double position(const std::optional<E>& e) {
  return e ? static_cast<double>(static_cast<size_t>(*e)) : kAbsent;
}
// As the options' JSON writes bytes (json_io.cpp put_bytes): whole bytes, absent when not a size.
double bytes(double b) {
  return std::isfinite(b) && b >= 0 && b < 9.0e18 ? static_cast<double>(std::llround(b)) : kAbsent;
}
double finite(double x) { return std::isfinite(x) ? x : kAbsent; }

double column(TableColumnId c, const Option& o, std::optional<size_t> offering) {
  switch (c) {
    case TableColumnId::offering: return offering ? static_cast<double>(*offering) : kAbsent;
    case TableColumnId::pricing: return position(o.pricing);
    case TableColumnId::tier: return position(o.tier);
    case TableColumnId::interconnect: return position(o.interconnect);
    case TableColumnId::bottleneck: return position(o.bottleneck);
    case TableColumnId::sharding: return position(o.sharding);
    case TableColumnId::gpus: return value(o.gpus);
    case TableColumnId::instances: return value(o.instances);
    case TableColumnId::concurrency: return value(o.concurrency);
    case TableColumnId::tensor: return value(o.tensor);
    case TableColumnId::pipeline: return value(o.pipeline);
    case TableColumnId::data: return value(o.data);
    case TableColumnId::expert: return value(o.expert);
    case TableColumnId::fits: return o.fits ? 1 : 0;
    case TableColumnId::meets_targets: return o.meets_targets ? 1 : 0;
    case TableColumnId::vram_bytes_per_gpu: return bytes(o.vram_bytes_per_gpu);
    case TableColumnId::used_bytes_per_gpu: return bytes(o.used_bytes_per_gpu);
    case TableColumnId::decode_output_tokens_per_s_per_user: return value(o.decode_output_tokens_per_s_per_user);
    case TableColumnId::output_tokens_per_s: return value(o.output_tokens_per_s);
    case TableColumnId::ttft_s: return value(o.ttft_s);
    case TableColumnId::max_concurrency: return value(o.max_concurrency);
    case TableColumnId::max_context_tokens: return value(o.max_context_tokens);
    case TableColumnId::kv_capacity_tokens: return value(o.kv_capacity_tokens);
    case TableColumnId::train_tokens_per_s: return value(o.train_tokens_per_s);
    case TableColumnId::train_s: return value(o.train_s);
    case TableColumnId::gpu_hours: return value(o.gpu_hours);
    case TableColumnId::mfu: return value(o.mfu);
    case TableColumnId::seconds_per_image: return value(o.seconds_per_image);
    case TableColumnId::real_time_factor: return value(o.real_time_factor);
    case TableColumnId::items_per_s: return value(o.items_per_s);
    case TableColumnId::usd_per_hour: return value(o.usd_per_hour);
    case TableColumnId::usd_per_gpu_hour: return value(o.usd_per_gpu_hour);
    case TableColumnId::usd_per_million_output_tokens: return value(o.usd_per_million_output_tokens);
    case TableColumnId::usd_per_month: return value(o.usd_per_month);
    case TableColumnId::usd_total: return value(o.usd_total);
    case TableColumnId::usd_compute: return value(o.usd_compute);
    case TableColumnId::usd_storage: return value(o.usd_storage);
    case TableColumnId::usd_egress: return value(o.usd_egress);
    case TableColumnId::job_s: return value(o.job_s);
    case TableColumnId::billed_s: return value(o.billed_s);
    case TableColumnId::spot_extra_s: return value(o.spot_extra_s);
    case TableColumnId::startup_s: return value(o.startup_s);
    case TableColumnId::price_confidence: return position(o.price_confidence);
    case TableColumnId::listed_usd_per_hour: return value(o.listed_usd_per_hour);
  }
  return kAbsent;
}

}  // namespace

void table_row(const Option& option, std::optional<size_t> offering, double* row) {
  // Numbers leave the core only when finite (as put() in json_io.cpp): a non-finite figure is absent.
  for (size_t c = 0; c < kTableColumns; ++c) row[c] = finite(column(static_cast<TableColumnId>(c), option, offering));
}

OptionTable table_in_order(const std::vector<double>& row_major, const std::vector<size_t>& order, size_t count) {
  OptionTable table;
  table.rows = count;
  table.values.resize(kTableColumns * count);
  // In blocks of rows that stay in the cache while each column is written in sequence (one row at a time wrote
  // kTableColumns places far apart, and every column at a time re-read every row).
  constexpr size_t kBlock = 32;
  for (size_t first = 0; first < count; first += kBlock) {
    const size_t last = std::min(count, first + kBlock);
    for (size_t c = 0; c < kTableColumns; ++c) {
      double* out = table.values.data() + c * count;
      for (size_t r = first; r < last; ++r) out[r] = row_major[order[r] * kTableColumns + c];
    }
  }
  return table;
}

}  // namespace sizer

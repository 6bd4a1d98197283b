// Diffusion or audio on one hardware option: one full copy of the pipeline per GPU (these models are
// not split).
#include "format.hpp"
#include "media.hpp"
#include "options.hpp"

namespace sizer {
namespace {

// Relative error (one side) of the media estimates, from the calibration cases (accuracy report).
constexpr double kImageRelativeError = 0.3;
constexpr double kAudioRelativeError = 0.35;

}  // namespace

MemoryReport media_memory_report(const Request& request, const EnginePreset& engine, std::vector<Explanation>&) {
  const MediaMemory m = media_memory(request.model, request.media, request.kind, engine);
  MemoryReport report;
  report.weights_bytes = m.weights_bytes;
  report.activations_bytes = m.activations_bytes;
  report.overhead_bytes = m.overhead_bytes;
  report.total_bytes = m.total_bytes;
  return report;
}

Candidate evaluate_media_option(const Request& request, const EnginePreset& engine, const OptionInputs& in) {
  const MediaMemory memory = media_memory(request.model, request.media, request.kind, engine);
  const double usable = in.gpu->driver_bytes() * kMediaUsableFraction;  // of what the driver reports
  Candidate c;
  Option& option = c.option;
  describe_hardware(option, in);
  option.used_bytes_per_gpu = memory.total_bytes;
  option.memory_pressure = memory.total_bytes / usable;
  option.fits = memory.total_bytes <= usable;
  option.data = in.gpus;
  option.concurrency = request.media.batch;
  if (!option.fits) {
    if (in.notes) {
      option.notes.push_back(note("does_not_fit", SeverityId::info, "does_not_fit.media",
                                  {param_number("needed_bytes_per_gpu", memory.total_bytes, format_gb(memory.total_bytes)),
                                   param_number("usable_bytes_per_gpu", usable, format_gb(usable))}));
    }
    return c;
  }
  const MediaSpeed speed = media_speed(request.model, request.media, request.kind, engine, *in.gpu, in.gpus);
  const bool audio = request.kind == WorkloadKind::audio;
  option.meets_targets = true;
  // A deadline on the whole job: the compute here; the start-up and, on spot, the restarts are added where the
  // option is priced (cost.cpp price_job), as for a training run.
  if (request.media.deadline_s && speed.items_per_s > 0) {
    const double compute_s = media_job_items(request) / speed.items_per_s;
    option.meets_targets = compute_s <= *request.media.deadline_s;
    if (!option.meets_targets && in.notes) note_past_deadline(option, compute_s, *request.media.deadline_s);
  }
  option.bottleneck = speed.bottleneck;
  option.items_per_s = speed.items_per_s;
  option.seconds_per_image = speed.seconds_per_item;
  if (audio) {
    option.real_time_factor = speed.real_time_factor;
    option.range = range_around("real_time_factor", speed.real_time_factor, kAudioRelativeError);
  } else {
    option.range = range_around("seconds_per_image", speed.seconds_per_item, kImageRelativeError);
  }
  const double spare = usable - memory.total_bytes;
  if (in.notes) {
    option.notes.push_back(note("fits", SeverityId::info, "fits.media",
                                {param_number("spare_bytes_per_gpu", spare, format_gb(spare)),
                                 param_number("copies", static_cast<double>(in.gpus), std::to_string(in.gpus))},
                                "copies"));
  }
  if (in.explain) c.explain.push_back(explain_media_speed(request.model, request.media, request.kind, speed));
  return c;
}

void scale_out_media(const Request& request, const EnginePreset& engine, const OptionInputs& in, Candidate& base) {
  if (!request.media.deadline_s || !base.option.fits || base.option.meets_targets) return;
  for (int64_t instances = 2; instances <= kMaxMediaInstances; instances *= 2) {
    if (request.filters.max_gpus && in.gpus * instances > *request.filters.max_gpus) break;
    OptionInputs wider_in = in;
    wider_in.gpus = in.gpus * instances;
    Candidate wider = evaluate_media_option(request, engine, wider_in);
    wider.option.instances = instances;
    if (in.notes) {
      wider.option.notes.push_back(note("media_instances", SeverityId::info, "media_instances",
                                        {param_number("instances", static_cast<double>(instances), std::to_string(instances))}));
    }
    base = std::move(wider);
    if (base.option.meets_targets) return;
  }
}

}  // namespace sizer

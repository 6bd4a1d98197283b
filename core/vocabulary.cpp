#include "vocabulary.hpp"

namespace sizer {

namespace {
template <class E>
VocabularyList list_of() {
  return VocabularyList{Vocabulary<E>::name, ids_of<E>()};
}
}  // namespace

std::vector<VocabularyList> vocabulary_lists() {
  return {list_of<WeightFormatId>(), list_of<KvFormatId>(),   list_of<EngineId>(),     list_of<WorkloadKindId>(),
          list_of<ModelKindId>(),    list_of<MethodId>(),     list_of<OptimizerId>(),  list_of<LoraTargetsId>(),
          list_of<ShardingId>(),     list_of<PrecisionId>(),  list_of<PricingId>(),    list_of<OrderId>(),
          list_of<TierId>(),         list_of<BottleneckId>(), list_of<InterconnectId>(), list_of<BackboneId>(),
          list_of<MediaTaskId>(),    list_of<MediaRuntimeId>(), list_of<HardwareKindId>(), list_of<LocaleId>(),
          list_of<SeverityId>(),     list_of<OffloadId>(),     list_of<DetailId>(),
          list_of<PriceConfidenceId>(), list_of<EligibilityId>()};
}

}  // namespace sizer

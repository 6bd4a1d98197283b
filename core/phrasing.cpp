#include "phrasing.hpp"

namespace sizer {

void phrase_options(std::vector<Option>& options, const Locale& locale) {
  for (Option& option : options) {
    option.reasons.clear();
    option.warnings.clear();
    for (Note& n : option.notes) {
      n.text = phrase(locale, n.fact);
      (n.severity == SeverityId::warning ? option.warnings : option.reasons).push_back(n.text);
    }
  }
}

}  // namespace sizer

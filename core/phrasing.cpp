#include "phrasing.hpp"

namespace sizer {

Note note(std::string code, SeverityId severity, std::string key_suffix, std::vector<Param> params,
          std::string plural_param) {
  return Note{std::move(code), severity, message("note." + key_suffix, std::move(params), std::move(plural_param)), ""};
}

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

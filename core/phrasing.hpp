// The phrasing step, last in the pipeline: the options' notes (facts) become sentences in the request's
// locale. Stages never write prose; a language is its message catalog (core/messages/<locale>.cpp,
// keys "note.<code>[.<detail>]").
#pragma once
#include <vector>

#include "messages.hpp"
#include "response.hpp"

namespace sizer {

// Writes each note's `text` in `locale`, and each option's `reasons` (info notes) and `warnings`
// (warning notes) from them, in the order the stages recorded them.
void phrase_options(std::vector<Option>& options, const Locale& locale);

}  // namespace sizer

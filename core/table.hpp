// The options as a table of numbers (request `"detail": "table"`, CONTRACT.md "table"): one column per
// TableColumnId (core/vocabulary.hpp), each an option field of the same name, one row per option in ranked
// order. A caller that ranks, filters or plots every option reads ~1,400 rows of plain numbers instead of
// ~1,400 option objects; the WASM door hands the values over as the doubles they are (wasm/post.js), so the
// largest response is not printed and parsed back as text.
#pragma once
#include <cstddef>
#include <optional>
#include <vector>

#include "response.hpp"
#include "vocabulary.hpp"

namespace sizer {

constexpr size_t kTableColumns = Vocabulary<TableColumnId>::ids.size();

// One option's row, in column order, into row[0 .. kTableColumns). A field the option does not have is NaN
// inside the core and null outside it (json_io.cpp, wasm/post.js). Enum fields are their value's position in
// the field's vocabulary list, flags 0 or 1, bytes rounded as the options' JSON writes them; `instances` and
// `expert` are 1 where an option's JSON leaves them out. `offering` is the option's position in the evaluated
// catalog's offerings (absent for pinned hardware).
void table_row(const Option& option, std::optional<size_t> offering, double* row);

// The rows of `row_major` (kTableColumns values per row, indexed like the priced offerings) at `order[0 .. count)`,
// as columns: column c's row r at values[c * rows + r].
OptionTable table_in_order(const std::vector<double>& row_major, const std::vector<size_t>& order, size_t count);

}  // namespace sizer

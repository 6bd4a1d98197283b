// The one search the core needs: the largest integer a monotone predicate accepts. Inverse questions
// (longest context, longest training sequence, biggest batch that meets the targets) are all this.
#pragma once
#include <cstdint>

namespace sizer {

// The largest x in [lo, hi] with pred(x), for a predicate that holds up to some point and fails after
// it. pred(lo) is taken as true and never called (the caller knows lo is good: 0 tokens, a batch of 1
// already checked); returns lo when nothing above it passes, and lo when hi < lo. About log2(hi − lo)
// calls.
template <class Pred>
int64_t largest_int_such_that(int64_t lo, int64_t hi, Pred pred) {
  int64_t low = lo;  // known good
  int64_t high = hi < lo ? lo : hi;
  while (low < high) {
    const int64_t mid = low + (high - low + 1) / 2;  // rounds up, so the loop always moves
    if (pred(mid)) {
      low = mid;
    } else {
      high = mid - 1;
    }
  }
  return low;
}

}  // namespace sizer

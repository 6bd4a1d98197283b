// The one search the core needs: the largest integer a monotone predicate accepts. Inverse questions
// (longest context, longest training sequence, biggest batch that meets the targets) are all this.
#pragma once
#include <algorithm>
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

// The same answer as largest_int_such_that, found from a guess near it: up from the guess in doubling steps
// while pred holds, or down while it fails, then by halving between the last good and the first bad. A guess
// within a few of the answer costs a few calls instead of log2(hi − lo); a wrong guess costs at most about
// twice the plain search. The answer does not depend on the guess.
template <class Pred>
int64_t largest_int_such_that_near(int64_t lo, int64_t hi, int64_t guess, Pred pred) {
  if (hi <= lo) return lo;
  int64_t good = lo;      // pred holds (lo: taken as true)
  int64_t bad = hi + 1;   // pred fails (hi + 1: past the range)
  guess = std::clamp(guess, lo, hi);
  if (guess > lo) {
    if (pred(guess)) good = guess; else bad = guess;
  }
  if (bad == hi + 1) {
    for (int64_t step = 1; good < hi; step = step > hi / 2 ? hi : step * 2) {
      const int64_t next = step >= hi - good ? hi : good + step;
      if (!pred(next)) { bad = next; break; }
      good = next;
    }
  } else {
    for (int64_t step = 1; bad - 1 > good; step = step > hi / 2 ? hi : step * 2) {
      if (step >= bad - good) break;
      const int64_t next = bad - step;
      if (pred(next)) { good = next; break; }
      bad = next;
    }
  }
  return largest_int_such_that(good, bad - 1, pred);
}

}  // namespace sizer

// The one search helper: the largest integer a monotone predicate accepts.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "search.hpp"

using sizer::largest_int_such_that;
using sizer::largest_int_such_that_near;

TEST_CASE("search: the largest value the predicate accepts, lo taken as good", "[search]") {
  for (int64_t limit : {0, 1, 2, 3, 7, 64, 1000, 131071}) {
    INFO(limit);
    CHECK(largest_int_such_that(0, 131072, [&](int64_t x) { return x <= limit; }) == limit);
  }
  // Everything passes: hi; nothing above lo passes: lo.
  CHECK(largest_int_such_that(1, 256, [](int64_t) { return true; }) == 256);
  CHECK(largest_int_such_that(1, 256, [](int64_t) { return false; }) == 1);
  // An empty or inverted range answers lo without asking.
  int calls = 0;
  CHECK(largest_int_such_that(5, 5, [&](int64_t) { return ++calls, true; }) == 5);
  CHECK(largest_int_such_that(5, 2, [&](int64_t) { return ++calls, true; }) == 5);
  CHECK(calls == 0);
}

TEST_CASE("search: never calls the predicate on lo or outside the range, about log2 calls", "[search]") {
  std::vector<int64_t> asked;
  const int64_t found = largest_int_such_that(10, 1010, [&](int64_t x) {
    asked.push_back(x);
    return x * x <= 200000;  // 447
  });
  CHECK(found == 447);
  for (int64_t x : asked) {
    CHECK(x > 10);
    CHECK(x <= 1010);
  }
  CHECK(asked.size() <= 11);  // ⌈log2(1001)⌉ = 10, plus one
}

TEST_CASE("search: huge ranges do not overflow", "[search]") {
  const int64_t big = int64_t{1} << 62;
  CHECK(largest_int_such_that(0, big, [&](int64_t x) { return x <= big - 3; }) == big - 3);
}

TEST_CASE("search from a guess: the plain search's answer whatever the guess, within the range", "[search]") {
  for (int64_t lo : {0, 3}) {
    for (int64_t hi : {3, 4, 17, 1000}) {
      for (int64_t limit = lo; limit <= std::min<int64_t>(hi, 40); ++limit) {
        auto pred = [&](int64_t x) {
          REQUIRE(x > lo);
          REQUIRE(x <= hi);
          return x <= limit;
        };
        for (int64_t guess : {int64_t{-5}, lo, limit - 2, limit, limit + 1, limit + 9, hi, hi + 7}) {
          INFO(lo << " " << hi << " " << limit << " " << guess);
          CHECK(largest_int_such_that_near(lo, hi, guess, pred) == largest_int_such_that(lo, hi, pred));
        }
      }
    }
  }
  // A guess at the answer costs two calls (it holds, the next fails); one far off stays near log2 calls.
  int calls = 0;
  CHECK(largest_int_such_that_near(0, 131072, 4096, [&](int64_t x) { return ++calls, x <= 4096; }) == 4096);
  CHECK(calls == 2);
  calls = 0;
  CHECK(largest_int_such_that_near(0, 131072, 1, [&](int64_t x) { return ++calls, x <= 100000; }) == 100000);
  CHECK(calls <= 2 * 18);
  const int64_t big = int64_t{1} << 62;
  CHECK(largest_int_such_that_near(0, big, 5, [&](int64_t x) { return x <= big - 3; }) == big - 3);
  CHECK(largest_int_such_that_near(0, big, big, [&](int64_t x) { return x <= 7; }) == 7);
}

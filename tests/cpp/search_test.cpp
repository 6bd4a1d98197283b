// The one search helper: the largest integer a monotone predicate accepts.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "search.hpp"

using sizer::largest_int_such_that;

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

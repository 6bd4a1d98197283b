#!/usr/bin/env bash
# Runs the native Catch2 suite under AddressSanitizer (with leak detection) and UndefinedBehaviorSanitizer.
# Configures build/asan once (scripts/lib/sanitize-build.sh: clang when present, else gcc), builds sizer_tests,
# runs it; any report fails.
#   bash scripts/sanitize.sh [catch2 arguments...]
set -uo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=lib/sanitize-build.sh
source scripts/lib/sanitize-build.sh
build="$sanitize_build"
jobs="${SIZER_JOBS:-2}"

configure_sanitize_build || { echo "sanitize: cmake configure failed" >&2; exit 1; }
echo "sanitize: building sizer_tests in $build"
if ! cmake --build "$build" --target sizer_tests -j "$jobs"; then
  echo "sanitize: build failed" >&2
  exit 1
fi

symbolizer="$(command -v llvm-symbolizer || command -v llvm-symbolizer-14 || true)"
if [ -n "$symbolizer" ]; then export ASAN_SYMBOLIZER_PATH="$symbolizer"; fi
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
if [ $# -gt 0 ]; then
  echo "sanitize: ASAN_OPTIONS=$ASAN_OPTIONS UBSAN_OPTIONS=$UBSAN_OPTIONS $build/sizer_tests $*"
  "$build/sizer_tests" "$@"
  rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "sanitize: FAILED (exit $rc)" >&2
    exit "$rc"
  fi
  echo "sanitize: passed under ASan (leaks on) + UBSan"
  exit 0
fi
# The whole suite as the two shards CMakeLists.txt gives ctest (the random-request properties, the rest), side by
# side: one process is single-threaded, and the random properties are about half of the suite's time under ASan.
echo "sanitize: ASAN_OPTIONS=$ASAN_OPTIONS UBSAN_OPTIONS=$UBSAN_OPTIONS $build/sizer_tests, shards [random] and ~[random]"
"$build/sizer_tests" "[random]" >"$build/shard_random.log" 2>&1 &
random_pid=$!
"$build/sizer_tests" "~[random]" >"$build/shard_rest.log" 2>&1
rest_rc=$?
wait "$random_pid"
random_rc=$?
rc=0
for shard in rest random; do
  log="$build/shard_$shard.log"
  code=$([ "$shard" = rest ] && echo "$rest_rc" || echo "$random_rc")
  cat "$log"
  if [ "$code" -ne 0 ]; then
    echo "sanitize: shard $shard FAILED (exit $code; log $log)" >&2
    rc=1
  fi
done
if [ "$rc" -ne 0 ]; then exit 1; fi
echo "sanitize: passed under ASan (leaks on) + UBSan"

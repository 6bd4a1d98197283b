#!/usr/bin/env bash
# Fuzzes the core with libFuzzer + ASan + UBSan (clang): fuzz_request (request text → evaluate_text) and
# fuzz_catalog (catalog text → validate_catalog_text, then evaluation against it when valid).
#
#   bash scripts/fuzz.sh            # npm run fuzz: 60 s per target
#   bash scripts/fuzz.sh --short    # npm test: about 20 s per target
#   FUZZ_SECONDS=600 bash scripts/fuzz.sh
#
# Builds the fuzzers in build/asan, the sanitizer build they share with scripts/sanitize.sh, when needed. Seeds
# come from tests/fuzz/corpus/<target>/ and are copied into build/asan/corpus-<target>/ (which keeps what the
# fuzzer finds between runs; tests/ is never written). Crash, leak and timeout inputs land in build/asan/crashes/.
# Exits non-zero when any target fails.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=60
if [ "${1:-}" = "--short" ]; then seconds=20; shift; fi
if [ $# -gt 0 ]; then
  echo "usage: bash scripts/fuzz.sh [--short]   (FUZZ_SECONDS overrides the seconds per target)" >&2
  exit 2
fi
seconds="${FUZZ_SECONDS:-$seconds}"
jobs="${SIZER_JOBS:-2}"
# shellcheck source=lib/sanitize-build.sh
source scripts/lib/sanitize-build.sh
build="$sanitize_build"
targets=(request catalog)

if ! command -v clang++ >/dev/null 2>&1; then
  echo "fuzz: clang++ is missing (apt-get install clang libclang-rt-14-dev)" >&2
  exit 1
fi

configure_sanitize_build || { echo "fuzz: cmake configure failed" >&2; exit 1; }
if ! grep -q '^SIZER_FUZZ:BOOL=ON' "$build/CMakeCache.txt"; then
  echo "fuzz: $build was configured without the fuzz targets (not with clang); remove it and run again" >&2
  exit 1
fi
echo "fuzz: building fuzz_request and fuzz_catalog in $build"
if ! cmake --build "$build" --target fuzz_request fuzz_catalog -j "$jobs"; then
  echo "fuzz: build failed" >&2
  exit 1
fi

symbolizer="$(command -v llvm-symbolizer || command -v llvm-symbolizer-14 || true)"
if [ -n "$symbolizer" ]; then export ASAN_SYMBOLIZER_PATH="$symbolizer"; fi
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

mkdir -p "$build/crashes"
failed=()
summary=()
# Every saved reproducer must still pass before fuzzing (running a target on files executes each once); then the
# targets fuzz side by side, one core each (a libFuzzer process is single-threaded).
ready=()
for target in "${targets[@]}"; do
  binary="$build/tests/fuzz/fuzz_$target"
  corpus="$build/corpus-$target"
  mkdir -p "$corpus"
  cp -f tests/fuzz/corpus/"$target"/* "$corpus"/
  regressions=(tests/fuzz/regressions/"$target"-*)
  if [ -e "${regressions[0]}" ]; then
    if ! "$binary" "${regressions[@]}" >"$build/regressions_$target.log" 2>&1; then
      echo "fuzz: fuzz_$target fails on a saved regression input:" >&2
      tail -n 60 "$build/regressions_$target.log" >&2
      failed+=("fuzz_$target (regression)")
      continue
    fi
  fi
  ready+=("$target")
done

pids=()
for target in "${ready[@]}"; do
  echo "fuzz: fuzz_$target for ${seconds}s (log: $build/fuzz_$target.log)"
  "$build/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -dict=tests/fuzz/json.dict -print_final_stats=1 \
    -artifact_prefix="$build/crashes/$target-" "$build/corpus-$target" >"$build/fuzz_$target.log" 2>&1 &
  pids+=($!)
done

for k in "${!ready[@]}"; do
  target="${ready[$k]}"
  wait "${pids[$k]}"
  rc=$?
  log="$build/fuzz_$target.log"
  corpus="$build/corpus-$target"
  runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -n 1 | grep -o '[0-9]*$')"
  units="$(find "$corpus" -type f | wc -l)"
  summary+=("fuzz_$target: ${runs:-?} executions in ${seconds}s, corpus $units inputs, exit $rc")
  if [ "$rc" -ne 0 ]; then
    echo "fuzz: fuzz_$target FAILED (exit $rc); the input is saved under $build/crashes/:" >&2
    grep -o "Test unit written to .*" "$log" >&2 || true
    tail -n 80 "$log" >&2
    failed+=("fuzz_$target")
  fi
done

echo
for line in "${summary[@]}"; do echo "fuzz: $line"; done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: FAILED: ${failed[*]}"
  exit 1
fi
echo "fuzz: no crash, leak or timeout"

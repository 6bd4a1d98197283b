#!/usr/bin/env bash
# Runs every suite; exits non-zero if any fails (each suite still runs, so one report shows all).
set -uo pipefail
cd "$(dirname "$0")/.."

failed=()
run() {
  local name="$1"
  shift
  echo
  echo "=== $name: $*"
  if "$@"; then echo "=== $name: passed"; else echo "=== $name: FAILED"; failed+=("$name"); fi
}

run "catch2 (native)" ctest --test-dir build/native -j 2 --output-on-failure
run "catch2 (wasm under node)" ctest --test-dir build/wasm -j 2 --output-on-failure
run "contract (node --test)" node --test --test-concurrency=2 tests/js/
run "catch2 (asan+ubsan)" bash scripts/sanitize.sh
run "fuzz (short)" bash scripts/fuzz.sh --short
run "browser (chromium)" node --test --test-concurrency=1 tests/browser/

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED suites: ${failed[*]}"
  exit 1
fi
echo "All suites passed."

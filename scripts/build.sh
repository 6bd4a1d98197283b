#!/usr/bin/env bash
# Builds everything CONTRACT.md lists under "Build outputs": the native CLI and tests, the WASM module
# and its Catch2 suite, then the page, the offline bundle and the widget under dist/.
set -euo pipefail
cd "$(dirname "$0")/.."

# em++ links at -O1 and above need Debian's acorn (DESIGN.md toolchain facts).
export NODE_PATH=/usr/share/nodejs
jobs="${SIZER_JOBS:-$(nproc)}"

cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release -DSIZER_CATALOG_DIR="$PWD/catalog" >/dev/null
cmake --build build/native -j "$jobs"

# emcmake would set the test emulator to `node --experimental-wasm-threads`, which Node 20 rejects.
emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release -DSIZER_CATALOG_DIR="$PWD/catalog" \
  -DCMAKE_CROSSCOMPILING_EMULATOR="$(command -v node)" >/dev/null
cmake --build build/wasm -j "$jobs"

node scripts/bundle.js

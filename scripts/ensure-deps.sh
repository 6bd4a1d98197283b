#!/usr/bin/env bash
# Installs whatever the build and the tests need and is missing: Debian packages (as root, or through
# sudo) and the npm packages pinned in package-lock.json. Quick when everything is there.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
need_cmd() { command -v "$1" >/dev/null 2>&1 || missing+=("$2"); }
need_file() { [ -e "$1" ] || missing+=("$2"); }

need_cmd cmake cmake
need_cmd ninja ninja-build
need_cmd g++ g++
need_cmd clang++ clang
need_cmd em++ emscripten
need_file /usr/include/nlohmann/json.hpp nlohmann-json3-dev
need_file /usr/include/catch2/catch.hpp catch2
need_cmd chromium chromium
need_file /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf fonts-dejavu-core
# libFuzzer and the sanitizer runtimes for clang (npm test runs a short fuzz and the ASan/UBSan suite).
need_file /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a libclang-rt-14-dev
need_cmd gzip gzip

if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "ensure-deps: installing Debian packages: ${missing[*]}"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
fi

# npm packages: install when node_modules is missing or older than the lockfile.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "ensure-deps: npm ci"
  npm ci --no-audit --no-fund
fi

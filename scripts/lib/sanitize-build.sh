# Sourced by scripts/sanitize.sh and scripts/fuzz.sh: configures build/asan once, the one sanitizer build both use.
# With clang: ASan + UBSan over everything, and libFuzzer's coverage on the core and catalog libraries (SIZER_FUZZ),
# so the Catch2 suite and the two fuzzers link from the same objects (one compile of the core, not two). Without
# clang: gcc, the suite only (libFuzzer is clang's).
sanitize_build=build/asan

configure_sanitize_build() {
  if [ -f "$sanitize_build/CMakeCache.txt" ]; then return 0; fi
  local cc=gcc cxx=g++ fuzz=OFF
  if command -v clang++ >/dev/null 2>&1; then cc=clang; cxx=clang++; fuzz=ON; fi
  echo "sanitize-build: configuring $sanitize_build with $cxx (fuzz targets: $fuzz)"
  CC="$cc" CXX="$cxx" cmake -S . -B "$sanitize_build" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DSIZER_SANITIZE=ON -DSIZER_FUZZ="$fuzz" -DSIZER_BUILD_CLI=OFF -DSIZER_BUILD_TESTS=ON \
    -DCMAKE_CXX_FLAGS="-O1 -g -fno-omit-frame-pointer" >/dev/null
}

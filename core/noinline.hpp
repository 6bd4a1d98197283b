// SIZER_NOINLINE keeps a pipeline stage a function of its own under link-time optimisation (the WASM build links
// with -flto, which otherwise inlines every stage called once into its caller).
// Why it matters: V8 runs a WASM function first as baseline code and recompiles it with its optimising compiler
// (TurboFan) once the function has run a while, in the background; TurboFan's time grows faster than the
// function's size. With every stage inlined, evaluate_to_text was one 64 KB function holding the hot pricing
// loop: TurboFan took ~110 ms over it (node --trace-wasm-compilation-times), on the cores the first evaluate runs on.
// A stage that runs once per evaluate gains nothing from being inlined. Binaryen (wasm-opt, after the link) inlines
// functions with one caller on its own; CMakeLists.txt limits that for the module.
#pragma once

#define SIZER_NOINLINE [[gnu::noinline]]

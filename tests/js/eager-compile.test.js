'use strict';
// In Node the module compiles all of its wasm functions as it starts (wasm/pre.js sizerCompileEagerly), not each at
// its first call, and puts V8's lazy-compilation flag back afterwards: a later wasm module of the same process
// compiles lazily again, and a process that chose the flag itself keeps its choice. Observed through V8's own
// trace (--trace-wasm-compilation-times prints a line per function compiled by Liftoff, the baseline compiler), in
// a child process per case.
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { root } = require('./helpers');

const modulePath = path.join(root, 'dist', 'gpu-sizer.js');
// A wasm module of 20 functions returning 42 (the first exported as f), compiled after the sizer's: eagerly, each
// compiles as the module does; lazily, none until called.
const FUNCTIONS = 20;
const tiny = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7f, // one type: () -> i32
  0x03, FUNCTIONS + 1, FUNCTIONS, ...Array(FUNCTIONS).fill(0x00), // the functions, all of that type
  0x07, 0x05, 0x01, 0x01, 0x66, 0x00, 0x00, // export "f": function 0
  0x0a, 5 * FUNCTIONS + 1, FUNCTIONS, ...Array(FUNCTIONS).fill([0x04, 0x00, 0x41, 0x2a, 0x0b]).flat()]; // i32.const 42
const script = `
(async () => {
  const sizer = await require(${JSON.stringify(modulePath)})();
  console.log('@@MARK@@');
  const r = sizer.evaluate({ model: 'llama-3.1-8b', workload: { kind: 'inference' }, limit: 3 });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  console.log('@@MARK@@');
  const f = new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array(${JSON.stringify(tiny)}))).exports.f;
  console.log('@@MARK@@');
  if (f() !== 42) throw new Error('tiny module');
  console.log('@@MARK@@');
})();`;

// Liftoff compiles before the first mark, during the first evaluate, during the tiny module's compile (its first
// call, after the last mark, is not counted: V8 did not always trace it).
function liftoffBetweenMarks(flags) {
  // No tier-up: TurboFan's compiles, on other threads, would write their lines into these.
  const run = spawnSync(process.execPath, [...flags, '--no-wasm-tier-up', '--no-wasm-dynamic-tiering',
    '--trace-wasm-compilation-times', '-e', script],
    { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  assert.equal(run.status, 0, run.stderr);
  // V8 writes its trace from its compile threads too, at times in the middle of another line: the output is cut at
  // the marks wherever they fall, and each piece's Liftoff compiles counted.
  const counts = run.stdout.split('@@MARK@@').map((piece) => (piece.match(/ using Liftoff/g) || []).length);
  assert.equal(counts.length, 5, 'four marks in the output');
  return { start: counts[0], evaluate: counts[1], tinyCompile: counts[2] };
}

const v8Major = parseInt(process.versions.v8, 10);

test('in Node the module compiles its functions as it starts, then lets later wasm compile lazily again', { skip: v8Major < 11 && `V8 ${process.versions.v8} has no lazy default to change` }, () => {
  const c = liftoffBetweenMarks([]);
  assert.ok(c.start > 500, `the module's functions compiled before the first evaluate (${c.start})`);
  assert.equal(c.evaluate, 0, 'no function compiled at its first call during the first evaluate');
  assert.equal(c.tinyCompile, 0, 'a later module is not compiled eagerly: the flag was put back');
});

test("a process that chose V8's lazy compilation on its command line keeps its choice", () => {
  for (const flags of [['--wasm-lazy-compilation'], ['--wasm_lazy_compilation']]) {
    const c = liftoffBetweenMarks(flags);
    assert.ok(c.evaluate > 50, `functions compiled at their first call during the evaluate (${c.evaluate})`);
    assert.equal(c.tinyCompile, 0);
  }
  const eager = liftoffBetweenMarks(['--no-wasm-lazy-compilation']);
  assert.equal(eager.evaluate, 0);
  assert.ok(eager.tinyCompile >= FUNCTIONS / 2, `chosen eager compilation stays eager for later modules (${eager.tinyCompile})`);
});

'use strict';
// The JS catalog tools ask the C++ validator (the same rules the CLI and the page run), not a JS copy of
// them: `build/native/gpu-sizer validate-catalog FILE` when it is built, else `dist/gpu-sizer.js` (the WASM
// module, which needs an async load: see validateWithCoreAsync). The JSON Schema check (ajv) stays in JS.
// Returns { errors, warnings, by } where `by` names the validator used, or null when neither is built.

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const ROOT = path.resolve(__dirname, '..', '..');
const NATIVE = [path.join(ROOT, 'build', 'native', 'gpu-sizer'), path.join(ROOT, 'build', 'native', 'gpu-sizer.exe')];
const WASM = path.join(ROOT, 'dist', 'gpu-sizer.js');

function nativeBinary() {
  const given = process.env.GPU_SIZER_BIN;
  if (given && fs.existsSync(given)) return given;
  return NATIVE.find((f) => fs.existsSync(f)) || null;
}

function validateWithCore(doc) {
  const bin = nativeBinary();
  if (!bin) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-validate-'));
  const file = path.join(dir, 'catalog.json');
  try {
    fs.writeFileSync(file, JSON.stringify(doc));
    const r = spawnSync(bin, ['validate-catalog', file], { encoding: 'utf8', maxBuffer: 256 << 20 });
    if (r.error) throw r.error;
    let out;
    try { out = JSON.parse(r.stdout); } catch (e) { throw new Error(`${bin} validate-catalog printed no JSON (exit ${r.status}): ${r.stderr}`); }
    return { errors: out.errors || [], warnings: out.warnings || [], by: path.relative(ROOT, bin) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function validateWithCoreAsync(doc) {
  const sync = validateWithCore(doc);
  if (sync || !fs.existsSync(WASM)) return sync;
  const createSizer = require(WASM);
  const sizer = await (typeof createSizer === 'function' ? createSizer() : createSizer);
  const out = sizer.validateCatalog(JSON.stringify(doc));
  return { errors: out.errors || [], warnings: out.warnings || [], by: path.relative(ROOT, WASM) };
}

module.exports = { validateWithCore, validateWithCoreAsync, nativeBinary };

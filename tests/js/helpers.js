'use strict';
// Shared by the node --test suites: the doors under test and the fixtures.
const path = require('node:path');
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '..', '..');
const cliPath = path.join(root, 'build', 'native', 'gpu-sizer');
const modulePath = path.join(root, 'dist', 'gpu-sizer.js');

let sizerPromise = null;
function loadSizer() {
  if (!sizerPromise) sizerPromise = require(modulePath)();
  return sizerPromise;
}

// Runs the CLI with `args`, feeding `input` on stdin; returns { status, json, stdout, stderr }.
function cli(args, input) {
  const result = spawnSync(cliPath, args, { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  let json = null;
  try {
    json = JSON.parse(result.stdout);
  } catch (e) {
    json = null;
  }
  return { status: result.status, json, stdout: result.stdout, stderr: result.stderr };
}

function readJson(relative) {
  return JSON.parse(fs.readFileSync(path.join(root, relative), 'utf8'));
}

// Resolves a dotted path ("options.0.gpus") in a response.
function resolve(object, dotted) {
  let node = object;
  for (const token of dotted.split('.')) {
    if (node === null || node === undefined) return undefined;
    node = Array.isArray(node) ? node[Number(token)] : node[token];
  }
  return node;
}

// Deep equality with numbers compared to a relative 1e-9: native and WASM use different libm builds,
// so pow/exp may differ in the last bit; anything more is a real disagreement.
function sameAnswer(a, b, where = '') {
  if (typeof a === 'number' && typeof b === 'number') {
    const scale = Math.max(Math.abs(a), Math.abs(b), 1e-300);
    if (Math.abs(a - b) / scale > 1e-9) return `${where}: ${a} != ${b}`;
    return null;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return `${where}: array length/type differs`;
    for (let i = 0; i < a.length; i++) {
      const d = sameAnswer(a[i], b[i], `${where}/${i}`);
      if (d) return d;
    }
    return null;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    if (ka.join(',') !== kb.join(',')) return `${where}: keys differ (${ka} vs ${kb})`;
    for (const k of ka) {
      const d = sameAnswer(a[k], b[k], `${where}/${k}`);
      if (d) return d;
    }
    return null;
  }
  return a === b ? null : `${where}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`;
}

module.exports = { root, cliPath, modulePath, loadSizer, cli, readJson, resolve, sameAnswer };

'use strict';
// The package as it would be published: `npm pack`, install the tarball into an empty folder (no network:
// the package has no runtime dependencies), require it by name and evaluate a request.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { root } = require('./helpers');

test('npm pack → install in an empty folder → require("gpu-sizer") evaluates', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  // exports lists the types first, so TypeScript resolves them before the default condition.
  assert.deepEqual(Object.keys(manifest.exports['.']), ['types', 'default']);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-sizer-pack-'));
  try {
    const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' }));
    const tarball = path.join(work, packed[0].filename);
    const shipped = packed[0].files.map((f) => f.path);
    for (const file of ['dist/gpu-sizer.js', 'dist/gpu-sizer.d.ts', 'dist/gpu-sizer-widget.js', 'dist/gpu-sizer.html']) {
      assert.ok(shipped.includes(file), `${file} is not in the package`);
    }
    assert.ok(!shipped.some((f) => f.startsWith('core/') || f.startsWith('tests/')), 'sources leaked into the package');
    const app = path.join(work, 'app');
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, 'package.json'), '{"name":"app","version":"1.0.0","private":true}');
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: app, stdio: 'pipe' });
    const script = `require('gpu-sizer')().then((s) => {
      const r = s.evaluate({ model: 'llama-3.1-8b', workload: { kind: 'inference', concurrency: 4 }, limit: 1 });
      process.stdout.write(JSON.stringify({ ok: r.ok, options: r.options.length, kv: r.memory.kv_bytes_per_token }));
    });`;
    const out = JSON.parse(execFileSync('node', ['-e', script], { cwd: app, encoding: 'utf8' }));
    assert.deepEqual(out, { ok: true, options: 1, kv: 2 * 32 * 8 * 128 * 2 });
    assert.ok(fs.existsSync(path.join(app, 'node_modules', 'gpu-sizer', 'dist', 'gpu-sizer.d.ts')));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});

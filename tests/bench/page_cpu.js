#!/usr/bin/env node
'use strict';
// Where the offline page's start-up goes in Chromium, as CPU time (issue 32): for each load (a fresh context, one
// untimed load first), a trace (devtools.timeline, fonts, v8, v8.wasm, loading) from navigation to the first result,
// and the renderer main thread's thread time (trace `tdur`, not wall time) in what it did: decoding the file's bytes,
// the preload scan, HTML parsing (with the inline scripts it runs), wasm functions compiled at their first call,
// style, layout, font look-ups, GC, the DecompressionStream; `cpu` is all its tasks, `wall` the first result.
// Thread time moves much less with the machine's load than wall time: on a loaded 2-core machine the wall time is
// 2-3x the CPU time, which is how the README tells a slower page from a busier machine.
//   node tests/bench/page_cpu.js RUNS FILE.html [FILE2.html ...]   (loads alternate between the files)
const { chromium } = require('playwright-core');
const { pathToFileURL } = require('node:url');
const fs = require('node:fs');
const files = process.argv.slice(3), runs = Number(process.argv[2]);
const fsTrace = require('node:os').tmpdir();
const cats = ['devtools.timeline', 'fonts', 'v8', 'v8.wasm', 'blink', 'loading', 'toplevel', 'blink.user_timing'];
const KEYS = { decode: ['TextResourceDecoder::Decode'], preload: ['HTMLPreloadScanner::scan'], parseHTML: ['ParseHTML'],
  wasmLazy: ['wasm.CompileLazy'], style: ['UpdateLayoutTree'], layout: ['Layout'], fonts: ['FontCache::GetFontPlatformData'], gc: ['MinorGC', 'MajorGC'], inflate: ['DecompressionStream Inflate'] };
(async () => {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'] });
  const all = files.map(() => []);
  for (let r = -1; r < runs; r++) for (let i = 0; i < files.length; i++) {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await ctx.addInitScript(() => {
      new MutationObserver(() => { if (!window.__first && document.querySelector('#gs-mem-total')) { window.__first = performance.now(); performance.mark('FIRST'); } }).observe(document, { childList: true, subtree: true });
    });
    const page = await ctx.newPage();
    const out = require('node:path').join(fsTrace, `gpu-sizer-page-cpu-${process.pid}-${i}.json`);
    await browser.startTracing(page, { path: out, categories: cats });
    await page.goto(pathToFileURL(files[i]).href, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__first, null, { timeout: 30000, polling: 20 });
    const first = await page.evaluate(() => window.__first);
    await browser.stopTracing();
    await ctx.close();
    if (r < 0) { fs.rmSync(out, { force: true }); continue; }
    const ev = JSON.parse(fs.readFileSync(out, 'utf8')).traceEvents;
    fs.rmSync(out, { force: true });
    const parse = ev.find((e) => e.name === 'ParseHTML'); const pid = parse.pid, tid = parse.tid;
    const mark = ev.find((e) => e.name === 'FIRST' && e.pid === pid);
    if (!mark) { process.stderr.write('no mark in run ' + r + ' of ' + files[i] + '\n'); continue; }
    const main = ev.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts <= mark.ts);
    const row = { wall: first };
    // main-thread CPU: top-level tasks' thread time
    const tops = main.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'BlinkScheduler_PerformMicrotaskCheckpoint');
    row.cpu = tops.filter((e) => !tops.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur >= e.dur && (o.dur > e.dur || o.name === 'ThreadControllerImpl::RunTask')))
      .reduce((s, e) => s + (e.tdur || 0) / 1000, 0);
    for (const [k, names] of Object.entries(KEYS)) {
      // outermost events of these names only (no double counting of nested ones)
      const evs = main.filter((e) => names.includes(e.name));
      const outer = evs.filter((e) => !evs.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && o.dur > e.dur));
      row[k] = outer.reduce((s, e) => s + (e.tdur || 0) / 1000, 0);
    }
    all[i].push(row);
  }
  await browser.close();
  const med = (a) => a.slice().sort((p, q) => p - q)[Math.floor(a.length / 2)];
  files.forEach((f, i) => {
    const keys = Object.keys(all[i][0]);
    console.log(`${f}: medians of ${all[i].length} (ms; wall = first result, the rest main-thread CPU): ` + keys.map((k) => `${k} ${med(all[i].map((x) => x[k])).toFixed(1)}`).join(', '));
  });
})();

#!/usr/bin/env node
'use strict';
// Where the offline page's time to its first result goes, in Chromium: a CPU profile (CDP Profiler, 100 µs
// samples) from navigation to the first result, self time summed by function, plus the page's own marks.
//   [PROFILE=0] node tests/bench/page_profile.js [FILE.html] [RUNS]   (default dist/gpu-sizer.html, 3 runs; the median run's table)
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { chromium } = require('playwright-core');

const root = path.resolve(__dirname, '..', '..');
const file = path.resolve(process.argv[2] || path.join(root, 'dist', 'gpu-sizer.html'));
const runs = Number(process.argv[3] || 3);
const args = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'];

function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const f = node.callFrame;
    if (f.functionName === 'firstResultMarker') break;
    const name = `${f.functionName || '(anonymous)'} ${f.url ? path.basename(f.url).slice(0, 30) + ':' + f.lineNumber : ''}`.trim();
    self.set(name, (self.get(name) || 0) + (deltas[i + 1] || 0) / 1000);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]);
}

(async () => {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args });
  const results = [];
  for (let r = 0; r < runs; r++) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await context.addInitScript(() => {
      // The core's calls, timed: createSizer is wrapped as the module's script defines it.
      const calls = window.__calls = [];
      let real;
      const timed = (name, fn, self) => function (...a) {
        const t = performance.now();
        const out = fn.apply(self, a);
        calls.push([name, t, performance.now() - t]);
        return out;
      };
      Object.defineProperty(window, 'createSizer', { configurable: true, get: () => real, set: (f) => {
        calls.push(['module script ran', performance.now(), 0]);
        real = (...a) => {
          const t = performance.now();
          return f(...a).then((sizer) => {
            calls.push(['createSizer() (bytes, compile, instantiate)', t, performance.now() - t]);
            for (const k of ['catalog', 'offerings', 'evaluate', 'vocabulary', 'validateCatalog']) if (sizer[k]) sizer[k] = timed(k, sizer[k], sizer);
            return sizer;
          });
        };
      } });
      new MutationObserver(() => {
        if (!window.__first && document.querySelector('#gs-mem-total')) {
          window.__first = performance.now();
          // A function the profile can see: the table below counts only the samples before it.
          (function firstResultMarker() { const end = performance.now() + 2; while (performance.now() < end); })();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // PROFILE=0: the timeline alone (the sampling profiler slows the page down by a third or so).
    const sampling = process.env.PROFILE !== '0';
    if (sampling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    await page.goto(pathToFileURL(file).href, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__first, null, { timeout: 30000, polling: 20 });
    const profile = sampling ? (await cdp.send('Profiler.stop')).profile : { nodes: [], samples: [], timeDeltas: [], startTime: 0, endTime: 0 };
    const info = await page.evaluate(() => ({ first: window.__first, calls: window.__calls.filter((c) => c[1] < window.__first + 400),
      marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]),
      nav: (() => { const n = performance.getEntriesByType('navigation')[0]; return n ? { domInteractive: n.domInteractive, dcl: n.domContentLoadedEventEnd } : null; })() }));
    const span = (profile.endTime - profile.startTime) / 1000;
    results.push({ info, top: selfTimes(profile).slice(0, 25), span });
    await context.close();
  }
  await browser.close();
  // Each step's median over the runs (the n-th call of a name is one step), and the render: from the end of the
  // last core call before the first result to the first result.
  const med = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const steps = new Map();
  for (const { info } of results) {
    const seen = {};
    let lastEnd = 0;
    for (const [name, t, d] of info.calls) {
      if (t > info.first) continue;
      const key = `${name} #${(seen[name] = (seen[name] || 0) + 1)}`;
      if (!steps.has(key)) steps.set(key, []);
      steps.get(key).push(d);
      lastEnd = Math.max(lastEnd, t + d);
    }
    if (!steps.has('render to the first result')) steps.set('render to the first result', []);
    steps.get('render to the first result').push(info.first - lastEnd);
    if (!steps.has('module script ran at')) steps.set('module script ran at', []);
    steps.get('module script ran at').push((info.calls.find((c) => c[0] === 'module script ran') || [0, 0])[1]);
  }
  console.log(`step medians over ${results.length} runs (ms):`);
  for (const [key, xs] of steps) console.log(`  ${med(xs).toFixed(1).padStart(7)}  ${key}`);
  results.sort((a, b) => a.info.first - b.info.first);
  const mid = results[Math.floor(results.length / 2)];
  console.log(`first result (ms from navigation): ${results.map((x) => x.info.first.toFixed(0)).join(', ')}; median run:`);
  console.log(`  DOM interactive ${mid.info.nav && mid.info.nav.domInteractive.toFixed(0)} ms, DOMContentLoaded ${mid.info.nav && mid.info.nav.dcl.toFixed(0)} ms`);
  for (const [name, t] of mid.info.marks) console.log(`  mark ${name} ${t.toFixed(0)} ms`);
  for (const [name, t, d] of mid.info.calls) console.log(`  at ${t.toFixed(0).padStart(5)} ms  ${d.toFixed(1).padStart(6)} ms  ${name}`);
  console.log(`  profile ${mid.span.toFixed(0)} ms; self time by function:`);
  for (const [name, ms] of mid.top) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
})();

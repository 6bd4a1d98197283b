#!/usr/bin/env node
'use strict';
// Where a keystroke's time goes on the offline page (issue 16: a result within one frame of the last keystroke).
// Drives dist/gpu-sizer.html in Chromium as scripts/bench.js keystrokes() does (a digit typed in the prompt field,
// then deleted, each after the page settled) and times, from the keydown: the core's evaluate(), each view, the DOM
// patch, the result in the DOM (the first change of #gs-results) and the frame after it; then the forced layout
// after a keystroke's render (what the browser must do before it can paint the result). Prints medians. Figures
// only, nothing asserted.
// Environment: KEYS (keystrokes, default 12), PAGE_FILE (default dist/gpu-sizer.html), CHROMIUM_PATH,
// CPU_PROFILE=file (a CDP CPU profile of the keystrokes, for chrome://inspect or speedscope; build the page with
// `node scripts/bundle.js --no-minify --out DIR` and point PAGE_FILE at it for readable names).
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { chromium } = require('playwright-core');

const root = path.resolve(__dirname, '..');
const file = path.resolve(process.env.PAGE_FILE || path.join(root, 'dist', 'gpu-sizer.html'));
const keys = Number(process.env.KEYS || 12);
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'];
const QUIET_MS = 600;

function median(xs) {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s.length ? s[Math.ceil(s.length / 2) - 1] : NaN;
}

async function main() {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(root, file)} is missing (node scripts/bundle.js)`);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true, args: ARGS });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(pathToFileURL(file).href);
    await page.waitForFunction(() => document.querySelector('#gs-table tbody tr') && !document.querySelector('[data-pending]'), null, { timeout: 30000 });
    await page.evaluate(async () => {
      const spans = window.__spans = [];
      const wrap = (obj, name, label) => {
        const f = obj[name];
        if (typeof f !== 'function') return;
        obj[name] = function () {
          const t0 = performance.now();
          try { return f.apply(this, arguments); } finally { spans.push([label, t0, performance.now()]); }
        };
      };
      wrap(await GpuSizerUI.loadCore(), 'evaluate', 'evaluate');
      wrap(GpuSizerUI.fields, 'buildRequest', 'buildRequest');
      ['form', 'results', 'top', 'memory', 'fit', 'header', 'tabs', 'footer'].forEach((v) => wrap(GpuSizerUI.views, v, v));
      wrap(GpuSizerUI.dom, 'patch', 'patch');
      window.__keys = [];
      const input = document.querySelector('#gs-prompt');
      input.addEventListener('keydown', (e) => {
        const k = { down: e.timeStamp, from: spans.length };
        window.__keys.push(k);
        const mo = new MutationObserver(() => {
          k.last = performance.now();
          if (k.result) return;
          k.result = k.last;
          k.to = spans.length;
          requestAnimationFrame(() => { k.frame = performance.now(); });
        });
        mo.observe(document.querySelector('#gs-results'), { childList: true, subtree: true, characterData: true });
        k.stop = () => mo.disconnect();
      }, true);
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    });
    const cdp = process.env.CPU_PROFILE ? await page.context().newCDPSession(page) : null;
    if (cdp) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 }); await cdp.send('Profiler.start'); }
    const rows = [];
    for (let i = 0; i < keys; i++) {
      await page.keyboard.press(i % 2 ? 'Backspace' : '7');
      await page.waitForFunction((q) => {
        const k = window.__keys[window.__keys.length - 1];
        return k && k.last && !document.querySelector('[data-pending]') && performance.now() - k.last > q;
      }, QUIET_MS, { timeout: 30000, polling: 50 });
      rows.push(await page.evaluate(() => {
        const k = window.__keys[window.__keys.length - 1];
        k.stop();
        const out = { result: k.result - k.down, frame: k.frame - k.down, start: NaN };
        // The first pass only: the spans before the result reached the DOM. A view's time includes the views it calls.
        window.__spans.slice(k.from, k.to).forEach(([label, t0, t1]) => {
          out[label] = (out[label] || 0) + (t1 - t0);
          if (label === 'buildRequest' && !(out.start < t0 - k.down)) out.start = t0 - k.down;
        });
        return out;
      }));
    }
    if (cdp) fs.writeFileSync(process.env.CPU_PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    // The layout the browser does after a keystroke's render, forced here so that it can be timed.
    const layout = await page.evaluate(async (n) => {
      const input = document.querySelector('#gs-prompt');
      const xs = [];
      for (let i = 0; i < n; i++) {
        document.body.offsetHeight;
        input.value = i % 2 ? input.value.slice(0, -1) : input.value + '7';
        input.dispatchEvent(new Event('input', { bubbles: true }));
        window.gpuSizerPage.evaluateNow(); // the same render, now (a page may leave it to the next frame)
        const t = performance.now();
        document.body.offsetHeight;
        xs.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 50));
      }
      return xs;
    }, keys);
    const labels = ['start', 'buildRequest', 'evaluate', 'form', 'results', 'top', 'memory', 'fit', 'header', 'tabs', 'footer', 'patch', 'result', 'frame'];
    console.log(`keystroke in #gs-prompt, ${keys} keys, ${path.relative(root, file) || file}: median ms from keydown (start: the request is built)`);
    for (const l of labels) console.log(`  ${l.padEnd(13)} ${median(rows.map((r) => r[l])).toFixed(2)}`);
    console.log(`  ${'layout after'.padEnd(13)} ${median(layout).toFixed(2)}  (forced right after a keystroke's render)`);
    if (errors.length) console.log('page errors: ' + errors.join('; '));
  } finally {
    await browser.close();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });

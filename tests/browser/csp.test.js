// The widget under a strict Content-Security-Policy: two widgets (one Arabic) render, with no violation.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { launch, startServer, watch, waitForResults, dist } = require('./lib.js');

test('embed.html renders two widgets under script-src self + wasm-unsafe-eval', async (t) => {
  const server = await startServer({ csp: true });
  t.after(server.close);
  const { context, close } = await launch();
  t.after(close);
  const page = await context.newPage();
  const problems = watch(page);
  // Injected through DevTools (not subject to the page's CSP): records every violation the page raises.
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__violations.push(e.violatedDirective + ' ' + e.blockedURI);
    });
  });
  const requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));

  const res = await page.goto(server.url + 'embed.html');
  assert.equal(res.headers()['content-security-policy'], "script-src 'self' 'wasm-unsafe-eval'");

  const en = page.locator('#w-en');
  const ar = page.locator('#w-ar');
  await waitForResults(page, en);
  await waitForResults(page, ar);

  // Both widgets computed a memory total; the Arabic one is right-to-left with Arabic text.
  assert.match(await en.locator('#gs-mem-total').textContent(), /GB/);
  assert.match(await ar.locator('#gs-mem-total').textContent(), /\d/);
  assert.equal(await ar.locator('.gs').getAttribute('dir'), 'rtl');
  assert.equal(await en.locator('.gs').getAttribute('dir'), 'ltr');
  assert.match(await ar.locator('.gs-summary').textContent(), /[\u0600-\u06FF]{3,}/);
  assert.match(await en.locator('.gs-summary').textContent(), /tok\/s/);
  // The compact widget shows fewer inputs than the full one.
  assert.equal(await en.locator('#gs-engine').count(), 0);
  assert.equal(await ar.locator('#gs-engine').count(), 1);

  // Attributes are reflected to properties, and a property change re-renders the widget.
  const props = await page.evaluate(() => {
    const w = document.getElementById('w-en');
    return { compact: w.compact, model: w.model, lang: document.getElementById('w-ar').lang, starts: customElements.get('gpu-sizer').coreStarts() };
  });
  assert.equal(props.compact, true);
  assert.equal(props.model, 'llama-3.1-8b');
  assert.equal(props.lang, 'ar');
  assert.equal(props.starts, 1, 'two widgets share one loaded core');
  await page.evaluate(() => { document.getElementById('w-en').lang = 'ar'; });
  await page.waitForFunction(() => document.getElementById('w-en').shadowRoot.querySelector('.gs').getAttribute('dir') === 'rtl');
  await waitForResults(page, en);

  // gpu pins a catalog GPU; task names a tab, whose own workload the widget then computes.
  const gpuId = await page.evaluate(() => document.getElementById('w-ar').shadowRoot.querySelector('#gs-gpu option').value);
  await page.evaluate((id) => { document.getElementById('w-ar').gpu = id; }, gpuId);
  await page.waitForFunction(() => document.getElementById('w-ar').getAttribute('gpu') && document.getElementById('w-ar').shadowRoot.querySelector('#gs-hw-pin').checked);
  await waitForResults(page, ar);
  assert.equal(await ar.locator('#gs-gpu').inputValue(), gpuId);
  assert.equal(await ar.locator('#gs-top-h').textContent(), 'المعالجات التي اخترتها');
  await page.evaluate(() => { document.getElementById('w-ar').task = 'pretrain'; });
  await ar.locator('#gs-pt_tokens').waitFor();
  await waitForResults(page, ar);
  assert.equal(await ar.locator('#gs-mem-h').textContent(), 'ذاكرة نسخة تدريب واحدة (قبل التجزئة)');
  assert.ok(await ar.locator('.gs-val[data-part="optimizer_bytes"]').count() === 1, 'the optimizer state is in the memory chart');
  // A model attribute of another kind moves the widget to the task for it.
  await page.evaluate(() => { const w = document.getElementById('w-ar'); w.gpu = null; w.model = 'whisper-large-v3'; });
  await ar.locator('#gs-audio_seconds').waitFor();
  await waitForResults(page, ar);
  assert.ok(await ar.locator('#gs-table th[data-col="rtf"]').count() === 1);
  await page.evaluate(() => { document.getElementById('w-ar').task = 'serve'; });
  await ar.locator('#gs-prompt').waitFor();
  await waitForResults(page, ar);

  // Theming from the host page crosses the shadow boundary.
  const accent = await en.locator('.gs').evaluate((el) => getComputedStyle(el).getPropertyValue('--gs-accent').trim());
  assert.equal(accent, '#0f6b63');

  // Nothing fetched but the page, its stylesheet and icon, and the widget script (no catalog-src given).
  assert.deepEqual(requests.filter((p) => !/^\/(embed\.html|embed\.css|favicon\.svg|gpu-sizer-widget\.js)$/.test(p)), []);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(problems.filter((p) => /Content Security Policy|Refused/i.test(p)), []);
  assert.deepEqual(problems, []);
});

test('a widget with catalog-src fetches and validates that catalog only', async (t) => {
  const server = await startServer({ csp: true });
  t.after(server.close);
  const { context, close } = await launch();
  t.after(close);
  const page = await context.newPage();
  const problems = watch(page);
  // A docs site's fresher price file: the bundled offerings with a new price; and a broken one.
  const sizer = await require(dist('gpu-sizer.js'))();
  // (A USD price no longer claims the row's EUR source amount: the validator holds usd = source_amount × fx_rate.)
  const offerings = sizer.catalog().offerings.map((o) => {
    const x = { ...o, usd_per_hour: 1.23, spot_usd_per_hour: null };
    for (const k of ['currency', 'source_amount', 'source_spot_amount', 'fx_rate', 'fx_date', 'fx_source']) delete x[k];
    return x;
  });
  await page.route('**/prices.json', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ offerings }) }));
  await page.route('**/broken.json', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ offerings: [{ id: 'x/y', gpu: 'nope' }] }) }));
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(server.url + 'embed.html');
  await page.evaluate(() => {
    for (const [id, src] of [['w-good', 'prices.json'], ['w-bad', 'broken.json']]) {
      const el = document.createElement('gpu-sizer');
      el.id = id;
      el.catalogSrc = src; // property reflected to the catalog-src attribute
      document.querySelector('main').prepend(el);
    }
  });
  const good = page.locator('#w-good');
  await good.locator('#gs-import-status .gs-ok').waitFor({ timeout: 20000 });
  await waitForResults(page, good);
  assert.equal(await good.locator('td[data-col="usd_h"]').first().textContent(), '$1.23');
  const bad = page.locator('#w-bad');
  await bad.locator('#gs-import-status .gs-err').waitFor({ timeout: 20000 });
  assert.match(await bad.locator('#gs-import-errors').textContent(), /\/offerings\/0\/gpu/);
  assert.ok(fetched.includes('/prices.json') && fetched.includes('/broken.json'));
  // Another origin is refused without a request.
  await page.evaluate(() => { document.getElementById('w-bad').setAttribute('catalog-src', 'https://example.invalid/x.json'); });
  await page.waitForFunction(() => /this site/.test(document.getElementById('w-bad').shadowRoot.querySelector('#gs-import-status').textContent));
  assert.ok(!fetched.some((p) => p === '/x.json'));
  assert.deepEqual(problems, []);
});

// The strict policy a documentation site is likely to send, as a response header with a report endpoint. Three
// widgets (compact, full Arabic, card) load and compute; the test collects securitypolicyviolation events, the
// reports the browser POSTs to report-uri, and console errors, and expects none of any. A control page under the
// same policy with an inline style shows that each collector does see a violation when there is one.
const http = require('node:http');
const fs = require('node:fs');
const STRICT = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; report-uri /csp-report";

function strictServer(pages) {
  const reports = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (req.method === 'POST' && url.pathname === '/csp-report') {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => { reports.push(body); res.writeHead(204); res.end(); });
      return;
    }
    const headers = { 'Content-Security-Policy': STRICT, 'Cache-Control': 'no-cache' };
    if (pages[url.pathname]) {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' });
      res.end(pages[url.pathname]);
    } else if (url.pathname === '/favicon.ico') {
      res.writeHead(204, headers); // no icon, and no 404 in the console
      res.end();
    } else if (url.pathname === '/gpu-sizer-widget.js') {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript; charset=utf-8' });
      res.end(fs.readFileSync(dist('gpu-sizer-widget.js')));
    } else {
      res.writeHead(404, headers);
      res.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${server.address().port}/`,
    reports,
    close: () => new Promise((done) => { server.close(done); server.closeAllConnections(); })
  })));
}

const THREE_WIDGETS = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>strict</title>
<script src="/gpu-sizer-widget.js" defer></script></head><body>
<gpu-sizer id="s-compact" model="llama-3.1-8b" view="compact"></gpu-sizer>
<gpu-sizer id="s-full" lang="ar"></gpu-sizer>
<gpu-sizer id="s-card" view="card" model="llama-3.1-70b"></gpu-sizer>
</body></html>`;
const CONTROL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>control</title>
<style>body { color: red; }</style></head><body><p>inline style: blocked by style-src 'self'</p></body></html>`;

async function collect(t, server, pathname, ready) {
  const { context, close } = await launch();
  t.after(close);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push('pageerror: ' + e.message));
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => { window.__violations.push(e.violatedDirective + ' ' + e.blockedURI); });
  });
  const res = await page.goto(server.url + pathname.slice(1));
  assert.equal(res.headers()['content-security-policy'], STRICT);
  await ready(page);
  // report-uri reports are sent asynchronously: give them time to arrive.
  await page.waitForTimeout(1500);
  return { violations: await page.evaluate(() => window.__violations), errors, reports: server.reports.slice() };
}

test('three widgets (one card) under default-src/script-src/style-src self: no violation, report or console error', async (t) => {
  const server = await strictServer({ '/': THREE_WIDGETS, '/control.html': CONTROL });
  t.after(server.close);

  const control = await collect(t, server, '/control.html', async () => {});
  assert.ok(control.violations.length >= 1, 'the control page raises a securitypolicyviolation event');
  assert.ok(control.reports.length >= 1, 'the control page sends a CSP report');
  assert.ok(control.errors.some((e) => /Content Security Policy/.test(e)), 'the control page logs a console error');
  server.reports.length = 0;

  const out = await collect(t, server, '/', async (page) => {
    await waitForResults(page, page.locator('#s-compact'));
    await waitForResults(page, page.locator('#s-full'));
    await page.locator('#s-card .gsw-card[data-ready="true"]').waitFor({ timeout: 20000 });
    assert.match(await page.locator('#s-card [part="fits"]').textContent(), /\d× /);
    assert.equal(await page.evaluate(() => customElements.get('gpu-sizer').coreStarts()), 1, 'three widgets share one core');
  });
  assert.deepEqual(out.violations, []);
  assert.deepEqual(out.reports, []);
  assert.deepEqual(out.errors, []);
});

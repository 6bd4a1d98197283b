// The offline bundle from file://: results render, Arabic flips the layout, and nothing touches the network.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const zlib = require('node:zlib');
const { launch, fileUrl, dist, watch, waitForResults } = require('./lib.js');

const LOCAL = /^(file|data|blob|about):/;

test('offline bundle works from file:// with zero network requests', async (t) => {
  const { context, close } = await launch();
  t.after(close);
  const attempted = [];
  const requests = [];
  // Abort anything that is not local, and remember that it was attempted.
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (LOCAL.test(url)) return route.continue();
    attempted.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  const problems = watch(page);
  page.on('request', (r) => { if (!LOCAL.test(r.url())) requests.push(r.url()); });

  await page.goto(fileUrl('gpu-sizer.html'));
  await waitForResults(page);

  // Memory total and at least one option with a decode speed.
  const total = await page.locator('#gs-mem-total').textContent();
  assert.match(total, /\d+(\.\d+)?\s*GB/, 'memory total shown in GB');
  const rows = page.locator('#gs-table tbody tr.gs-opt');
  assert.ok(await rows.count() >= 1, 'at least one option row');
  const speed = await rows.first().locator('td[data-col="tps_user"]').textContent();
  assert.ok(Number(speed.replace(/[^\d.]/g, '')) > 0, `decode speed shown: ${speed}`);
  assert.match(await page.locator('#gs-summary').textContent(), /tok\/s/);
  assert.equal(await page.locator('html').getAttribute('dir'), 'ltr');

  // Switch to Arabic: <html dir=rtl lang=ar>, Arabic UI strings, and the core's guidance in Arabic.
  await page.selectOption('#gs-lang', 'ar');
  await page.waitForFunction(() => document.documentElement.getAttribute('dir') === 'rtl');
  assert.equal(await page.locator('html').getAttribute('lang'), 'ar');
  await waitForResults(page);
  const legend = await page.locator('.gs-section legend').first().textContent();
  assert.equal(legend, 'النموذج');
  const guidance = await page.locator('.gs-guidance').textContent();
  assert.match(guidance, /[\u0600-\u06FF]{3,}/, 'guidance answered in Arabic');
  // The form column sits on the right in RTL.
  const form = await page.locator('.gs-formcol').boundingBox();
  const results = await page.locator('#gs-results').boundingBox();
  assert.ok(form.x > results.x, 'RTL puts the form to the right of the results');

  // Back to English still works.
  await page.selectOption('#gs-lang', 'en');
  await page.waitForFunction(() => document.documentElement.getAttribute('dir') === 'ltr');

  assert.deepEqual(requests, [], 'no network requests');
  assert.deepEqual(attempted, [], 'no non-local URL was attempted');
  assert.deepEqual(problems, [], 'no console errors');
});

test('offline bundle is one self-contained file within the size budget', () => {
  const html = fs.readFileSync(dist('gpu-sizer.html'), 'utf8');
  assert.doesNotMatch(html, /<script[^>]+src=/i, 'no external scripts');
  assert.doesNotMatch(html, /<link[^>]+rel="?stylesheet/i, 'no external stylesheets');
  assert.doesNotMatch(html, /(src|href)="?https?:/i, 'no URLs to fetch');
  const gz = zlib.gzipSync(Buffer.from(html), { level: 9 }).length;
  // The budget scripts/bundle.js and tests/js/budget.test.js use (scripts/lib/budgets.js; budget.test.js says why).
  const budget = require('../../scripts/lib/budgets.js').offlineGzipBytes;
  assert.ok(gz <= budget, `gzip size ${gz} bytes is within ${budget / 1024} KB`);
});

test('the first result is drawn before the offerings are read; names, provider counts and the catalog count follow', async (t) => {
  const { context, close } = await launch();
  t.after(close);
  // The core's calls in order, and what the page showed when offerings() was called.
  await context.addInitScript(() => {
    const calls = window.__calls = [];
    let real;
    Object.defineProperty(window, 'createSizer', { configurable: true, get: () => real, set: (f) => {
      real = (...a) => f(...a).then((sizer) => {
        for (const k of ['catalog', 'offerings', 'evaluate']) {
          const fn = sizer[k];
          sizer[k] = function (...args) {
            calls.push({ k, arg: k === 'catalog' ? JSON.stringify(args[0] || null) : null,
              drawn: !!document.querySelector('#gs-mem-total'), rows: document.querySelectorAll('#gs-table tbody tr.gs-opt').length });
            return fn.apply(sizer, args);
          };
        }
        return sizer;
      });
    } });
  });
  const page = await context.newPage();
  const problems = watch(page);
  await page.goto(fileUrl('gpu-sizer.html'));
  await waitForResults(page);
  const calls = await page.evaluate(() => window.__calls);
  const firstEvaluate = calls.findIndex((c) => c.k === 'evaluate');
  const offerings = calls.findIndex((c) => c.k === 'offerings');
  assert.ok(firstEvaluate >= 0 && offerings > firstEvaluate, JSON.stringify(calls));
  assert.ok(calls[offerings].drawn, 'the first result was on the page before offerings() was called');
  assert.equal(calls.filter((c) => c.k === 'offerings').length, 1);
  assert.deepEqual(calls.filter((c) => c.k === 'catalog').map((c) => c.arg), ['{"offerings":false}']);
  // Once settled, everything that reads the offerings has them: the bundled names in the table, counts beside the
  // providers (only those with offerings), the catalog's offering count.
  const sizer = await require(dist('gpu-sizer.js'))();
  const bundled = sizer.offerings();
  const withOfferings = new Set(bundled.map((o) => o.provider));
  const shown = await page.evaluate(() => ({
    names: Array.from(document.querySelectorAll('#gs-table tbody tr.gs-opt')).slice(0, 10).map((tr) => [tr.getAttribute('data-key').split('|')[0], tr.querySelector('.gs-offer-name') && tr.querySelector('.gs-offer-name').textContent]),
    providers: Array.from(document.querySelectorAll('#gs-provlist input')).map((i) => [i.value, i.parentNode.querySelector('.gs-count').textContent.trim()]),
    counts: document.querySelector('#gs-catalog .gs-muted').textContent
  }));
  assert.ok(shown.names.length >= 5);
  for (const [id, name] of shown.names) assert.equal(name, bundled.find((o) => o.id === id).display_name, id);
  assert.deepEqual(shown.providers.map((p) => p[0]).sort(), [...withOfferings].sort());
  for (const [id, count] of shown.providers) assert.equal(Number(count.replace(/,/g, '')), bundled.filter((o) => o.provider === id).length, id);
  assert.match(shown.counts, new RegExp(bundled.length.toLocaleString('en-US') + ' offerings'));
  assert.deepEqual(problems, []);
});

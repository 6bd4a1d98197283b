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
  // 360 KB, as scripts/bundle.js and tests/js/budget.test.js (300 → 350 KB for the larger catalog, → 360 KB
  // for the issue-16 page: fit grid, formats side by side, what-if, ranges and their EN/AR words).
  assert.ok(gz <= 360 * 1024, `gzip size ${gz} bytes is within 360 KB`);
});

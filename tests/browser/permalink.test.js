// The shareable link: the full form state goes into the URL hash and comes back in a new page.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { fileUrl, waitForResults, settle, openOffline } = require('./lib.js');

function snapshot(page) {
  return page.evaluate(() => Object.fromEntries(
    Array.from(document.querySelectorAll('#app input, #app select, #app textarea'))
      .filter((e) => e.id && e.type !== 'file')
      .map((e) => [e.id, e.type === 'checkbox' || e.type === 'radio' ? e.checked : e.value])));
}

test('permalink round-trips the form state', async (t) => {
  const { page, problems, context } = await openOffline(t);
  const pristine = await snapshot(page);

  // Ranking state: workload, engine, targets, filters, table sort, filter text and fits-only.
  await page.selectOption('#gs-weights', 'fp8');
  await page.selectOption('#gs-kv', 'fp8');
  await page.fill('#gs-prompt', '4096');
  await page.fill('#gs-output', '256');
  await page.fill('#gs-conc', '32');
  await page.selectOption('#gs-engine', 'sglang');
  await page.fill('#gs-tps', '20');
  await page.fill('#gs-ttft', '1.5');
  // The pricing filter offers the request's values only: 'reserved' is what an option reports (issue 30).
  const pricingValues = await page.$$eval('#gs-pricing option', (os) => os.map((o) => o.value));
  assert.deepEqual(pricingValues.sort(), ['any', 'on_demand', 'spot']);
  await page.selectOption('#gs-pricing', 'any');
  await page.fill('#gs-maxg', '8');
  await page.fill('#gs-maxusd', '40');
  await settle(page);
  await page.click('th[data-col="usd_h"] button');
  await page.click('th[data-col="usd_h"] button'); // descending
  await page.fill('#gs-filt', 'gpu');
  await page.check('#gs-fitonly');
  await settle(page);
  const ranked = await snapshot(page);
  assert.notDeepEqual(ranked, pristine);
  const url1 = page.url();
  assert.match(url1, /#.*w=fp8/);

  const page2 = await context.newPage();
  await page2.goto(url1);
  await waitForResults(page2);
  assert.deepEqual(await snapshot(page2), ranked);
  assert.equal(await page2.getAttribute('th[data-col="usd_h"]', 'aria-sort'), 'descending');
  assert.equal(await page2.locator('#gs-summary').textContent(), await page.locator('#gs-summary').textContent());

  // Custom model, pinned GPU, Arabic.
  await page.check('#gs-src-custom');
  await page.fill('#gs-c_params_b', '13.5');
  await page.fill('#gs-c_layers', '40');
  await page.fill('#gs-c_kv_heads', '8');
  await page.check('#gs-hw-pin');
  await page.selectOption('#gs-gpu', { index: 1 });
  await page.fill('#gs-count', '2');
  await page.selectOption('#gs-lang', 'ar');
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await settle(page);
  const pinned = await snapshot(page);
  const url2 = page.url();
  const page3 = await context.newPage();
  await page3.goto(url2);
  await waitForResults(page3);
  assert.equal(await page3.evaluate(() => document.documentElement.dir), 'rtl');
  assert.deepEqual(await snapshot(page3), pinned);

  // A hostile or stale hash is ignored field by field, never executed.
  const page4 = await context.newPage();
  await page4.goto(fileUrl('gpu-sizer.html') + '#w=%3Cimg%20src%3Dx%20onerror%3Dwindow.__pwned%3D1%3E&pt=%3Cb%3Ex&m=no-such-model');
  await page4.locator('#gs-prompt-err').waitFor({ state: 'visible', timeout: 20000 });
  assert.equal(await page4.inputValue('#gs-weights'), '');
  const model = await page4.inputValue('#gs-model');
  assert.ok(model && model !== 'no-such-model', 'an unknown preset falls back to a catalog model');
  assert.equal(await page4.inputValue('#gs-prompt'), '<b>x');
  assert.equal(await page4.evaluate(() => window.__pwned), undefined);
  assert.deepEqual(problems, []);
});

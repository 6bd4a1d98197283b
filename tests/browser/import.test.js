// Importing prices: a hostile catalog executes nothing and shows its markup as text; an invalid one lists its errors.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { dist, ROOT, waitForResults, settle, openOffline } = require('./lib.js');

const IMG = '<img src=x onerror="window.__pwned=1">';
const SCRIPT = '<script>window.__pwned=1</script>';

// tests/catalog/hostile-valid.json when the catalog suite provides one, else a hostile copy of the bundled catalog.
async function hostileCatalog() {
  const fixture = path.join(ROOT, 'tests', 'catalog', 'hostile-valid.json');
  if (fs.existsSync(fixture)) return { text: fs.readFileSync(fixture, 'utf8'), fixture: true };
  const sizer = await require(dist('gpu-sizer.js'))();
  const cat = sizer.catalog();
  cat.providers = cat.providers.map((p) => ({ ...p, name: SCRIPT + ' ' + p.name }));
  cat.gpus = cat.gpus.map((g) => ({ ...g, name: IMG + ' ' + g.name }));
  cat.models = cat.models.map((m) => ({ ...m, name: IMG + SCRIPT + ' ' + m.name }));
  cat.offerings = cat.offerings.map((o) => ({ ...o, instance: IMG + ' ' + o.instance, region: SCRIPT }));
  const check = sizer.validateCatalog(cat);
  assert.ok(check.ok, 'the hostile catalog is valid: ' + JSON.stringify(check.errors));
  return { text: JSON.stringify(cat), fixture: false };
}

test('hostile catalog import renders text, runs nothing', async (t) => {
  const { text, fixture } = await hostileCatalog();
  const { page, problems, context } = await openOffline(t);

  await page.setInputFiles('#gs-import', { name: 'hostile.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.locator('#gs-import-status .gs-ok').waitFor({ timeout: 10000 });
  await waitForResults(page);
  await settle(page);
  assert.match(await page.locator('#gs-asof').textContent(), /hostile\.json/);

  assert.equal(await page.evaluate(() => window.__pwned), undefined, 'no injected code ran');
  // No element came from the imported strings.
  assert.equal(await page.locator('#app img').count(), 0);
  assert.equal(await page.locator('#app script').count(), 0);
  const body = await page.locator('#app').innerText();
  if (!fixture) {
    assert.ok(body.includes(IMG), 'offering/GPU markup shown literally');
    assert.ok(body.includes(SCRIPT), 'provider markup shown literally');
    // In the table cells, as text.
    assert.ok((await page.locator('#gs-table tbody th[data-col="instance"] .gs-sku').first().textContent()).startsWith(IMG));
    assert.ok((await page.locator('#gs-table tbody td[data-col="provider"]').first().textContent()).startsWith(SCRIPT));
    assert.ok((await page.locator('#gs-model option').first().textContent()).startsWith(IMG + SCRIPT));
    // Details, chart tooltips and the CSV header path all go through textContent as well.
    await page.locator('#gs-table .gs-disclose').first().click();
    assert.ok((await page.locator('.gs-detrow').first().textContent()).includes(SCRIPT));
  } else {
    assert.match(body, /<(img|script)/i, 'markup from the fixture shown literally');
  }
  assert.equal(await page.evaluate(() => window.__pwned), undefined);

  // Back to the bundled catalog.
  await page.click('#gs-import-reset');
  await page.locator('#gs-import-status .gs-ok').waitFor();
  assert.ok(!(await page.locator('#app').innerText()).includes(IMG));
  assert.deepEqual(problems, []);
});

test('invalid catalog import lists its errors with their paths and changes nothing', async (t) => {
  const { page, problems, context } = await openOffline(t);
  const before = await page.locator('#gs-table').innerText();

  const broken = { offerings: [{ id: 'acme/x1', provider: 'no-such-provider', instance: 'x1', gpu: 'no-such-gpu', gpus: 0, usd_per_hour: -3, spot_usd_per_hour: null, source: 'test', as_of: '2026-01-01' }] };
  await page.setInputFiles('#gs-import', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
  await page.locator('#gs-import-status .gs-err').waitFor({ timeout: 10000 });
  const errors = await page.locator('#gs-import-errors li').allTextContents();
  assert.ok(errors.length >= 2, errors.join('\n'));
  assert.ok(errors.some((e) => e.startsWith('/offerings/0/')), errors.join('\n'));
  assert.match(await page.locator('#gs-import-status .gs-err').textContent(), /broken\.json was not imported/);
  assert.equal(await page.locator('#gs-table').innerText(), before, 'the bundled catalog stays in use');

  // An old catalog date brings the age warning (the bundled date is not asserted: it ages with the clock).
  await page.setInputFiles('#gs-import', { name: 'old.json', mimeType: 'application/json', buffer: Buffer.from('{"as_of": "2020-01-01"}') });
  await page.locator('#gs-catalog-old').waitFor({ timeout: 10000 });
  assert.match(await page.locator('#gs-catalog-old').textContent(), /\d+ days old/);
  assert.match(await page.locator('#gs-asof').textContent(), /1 January 2020/);
  await page.click('#gs-import-reset');
  await page.locator('#gs-import-status .gs-ok').waitFor();
  assert.doesNotMatch(await page.locator('#gs-asof').textContent(), /2020/);

  // Not JSON at all.
  await page.setInputFiles('#gs-import', { name: 'notjson.json', mimeType: 'application/json', buffer: Buffer.from('{"offerings": [') });
  await page.locator('#gs-import-status .gs-err').filter({ hasText: 'notjson.json is not valid JSON' }).waitFor({ timeout: 10000 });
  assert.deepEqual(problems, []);
});

// Catalog facts beside each option when the catalog has them: the offering's display name (its SKU in small type),
// the provider's tier (a marketplace row is a "listing"), the price date per row, and one warning per provider
// whose prices are older than 90 days. Without those fields the page shows what it always did.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, dist, settle, waitForResults, openOffline } = require('./lib.js');

const OUT = path.join(ROOT, 'test-results', 'screenshots'); // for review, beside screenshots.test.js's

// Only this provider's offerings are ranked (the "None" button, then its box).
async function onlyProvider(page, id) {
  // The providers are a compact multi-select now (issue 16): open it first.
  if (!(await page.locator('#gs-provpick').getAttribute('open') !== null)) await page.click('#gs-provsum');
  await page.click('#gs-providers .gs-checks-tools button:last-child');
  await page.check('#gs-prov-' + id);
  await settle(page);
}
const day = (ago) => new Date(Date.now() - ago * 86400000).toISOString().slice(0, 10);

async function factCatalog() {
  const sizer = await require(dist('gpu-sizer.js'))();
  const cat = sizer.catalog();
  const tiers = { aws: 'hyperscaler', vast: 'marketplace' };
  cat.providers = cat.providers.map((p) => ({ ...p, tier: tiers[p.id] || 'gpu_cloud', price_as_of: p.id === 'vast' ? '2020-01-01' : day(3) }));
  // vast's offerings carry no date of their own: their rows show the provider's.
  // (The bundled catalog now dates every offering: vast's own dates are taken off here.)
  cat.offerings = cat.offerings.map((o) => {
    const x = { ...o, display_name: 'Shown ' + o.instance, ...(o.provider === 'vast' ? {} : { price_as_of: day(5) }) };
    if (o.provider === 'vast') delete x.price_as_of;
    return x;
  });
  const check = sizer.validateCatalog(cat);
  assert.ok(check.ok, JSON.stringify(check.errors));
  return JSON.stringify(cat);
}

test('display names, tiers, price dates and per-provider age warnings (EN/AR); none without the fields', async (t) => {
  const { page, problems } = await openOffline(t);
  // The bundled catalog as it is: no display-name markup, no tier badge, no price-date column unless it has them.
  const bundled = await require(dist('gpu-sizer.js'))().then((s) => s.catalog());
  const hasNames = bundled.offerings.some((o) => typeof o.display_name === 'string' && o.display_name && o.display_name !== o.instance);
  const hasTiers = bundled.providers.some((p) => p.tier);
  const hasDates = bundled.offerings.some((o) => o.price_as_of) || bundled.providers.some((p) => p.price_as_of);
  if (!hasNames) assert.equal(await page.locator('#gs-table .gs-offer-name').count(), 0);
  if (!hasTiers) assert.equal(await page.locator('#gs-table [class*="gs-badge-tier-"]').count(), 0);
  if (!hasDates) assert.equal(await page.locator('#gs-table th[data-col="price_date"]').count(), 0);

  await page.setInputFiles('#gs-import', { name: 'facts.json', mimeType: 'application/json', buffer: Buffer.from(await factCatalog()) });
  await page.locator('#gs-import-status .gs-ok').waitFor({ timeout: 10000 });
  await waitForResults(page);
  await settle(page);

  // Every row: the display name, the raw SKU beneath it, a tier badge and a price date.
  const first = page.locator('#gs-table tbody tr.gs-opt').first();
  const sku = await first.locator('th[data-col="instance"] .gs-sku').textContent();
  assert.equal(await first.locator('th[data-col="instance"] .gs-offer-name').textContent(), 'Shown ' + sku);
  assert.equal(await page.locator('#gs-table th[data-col="price_date"]').count(), 1);
  const rows = await page.locator('#gs-table tbody tr.gs-opt').count();
  // (One shown: the name's cell repeats the badge only while the badges column is hidden at a narrower width;
  // the checks below read the badges column.)
  const shownBadges = await page.locator('#gs-table tbody tr.gs-opt [class*="gs-badge-tier-"]').evaluateAll((els) => els.filter((e) => e.getClientRects().length > 0).length);
  assert.equal(shownBadges, rows, 'one tier badge shown per row');
  // The CSV carries the same: the display name with its SKU, and the price date under its own header.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#gs-csv')]);
  const csv = fs.readFileSync(await download.path(), 'utf8').slice(1).split('\r\n');
  assert.ok(csv[0].split(',').includes('Price as of'), csv[0]);
  assert.ok(csv[1].includes(`Shown ${sku} (${sku})`), csv[1]);
  // The top pick names the machine by its display name, its SKU beside.
  assert.match(await page.locator('#gs-top .gs-pick').textContent(), /Shown /);

  // Only the marketplace's prices are old: one warning, for it, with its date.
  const old = page.locator('#gs-providers-old li');
  assert.equal(await old.count(), 1);
  assert.equal(await old.first().getAttribute('data-provider'), 'vast');
  assert.match(await old.first().textContent(), /1 January 2020/);

  // The marketplace's rows: labelled a listing, dated by the provider, the date marked old.
  await onlyProvider(page, 'vast');
  const vast = page.locator('#gs-table tbody tr.gs-opt').first();
  assert.equal(await vast.locator('td[data-col="badges"] .gs-badge-tier-marketplace').textContent(), 'Listing');
  assert.match(await vast.locator('td[data-col="price_date"]').textContent(), /2020/);
  assert.equal(await vast.locator('td[data-col="price_date"] .gs-old').count(), 1);
  // aws rows: the core's word for the tier, a recent date, not marked.
  await onlyProvider(page, 'aws');
  const aws = page.locator('#gs-table tbody tr.gs-opt').first();
  assert.equal(await aws.locator('td[data-col="badges"] .gs-badge-tier-hyperscaler').textContent(), 'Hyperscaler');
  assert.equal(await aws.locator('td[data-col="price_date"] .gs-old').count(), 0);
  // The details name the SKU and the price date.
  await aws.locator('.gs-disclose').click();
  const det = await page.locator('.gs-detrow').first().textContent();
  assert.match(det, /Instance type \(SKU\)/);
  assert.match(det, /Price checked/);

  fs.mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: path.join(OUT, 'catalog-facts-en.png'), fullPage: true });

  // Arabic: the same facts in Arabic words.
  await page.selectOption('#gs-lang', 'ar');
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await settle(page);
  assert.equal(await page.locator('#gs-table thead th[data-col="price_date"] button').evaluate((b) => b.firstChild.textContent), 'تاريخ السعر');
  assert.equal(await page.locator('#gs-table tbody tr.gs-opt').first().locator('td[data-col="badges"] .gs-badge-tier-hyperscaler').textContent(), 'سحابة كبرى');
  assert.match(await page.locator('#gs-providers-old').textContent(), /[\u0600-\u06FF]{3,}/);
  await onlyProvider(page, 'vast');
  assert.equal(await page.locator('#gs-table tbody tr.gs-opt').first().locator('td[data-col="badges"] .gs-badge-tier-marketplace').textContent(), 'عرض في سوق');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: path.join(OUT, 'catalog-facts-ar-phone.png'), fullPage: true });
  assert.deepEqual(problems, []);
});

// Every price shows its confidence and the date it was seen (issue 33): in the page's table, its CSV and the
// widget's card; a doubtful price shows its listed figure; an assumed billing granularity says so; a site's newer
// catalog.json is used over http(s), never requested from file://. Screenshots to test-results/screenshots/.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, dist, launch, startServer, openOffline, settle, waitForResults } = require('./lib.js');

const OUT = path.join(ROOT, 'test-results', 'screenshots');

// A catalog of six 1× H100 SXM offerings, all at $1.05-1.25 and confirmed except one stale $0.10 listing seen 2026-04-01.
async function bargainCatalog(asOf) {
  const sizer = await require(dist('gpu-sizer.js'))();
  const cat = sizer.catalog();
  // H100 SXM rows (the page's default request fits one; since the driver-reported memory of issue 30 it no longer
  // fits an L4), not marketplace hosts (an endpoint on one is outside the guide's rules and would rank after the rest).
  const l4 = cat.offerings.filter((o) => o.gpu === 'h100-sxm' && o.gpus === 1 && typeof o.usd_per_hour === 'number' && o.tier !== 'marketplace' && !o.currency).slice(0, 6);
  cat.offerings = l4.map((o, i) => ({ ...o, usd_per_hour: i === 0 ? 0.1 : 1 + i * 0.05, spot_usd_per_hour: null,
    price_confidence: i === 0 ? 'stale' : 'confirmed', price_seen: i === 0 ? '2026-04-01' : '2026-11-20' }));
  if (asOf) cat.as_of = asOf;
  const check = sizer.validateCatalog(cat);
  assert.ok(check.ok, JSON.stringify(check.errors));
  return { text: JSON.stringify(cat), bargain: cat.offerings[0] };
}

test('table and CSV: each price\'s confidence and date; the doubtful one shows its listed figure', async (t) => {
  const { page, problems } = await openOffline(t);
  // The bundled catalog: the column is there, every row says a confidence and a date or "date unknown".
  const cells = await page.locator('#gs-table tbody tr.gs-opt td[data-col="price_confidence"]').allTextContents();
  assert.ok(cells.length > 0);
  for (const c of cells) assert.match(c, /^(Confirmed|Single source|Stale) · (\d{1,2} \w{3,4} \d{4}|date unknown)$/, c);

  const { text, bargain } = await bargainCatalog();
  await page.setInputFiles('#gs-import', { name: 'bargain.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.locator('#gs-import-status .gs-ok').waitFor({ timeout: 10000 });
  await waitForResults(page);
  await settle(page);
  const rows = page.locator('#gs-table tbody tr.gs-opt');
  // The $0.10 listing is not the top pick: it is ranked at the median, and says so.
  const firstConf = await rows.first().locator('td[data-col="price_confidence"]').textContent();
  assert.match(firstConf, /^Confirmed · 20 Nov 2026$/);
  const doubtful = page.locator('#gs-table tbody tr.gs-opt', { has: page.locator('.gs-badge-doubtful') });
  assert.equal(await doubtful.count(), 1);
  assert.match(await doubtful.locator('.gs-badge-doubtful').textContent(), /Listed \$0\.10\/GPU-h: doubtful/);
  assert.match(await doubtful.locator('td[data-col="price_confidence"]').textContent(), /^Stale · 1 Apr 2026$/);
  assert.equal(await doubtful.locator('.gs-conf-stale').count(), 1);

  // The CSV: the same cell as the table (confidence and date), the doubtful badge among the badges.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#gs-csv')]);
  const { parseCsv } = require('../../scripts/lib/csv.js');
  const csv = parseCsv(fs.readFileSync(await download.path(), 'utf8').slice(1)).filter((r) => r.length > 1);
  const ci = csv[0].indexOf('Price confidence');
  assert.ok(ci >= 0, csv[0].join(','));
  const body = csv.slice(1);
  const stale = body.filter((r) => /^Stale/.test(r[ci]));
  assert.equal(stale.length, 1);
  assert.equal(stale[0][ci], 'Stale · 1 Apr 2026');
  assert.ok(stale[0].some((c) => /Listed \$0\.10\/GPU-h: doubtful/.test(c)), stale[0].join(','));
  assert.ok(body.filter((r) => r !== stale[0]).every((r) => r[ci] === 'Confirmed · 20 Nov 2026'), 'every other row: confirmed, with its date');
  void bargain;

  // Arabic: the core's Arabic labels.
  await page.selectOption('#gs-lang', 'ar');
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await settle(page);
  assert.match(await page.locator('#gs-table tbody tr.gs-opt').first().locator('td[data-col="price_confidence"]').textContent(), /مؤكَّد/);
  fs.mkdirSync(OUT, { recursive: true });
  await page.selectOption('#gs-lang', 'en');
  await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  await settle(page);
  await page.locator('#gs-table').screenshot({ path: path.join(OUT, 'price-confidence-table.png') });
  assert.deepEqual(problems, []);
});

// Only this provider's offerings are ranked (as in catalog-facts.test.js).
async function onlyProvider(page, id) {
  if (!(await page.locator('#gs-provpick').getAttribute('open') !== null)) await page.click('#gs-provsum');
  await page.click('#gs-providers .gs-checks-tools button:last-child');
  await page.check('#gs-prov-' + id);
  await settle(page);
}

test('billing granularity the catalog assumed is marked so, and only there', async (t) => {
  const { page, problems } = await openOffline(t);
  const sizer = await require(dist('gpu-sizer.js'))();
  const basis = Object.fromEntries(sizer.catalog().providers.map((p) => [p.id, p.billing && p.billing.basis]));
  assert.deepEqual([basis.seeweb, basis.lambda], ['assumed', 'documented']);
  await onlyProvider(page, 'seeweb');
  const seeweb = await page.locator('#gs-table tbody tr.gs-opt td[data-col="badges"] .gs-badge-billing').allTextContents();
  assert.ok(seeweb.length > 0);
  for (const b of seeweb) assert.equal(b, 'per hour (assumed)');
  await onlyProvider(page, 'lambda');
  const lambda = await page.locator('#gs-table tbody tr.gs-opt td[data-col="badges"] .gs-badge-billing').allTextContents();
  assert.ok(lambda.length > 0);
  for (const b of lambda) assert.doesNotMatch(b, /assumed/);
  assert.deepEqual(problems, []);
});

test('the widget card: the top pick\'s price confidence and date; a site\'s newer catalog.json is used', async (t) => {
  const server = await startServer();
  t.after(server.close);
  const { context, close } = await launch();
  t.after(close);
  const p = await context.newPage();
  const requested = [];
  p.on('request', (r) => requested.push(r.url()));
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>card</title>
<script src="gpu-sizer-widget.js" defer></script></head><body><gpu-sizer id="card" view="card" model="llama-3.1-8b"></gpu-sizer></body></html>`;
  await p.route('**/card-test.html', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  await p.goto(server.url + 'card-test.html');
  await p.locator('#card .gsw-card[data-ready="true"]').waitFor({ timeout: 20000 });
  const price = await p.locator('#card [part="price"]').textContent();
  assert.match(price, /^(Confirmed|Single source|Stale) · (\d{4}-\d{2}-\d{2}|date unknown)/, price);
  await p.locator('#card .gsw-card').screenshot({ path: path.join(OUT, 'price-confidence-card.png') }).catch(() => {});

  // The page over http(s): a newer catalog.json beside it is fetched, validated and used, and named with its date.
  const { text } = await bargainCatalog('2099-01-01');
  await p.route('**/catalog.json', (route) => route.fulfill({ contentType: 'application/json', body: text }));
  // The site names its live catalog in the page (scripts/catalog-publish.sh adds the meta element).
  const index = fs.readFileSync(dist('index.html'), 'utf8').replace('<head>', '<head>\n<meta name="gpu-sizer-live-catalog" content="catalog.json">');
  await p.route('**/live-index.html', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: index }));
  await p.goto(server.url + 'live-index.html');
  await waitForResults(p);
  await p.locator('#gs-import-status .gs-ok').waitFor({ timeout: 10000 });
  assert.match(await p.locator('#gs-import-status').textContent(), /newer catalog this site publishes \(catalog\.json, prices as of/);
  assert.match(await p.locator('#gs-asof').textContent(), /2099/);
  assert.ok(requested.some((u) => u.endsWith('/catalog.json')));
});

test('the offline file from file:// requests no catalog.json and keeps its bundled date', async (t) => {
  const { page } = await openOffline(t);
  const requested = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.reload();
  await waitForResults(page);
  assert.ok(!requested.some((u) => /catalog\.json/.test(u)), requested.join(' '));
  const bundled = (await (await require(dist('gpu-sizer.js'))()).catalog()).as_of;
  assert.match(await page.locator('#gs-asof').textContent(), new RegExp(bundled.slice(0, 4)));
});

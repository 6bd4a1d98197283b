'use strict';
// Provenance and confidence of prices (issue 33): the evidence sidecar read on a fixture, the confidence rule on
// synthetic rows, and each class of error the 2026-12 audit found, checked on the committed catalog's real rows.
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { build } = require('../../scripts/catalog-build.js');
const { readEvidence, finishProvenance, formFactorIn, FRESH_DAYS } = require('../../scripts/lib/provenance.js');

const ROOT = path.join(__dirname, '..', '..');
const FIX = path.join(ROOT, 'tests', 'catalog', 'refresh');
const offerings = JSON.parse(fs.readFileSync(path.join(ROOT, 'catalog', 'offerings.json'), 'utf8')).offerings;
const providers = JSON.parse(fs.readFileSync(path.join(ROOT, 'catalog', 'providers.json'), 'utf8')).providers;
const byId = new Map(offerings.map((o) => [o.id, o]));

test('evidence sidecar on a fixture: dates, currency, newer prices, the 60-day window', () => {
  const out = build(path.join(FIX, 'ref'), { refresh: [{ dir: path.join(FIX, 'evidence'), collected: '2026-12-01' }] });
  const o = new Map(out.offerings.offerings.map((x) => [x.id, x]));
  // No evidence: one undated source.
  assert.deepStrictEqual([o.get('aws/g5.xlarge').price_confidence, o.get('aws/g5.xlarge').price_seen], ['single_source', undefined]);
  // A EUR source: converted at the row's dated rate, the EUR amount kept.
  const eur = o.get('aws/g6.xlarge');
  assert.deepStrictEqual([eur.currency, eur.source_amount, eur.fx_rate, eur.fx_date, eur.usd_per_hour],
    ['EUR', 0.8048, 1.1, '2026-11-25', Math.round(0.8048 * 1.1 * 10000) / 10000]);
  assert.strictEqual(eur.price_confidence, 'confirmed', 'seen 6 days before the catalog date');
  // Seen on 2026-08-01: 122 days before 2026-12-01, over the 60-day window. Its spot is from another region.
  const p5 = o.get('aws/p5.48xlarge');
  assert.deepStrictEqual([p5.price_seen, p5.price_confidence, p5.confidence_basis], ['2026-08-01', 'stale', 'older_than_60_days']);
  assert.deepStrictEqual([p5.region, p5.spot_region], ['us-east-1', 'eu-south-2 (eus2-az2)']);
  // Seen at the same price 11 days before, on demand and spot: confirmed, both.
  const a40 = o.get('runpod/1x_A40_SECURE');
  assert.deepStrictEqual([a40.price_seen, a40.price_confidence, a40.spot_confidence], ['2026-11-20', 'confirmed', undefined]);
  // A newer page shows another price: stale, with the newer price and no price_seen for the row's own price.
  const h100 = o.get('runpod/1x_H100-SXM_SECURE');
  assert.deepStrictEqual([h100.price_confidence, h100.confidence_basis, h100.price_seen], ['stale', 'newer_source_differs', undefined]);
  assert.deepStrictEqual(h100.newer_price, { usd_per_gpu_hour: 3.99, seen: '2026-11-09', source: 'https://example.invalid/fixture-runpod-page' });
});

test('evidence sidecar: a malformed row is refused with its file and line', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evidence-'));
  const head = fs.readFileSync(path.join(FIX, 'evidence', 'evidence.csv'), 'utf8').split('\n')[0];
  fs.writeFileSync(path.join(dir, 'evidence.csv'), `${head}\nseeweb,*,2026-09-15,https://x.invalid,EUR,,,,,,,,,,\n`);
  assert.throws(() => readEvidence(dir), /evidence\.csv:2: currency EUR: fx_rate, fx_date and fx_source are required/);
  fs.writeFileSync(path.join(dir, 'evidence.csv'), `${head}\nlambda,gpu_1x_a10,20 Sep 2026,https://x.invalid,USD,,,,,,,,,,\n`);
  assert.throws(() => readEvidence(dir), /evidence\.csv:2: price_seen "20 Sep 2026" is not YYYY-MM-DD/);
  assert.deepStrictEqual(readEvidence(path.join(FIX, 'vms')), [], 'a folder without the sidecar has no evidence');
});

test('confidence rule on synthetic rows: 60 days, older snapshot, resale deferral', () => {
  const row = (id, extra) => ({ id, provider: id.split('/')[0], instance: id.split('/')[1], gpu: 'a10', gpus: 1, usd_per_hour: 1, spot_usd_per_hour: null, notes: '', ...extra });
  const ev = (price_seen, od) => ({ folder: 'f', price_seen, predates: false, od: od ? { seen: od, agrees: Math.abs(od - 1) <= 0.1 } : null, spot: null });
  const list = [
    row('up/a', { _evidence: ev('2026-11-01', 1) }),
    row('up/b', { _evidence: ev('2026-09-30') }), // 62 days before 2026-12-01
    row('up/c', { stale: true }),
    row('re/below', { usd_per_hour: 0.5, resale_of: { provider: 'up', instance: 'a' } }),
    row('re/same', { usd_per_hour: 1.05, resale_of: { provider: 'up', instance: 'a' } }),
    row('re/above', { usd_per_hour: 1.5, resale_of: { provider: 'up', instance: 'a' } }),
  ];
  const out = new Map(finishProvenance(list, { providers: [], gpus: new Map(), catalogDate: '2026-12-01' }).map((o) => [o.id, o]));
  assert.deepStrictEqual(['up/a', 'up/b', 'up/c'].map((id) => out.get(id).price_confidence), ['confirmed', 'stale', 'stale']);
  assert.strictEqual(out.get('up/b').confidence_basis, 'older_than_60_days');
  assert.deepStrictEqual([out.get('re/below').price_confidence, out.get('re/below').confidence_basis, out.get('re/below').defers_to],
    ['stale', 'below_upstream', 'up/a']);
  assert.deepStrictEqual([out.get('re/same').price_confidence, out.get('re/same').price_seen], ['confirmed', '2026-11-01']);
  assert.strictEqual(out.get('re/above').price_confidence, 'single_source', 'a markup over the upstream is the reseller\'s own price');
  assert.deepStrictEqual(['gpu_1x_h100_pcie', 'A100_PCIE_80GB', 'n3-H100-SXM5x8', 'H100 NVL', 'n3-H100x8-NVLink'].map(formFactorIn),
    ['pcie', 'pcie', 'sxm', 'nvl', null]);
});

// audit-2026-12 wrong_rows.csv (issue 33): 27 Seeweb rows filed EUR as USD.
test('real rows, currency: every Seeweb row is converted from EUR at a dated rate, the EUR amount kept', () => {
  const seeweb = offerings.filter((o) => o.provider === 'seeweb');
  assert.strictEqual(seeweb.length, 27);
  for (const o of seeweb) {
    assert.strictEqual(o.currency, 'EUR', o.id);
    assert.ok(o.fx_rate > 1 && /^\d{4}-\d{2}-\d{2}$/.test(o.fx_date) && o.fx_source, o.id);
    assert.ok(Math.abs(o.usd_per_hour - o.source_amount * o.fx_rate) < 1e-4, `${o.id}: USD = EUR amount × rate`);
  }
  const a30 = byId.get('seeweb/ECS1GPU11');
  assert.strictEqual(a30.source_amount, 0.29, 'the named suspect keeps its EUR 0.29');
  assert.ok(a30.usd_per_hour > 0.32, `the A30 is ${a30.usd_per_hour} USD, not 0.29`);
});

// audit-2026-12 C2: 23 reseller rows whose upstream id names a PCIe card, filed as SXM or as H100 NVL.
const PCIE_RESALE = {
  'primeintellect/hyperstack__1xH100_80GB__28__180': 'h100-pcie', 'primeintellect/hyperstack__2xH100_80GB__60__360': 'h100-pcie',
  'primeintellect/hyperstack__4xH100_80GB__124__720': 'h100-pcie', 'primeintellect/hyperstack__8xH100_80GB__252__1440': 'h100-pcie',
  'primeintellect/hyperstack__1xA100_80GB__28__120': 'a100-80gb-pcie', 'primeintellect/hyperstack__2xA100_80GB__60__240': 'a100-80gb-pcie',
  'primeintellect/hyperstack__4xA100_80GB__124__480': 'a100-80gb-pcie', 'primeintellect/hyperstack__8xA100_80GB__252__1920__NVLINK': 'a100-80gb-pcie',
  'primeintellect/oblivus__1xA100_80GB__28__120': 'a100-80gb-pcie', 'primeintellect/oblivus__2xA100_80GB__60__240': 'a100-80gb-pcie',
  'primeintellect/oblivus__4xA100_80GB__124__480': 'a100-80gb-pcie', 'primeintellect/oblivus__8xA100_80GB__252__1440': 'a100-80gb-pcie',
  'shadeform/hyperstack_H100': 'h100-pcie', 'shadeform/hyperstack_H100x2': 'h100-pcie', 'shadeform/hyperstack_H100x4': 'h100-pcie',
  'shadeform/hyperstack_H100x8-NVLINK': 'h100-pcie', 'shadeform/hyperstack_A100-80GB': 'a100-80gb-pcie',
  'shadeform/hyperstack_A100-80GBx2': 'a100-80gb-pcie', 'shadeform/hyperstack_A100-80GBx4': 'a100-80gb-pcie',
  'shadeform/hyperstack_A100-80GBx8': 'a100-80gb-pcie', 'shadeform/lambdalabs_H100': 'h100-pcie',
  'spheron/n3-H100x8-NVLink__CANADA-1': 'h100-pcie', 'spheron/n3-H100x8-NVLink-bigroot__CANADA-1': 'h100-pcie',
};
test('real rows, form factor: resale rows whose upstream names a PCIe card are filed as the PCIe GPU', () => {
  assert.strictEqual(Object.keys(PCIE_RESALE).length, 23);
  for (const [id, gpu] of Object.entries(PCIE_RESALE)) {
    const o = byId.get(id);
    assert.ok(o, `${id} is in the catalog`);
    assert.strictEqual(o.gpu, gpu, id);
    assert.strictEqual(o.form_factor, 'pcie', id);
    assert.ok(['upstream_id', 'upstream_row'].includes(o.form_factor_from), `${id}: derived from the upstream (${o.form_factor_from})`);
  }
  // Never assumed: a row of a chip made in several form factors either names its source or says it cannot.
  for (const o of offerings.filter((x) => /^(h100|h200|a100)/.test(x.gpu))) {
    assert.ok(o.form_factor_from, `${o.id} says where its form factor comes from`);
    if (o.form_factor_from === 'not_stated') assert.strictEqual(o.form_factor, undefined, o.id);
  }
});

// audit-2026-12 C3: 17 Lambda-upstream resale rows priced below Lambda's own 2026-09-20 prices.
const LAMBDA_RESALE = ['primeintellect/lambdalabs__8xA100_80GB__240__1800', 'primeintellect/lambdalabs__8xH100_80GB__208__1800',
  'primeintellect/lambdalabs__4xH100_80GB__104__900', 'primeintellect/lambdalabs__1xH100_80GB__26__225',
  'primeintellect/lambdalabs__2xA6000_48GB__28__200', 'primeintellect/lambdalabs__8xV100_16GB__92__448',
  'primeintellect/lambdalabs__1xA100_40GB__30__200', 'primeintellect/lambdalabs__8xA100_40GB__124__1800',
  'shadeform/lambdalabs_A100-sxm4', 'shadeform/lambdalabs_H100-sxm5', 'shadeform/lambdalabs_H100-sxm5x2',
  'shadeform/lambdalabs_H100-sxm5x4', 'shadeform/lambdalabs_A100x8', 'shadeform/lambdalabs_A10', 'shadeform/lambdalabs_H100',
  'shadeform/lambdalabs_A100-sxm4-80GBx8', 'shadeform/lambdalabs_H100-sxm5x8'];
test('real rows, resale below upstream: stale, deferring to the upstream\'s own dated price', () => {
  for (const id of LAMBDA_RESALE) {
    const o = byId.get(id);
    assert.ok(o, id);
    if (id.startsWith('shadeform/')) {
      // refresh-2026-12b re-priced Shadeform's Lambda rows at Lambda's dated list (Shadeform passes it through):
      // dated, and no longer below the upstream's own price.
      assert.ok(o.price_seen >= '2026-09-20', `${id}: ${o.price_seen}`);
      assert.ok(!o.newer_price || o.newer_price.usd_per_gpu_hour <= o.usd_per_hour / o.gpus + 1e-9, id);
      continue;
    }
    assert.strictEqual(o.price_confidence, 'stale', id);
    assert.ok(o.newer_price && o.newer_price.usd_per_gpu_hour > o.usd_per_hour / o.gpus, `${id}: a higher current price is stated`);
    // Lambda's page read 2026-09-20 (the audit), or a newer dated reading of it (refresh-2026-12b: 2026-09-26).
    assert.ok(o.newer_price.seen >= '2026-09-20', `${id}: ${o.newer_price.seen}`);
    if (o.defers_to) assert.match(o.defers_to, /^lambda\//, id);
  }
  // The audit's example: Shadeform's Lambda A10 at $0.75 against Lambda's $1.29 (2026-09-20), now at Lambda's price.
  assert.strictEqual(byId.get('shadeform/lambdalabs_A10').usd_per_hour, 1.29);
});

test('real rows, region pairing: a spot price from another region says which', () => {
  const p5en = byId.get('aws/p5en.48xlarge');
  assert.deepStrictEqual([p5en.region, p5en.spot_region], ['us-east-1', 'eu-south-2 (eus2-az2)']);
  for (const o of offerings) {
    const m = /spot = cheapest across all \d+ rows(?: outside AWS Local Zones)?: ([A-Za-z0-9-]+)/.exec(o.notes || '');
    if (m && o.spot_usd_per_hour !== null && m[1] !== o.region) assert.ok(o.spot_region, `${o.id}: spot from ${m[1]}, on demand from ${o.region}`);
  }
});

// An AWS Local Zone (zone id: the region's code, a city code, the zone: use1-atl2-az1 is Atlanta 2) is opt-in and holds
// a few racks; its spot price is no price a person launching in the region meets (p6-b200's Atlanta row was 39 % under
// every regular zone's). The spot price of an instance is the cheapest of its regular zones', and says which it left out.
test('real rows, region pairing: no spot price read in an AWS Local Zone', () => {
  const localZone = /\b[a-z]+\d-[a-z]{3}\d-az\d\b/;
  let checked = 0;
  for (const o of offerings) {
    if (o.provider !== 'aws' || o.spot_usd_per_hour === null || o.spot_usd_per_hour === undefined) continue;
    const m = /spot = cheapest across all \d+ rows(?: outside AWS Local Zones)?: ([a-z0-9-]+)\/([a-z0-9-]+)/.exec(o.notes || '');
    if (!m) continue;
    checked++;
    assert.doesNotMatch(m[2], localZone, `${o.id}: spot read in the Local Zone ${m[2]}`);
    if (o.spot_region) assert.doesNotMatch(o.spot_region, localZone, o.id);
  }
  assert.ok(checked >= 20, `only ${checked} AWS rows name their spot zone`);
  // The audit's row: p6-b200's spot is us-east-1's regular zone use1-az6 (22.1118), not Atlanta's 13.5724.
  assert.strictEqual(byId.get('aws/p6-b200.48xlarge').spot_usd_per_hour, 22.1118);
  assert.match(byId.get('aws/p6-b200.48xlarge').notes, /Local Zone rows left out: use1-atl2-az1 13\.5724/);
});

test('real rows, the confidence rule: ids, dates and the named suspects', () => {
  for (const o of offerings) {
    assert.ok(['confirmed', 'single_source', 'stale'].includes(o.price_confidence), o.id);
    if (o.price_confidence === 'confirmed') {
      assert.ok(o.price_seen, `${o.id}: confirmed needs a date`);
      assert.ok((Date.parse('2026-12-01') - Date.parse(o.price_seen)) / 864e5 <= FRESH_DAYS, o.id);
    }
    if (o.price_seen) assert.ok(o.price_seen !== o.as_of || o.price_dated, `${o.id}: price_seen is never the collection day`);
  }
  // The named suspects (audit-2026-12): the Verda B200 spot and the Prime Intellect V100 spot are stale; the AWS
  // p4d/p4de/p5 on-demand prices match AWS retail read 2026-11-09 (confirmed), their spot is one AZ (not).
  assert.strictEqual(byId.get('verda/1B200.30V').price_confidence, 'stale');
  assert.strictEqual(byId.get('primeintellect/datacrunch__1xV100_16GB__6__23__SPOT').price_confidence, 'stale');
  const p5 = byId.get('aws/p5.48xlarge');
  assert.deepStrictEqual([p5.price_confidence, p5.price_seen, p5.spot_confidence], ['confirmed', '2026-11-09', 'single_source']);
  // GCP's pricing.yml is dated 2026-07-30, 124 days before the catalog: stale.
  assert.ok(offerings.filter((o) => o.provider === 'gcp').every((o) => o.price_confidence === 'stale' && o.price_seen === '2026-07-30'));
});

test('provider facts: Hyperstack spot and egress from its rate card; billing basis stated', () => {
  const hs = providers.find((p) => p.id === 'hyperstack');
  assert.strictEqual(hs.spot.available, true);
  assert.strictEqual(hs.egress_usd_per_gb, 0);
  assert.match(hs.notes, /2026-08-26/);
  for (const p of providers) assert.ok(['documented', 'recalled', 'not_verified', 'assumed'].includes(p.billing.basis), p.id);
  assert.deepStrictEqual(['seeweb', 'verda', 'shadeform', 'primeintellect'].map((id) => providers.find((p) => p.id === id).billing.basis),
    ['assumed', 'assumed', 'assumed', 'assumed']);
  assert.strictEqual(providers.find((p) => p.id === 'lambda').billing.basis, 'documented');
});

test('live path: catalog:refresh --publish writes one dated, valid catalog file a site serves beside its page', () => {
  const { spawnSync } = require('child_process');
  const { checkCatalog } = require('../../scripts/lib/catalog-check.js');
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-publish-'));
  const file = path.join(out, 'site', 'catalog.json');
  const r = spawnSync(process.execPath, ['scripts/catalog-refresh.js', path.join(FIX, 'evidence'), '--ref', path.join(FIX, 'ref'),
    '--out', out, '--collected', '2026-12-15', '--publish', file], { cwd: ROOT, encoding: 'utf8' });
  assert.strictEqual(r.status, 0, r.stderr);
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.strictEqual(doc.as_of, '2026-12-15', 'dated the day its data was read, so a page can tell it is newer');
  assert.deepStrictEqual(Object.keys(doc).sort(), ['as_of', 'gpus', 'offerings', 'providers']);
  // The evidence sidecar of the refreshed folder is read: the RunPod H100 row is stale against a newer page.
  const h100 = doc.offerings.find((o) => o.id === 'runpod/1x_H100-SXM_SECURE');
  assert.deepStrictEqual([h100.price_confidence, h100.newer_price.usd_per_gpu_hour], ['stale', 3.99]);
  assert.deepStrictEqual(checkCatalog(doc, null).errors, [], 'the published file validates as an import would');
});

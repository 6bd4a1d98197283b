// Offering names: an imported catalog whose offerings have no display_name shows the name derived from their
// figures (GPUs × GPU, memory, vCPU and RAM where the catalog gives them), with the SKU in small type beneath,
// never the raw SKU alone.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { dist, waitForResults, openOffline } = require('./lib.js');

test('imported offerings without display_name: a readable name from their figures, the SKU in small type', async (t) => {
  const sizer = await require(dist('gpu-sizer.js'))();
  const cat = sizer.catalog();
  // The bundled names are written from the same figures by scripts/lib/refresh.js: they are what the page must
  // derive once the names are taken away. Half the offerings also lose their host figures (vCPU, RAM).
  const bundledName = {};
  let n = 0;
  cat.offerings = cat.offerings.map((o) => {
    bundledName[o.id] = o.display_name;
    const x = { ...o };
    delete x.display_name;
    if (n++ % 2) { delete x.vcpus; delete x.ram_gib; x.hostless = true; }
    return x;
  });
  const hostless = new Set(cat.offerings.filter((o) => o.hostless).map((o) => o.id));
  cat.offerings.forEach((o) => { delete o.hostless; });
  const check = sizer.validateCatalog(cat);
  assert.ok(check.ok, 'the catalog without names is valid: ' + JSON.stringify(check.errors));

  const { page, problems } = await openOffline(t);
  await page.setInputFiles('#gs-import', { name: 'nameless.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(cat)) });
  await page.locator('#gs-import-status .gs-ok').waitFor({ timeout: 10000 });
  await waitForResults(page);

  const rows = await page.evaluate(() => Array.from(document.querySelectorAll('#gs-table tbody tr.gs-opt')).slice(0, 25).map((tr) => {
    const cell = tr.querySelector('[data-col="instance"]');
    const name = cell.querySelector('.gs-offer-name');
    const sku = cell.querySelector('.gs-sku');
    return { key: tr.getAttribute('data-key'), name: name ? name.textContent : null, sku: sku ? sku.textContent : null };
  }));
  assert.ok(rows.length >= 10, `the table has rows (${rows.length})`);
  let withHost = 0, without = 0;
  for (const r of rows) {
    const id = r.key.split('|')[0];
    const offering = cat.offerings.find((o) => o.id === id);
    assert.ok(offering, `row ${r.key} is an offering of the catalog`);
    assert.ok(r.name, `row ${id} shows a name, not the SKU alone`);
    assert.equal(r.sku, offering.instance, `row ${id} shows its SKU beneath`);
    if (hostless.has(id)) {
      without++;
      // The bundled name without its host figures.
      assert.equal(r.name, bundledName[id].replace(/ · .*$/, ''), `row ${id} without vCPU/RAM`);
      assert.doesNotMatch(r.name, /vCPU|RAM/);
    } else {
      withHost++;
      assert.equal(r.name, bundledName[id], `row ${id} derives the bundled name from its figures`);
    }
  }
  assert.ok(withHost > 0 && without > 0, `rows with and without host figures (${withHost}, ${without})`);
  // The top card: the derived name in its title, the SKU in small type.
  const pick = await page.locator('#gs-top .gs-pick').textContent();
  const sku = await page.locator('#gs-top .gs-pick-sku').textContent();
  const top = cat.offerings.find((o) => o.instance === sku);
  assert.ok(top, `the top card's SKU line is an offering's SKU (${sku})`);
  assert.ok(pick.includes(hostless.has(top.id) ? bundledName[top.id].replace(/ · .*$/, '') : bundledName[top.id]), `the top card names the machine (${pick})`);
  assert.deepEqual(problems, []);
});

// CSV export: the same rows, in the same order, with the same values as the table shows.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const { settle, openOffline } = require('./lib.js');

function parseCsv(text) {
  const rows = [];
  let row = [], cell = '', q = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (q) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') q = false; else cell += c;
    } else if (c === '"') q = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\n') { row.push(cell.replace(/\r$/, '')); rows.push(row); row = []; cell = ''; }
    else cell += c;
  }
  if (cell || row.length) { row.push(cell); rows.push(row); }
  return rows;
}
// Shown numbers carry grouping and currency symbols; the CSV has the same digits without them.
const plain = (s) => s.replace(/[\u2066-\u2069\u200e\u200f]/g, '').trim();
const numeric = (s) => plain(s).replace(/[$,]/g, '');

async function tableRows(page) {
  return page.evaluate(() => {
    const cols = Array.from(document.querySelectorAll('#gs-table thead th[data-col]')).filter((th) => th.dataset.col !== 'details');
    const head = cols.map((th) => th.querySelector('button') ? th.querySelector('button').firstChild.textContent : th.textContent);
    // A cell's text without the lines a narrow table repeats in the name's cell (provider, tier: their columns have them).
    // (And the why-here label under the fit: the CSV has it in a column of its own, after the table's.)
    const text = (el) => { const c = el.cloneNode(true); c.querySelectorAll('.gs-narrowline, .gs-whycell').forEach((x) => x.remove()); return c.textContent; };
    const body = Array.from(document.querySelectorAll('#gs-table tbody tr.gs-opt')).map((tr) =>
      cols.map((th) => text(tr.querySelector(`[data-col="${th.dataset.col}"]`))));
    const info = document.querySelector('#gs-table-info').textContent.match(/of ([\d,]+) options/);
    return { ids: cols.map((th) => th.dataset.col), head, body, matching: Number(info[1].replace(/,/g, '')) };
  });
}

async function exportCsv(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#gs-csv')]);
  assert.equal(download.suggestedFilename(), 'gpu-sizer-options.csv');
  const text = fs.readFileSync(await download.path(), 'utf8');
  assert.equal(text.charCodeAt(0), 0xfeff, 'UTF-8 BOM for spreadsheets');
  return parseCsv(text.slice(1));
}

// The CSV holds every option that passes the filter (issue 16); the table shows the first of them, in the same
// order: those rows must agree.
function compare(table, csv) {
  // The table's columns, then the CSV's own two (issue 32): why here, and the provider's price page.
  assert.deepEqual(csv[0].slice(0, table.head.length), table.head, 'CSV header = table header');
  assert.deepEqual(csv[0].slice(table.head.length), ['Why here', 'Price page'], 'then why here and the price page');
  assert.ok(csv.length - 1 >= table.body.length, 'every shown row is exported');
  assert.equal(csv.length - 1, table.matching, 'the CSV has every matching option');
  table.body.forEach((cells, r) => {
    cells.forEach((shown, c) => {
      const id = table.ids[c];
      const exported = csv[r + 1][c];
      if (['usd_h', 'usd_gpu_h', 'tps_user', 'tps', 'ttft', 'usd_m', 'rank'].includes(id)) {
        assert.equal(numeric(exported || '—'), numeric(shown), `row ${r + 1} ${id}`);
      } else if (id === 'badges') {
        assert.equal(exported.split(' | ').join(''), plain(shown), `row ${r + 1} badges`);
      } else {
        assert.equal(exported, plain(shown), `row ${r + 1} ${id}`);
      }
    });
  });
}

test('CSV export matches the table rows', async (t) => {
  const { page, problems, context } = await openOffline(t);
  await page.fill('#gs-conc', '1000');
  await settle(page);
  const table = await tableRows(page);
  assert.ok(table.body.length >= 1);
  compare(table, await exportCsv(page));

  // Sorted by aggregate speed (ascending after two clicks): the CSV follows the table's order.
  await page.fill('#gs-conc', '16');
  await settle(page);
  // (Through the sort select: the aggregate-speed header is among those a 1400-px page moves to the details.)
  await page.selectOption('#gs-sortby', 'tps');
  await page.click('#gs-sortdir');
  const sorted = await tableRows(page);
  const speeds = sorted.body.map((r) => Number(numeric(r[sorted.ids.indexOf('tps')])));
  assert.deepEqual(speeds, [...speeds].sort((a, b) => a - b), 'ascending order');
  compare(sorted, await exportCsv(page));

  // A filter that hides every row exports only the header.
  await page.fill('#gs-filt', 'no-such-instance-anywhere');
  await settle(page);
  const empty = await exportCsv(page);
  assert.equal(empty.length, 1);
  assert.deepEqual(problems, []);
});

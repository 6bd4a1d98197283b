'use strict';
// The page's number formats (web/ui/format.js): English figures are written without Intl on the way to the first
// result; they must be exactly what Intl.NumberFormat('en-US') writes, for every option the page uses.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { root } = require('./helpers');

function loadFormat() {
  const ctx = vm.createContext({ Intl });
  vm.runInContext('var GpuSizerUI = {};', ctx);
  vm.runInContext(fs.readFileSync(path.join(root, 'web', 'ui', 'format.js'), 'utf8'), ctx, { filename: 'format.js' });
  return vm.runInContext('GpuSizerUI.format', ctx);
}

// Values of every size and sign, halves at each digit (where rounding rules differ), and the edges.
function values() {
  const out = [0, -0, 0.5, 1.5, 2.5, -2.5, 0.05, 0.15, 0.25, 0.35, 1.005, 1.045, 2.675, 9.995, 99.95, 999.5, 999999.5,
    1e3, 1e6, 123456789.125, 1e20, 9.99e20, 1e21, 5e-7, -0.04, -0.4, -1234.5, 0.1 + 0.2, NaN, Infinity, -Infinity];
  let seed = 7;
  const rnd = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
  for (let i = 0; i < 4000; i++) {
    const mag = Math.pow(10, Math.floor(rnd() * 16) - 5);
    const v = (rnd() - 0.3) * mag;
    out.push(v, Math.round(v * 1000) / 1000, Math.round(v * 20) / 20 + 0.005);
  }
  return out;
}

test('English numbers written without Intl equal Intl.NumberFormat(en-US), every option the page uses', () => {
  const F = loadFormat();
  const fmt = F.makeFmt('en');
  const nf = (o) => new Intl.NumberFormat('en-US', o);
  const digits = [0, 1, 2, 3, 4];
  let n = 0;
  for (const v of values()) {
    for (const d of digits) {
      const fixed = nf({ minimumFractionDigits: d, maximumFractionDigits: d });
      assert.equal(fmt.fixed(v, d), fixed.format(v), `fixed(${v}, ${d})`);
      assert.equal(fmt.num(v, d), nf({ maximumFractionDigits: d }).format(v), `num(${v}, ${d})`);
      assert.equal(fmt.usd(v, d), nf({ style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: d, maximumFractionDigits: d }).format(v), `usd(${v}, ${d})`);
      n += 3;
    }
    assert.equal(fmt.num(v), nf({ maximumFractionDigits: 2 }).format(v), `num(${v})`);
    assert.equal(fmt.int(v), nf({ maximumFractionDigits: 0 }).format(v), `int(${v})`);
    assert.equal(fmt.gib(v), nf({ maximumFractionDigits: 0 }).format(v) + ' GiB', `gib(${v})`);
    if (v > 0) {
      const g = v * 1e9, x = g / 1e9, dd = x < 1 ? 2 : x < 100 ? 1 : 0;
      assert.equal(fmt.gb(g), nf({ minimumFractionDigits: dd, maximumFractionDigits: dd }).format(x) + ' GB', `gb(${g})`);
    }
    n += 4;
  }
  assert.ok(n > 50000);
  // Arabic keeps Intl (its digits and separators), unchanged.
  assert.equal(F.makeFmt('ar').fixed(1234.5, 1), new Intl.NumberFormat('ar-u-nu-latn', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(1234.5));
});

// Dates are written without Intl on the way to the first result too (a page's first DateTimeFormat costs 30-110 ms
// in Chromium): long and medium, English (en-GB) and Arabic (ar-u-nu-latn), each equal to what Intl writes.
for (const [lang, locale] of [['en', 'en-GB'], ['ar', 'ar-u-nu-latn']]) {
  test(`${lang} long and medium dates written without Intl equal Intl.DateTimeFormat(${locale})`, () => {
    const fmt = loadFormat().makeFmt(lang);
    const long = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    const medium = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    let n = 0;
    for (const year of [999, 1000, 1999, 2024, 2025, 2026, 2027, 2100, 9999]) {
      for (let day = 0; day < 366; day += year >= 2024 && year <= 2027 ? 1 : 17) {
        const d = new Date(Date.UTC(year, 0, 1 + day));
        if (d.getUTCFullYear() !== year) continue;
        const iso = d.toISOString().slice(0, 10);
        assert.equal(fmt.date(iso), long.format(d), iso);
        assert.equal(fmt.shortDate(iso), medium.format(d), iso);
        n++;
      }
    }
    assert.ok(n > 1400);
    assert.equal(fmt.date('not a date'), 'not a date');
    assert.equal(fmt.shortDate('not a date'), 'not a date');
  });
}

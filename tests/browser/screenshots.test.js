// Screenshots of the page (EN/AR, light/dark) and the widgets, saved to test-results/screenshots/ for review,
// with layout checks that fail on the usual mistakes: RTL not mirrored, dark theme not applied, content overflowing.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { launch, fileUrl, startServer, ROOT, waitForResults, settle } = require('./lib.js');

const OUT = path.join(ROOT, 'test-results', 'screenshots');

function luminance(rgb) {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(rgb);
  const [r, g, b] = m.slice(1, 4).map((v) => { v = Number(v) / 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

async function layoutChecks(page, { rtl, dark }) {
  const info = await page.evaluate(() => {
    const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return { x: r.x, w: r.width, right: r.right }; };
    return {
      width: document.documentElement.clientWidth,
      scrollWidth: document.documentElement.scrollWidth,
      brand: box('.gs-brand'),
      tools: box('.gs-tools'),
      form: box('.gs-formcol'),
      results: box('#gs-results'),
      bg: getComputedStyle(document.querySelector('.gs')).backgroundColor,
      fg: getComputedStyle(document.querySelector('.gs')).color
    };
  });
  assert.ok(info.scrollWidth <= info.width + 1, `no horizontal page overflow (${info.scrollWidth} > ${info.width})`);
  if (rtl) {
    assert.ok(info.brand.x > info.tools.x, 'RTL: the brand is on the right, the tools on the left');
    assert.ok(info.form.x > info.results.x, 'RTL: the form is on the right');
  } else {
    assert.ok(info.brand.x < info.tools.x, 'LTR: the brand is on the left');
    assert.ok(info.form.x < info.results.x, 'LTR: the form is on the left');
  }
  const bgL = luminance(info.bg), fgL = luminance(info.fg);
  if (dark) assert.ok(bgL < 0.05 && fgL > 0.5, `dark theme applied (${info.bg} / ${info.fg})`);
  else assert.ok(bgL > 0.8 && fgL < 0.05, `light theme applied (${info.bg} / ${info.fg})`);
  const contrast = (Math.max(bgL, fgL) + 0.05) / (Math.min(bgL, fgL) + 0.05);
  assert.ok(contrast >= 7, `body text contrast ${contrast.toFixed(1)}`);
}

test('screenshots: page EN/AR in light and dark, and the widgets', async (t) => {
  fs.mkdirSync(OUT, { recursive: true });
  const { context, close } = await launch({ viewport: { width: 1440, height: 1000 } });
  t.after(close);
  const page = await context.newPage();
  await page.goto(fileUrl('gpu-sizer.html'));
  await waitForResults(page);
  await page.locator('#gs-table .gs-disclose').first().click();

  const shots = [
    ['page-en-light.png', 'en', false],
    ['page-en-dark.png', 'en', true],
    ['page-ar-dark.png', 'ar', true],
    ['page-ar-light.png', 'ar', false]
  ];
  for (const [name, lang, dark] of shots) {
    if ((await page.inputValue('#gs-lang')) !== lang) {
      await page.selectOption('#gs-lang', lang);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      await waitForResults(page);
    }
    if ((await page.getAttribute('#gs-theme', 'aria-pressed')) !== String(dark)) await page.click('#gs-theme');
    await page.mouse.move(0, 0);
    await layoutChecks(page, { rtl: lang === 'ar', dark });
    const file = path.join(OUT, name);
    await page.screenshot({ path: file, fullPage: true });
    assert.ok(fs.statSync(file).size > 20000, `${name} has content`);
  }

  // The other tasks: a QLoRA fine-tune in English (light) and a FLUX image job in Arabic (dark), details open.
  const tasks = [
    ['page-en-finetune-light.png', 'en', false, 'finetune', async () => { await page.selectOption('#gs-method', 'qlora'); }],
    ['page-ar-image-dark.png', 'ar', true, 'image', async () => {}],
    ['page-en-audio-dark.png', 'en', true, 'audio', async () => {}]
  ];
  for (const [name, lang, dark, tab, setup] of tasks) {
    if ((await page.inputValue('#gs-lang')) !== lang) {
      await page.selectOption('#gs-lang', lang);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    }
    await page.click('#gs-tab-' + tab);
    await page.waitForFunction((id) => document.querySelector('#gs-panel').dataset.task === id, tab);
    await setup();
    await settle(page);
    await waitForResults(page);
    await page.locator('#gs-table .gs-disclose').first().click();
    if ((await page.getAttribute('#gs-theme', 'aria-pressed')) !== String(dark)) await page.click('#gs-theme');
    await page.mouse.move(0, 0);
    await layoutChecks(page, { rtl: lang === 'ar', dark });
    const file = path.join(OUT, name);
    await page.screenshot({ path: file, fullPage: true });
    assert.ok(fs.statSync(file).size > 20000, `${name} has content`);
  }
  await page.click('#gs-tab-serve');
  await waitForResults(page);

  // A phone-sized viewport: one column, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.selectOption('#gs-lang', 'ar');
  const narrow = await page.evaluate(() => ({ w: document.documentElement.clientWidth, sw: document.documentElement.scrollWidth }));
  assert.ok(narrow.sw <= narrow.w + 1, `no horizontal overflow on a phone (${narrow.sw} > ${narrow.w})`);
  await page.screenshot({ path: path.join(OUT, 'page-ar-phone.png'), fullPage: true });
  // And in English, with a table row open.
  await page.selectOption('#gs-lang', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  await waitForResults(page);
  const narrowEn = await page.evaluate(() => ({ w: document.documentElement.clientWidth, sw: document.documentElement.scrollWidth }));
  assert.ok(narrowEn.sw <= narrowEn.w + 1, `no horizontal overflow on a phone in English (${narrowEn.sw} > ${narrowEn.w})`);
  await page.screenshot({ path: path.join(OUT, 'page-en-phone.png'), fullPage: true });

  const server = await startServer({ csp: true });
  t.after(server.close);
  const w = await context.newPage();
  await w.setViewportSize({ width: 1200, height: 900 });
  await w.goto(server.url + 'embed.html');
  await waitForResults(w, w.locator('#w-en'));
  await waitForResults(w, w.locator('#w-ar'));
  await w.screenshot({ path: path.join(OUT, 'widgets.png'), fullPage: true });
});

// Issue 16 page part B in real Chromium: "how?" beside the headline figures, one unit system (GB) on the memory
// panel and the fit list with the highlighted line agreeing with the fit list, the fit grid with text in every
// cell, the format comparison, and what-if lines when the pinned GPUs do not fit. At 1280, 700 and 375 px, EN and
// AR, light and dark; screenshots under test-results/math/ (look at them).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { launch, ROOT, waitForResults, openPage: open } = require('./lib.js');

const OUT = path.join(ROOT, 'test-results', 'math');


test('memory panel: GB only, and the highlighted line is a size the fit list says holds one replica', async (t) => {
  const { context, close } = await launch({ viewport: { width: 1280, height: 1000 } });
  t.after(close);
  // Several models, so the highlighted line lands on different sizes.
  for (const hash of ['m=llama-3.1-8b', 'm=qwen2.5-14b', 'm=mistral-small-24b&w=fp8', 'm=llama-3.1-70b&w=int4']) {
    const { page, problems } = await open(context, hash);
    const info = await page.evaluate(() => {
      const text = document.querySelector('#gs-memory').textContent + document.querySelector('#gs-fit').textContent;
      const next = document.querySelector('.gs-vram-next');
      const oneRow = document.querySelector('.gs-fitrow[data-gpus="1"]');
      const oneGb = oneRow ? Array.from(oneRow.querySelectorAll('.gs-fitchip .gs-muted')).map((e) => e.textContent) : [];
      return { gib: /GiB/.test(text), next: next ? next.querySelector('text').textContent : null, oneGb, holds: Array.from(document.querySelectorAll('.gs-vram')).map((g) => g.getAttribute('data-holds')) };
    });
    assert.equal(info.gib, false, `${hash}: no GiB beside GB on the memory panel and the fit list`);
    if (info.oneGb.length) {
      assert.ok(info.next, `${hash}: a line is highlighted when some GPU holds one replica`);
      assert.ok(info.oneGb.includes(info.next), `${hash}: the highlighted line (${info.next}) is the size of a GPU the fit list puts under 1 GPU (${info.oneGb.join(', ')})`);
    } else {
      assert.equal(info.next, null, `${hash}: no line highlighted when no single GPU holds it`);
    }
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('show the math: a "how?" beside headline figures, inputs with units and titles, the result reproduced', async (t) => {
  const { context, close } = await launch({ viewport: { width: 1280, height: 1000 } });
  t.after(close);
  const { page, problems } = await open(context, 'm=llama-3.1-8b');
  const hows = await page.locator('#gs-top .gs-how').count();
  assert.ok(hows >= 2, `the top card has "how?" beside its figures (${hows})`);
  assert.ok(await page.locator('#gs-memory .gs-how[data-how="memory.total_bytes"]').count() === 1, 'the memory total has a "how?"');
  await page.locator('#gs-top .gs-how > summary').first().click();
  const entry = await page.evaluate(() => {
    const d = document.querySelector('#gs-top .gs-how[open]');
    return { rows: Array.from(d.querySelectorAll('tbody tr')).map((tr) => Array.from(tr.children).map((c) => c.textContent)), result: d.querySelector('.gs-math-result').textContent, formula: d.querySelector('.gs-formula').textContent };
  });
  assert.ok(entry.rows.length >= 3, 'the entry lists its inputs');
  for (const r of entry.rows) assert.ok(r[2] && r[2] !== '—' && r[2].trim().length > 0, `every input has a value with its unit (${r.join(' | ')})`);
  assert.match(entry.result, /tok\/s/, `the decode speed's result is in tokens/s (${entry.result})`);
  assert.doesNotMatch(entry.rows.map((r) => r[0]).join(' '), /^bytes_per_step/, 'inputs have human titles');
  // (That the formula over the listed values gives the result is checked for every entry of every workload kind
  // in tests/cpp/explain_reproduces_test.cpp.)
  // Arabic: titles and sources in Arabic.
  await page.selectOption('#gs-lang', 'ar');
  await page.waitForFunction(() => document.documentElement.lang === 'ar');
  await waitForResults(page);
  // The open disclosure stays open across the re-render (patched in place).
  if (!(await page.locator('#gs-top .gs-how[open]').count())) await page.locator('#gs-top .gs-how > summary').first().click();
  const ar = await page.evaluate(() => {
    const d = document.querySelector('#gs-top .gs-how[open]');
    return { title: d.querySelector('tbody th span').textContent, dts: Array.from(d.querySelectorAll('dt')).map((e) => e.textContent).join(' ') };
  });
  assert.match(ar.title, /[\u0600-\u06FF]/, `Arabic input title (${ar.title})`);
  assert.match(ar.dts, /المصدر/, 'the source label is Arabic');
  assert.deepEqual(problems, []);
});

test('fit grid and format comparison: text in every cell, the current format marked, one row per format', async (t) => {
  const { context, close } = await launch({ viewport: { width: 1280, height: 1000 } });
  t.after(close);
  const { page, problems } = await open(context, 'm=llama-3.1-70b');
  const grid = await page.evaluate(() => {
    const cells = Array.from(document.querySelectorAll('#gs-fitgrid td.gs-cell'));
    return { rows: Array.from(document.querySelectorAll('#gs-fitgrid tbody tr')).map((r) => r.getAttribute('data-format')), cells: cells.map((c) => ({ fit: c.getAttribute('data-fit'), text: c.textContent.trim(), gpu: c.getAttribute('data-gpu'), n: c.getAttribute('data-gpus') })) };
  });
  assert.ok(grid.rows.includes('bf16') && grid.rows.includes('int4'), 'rows for bf16 and int4');
  assert.ok(grid.cells.length >= 8, 'cells');
  for (const c of grid.cells) assert.ok(c.text.length > 1, `each cell says its fit in words (${c.gpu} ${c.fit})`);
  const kinds = new Set(grid.cells.map((c) => c.fit));
  assert.ok(kinds.size >= 2, `70B shows more than one kind of cell (${[...kinds].join(', ')})`);
  // int4 never needs more GPUs than bf16 on the same card.
  const need = (f, g) => { const c = grid.cells[grid.rows.indexOf(f) * (grid.cells.length / grid.rows.length) + g]; return c.fit === 'no' ? Infinity : Number(c.n); };
  const perRow = grid.cells.length / grid.rows.length;
  for (let g = 0; g < perRow; g++) assert.ok(need('int4', g) <= need('bf16', g), 'int4 needs no more GPUs than bf16');
  const cmp = await page.evaluate(() => Array.from(document.querySelectorAll('#gs-compare thead th')).map((e) => e.textContent));
  assert.ok(cmp.length >= 3, 'the comparison has two or three formats');
  const mem = await page.evaluate(() => Array.from(document.querySelectorAll('#gs-compare tr[data-row="memory"] td')).map((e) => parseFloat(e.textContent)));
  assert.ok(mem[0] > mem[mem.length - 1], `less memory with fewer bits (${mem.join(' > ')})`);
  assert.deepEqual(problems, []);
});

test('what-if: 2 × L4 pinned for a 70B model says what would fit', async (t) => {
  const { context, close } = await launch({ viewport: { width: 1280, height: 1000 } });
  t.after(close);
  const { page, problems } = await open(context, 'm=llama-3.1-70b&hw=pin&g=l4&n=2');
  await page.locator('#gs-whatif').waitFor({ state: 'visible', timeout: 10000 });
  const lines = await page.locator('#gs-whatif li').allTextContents();
  assert.ok(lines.length >= 1, `what-if lines (${lines.join(' / ')})`);
  assert.ok(lines.some((l) => /L4/.test(l) || /int4|INT4|4-bit/i.test(l)), `a line names the pinned GPU or a lighter format (${lines.join(' / ')})`);
  assert.deepEqual(problems, []);
});

test('a job past its deadline: the card and the phone summary say the pick misses the targets, the what-if names a longer deadline', async (t) => {
  const { context, close } = await launch({ viewport: { width: 375, height: 900 } });
  t.after(close);
  // An hour of audio within 144 s (workload.deadline_s for an audio job): options fit, but start-up alone (boot,
  // image, weights) takes longer on every one, whatever the instances; twice the time is enough.
  for (const [lang, title, deadline] of [['en', /missing the targets/, /deadline of/], ['ar', /لا يحقق الأهداف/, /بموعد نهائي/]]) {
    const { page, problems } = await open(context, `t=audio&as=3600&dl=0.04&l=${lang}`);
    await page.locator('#gs-whatif').waitFor({ state: 'visible', timeout: 10000 });
    assert.match(await page.locator('#gs-top-h').textContent(), title, `${lang}: the card's title`);
    assert.match(await page.locator('.gs-answer-head').first().textContent(), title, `${lang}: the phone summary`);
    const lines = await page.locator('#gs-whatif li').allTextContents();
    assert.ok(lines.some((l) => deadline.test(l)), `${lang}: a what-if line with twice the time (${lines.join(' / ')})`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('screenshots of the panels: 1280, 700 and 375 px, EN and AR, light and dark, no horizontal overflow', async (t) => {
  fs.mkdirSync(OUT, { recursive: true });
  const { context, close } = await launch({ viewport: { width: 1280, height: 1000 } });
  t.after(close);
  const { page, problems } = await open(context, 'm=llama-3.1-70b&hw=pin&g=l4&n=2');
  for (const width of [1280, 700, 375]) {
    await page.setViewportSize({ width, height: 1000 });
    for (const lang of ['en', 'ar']) {
      if ((await page.inputValue('#gs-lang')) !== lang) {
        await page.selectOption('#gs-lang', lang);
        await page.waitForFunction((l) => document.documentElement.lang === l, lang);
        await waitForResults(page);
      }
      for (const dark of [false, true]) {
        if ((await page.getAttribute('#gs-theme', 'aria-pressed', { timeout: 5000 }).catch(() => null)) === null) assert.fail(`page gone at ${width} ${lang} ${dark}: ${problems.join(' | ')}`);
        if ((await page.getAttribute('#gs-theme', 'aria-pressed')) !== String(dark)) await page.click('#gs-theme');
        const how = page.locator('#gs-memory .gs-how > summary').first();
        if (!(await page.locator('#gs-memory .gs-how[open]').count())) await how.click();
        const o = await page.evaluate(() => ({ w: document.documentElement.clientWidth, sw: document.documentElement.scrollWidth }));
        assert.ok(o.sw <= o.w + 1, `no horizontal overflow at ${width} px ${lang} (${o.sw} > ${o.w})`);
        for (const sel of ['#gs-top', '#gs-memory', '#gs-fitgrid', '#gs-compare']) {
          const el = page.locator(sel);
          if (!(await el.count())) continue;
          const file = path.join(OUT, `${sel.slice(4)}-${width}-${lang}-${dark ? 'dark' : 'light'}.png`);
          await el.screenshot({ path: file });
          assert.ok(fs.statSync(file).size > 3000, `${file} has content`);
        }
      }
    }
  }
  assert.deepEqual(problems, []);
});

// Typing re-renders the page once a frame; the form and the header keep their live nodes while what they show is
// unchanged (views.memo, issue 16). Each step here compares the page the memo left with the page built afresh from
// the same state (views.memo = false), and checks that typing a digit does not build the form or the header again.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { settle, openOffline } = require('./lib.js');

// The form column and the header as the visitor has them: markup, and each control's value and checked state.
function snapshot(page) {
  return page.evaluate(() => {
    const parts = ['.gs-formcol', '.gs-header'].map((sel) => {
      const el = document.querySelector(sel);
      if (!el) return sel + ' missing';
      const controls = [...el.querySelectorAll('input, select, textarea')].map((c) => `${c.id || c.name}=${c.type === 'checkbox' || c.type === 'radio' ? c.checked : c.value}`);
      return el.outerHTML + '\n' + controls.join('\n');
    });
    return parts.join('\n----\n');
  });
}

// The same state rendered with every view built afresh, then the memo back on.
async function fresh(page) {
  await page.evaluate(() => { GpuSizerUI.views.memo = false; window.gpuSizerPage.evaluateNow(); });
  await settle(page);
  const out = await snapshot(page);
  await page.evaluate(() => { GpuSizerUI.views.memo = true; });
  return out;
}

test('the kept form and header are the ones a fresh render builds; typing builds neither', async (t) => {
  const { page, problems } = await openOffline(t);
  // Count the builds: the catalog box is built with the form only, the logo with the header only.
  await page.evaluate(() => {
    window.__builds = { form: 0, header: 0 };
    const V = GpuSizerUI.views, D = GpuSizerUI.dom;
    const box = V.catalogBox, logo = D.logo;
    V.catalogBox = function () { window.__builds.form++; return box.apply(this, arguments); };
    D.logo = function () { window.__builds.header++; return logo.apply(this, arguments); };
  });
  const builds = () => page.evaluate(() => ({ ...window.__builds }));

  await page.click('#gs-prompt');
  await page.keyboard.press('End');
  const before = await builds();
  await page.keyboard.type('7');
  await settle(page);
  const after = await builds();
  assert.equal(after.form, before.form, 'typing a digit does not build the form again');
  assert.equal(after.header, before.header, 'nor the header');
  assert.equal(await page.inputValue('#gs-prompt'), '20007');
  assert.equal(await snapshot(page), await fresh(page), 'after a digit');

  // A value the core rejects puts a problem beside the field: the form is built again for it.
  await page.focus('#gs-prompt');
  await page.keyboard.press('End');
  await page.keyboard.type('x');
  await settle(page);
  assert.ok((await builds()).form > after.form, 'a new problem beside a field builds the form');
  assert.ok(await page.locator('#gs-prompt-err').isVisible(), 'the problem is shown beside the field');
  assert.equal(await snapshot(page), await fresh(page), 'with a problem beside the field');
  await page.keyboard.press('Backspace');
  await settle(page);
  assert.ok(await page.locator('#gs-prompt-err').isHidden(), 'and gone when the value is fixed');
  assert.equal(await snapshot(page), await fresh(page), 'after the fix');

  // A box that does not show the state's value (changed behind the form's back) is not taken as unchanged.
  await page.evaluate(() => { document.querySelector('#gs-conc').value = '999'; window.gpuSizerPage.evaluateNow(); });
  await settle(page);
  assert.equal(await page.inputValue('#gs-conc'), '8', 'the render puts the state back in the box');
  assert.equal(await snapshot(page), await fresh(page), 'after a box was changed without an input event');

  // Choices, the permalink and the language change what the form and the header show.
  await page.selectOption('#gs-engine', 'sglang');
  await settle(page);
  assert.equal(await snapshot(page), await fresh(page), 'after a choice');
  await page.evaluate(() => { location.hash = 'pt=3000&c=4'; });
  await page.waitForFunction(() => document.querySelector('#gs-prompt').value === '3000');
  await settle(page);
  assert.equal(await page.inputValue('#gs-conc'), '4');
  assert.equal(await snapshot(page), await fresh(page), 'after a permalink change');
  const h0 = (await builds()).header;
  await page.selectOption('#gs-lang', 'ar');
  await settle(page);
  assert.ok((await builds()).header > h0, 'a new language builds the header');
  assert.equal(await page.getAttribute('html', 'lang'), 'ar');
  assert.equal(await page.getAttribute('.gs', 'dir'), 'rtl');
  assert.equal(await snapshot(page), await fresh(page), 'in Arabic');
  await page.click('#gs-theme');
  await settle(page);
  assert.equal(await page.getAttribute('#gs-theme', 'aria-pressed'), 'true');
  assert.equal(await snapshot(page), await fresh(page), 'after the theme');
  assert.deepEqual(problems, []);
});

// The first keystroke since the last frame is evaluated in its own input event: its summary and top card are in the
// DOM before the next frame callback (so that frame paints them); the memory panel follows after that frame.
test('a keystroke\'s summary is in the DOM before the next frame; the memory panel follows after it', async (t) => {
  const { page, problems } = await openOffline(t);
  await page.click('#gs-conc');
  await page.keyboard.press('End');
  await page.evaluate(() => {
    const k = window.__k = { order: [] };
    const input = document.querySelector('#gs-conc');
    input.addEventListener('keydown', () => {
      requestAnimationFrame(() => { k.order.push('frame'); });
      const watch = (sel, name) => {
        const mo = new MutationObserver(() => { k.order.push(name); mo.disconnect(); });
        mo.observe(document.querySelector(sel), { childList: true, subtree: true, characterData: true });
      };
      watch('#gs-summary', 'summary');
      watch('#gs-mem-total', 'memory');
    }, { capture: true, once: true });
  });
  const mem = await page.locator('#gs-mem-total').textContent();
  await page.keyboard.type('0'); // 8 -> 80
  await settle(page);
  const order = await page.evaluate(() => window.__k.order);
  assert.deepEqual(order, ['summary', 'frame', 'memory'], 'summary, then the frame, then the memory panel');
  assert.notEqual(await page.locator('#gs-mem-total').textContent(), mem, 'the memory follows the concurrency');
  assert.equal(await page.locator('#gs-memory').getAttribute('aria-busy'), null, 'and is no longer marked busy');
  assert.deepEqual(problems, []);
});

test('a patch removes a stale attribute from a <details> and leaves its open state as the visitor set it', async (t) => {
  const { page, problems } = await openOffline(t);
  const out = await page.evaluate(() => {
    const D = GpuSizerUI.dom;
    const box = document.createElement('div');
    document.body.appendChild(box);
    const result = {};
    // The live node: closed by the visitor, with an attribute the new tree no longer has. The new tree opens it
    // (its default) and keeps the class; one attribute fewer on each side used to look like "nothing to remove".
    box.innerHTML = '<details class="gs-x" data-stale="1"><summary>s</summary></details>';
    const live = box.firstChild;
    D.patch(box, [D.h('details', { class: 'gs-x', open: '' }, [D.h('summary', {}, ['s'])])]);
    result.same = box.firstChild === live;
    result.stale = live.hasAttribute('data-stale');
    result.open = live.hasAttribute('open');
    // Opened by the visitor, the new tree closed: the stale attribute goes, open stays.
    live.setAttribute('open', '');
    live.setAttribute('data-stale', '2');
    D.patch(box, [D.h('details', { class: 'gs-x' }, [D.h('summary', {}, ['s'])])]);
    result.stale2 = live.hasAttribute('data-stale');
    result.open2 = live.hasAttribute('open');
    box.remove();
    return result;
  });
  assert.deepEqual(out, { same: true, stale: false, open: false, stale2: false, open2: true });
  assert.deepEqual(problems, []);
});

// The page updates in place: typing re-evaluates without rebuilding the DOM, so the focused field keeps its focus
// and caret, the results keep their nodes, a guidance question the visitor closed stays closed, and the scroll
// position stays where it was.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { settle, openOffline } = require('./lib.js');

test('typing patches the results in place; focus, caret, open/closed and scroll stay', async (t) => {
  const { page, problems } = await openOffline(t);
  // Remember some nodes, close an open guidance question, open the math.
  await page.evaluate(() => {
    window.__nodes = ['#gs-mem-total', '#gs-table', '#gs-summary', '#gs-conc', '#gs-model'].map((s) => document.querySelector(s));
    const q = document.querySelector('.gs-guidance details[open]');
    q.open = false;
    window.__closed = q;
    document.querySelector('#gs-math').open = true;
  });
  const before = await page.locator('#gs-mem-total').textContent();
  await page.click('#gs-conc');
  await page.keyboard.press('End');
  await page.keyboard.type('0'); // 8 -> 80
  await page.evaluate(() => { window.scrollTo(0, 300); window.__y = window.scrollY; });
  await page.keyboard.press('ArrowLeft'); // caret between "8" and "0"
  await settle(page);
  assert.notEqual(await page.locator('#gs-mem-total').textContent(), before, 'the memory follows the concurrency');
  const state = await page.evaluate(() => ({
    same: window.__nodes.map((n, i) => n === document.querySelector(['#gs-mem-total', '#gs-table', '#gs-summary', '#gs-conc', '#gs-model'][i]) && n.isConnected),
    focus: document.activeElement && document.activeElement.id,
    caret: document.activeElement.selectionStart,
    closedStill: window.__closed.isConnected && !window.__closed.open,
    math: document.querySelector('#gs-math').open,
    y: window.scrollY, y0: window.__y
  }));
  assert.deepEqual(state.same, [true, true, true, true, true], 'the same nodes, updated');
  assert.equal(state.focus, 'gs-conc');
  assert.equal(state.caret, 1, 'the caret stays where it was');
  assert.ok(state.closedStill, 'a closed question stays closed');
  assert.ok(state.math, 'the open math stays open');
  assert.equal(state.y, state.y0, 'no scroll jump');
  // Typing one more digit: still the same input, value and focus intact.
  await page.keyboard.type('5'); // 850
  await settle(page);
  assert.equal(await page.inputValue('#gs-conc'), '850');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'gs-conc');
  // A row opened in the table stays open (the same node) while the table is shown again around it (fits only on
  // and off: the top row fits, so it stays).
  await page.locator('#gs-table .gs-disclose').first().click();
  await page.evaluate(() => { window.__det = document.querySelector('#gs-table .gs-detrow'); });
  await page.check('#gs-fitonly');
  await page.uncheck('#gs-fitonly');
  assert.ok(await page.evaluate(() => window.__det.isConnected), 'the open details row is kept');
  // Re-sorted there and back: the table sorts every evaluated option (issue 16), so descending shows other rows;
  // back in rank order the row is open again.
  const detKey = await page.evaluate(() => window.__det.dataset.key);
  await page.click('th[data-col="rank"] button');
  await page.click('th[data-col="rank"] button');
  assert.equal(await page.getAttribute('th[data-col="rank"]', 'aria-sort'), 'ascending');
  assert.equal(await page.locator(`#gs-table .gs-detrow[data-key="${detKey}"]`).count(), 1, 'the row is open again');
  assert.deepEqual(problems, []);
});

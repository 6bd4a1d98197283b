// The Arabic page at 375 px: every Latin run (offering and GPU names, figures with their units, sources) reads
// left to right on the screen as it does in the text, wherever it sits in a right-to-left line. Checked from the
// laid-out page: the left edge of each character of a run, line by line, must grow in the run's own order.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { launch, openPage } = require('./lib.js');

// Runs of Latin letters and digits with what joins them in names and figures ("Seeweb 1× A30 24 GB · 8 vCPU",
// "21.8 GB", "$0.29"); only runs with a space can be reordered by the bidi algorithm.
function reversedRuns() {
  const RUN = /[A-Za-z0-9$][A-Za-z0-9 .,×·:()/%$–-]*[A-Za-z0-9)%]/g;
  const out = [];
  const walker = document.createTreeWalker(document.querySelector('#app'), NodeFilter.SHOW_TEXT);
  for (let n; (n = walker.nextNode());) {
    const el = n.parentElement;
    if (!el || !el.getClientRects().length || el.closest('svg, select, option, code')) continue;
    RUN.lastIndex = 0;
    for (let m; (m = RUN.exec(n.data));) {
      const run = m[0];
      if (!/[A-Za-z]/.test(run) || !/ /.test(run)) continue;
      const pos = [];
      for (let i = 0; i < run.length; i++) {
        if (run[i] === ' ') continue;
        const r = document.createRange();
        r.setStart(n, m.index + i);
        r.setEnd(n, m.index + i + 1);
        const b = r.getClientRects()[0];
        if (b) pos.push({ mid: b.top + b.height / 2, left: b.left });
      }
      const bad = pos.some((p, i) => i > 0 && Math.abs(p.mid - pos[i - 1].mid) < 4 && p.left < pos[i - 1].left - 1);
      if (bad) {
        const host = el.closest('[id]');
        out.push(`${host ? '#' + host.id : ''} ${el.tagName.toLowerCase()}: "${run}" in "${n.data.slice(Math.max(0, m.index - 15), m.index + run.length + 15)}"`);
      }
    }
  }
  return out;
}

test('Arabic at 375 px: names, GPU names and figures with units keep their order', async (t) => {
  const { context, close } = await launch({ viewport: { width: 375, height: 900 } });
  t.after(close);
  for (const hash of ['l=ar', 'l=ar&t=finetune', 'l=ar&t=image', 'l=ar&hw=pin&g=h100-sxm']) {
    const { page, problems } = await openPage(context, hash);
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    // Every disclosure open and the first rows' details shown, so that their text is laid out too.
    for (const b of (await page.locator('#gs-table .gs-disclose').all()).slice(0, 3)) await b.click();
    await page.evaluate(() => document.querySelectorAll('#app details').forEach((d) => { d.open = true; }));
    const names = await page.locator('#gs-table tbody [data-col="instance"] .gs-offer-name, #gs-top .gs-pick bdi').count();
    assert.ok(hash.includes('hw=pin') || names > 0, `${hash}: offering names on the page (${names})`);
    if (!hash.includes('hw=pin')) {
      // A name on its own line ("1 × NVIDIA A30" under the top pick) sits at the right edge, like the Arabic around it.
      const edge = await page.evaluate(() => {
        const el = document.querySelector('#gs-top .gs-pick-gpus');
        const r = document.createRange();
        r.selectNodeContents(el);
        const p = el.parentElement.getBoundingClientRect(), pad = parseFloat(getComputedStyle(el.parentElement).paddingRight) || 0;
        return { text: r.getBoundingClientRect().right, box: p.right - pad };
      });
      assert.ok(Math.abs(edge.text - edge.box) <= 2, `${hash}: the GPUs line ends at the card's right edge (${edge.text} vs ${edge.box})`);
    }
    const bad = await page.evaluate(reversedRuns);
    assert.deepEqual(bad, [], `${hash}: Latin runs shown out of order`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('the check sees a run out of order (a Latin run with digits first, not isolated, in an Arabic line)', async (t) => {
  const { context, close } = await launch({ viewport: { width: 375, height: 900 } });
  t.after(close);
  const { page } = await openPage(context, 'l=ar');
  await page.evaluate(() => {
    const p = document.createElement('p');
    p.textContent = 'يحتاج 24 GB من الذاكرة';
    document.querySelector('#gs-summary').after(p);
  });
  const bad = await page.evaluate(reversedRuns);
  assert.equal(bad.length, 1, `the unisolated "24 GB" is found (${bad.join(' | ')})`);
  assert.match(bad[0], /24 GB/);
});

// Arabic <option> labels (issue 32: "in Arabic, wrapped format labels scramble their parentheses"). An option holds
// text only, so the page puts each Latin run of a label in a first-strong isolate (web/ui/format.js optionLabel). Every
// option label of the Arabic page, laid out right to left at 150 and 250 px wide in the page's font (a phone's
// option picker wraps them), must keep each Latin run in its own order on every line, and each bracket pair on one
// line must enclose its own text. A control: the same labels without their isolates fail the check.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { launch, openPage } = require('./lib.js');

// In the page: lays each label out in a right-to-left box of `width` px in the select's font and returns what reads
// out of order.
function scrambled({ labels, width }) {
  const font = getComputedStyle(document.querySelector('select')).font;
  const box = document.createElement('div');
  box.dir = 'rtl';
  box.lang = 'ar';
  box.style.cssText = `position:absolute;top:0;left:0;width:${width}px;font:${font};white-space:normal`;
  document.body.appendChild(box);
  const out = [];
  const RUN = /[A-Za-z0-9$][A-Za-z0-9 .,×·:()/%$–-]*[A-Za-z0-9)%]/g;
  for (const text of labels) {
    const d = document.createElement('div');
    d.textContent = text;
    box.appendChild(d);
    const node = d.firstChild;
    const rect = (i) => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1); return r.getClientRects()[0] || null; };
    const sameLine = (a, b) => Math.abs((a.top + a.bottom) / 2 - (b.top + b.bottom) / 2) < 4;
    // Latin runs with a space: left to right in their own order on each line.
    RUN.lastIndex = 0;
    for (let m; (m = RUN.exec(text));) {
      if (!/[A-Za-z]/.test(m[0]) || !/ /.test(m[0])) continue;
      let prev = null;
      for (let i = m.index; i < m.index + m[0].length; i++) {
        if (text[i] === ' ') continue;
        const b = rect(i);
        if (!b) continue;
        if (prev && sameLine(prev, b) && b.left < prev.left - 1) { out.push(`"${text}": run "${m[0]}" out of order`); break; }
        prev = b;
      }
    }
    // Bracket pairs on one line enclose their own text.
    const stack = [];
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '(') stack.push(i);
      else if (text[i] === ')' && stack.length) {
        const o = stack.pop(), po = rect(o), pc = rect(i);
        if (!po || !pc || !sameLine(po, pc)) continue;
        const lo = Math.min(po.left, pc.left), hi = Math.max(po.right, pc.right);
        for (let k = o + 1; k < i; k++) {
          const b = rect(k);
          if (!b || b.width === 0 || !sameLine(b, po) || /\s|[\u2066-\u2069\u200e\u200f]/.test(text[k])) continue;
          if (b.left < lo - 1 || b.right > hi + 1) { out.push(`"${text}": "${text[k]}" outside its brackets`); break; }
        }
      }
    }
  }
  box.remove();
  return out;
}

test('Arabic option labels keep their Latin runs and brackets in order when they wrap', async (t) => {
  const { context, close } = await launch({ viewport: { width: 375, height: 900 } });
  t.after(close);
  const labels = new Set();
  let page = null;
  for (const hash of ['l=ar', 'l=ar&t=finetune', 'l=ar&t=pretrain', 'l=ar&t=image', 'l=ar&t=audio', 'l=ar&hw=pin&g=h100-sxm']) {
    if (page) await page.close();
    const opened = await openPage(context, hash);
    page = opened.page;
    (await page.evaluate(() => [...document.querySelectorAll('#app option')].map((o) => o.textContent))).forEach((l) => labels.add(l));
    assert.deepEqual(opened.problems, [], hash);
  }
  const list = [...labels];
  const mixed = list.filter((l) => /[A-Za-z]/.test(l) && /[()]/.test(l));
  assert.ok(mixed.length >= 10, `labels with Latin text and brackets: ${mixed.length}`);
  // Each such label carries isolates (the page's fix), in the option text itself.
  for (const l of mixed) assert.match(l, /\u2068[^\u2069]*[A-Za-z][^\u2069]*\u2069/, l);
  for (const width of [150, 250]) {
    assert.deepEqual(await page.evaluate(scrambled, { labels: list, width }), [], `${width} px`);
  }
  // The control: the same labels without the isolates read out of order somewhere at these widths.
  const bare = list.map((l) => l.replace(/[\u2068\u2069]/g, ''));
  const found = [...await page.evaluate(scrambled, { labels: bare, width: 150 }), ...await page.evaluate(scrambled, { labels: bare, width: 250 })];
  assert.ok(found.length > 0, 'the check finds the scrambled labels of the page before the fix');
  // English labels are left as they are.
  await page.selectOption('#gs-lang', 'en');
  await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  const en = await page.evaluate(() => [...document.querySelectorAll('#app option')].map((o) => o.textContent).join('\n'));
  assert.doesNotMatch(en, /[\u2068\u2069]/);
});

// Issue 32: "a cleared field falls back to a different value than the one shown". Every number field of every task
// (and of pinned hardware), cleared one at a time: the value the core used (the response's workload, every default
// filled in) is the number the empty field shows as its placeholder, or the field says which value was used.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { settle, openPage, launch } = require('./lib.js');

// The number fields shown now, with where each goes in the request (the page's field table, web/ui/fields.js).
function numberFields() {
  const FL = window.GpuSizerUI.fields;
  return FL.FIELDS.filter((f) => f.type === 'num' && f.to && !f.group).map((f) => ({ key: f.key, id: f.id, to: f.to, unit: f.unit || 1 }))
    .filter((f) => { const el = document.getElementById(f.id); return el && el.getClientRects().length > 0; });
}

// What the page shows for a field after it was cleared, and what the core used.
function after(f) {
  const el = document.getElementById(f.id);
  const note = document.getElementById(f.id + '-assumed');
  const resp = window.gpuSizerPage.response();
  const parts = f.to.split('.');
  let used = resp && resp.ok && parts[0] === 'workload' && parts.length === 2 ? resp.workload[parts[1]] : undefined;
  if (parts[0] === 'hardware' && resp && resp.ok && resp.options[0]) used = parts[1] === 'count' ? resp.options[0].gpus : undefined;
  return { value: el.value, placeholder: el.getAttribute('placeholder'), note: note && !note.hidden ? note.textContent : null,
    used: typeof used === 'number' ? used / f.unit : null, ok: !!(resp && resp.ok), err: (document.getElementById(f.id + '-err') || {}).textContent || '' };
}

const number = (s) => (s && /^[\d,.]+$/.test(s.trim()) ? Number(s.trim().replace(/,/g, '')) : null);
const close = (a, b) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));

const STATES = ['', 'hw=pin&g=h100-sxm', 't=finetune', 't=pretrain', 't=image', 't=image&ib=4', 't=audio', 't=audio&am=f5-tts-base'];

test('a cleared number field uses the value its placeholder shows, or says the value used', async (t) => {
  const { context, close: done } = await launch();
  t.after(done);
  let checked = 0;
  const seen = new Set();
  for (const hash of STATES) {
    const { page, problems } = await openPage(context, hash);
    const fields = await page.evaluate(numberFields);
    for (const f of fields) {
      const before = await page.inputValue('#' + f.id);
      await page.fill('#' + f.id, '');
      await settle(page);
      const a = await page.evaluate(after, f);
      const where = `${hash || 'serve'} #${f.id}`;
      assert.equal(a.value, '', `${where}: the field stays empty`);
      assert.ok(a.ok, `${where}: an empty field is not an error (${a.err})`);
      if (a.used !== null) {
        const ph = number(a.placeholder);
        if (ph === null || !close(ph, a.used)) {
          // The placeholder does not show the number used: the field says it (the page's note or the core's).
          assert.ok(a.note, `${where}: used ${a.used} with placeholder "${a.placeholder}" and no note`);
          const digits = (a.note.match(/[\d][\d,.]*/g) || []).map((x) => Number(x.replace(/,/g, '').replace(/\.$/, '')));
          assert.ok(digits.some((d) => close(d, a.used)) || /\d/.test(a.note), `${where}: the note "${a.note}" names ${a.used}`);
        }
        checked++;
        seen.add(f.key);
      }
      // Restored without waiting: the next field's settle waits for the evaluation of both edits.
      await page.fill('#' + f.id, before);
    }
    assert.deepEqual(problems, [], hash);
    await page.close();
  }
  // The fields the visitor cleared are among those checked (epochs has no field of its own in the response's
  // workload: its tokens are dataset_tokens × epochs).
  for (const k of ['prompt', 'output', 'conc', 'lora_rank', 'ft_seq', 'pt_seq', 'images', 'audio_seconds']) assert.ok(seen.has(k), `${k} was checked`);
  assert.ok(checked >= 15, `${checked} fields checked`);
});

test('pinned hardware: a cleared concurrency says the batch the core chose, and its placeholder does not claim 1', async (t) => {
  const { context, close: done } = await launch();
  t.after(done);
  const { page, problems } = await openPage(context, 'hw=pin&g=h100-sxm');
  await page.fill('#gs-conc', '');
  await settle(page);
  const a = await page.evaluate(after, { id: 'gs-conc', to: 'workload.concurrency', unit: 1 });
  assert.notEqual(a.placeholder, '1');
  assert.ok(a.used > 1, `the core chose a batch (${a.used})`);
  assert.ok(a.note && a.note.includes(String(a.used)), `the field says ${a.used}: "${a.note}"`);
  // Ranked over the catalog a cleared concurrency is 1 user, as its placeholder says, and no note is needed.
  await page.click('#gs-hw-rank');
  await settle(page);
  const r = await page.evaluate(after, { id: 'gs-conc', to: 'workload.concurrency', unit: 1 });
  assert.equal(r.placeholder, '1');
  assert.equal(r.used, 1);
  assert.equal(r.note, null);
  assert.deepEqual(problems, []);
});

test('images: a cleared count follows the batch it defaults to', async (t) => {
  const { context, close: done } = await launch();
  t.after(done);
  const { page, problems } = await openPage(context, 't=image&ib=4');
  await page.fill('#gs-images', '');
  await settle(page);
  const a = await page.evaluate(after, { id: 'gs-images', to: 'workload.images', unit: 1 });
  assert.equal(a.used, 4);
  assert.equal(a.placeholder, '4');
  assert.equal(a.note, null);
  assert.deepEqual(problems, []);
});

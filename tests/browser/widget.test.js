// The <gpu-sizer> widget's card view, its result event and its attribute checks, in Chromium. Screenshots of the
// card at 320, 375 and 700 px in English and Arabic go to test-results/widget/ for review.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, launch, startServer, waitForResults } = require('./lib.js');

const OUT = path.join(ROOT, 'test-results', 'widget');
const CARD_MAX_PX = 420; // the card's height budget at 320–700 px wide (issue 16)

function page(body, lang = 'en') {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>widget</title><script src="gpu-sizer-widget.js" defer></script></head><body>${body}</body></html>`;
}

// Serves dist/ and answers `name` with `html` (same origin, so the widget script and index.html load as on a site).
async function open(t, html, options = {}) {
  const server = await startServer();
  t.after(server.close);
  const { context, close } = await launch(options);
  t.after(close);
  const p = await context.newPage();
  const errors = [];
  const warnings = [];
  p.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
    if (m.type() === 'warning') warnings.push(m.text());
  });
  p.on('pageerror', (e) => errors.push('pageerror: ' + e.message));
  await p.route('**/widget-test.html', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  await p.addInitScript(() => {
    window.__results = [];
    document.addEventListener('gpu-sizer-result', (e) => {
      window.__results.push({ id: e.target.id, view: e.detail.view, ok: !!(e.detail.response && e.detail.response.ok),
        top: e.detail.response && e.detail.response.options && e.detail.response.options[0] ? e.detail.response.options[0] : null });
    });
  });
  await p.goto(server.url + 'widget-test.html');
  return { page: p, errors, warnings, server };
}

async function cardReady(p, id) {
  await p.locator(`#${id} .gsw-card[data-ready="true"]`).waitFor({ timeout: 20000 });
}

for (const lang of ['en', 'ar']) {
  for (const width of [320, 375, 700]) {
    test(`card, ${lang}, ${width} px wide: at most ${CARD_MAX_PX} px tall with nothing cut off`, async (t) => {
      const html = page(`<gpu-sizer id="card" view="card" model="llama-3.1-70b" lang="${lang}"></gpu-sizer>`, lang);
      const { page: p, errors } = await open(t, html, { viewport: { width, height: 900 } });
      await cardReady(p, 'card');
      const size = await p.evaluate(() => {
        const host = document.getElementById('card');
        const card = host.shadowRoot.querySelector('.gsw-card');
        return { host: host.getBoundingClientRect().height, width: host.getBoundingClientRect().width,
          scroll: card.scrollHeight, client: card.clientHeight, scrollW: card.scrollWidth, clientW: card.clientWidth,
          dir: card.getAttribute('dir') };
      });
      assert.ok(size.host > 100, `the card has content (${size.host} px)`);
      assert.ok(size.host <= CARD_MAX_PX, `the card is ${size.host} px tall at ${width} px`);
      assert.ok(size.scroll <= size.client + 1, `nothing is cut off (content ${size.scroll} px in ${size.client} px)`);
      assert.ok(size.scrollW <= size.clientW + 1, `no sideways overflow (content ${size.scrollW} px in ${size.clientW} px)`);
      assert.equal(size.dir, lang === 'ar' ? 'rtl' : 'ltr');
      const text = await p.locator('#card .gsw-card').textContent();
      if (lang === 'ar') assert.match(text, /[\u0600-\u06FF]{3,}/);
      else assert.match(text, /Fits on.*Top pick.*Speed.*tok\/s.*Cost.*\$/s);
      fs.mkdirSync(OUT, { recursive: true });
      await p.locator('#card').screenshot({ path: path.join(OUT, `card-${lang}-${width}.png`) });
      assert.deepEqual(errors, []);
    });
  }
}

test('card: shows the top option of the response it announces, and links to the calculator with the same inputs', async (t) => {
  const html = page('<gpu-sizer id="card" view="card" model="qwen2.5-32b" prompt-tokens="4000" output-tokens="300" concurrency="16"></gpu-sizer>');
  const { page: p, errors } = await open(t, html);
  await cardReady(p, 'card');
  const results = await p.evaluate(() => window.__results);
  assert.equal(results.length, 1);
  assert.equal(results[0].view, 'card');
  assert.ok(results[0].ok);
  const top = results[0].top;
  const fits = await p.locator('#card [part="fits"]').textContent();
  assert.ok(fits.startsWith(`${top.gpus}× `), `"${fits}" names the top option's ${top.gpus} GPUs`);
  const request = await p.evaluate(() => document.getElementById('card').response.workload);
  assert.equal(request.prompt_tokens, 4000);
  assert.equal(request.concurrency, 16);
  const href = await p.locator('#card [part="link"]').getAttribute('href');
  const url = new URL(href);
  assert.equal(url.pathname.replace(/.*\//, ''), 'index.html');
  const hash = new URLSearchParams(url.hash.slice(1));
  assert.equal(hash.get('m'), 'qwen2.5-32b');
  assert.equal(hash.get('pt'), '4000');
  // The calculator opened from the link computes the same top option.
  await p.goto(href);
  await waitForResults(p);
  const state = await p.evaluate(() => window.gpuSizerPage.state());
  assert.equal(state.model, 'qwen2.5-32b');
  assert.equal(state.prompt, '4000');
  assert.equal(state.output, '300');
  assert.equal(state.conc, '16');
  const pageTop = await p.evaluate(() => window.gpuSizerPage.response().options[0]);
  assert.equal(pageTop.offering_id, top.offering_id);
  assert.deepEqual(errors, []);
});

test('unknown attribute values are shown in the widget, in its language, and warned about (never an error)', async (t) => {
  const html = page([
    '<gpu-sizer id="c-en" view="card" model="nope-9b" prompt-tokens="lots"></gpu-sizer>',
    '<gpu-sizer id="c-ar" view="card" lang="ar" gpu="h999"></gpu-sizer>',
    '<gpu-sizer id="full" model="nope-9b"></gpu-sizer>',
    '<gpu-sizer id="bad-view" view="tiny" compact></gpu-sizer>',
    '<gpu-sizer id="good" view="card"></gpu-sizer>'
  ].join('\n'));
  const { page: p, errors, warnings } = await open(t, html);
  for (const id of ['c-en', 'c-ar', 'good']) await cardReady(p, id);
  await waitForResults(p, p.locator('#full'));
  await waitForResults(p, p.locator('#bad-view'));
  const notice = (id) => p.locator(`#${id} [part="notice"]`);
  assert.equal(await notice('c-en').locator('p').count(), 2);
  assert.match(await notice('c-en').textContent(), /"nope-9b" is not in the catalog/);
  assert.match(await notice('c-en').textContent(), /prompt-tokens="lots"/);
  assert.match(await notice('c-ar').textContent(), /المعالج.*h999/);
  assert.match(await notice('full').textContent(), /"nope-9b" is not in the catalog/);
  assert.match(await notice('bad-view').textContent(), /"tiny".*compact view/);
  assert.equal(await notice('good').count(), 0, 'a widget with good attributes shows no notice');
  // The card still answers for the default it says it uses.
  assert.match(await p.locator('#c-en [part="title"]').textContent(), /Llama 3\.1 8B/);
  assert.equal(warnings.filter((w) => /^<gpu-sizer id="(c-en|c-ar|full|bad-view)">/.test(w)).length, 5);
  assert.deepEqual(errors, []);
  // Another language re-phrases the notice (and does not warn again).
  await p.evaluate(() => { document.getElementById('full').lang = 'ar'; });
  await p.waitForFunction(() => /النموذج/.test(document.getElementById('full').shadowRoot.querySelector('[part="notice"]').textContent));
  assert.equal(warnings.filter((w) => /^<gpu-sizer id="full">/.test(w)).length, 1);
  // Fixing the attribute clears the notice.
  await p.evaluate(() => { document.getElementById('full').model = 'qwen2.5-7b'; });
  await p.waitForFunction(() => !document.getElementById('full').shadowRoot.querySelector('[part="notice"]'));
});

test('gpu-sizer-result fires for every result, in every view', async (t) => {
  const html = page('<gpu-sizer id="compact" view="compact"></gpu-sizer><gpu-sizer id="card" view="card"></gpu-sizer>');
  const { page: p, errors } = await open(t, html);
  await cardReady(p, 'card');
  await waitForResults(p, p.locator('#compact'));
  await p.waitForFunction(() => window.__results.some((r) => r.id === 'compact'));
  const before = await p.evaluate(() => window.__results.map((r) => r.id));
  assert.ok(before.includes('card') && before.includes('compact'));
  await p.evaluate(() => { document.getElementById('compact').model = 'qwen2.5-72b'; document.getElementById('card').model = 'qwen2.5-72b'; });
  await p.waitForFunction(() => window.__results.filter((r) => r.id === 'compact').length >= 2 && window.__results.filter((r) => r.id === 'card').length >= 2);
  const last = await p.evaluate(() => window.__results.filter((r) => r.id === 'card').pop());
  assert.ok(last.ok && last.top);
  const compactResp = await p.evaluate(() => document.getElementById('compact').response.model.id);
  assert.equal(compactResp, 'qwen2.5-72b');
  assert.deepEqual(errors, []);
});

test('height bounds the full view and scrolls inside it', async (t) => {
  const html = page('<gpu-sizer id="w" view="compact" height="500"></gpu-sizer>');
  const { page: p, errors } = await open(t, html, { viewport: { width: 1100, height: 900 } });
  await waitForResults(p, p.locator('#w'));
  const h = await p.evaluate(() => document.getElementById('w').getBoundingClientRect().height);
  assert.ok(h <= 500 && h > 300, `the widget is ${h} px tall with height="500"`);
  const scroll = await p.evaluate(() => document.getElementById('w').shadowRoot.querySelector('.gsw-scroll').scrollHeight);
  assert.ok(scroll > 500, 'the compact view is taller than 500 px, so it scrolls');
  assert.deepEqual(errors, []);
});

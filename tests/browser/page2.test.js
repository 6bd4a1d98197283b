// Issue 16 follow-up in real Chromium: one count per problem, the ≈ 80% ranges beside the headline figures and in
// the row details, the media runtime and TTS solver-step controls, the host RAM line with offload, titles for the
// show-the-math values, and one spelling of GB on a screen. EN and AR; screenshots under test-results/page2/.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { launch, ROOT, settle, openPage: open } = require('./lib.js');

const OUT = path.join(ROOT, 'test-results', 'page2');
fs.mkdirSync(OUT, { recursive: true });

const response = (page) => page.evaluate(() => window.gpuSizerPage.response());
const toNum = (s) => Number(String(s).replace(/[,\u066c]/g, '').replace('\u066b', '.'));

test('one invalid field is one problem in the summary (EN and AR)', async (t) => {
  const { context, close } = await launch({ viewport: { width: 1280, height: 1000 } });
  t.after(close);
  for (const lang of ['en', 'ar']) {
    const { page, problems } = await open(context, 'l=' + lang);
    await page.fill('#gs-prompt', 'abc');
    await settle(page);
    await page.waitForSelector('.gs-stale', { state: 'attached' });
    const summary = await page.locator('#gs-summary').textContent();
    const listed = await page.locator('#gs-alert .gs-issues li').count();
    assert.equal(listed, 1, `${lang}: one problem listed`);
    assert.match(summary.replace(/[\u2066-\u2069]/g, ''), /[:：]\s*1$/, `${lang}: the summary counts it once (${summary})`);
    // Two bad fields: two.
    await page.fill('#gs-output', 'xyz');
    await settle(page);
    await page.waitForFunction(() => document.querySelectorAll('#gs-alert .gs-issues li').length === 2);
    assert.match((await page.locator('#gs-summary').textContent()).replace(/[\u2066-\u2069]/g, ''), /[:：]\s*2$/, `${lang}: two problems, two`);
    await page.screenshot({ path: path.join(OUT, `problems-${lang}.png`) });
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('ranges: "≈ 80% range" beside the headline figures and in the row details, with units and a tooltip', async (t) => {
  const { context, close } = await launch({ viewport: { width: 1280, height: 1100 } });
  t.after(close);
  const cases = [
    { hash: 'm=llama-3.1-8b', figs: ['decode_output_tokens_per_s_per_user', 'output_tokens_per_s', 'ttft_s'] },
    { hash: 't=finetune&m=llama-3.1-8b', figs: ['train_s', 'train_tokens_per_s', 'gpu_hours'] },
    { hash: 't=image&im=flux.1-dev', figs: ['seconds_per_image'] },
    { hash: 't=audio&am=whisper-large-v3', figs: ['real_time_factor'] }
  ];
  // The unit each range is written in (GPU-hours and the real-time factor: the figure's label carries it).
  const TPS = /\d tok\/s$|\d رمز\/ث$/, SEC = /\d s$|\d ث$/;
  const UNIT = { decode_output_tokens_per_s_per_user: TPS, output_tokens_per_s: TPS, train_tokens_per_s: TPS, ttft_s: SEC, seconds_per_image: SEC,
    train_s: /\d (s|min|h|days)$|\d (ث|دقيقة|ساعة|يوم|أيام)$/, gpu_hours: /\d$/, real_time_factor: /\d$/ };
  for (const lang of ['en', 'ar']) {
    for (const c of cases) {
      const { page, problems } = await open(context, c.hash + '&l=' + lang);
      const resp = await response(page);
      const x = resp.options.find((o) => o.fits && o.meets_targets);
      assert.ok(x && x.ranges, `${c.hash}: the top pick carries ranges`);
      for (const fig of c.figs) {
        const r = x.ranges[fig];
        assert.ok(r, `${c.hash}: the core gives a range for ${fig}`);
        const span = page.locator(`#gs-top .gs-range80[data-range="${fig}"]`);
        assert.equal(await span.count(), 1, `${lang} ${c.hash}: one range beside ${fig} on the top card`);
        const text = (await span.textContent()).replace(/[\u2066-\u2069]/g, '');
        assert.match(text, lang === 'en' ? /≈ 80% range: / : /نطاق ≈ 80%/, `${lang}: worded (${text})`);
        assert.match(text.trim(), UNIT[fig], `${lang} ${fig}: with its unit (${text})`);
        const title = await span.getAttribute('title');
        assert.ok(title.includes(String(r.cases)), `${fig}: the tooltip says how many measurements (${r.cases}): ${title}`);
        assert.ok(title.includes(r.basis), `${fig}: and which table row (${r.basis})`);
        if (fig !== 'train_s') {
          // The printed bounds are the response's, low before high.
          const nums = text.match(/\d[\d,.\u066b\u066c]*/g).map(toNum).filter((v) => v !== 80);
          assert.ok(nums.length >= 2 && nums[0] <= nums[1], `${fig}: low ≤ high (${text})`);
          const close2 = (a, b) => Math.abs(a - b) <= Math.max(0.051 * Math.abs(b), 0.011);
          assert.ok(close2(nums[0], r.low), `${fig}: low ${nums[0]} is the core's ${r.low}`);
        }
      }
      // The old single range is not shown beside them, and the card says what a range is.
      assert.equal(await page.locator('#gs-top dt', { hasText: lang === 'en' ? 'Likely range' : 'النطاق المرجّح' }).count(), 0, 'no old "Likely range" row on the card');
      assert.equal(await page.locator('#gs-range-about').count(), 1, 'a disclosure says what the range is');
      // The row details of the first row show them too.
      await page.locator('#gs-table .gs-disclose').first().click();
      await page.waitForSelector('.gs-detrow');
      assert.ok(await page.locator(`.gs-detrow .gs-range80[data-range="${c.figs[0]}"]`).count() >= 1, `${lang} ${c.hash}: the row details show the range`);
      if (c === cases[0]) {
        await page.locator('#gs-range-about > summary').click();
        await page.screenshot({ path: path.join(OUT, `ranges-${lang}.png`), fullPage: false });
      }
      assert.deepEqual(problems, []);
      await page.close();
    }
  }
});

test('media runtime, TTS solver steps and the training memory fields: in the form, in the link, changing the answer', async (t) => {
  const { context, close } = await launch({ viewport: { width: 1280, height: 1100 } });
  t.after(close);
  for (const lang of ['en', 'ar']) {
    // Image: the runtime select offers the core's runtimes; TensorRT is faster than eager and lands in the link.
    let { page, problems } = await open(context, 't=image&im=sdxl-base-1.0&hw=pin&g=h100-sxm&l=' + lang);
    const opts = await page.locator('#gs-runtime option').evaluateAll((els) => els.map((e) => e.value));
    assert.deepEqual(opts, ['', 'eager', 'compiled', 'tensorrt'], `${lang}: runtime choices`);
    const eager = (await response(page)).options[0].seconds_per_image;
    await page.selectOption('#gs-runtime', 'tensorrt');
    await page.waitForFunction(() => /(^|[#&])rt=tensorrt/.test(location.hash));
    await settle(page);
    const trt = (await response(page)).options[0].seconds_per_image;
    assert.ok(trt < eager, `${lang}: TensorRT is faster than eager (${trt} vs ${eager} s/image)`);
    assert.equal((await response(page)).workload.runtime, 'tensorrt');
    await page.locator('#gs-runtime').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, `runtime-${lang}.png`) });
    await page.close();
    // Audio: steps only for a TTS model.
    ({ page, problems } = await open(context, 't=audio&am=f5-tts-base&hw=pin&g=l4&l=' + lang));
    assert.ok(await page.locator('#gs-audio_steps').isVisible(), 'TTS: a solver-steps field');
    assert.ok(await page.locator('#gs-runtime').isVisible(), 'audio: the runtime field');
    const rtf32 = (await response(page)).options[0].real_time_factor;
    await page.fill('#gs-audio_steps', '8');
    await page.waitForFunction(() => /(^|[#&])ast=8/.test(location.hash));
    await settle(page);
    const resp8 = await response(page);
    assert.equal(resp8.workload.steps, 8);
    assert.ok(resp8.options[0].real_time_factor < rtf32, `${lang}: 8 steps run faster than the default`);
    await page.close();
    ({ page, problems } = await open(context, 't=audio&am=whisper-large-v3&l=' + lang));
    assert.equal(await page.locator('#gs-audio_steps').isVisible(), false, 'transcription: no solver-steps field shown');
    await page.close();
    // Training: offload fields from the link render with their values; host RAM is shown.
    ({ page, problems } = await open(context, 't=finetune&fm=full&m=llama-3.1-8b&hw=pin&g=rtx-4090&ol=optimizer&ob=on&ao=on&fl=off&l=' + lang));
    assert.equal(await page.locator('#gs-offload').inputValue(), 'optimizer');
    for (const [id, v] of [['#gs-opt_bwd', 'on'], ['#gs-act_offload', 'on'], ['#gs-fused_loss', 'off']]) {
      assert.equal(await page.locator(id).inputValue(), v, `${id} from the link`);
    }
    const resp = await response(page);
    assert.ok(resp.memory.host_bytes > 0);
    const host = page.locator('#gs-mem-host');
    assert.equal(await host.count(), 1, 'the memory panel shows host RAM');
    const gb = (await host.locator('.gs-val').textContent()).replace(/[\u2066-\u2069]/g, '');
    assert.ok(Math.abs(toNum(gb.replace(/\s*GB$/, '')) - resp.memory.host_bytes / 1e9) < 0.06 * resp.memory.host_bytes / 1e9 + 0.01, `host RAM ${gb} is memory.host_bytes`);
    assert.match(gb, /GB/);
    await host.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, `host-ram-${lang}.png`) });
    // Without offload (LoRA on a big GPU): no host line.
    await page.close();
    ({ page, problems } = await open(context, 't=finetune&m=llama-3.1-8b&l=' + lang));
    if (!((await response(page)).memory.host_bytes > 0)) assert.equal(await page.locator('#gs-mem-host').count(), 0, 'no host line without offload');
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('show the math: every input of every entry has a human title, in English and Arabic', async (t) => {
  const { context, close } = await launch({ viewport: { width: 1280, height: 1000 } });
  t.after(close);
  const hashes = ['m=mixtral-8x7b', 'm=llama-3.1-70b&hw=pin&g=h100-sxm&n=4', 't=finetune&fm=full&m=llama-3.1-8b&hw=pin&g=rtx-4090&ol=optimizer_and_params&ao=on',
    't=finetune&op=paged_adamw_8bit&m=llama-3.1-8b', 't=pretrain&m=llama-3.2-1b', 't=image&im=flux.1-dev&rt=compiled', 't=image&im=wan2.1-t2v-14b', 't=audio&am=f5-tts-base&rt=tensorrt', 't=audio&am=whisper-large-v3'];
  for (const lang of ['en', 'ar']) {
    for (const hash of hashes) {
      const { page, problems } = await open(context, hash + '&l=' + lang);
      const rows = await page.locator('#gs-math tr[data-value]').evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-value'), tr.querySelector('th span').textContent]));
      assert.ok(rows.length > 5, `${hash}: the math lists its inputs`);
      const untitled = [...new Set(rows.filter(([k, title]) => title === k.replace(/_/g, ' ')).map((r) => r[0]))];
      assert.deepEqual(untitled, [], `${lang} ${hash}: inputs shown by their raw name`);
      if (lang === 'ar') assert.ok(rows.every(([, title]) => /[\u0600-\u06FF]/.test(title)), `${hash}: Arabic titles`);
      assert.deepEqual(problems, []);
      await page.close();
    }
  }
});

test('one spelling of GB on an Arabic screen: the page and the core both write "GB"', async (t) => {
  const { context, close } = await launch({ viewport: { width: 1280, height: 1000 } });
  t.after(close);
  for (const hash of ['l=ar', 'l=ar&t=finetune&fm=full&hw=pin&g=rtx-4090&ol=optimizer']) {
    const { page, problems } = await open(context, hash);
    const text = await page.locator('#app').textContent();
    assert.doesNotMatch(text, /غ\.ب/, `${hash}: no "غ.ب" anywhere on the screen`);
    const mem = await page.locator('#gs-mem-total').textContent();
    assert.match(mem, /^\u2066[\d.,]+ GB\u2069$/, `the memory total in GB, isolated left to right (${JSON.stringify(mem)})`);
    await page.locator('#gs-memory').screenshot({ path: path.join(OUT, `gb-ar-${hash.length}.png`) });
    assert.deepEqual(problems, []);
    await page.close();
  }
});

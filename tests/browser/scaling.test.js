// The response's newer fields on the page: the $/GPU-hour and start-up columns, the layout in the details, the
// scale-out table of a pretraining run, the provider-tier filter (request, table, permalink) and the pinned
// training layout with its errors beside the fields; in English and Arabic, offline.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const { waitForResults, settle, openOffline } = require('./lib.js');

const num = (s) => Number(String(s).replace(/[\u2066-\u2069$,\s]/g, '').replace(/[^\d.]+$/, ''));

async function openTab(page, id) {
  await page.click('#gs-tab-' + id);
  await page.waitForFunction((tab) => document.querySelector('#gs-panel') && document.querySelector('#gs-panel').dataset.task === tab, id);
  await waitForResults(page);
  await settle(page);
}

test('pretraining: a scale-out table, $/GPU-hour, start-up and the layout of each option', async (t) => {
  const { page, problems } = await openOffline(t);
  await openTab(page, 'pretrain');
  await page.selectOption('#gs-model', 'llama-3.1-70b');
  await settle(page);
  await waitForResults(page);

  // The scale-out panel: a heading naming the top option's GPU and provider, one row per cluster size.
  const box = page.locator('#gs-scaling');
  await box.waitFor({ state: 'visible' });
  const heading = await page.locator('#gs-scale-h').textContent();
  const topGpus = await page.locator('#gs-table tbody tr.gs-opt').first().locator('[data-col="gpus"]').textContent();
  const topProvider = await page.locator('#gs-table tbody tr.gs-opt').first().locator('[data-col="provider"]').textContent();
  assert.match(heading, /^Scale-out: .+ at .+$/, heading);
  assert.ok(heading.endsWith(' at ' + topProvider), `${heading} names ${topProvider}`);
  assert.ok(heading.includes(topGpus.replace(/^\d[\d,]* × /, '')), `${heading} names the GPU of ${topGpus}`);
  const rows = page.locator('#gs-scale-table tbody tr');
  assert.ok(await rows.count() >= 2, 'at least two sizes');
  const days = (await page.locator('#gs-scale-table td[data-col="days"]').allTextContents()).map(num);
  const usd = (await page.locator('#gs-scale-table td[data-col="usd"]').allTextContents()).map(num);
  assert.ok(days.every((d) => d > 0) && usd.every((u) => u > 0), `days ${days}, $ ${usd}`);
  for (let i = 1; i < days.length; i++) assert.ok(days[i] <= days[i - 1], `more GPUs, fewer days (${days})`);
  const meets = await page.locator('#gs-scale-table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.meets));
  assert.ok(meets.every((m) => m === 'yes' || m === 'no'), meets.join());
  assert.match(await page.locator('#gs-scale-table td[data-col="meets"]').first().textContent(), /^(Meets|Misses)$/);
  // The top option's own size is marked in words, and the deadline the core assumed is said.
  assert.equal(await page.locator('#gs-scale-table tr[aria-current="true"]').count(), 1);
  assert.match(await page.locator('#gs-scale-table tr[aria-current="true"] th').textContent(), /\(top pick\)/);
  assert.match(await page.locator('#gs-scale-hint').textContent(), /Deadline: 30 days \(assumed/);
  // Keyboard and screen reader: a focusable region named by the heading, a caption, header cells with scope.
  const wrap = page.locator('#gs-scaling .gs-tablewrap');
  assert.equal(await wrap.getAttribute('tabindex'), '0');
  assert.equal(await wrap.getAttribute('aria-labelledby'), 'gs-scale-h');
  assert.equal(await page.locator('#gs-scale-table caption').count(), 1);
  assert.equal(await page.locator('#gs-scale-table th[scope="col"]').count(), await page.locator('#gs-scale-table thead th').count());

  // The options table: $/GPU-hour and start-up columns; the layout and start-up in a row's details.
  for (const col of ['usd_gpu_h', 'startup', 'time_h', 'usd_h']) assert.equal(await page.locator(`#gs-table th[data-col="${col}"]`).count(), 1, col);
  const perGpu = (await page.locator('#gs-table tbody tr.gs-opt td[data-col="usd_gpu_h"]').allTextContents()).map(num);
  const perBox = (await page.locator('#gs-table tbody tr.gs-opt td[data-col="usd_h"]').allTextContents()).map(num);
  assert.ok(perGpu.every((v, i) => v > 0 && v <= perBox[i] + 0.01), `$/GPU-hour ${perGpu} against $/hour ${perBox}`);
  assert.match(await page.locator('#gs-table tbody tr.gs-opt td[data-col="startup"]').first().textContent(), /^[\d.]+ (s|min)$/);
  await page.locator('#gs-table .gs-disclose').first().click();
  const details = await page.locator('#gs-table .gs-detrow').first().textContent();
  assert.match(details, /Split \(tensor × pipeline × data\)\d+ × \d+ × \d+/, details);
  assert.match(details, /Start-up \(boot, image, weights, load; billed\)[\d.]+ (s|min)/);
  assert.match(details, /Price per GPU-hour\$[\d.]+/);

  // CSV: the new columns, start-up in seconds.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#gs-csv')]);
  const head = fs.readFileSync(await download.path(), 'utf8').slice(1).split('\r\n')[0].split(',');
  for (const h of ['$/GPU-hour', 'Start-up (s)', 'Time (h)']) assert.ok(head.includes(h), `${h} in ${head.join('|')}`);

  // In Arabic: the heading and the words of the table.
  await page.selectOption('#gs-lang', 'ar');
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await waitForResults(page);
  assert.match(await page.locator('#gs-scale-h').textContent(), /^التوسّع: .+ لدى .+$/);
  assert.match(await page.locator('#gs-scale-table td[data-col="meets"]').first().textContent(), /^(يلحق به|لا يلحق به)$/);
  assert.equal(await page.locator('#gs-table th[data-col="usd_gpu_h"] button').evaluate((b) => b.firstChild.textContent), 'دولار/ساعة معالج');
  await page.selectOption('#gs-lang', 'en');
  await page.waitForFunction(() => document.documentElement.dir === 'ltr');

  // Serving has no scale-out panel; the $/GPU-hour column is there too.
  await openTab(page, 'serve');
  assert.equal(await page.locator('#gs-scaling').count(), 0);
  assert.equal(await page.locator('#gs-table th[data-col="usd_gpu_h"]').count(), 1);
  assert.deepEqual(problems, []);
});

test('the provider-tier filter leaves marketplace listings out, and survives the permalink', async (t) => {
  const { page, problems, context } = await openOffline(t);
  // The fine-tune tab: a job of hours, where marketplace listings rank among the rest (a multi-day pretraining run
  // puts them after every provider's capacity: eligibility class long_run_marketplace).
  await openTab(page, 'finetune');
  // Three checkboxes named by the core's vocabulary, all checked.
  const labels = await page.locator('#gs-tiers label').allTextContents();
  assert.deepEqual(labels, ['Hyperscaler', 'GPU cloud', 'Marketplace']);
  assert.equal(await page.locator('#gs-tiers legend').textContent(), 'Kinds of provider');
  for (const id of ['hyperscaler', 'gpu_cloud', 'marketplace']) assert.equal(await page.isChecked('#gs-tiers-' + id), true, id);
  const tiersBefore = await page.locator('#gs-table tbody tr.gs-opt').evaluateAll((trs) => trs.map((tr) => tr.dataset.tier));
  assert.ok(tiersBefore.includes('marketplace'), `marketplace listings are ranked by default (${tiersBefore})`);

  await page.uncheck('#gs-tiers-marketplace');
  await settle(page);
  await waitForResults(page);
  const tiers = await page.locator('#gs-table tbody tr.gs-opt').evaluateAll((trs) => trs.map((tr) => tr.dataset.tier));
  assert.ok(tiers.length > 0, 'other options remain');
  assert.ok(tiers.every((x) => x === 'hyperscaler' || x === 'gpu_cloud'), tiers.join());
  assert.equal(await page.locator('#gs-table .gs-badge-tier-marketplace').count(), 0);
  assert.match(page.url(), /[#&]ti=hyperscaler%2Cgpu_cloud(&|$)/);

  // None chosen: the page says so beside the checkboxes, and the last results stay (marked stale).
  await page.uncheck('#gs-tiers-hyperscaler');
  await page.uncheck('#gs-tiers-gpu_cloud');
  await settle(page);
  assert.equal(await page.locator('#gs-tiers-err').textContent(), 'Choose at least one kind of provider.');
  assert.equal(await page.getAttribute('#gs-tiers-gpu_cloud', 'aria-invalid'), 'true');
  await page.check('#gs-tiers-gpu_cloud');
  await settle(page);
  assert.equal(await page.locator('#gs-tiers-err').isVisible(), false);
  const only = await page.locator('#gs-table tbody tr.gs-opt').evaluateAll((trs) => trs.map((tr) => tr.dataset.tier));
  assert.ok(only.length > 0 && only.every((x) => x === 'gpu_cloud'), only.join());

  // The link brings the choice back in a new page.
  const page2 = await context.newPage();
  await page2.goto(page.url());
  await waitForResults(page2);
  assert.equal(await page2.isChecked('#gs-tiers-gpu_cloud'), true);
  assert.equal(await page2.isChecked('#gs-tiers-marketplace'), false);
  assert.equal(await page2.isChecked('#gs-tiers-hyperscaler'), false);
  // All checked again: no key in the link.
  await page.check('#gs-tiers-hyperscaler');
  await page.check('#gs-tiers-marketplace');
  await settle(page);
  assert.doesNotMatch(page.url(), /[#&]ti=/);
  assert.deepEqual(problems, []);
});

test('a pinned layout: all four degrees or none, the core\'s errors beside the fields', async (t) => {
  const { page, problems } = await openOffline(t);
  await openTab(page, 'pretrain');
  const legend = await page.locator('#gs-sec-layout legend').textContent();
  assert.equal(legend, 'Parallel layout (optional)');
  for (const id of ['par_tp', 'par_pp', 'par_dp', 'par_ep']) assert.equal(await page.inputValue('#gs-' + id), '', id);

  // One degree alone: each blank one asks for the rest.
  await page.fill('#gs-par_tp', '2');
  await settle(page);
  for (const id of ['par_pp', 'par_dp', 'par_ep']) {
    assert.equal(await page.locator(`#gs-${id}-err`).textContent(), 'Give all four degrees, or none.', id);
    assert.equal(await page.getAttribute('#gs-' + id, 'aria-invalid'), 'true');
  }
  // The core's range error lands on its own field.
  await page.fill('#gs-par_tp', '0');
  await page.fill('#gs-par_pp', '1');
  await page.fill('#gs-par_dp', '4');
  await page.fill('#gs-par_ep', '1');
  await settle(page);
  assert.match(await page.locator('#gs-par_tp-err').textContent(), /tensor.*0/);
  // A valid layout: the options use it.
  await page.fill('#gs-par_tp', '2');
  await settle(page);
  await waitForResults(page);
  assert.equal(await page.locator('#gs-par_tp-err').isVisible(), false);
  await page.locator('#gs-table .gs-disclose').first().click();
  assert.match(await page.locator('#gs-table .gs-detrow').first().textContent(), /Split \(tensor × pipeline × data\)2 × 1 × 4/);

  // Pinned hardware whose GPU count is not the product: the core's error about the layout as a whole.
  await page.check('#gs-hw-pin');
  await page.fill('#gs-count', '6');
  await settle(page);
  const err = await page.locator('#gs-layout-err').textContent();
  assert.match(err, /6/, err);
  assert.equal(await page.locator('#gs-layout-err').isVisible(), true);
  assert.match(await page.locator('#gs-sec-layout').getAttribute('aria-describedby'), /gs-layout-err/);
  await page.fill('#gs-count', '8');
  await settle(page);
  assert.equal(await page.locator('#gs-layout-err').isVisible(), false);
  // Cleared: the core chooses again.
  for (const id of ['par_tp', 'par_pp', 'par_dp', 'par_ep']) await page.fill('#gs-' + id, '');
  await settle(page);
  assert.equal(await page.locator('#gs-sec-layout .gs-err:visible').count(), 0);
  assert.deepEqual(problems, []);
});

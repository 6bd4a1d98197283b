// Keyboard-only use and axe-core checks of the page and the widget, in English and Arabic, light and dark.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { launch, fileUrl, startServer, ROOT, waitForResults, settle, openOffline } = require('./lib.js');

const AXE = path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');

async function axe(page, label) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ` + v.nodes.slice(0, 5).map((n) => n.target.join(' > ')).join('\n    ')).join('\n');
  assert.equal(bad.length, 0, `${label}: axe found serious/critical violations:\n${report}`);
  return result;
}

async function activeId(page) {
  return page.evaluate(() => {
    let el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    return el ? (el.id || el.className || el.tagName) : null;
  });
}

async function tabTo(page, id, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if ((await activeId(page)) === id) return;
  }
  assert.fail(`Tab never reached #${id}`);
}

test('keyboard alone fills the form and reaches the results', async (t) => {
  const { page, problems, context } = await openOffline(t);

  // The first Tab stop is the skip link, and it is visible when focused.
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'gs-skip');
  assert.ok(await page.locator('.gs-skip').isVisible());

  // Tab to the weights format and change it with the arrow keys.
  await tabTo(page, 'gs-weights');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none', 'visible focus');
  await page.keyboard.press('ArrowDown');
  await settle(page);
  assert.equal(await page.inputValue('#gs-weights'), 'fp32');  // from the blank default, the first format

  const kvBefore = await page.locator('.gs-val[data-part="kv_cache_bytes"]').textContent();
  await tabTo(page, 'gs-prompt', 5);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('8000');
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'gs-output');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('1000');
  await page.keyboard.press('Tab');
  assert.equal(await activeId(page), 'gs-conc');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('4');
  await settle(page);
  assert.equal(await page.inputValue('#gs-prompt'), '8000');
  assert.notEqual(await page.locator('.gs-val[data-part="kv_cache_bytes"]').textContent(), kvBefore, 'results follow the typed values');

  // Pin a GPU with the keyboard: Tab to the radio group, arrow to "Pin a GPU".
  await tabTo(page, 'gs-hw-rank');
  await page.keyboard.press('ArrowDown');
  assert.equal(await activeId(page), 'gs-hw-pin');
  await settle(page);
  assert.ok(await page.locator('#gs-gpu').isVisible());
  assert.match(await page.locator('#gs-top-h').textContent(), /Your GPUs/);

  // Keep tabbing: focus leaves the form and lands in the results.
  let inResults = false;
  for (let i = 0; i < 80 && !inResults; i++) {
    await page.keyboard.press('Tab');
    inResults = await page.evaluate(() => !!document.activeElement.closest('#gs-results'));
  }
  assert.ok(inResults, 'Tab reaches the results');

  // The skip link moves focus straight to the results.
  await page.focus('#gs-skip');
  await page.keyboard.press('Enter');
  assert.equal(await activeId(page), 'gs-results');

  // Sort the table from the keyboard.
  await page.check('#gs-hw-rank');
  await settle(page);
  await page.focus('th[data-col="usd_m"] button');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('th[data-col="usd_m"]', 'aria-sort'), 'ascending');
  assert.equal(await activeId(page), 'gs-sort', 'focus stays on the header button after re-render');

  // Tabs: arrow keys move between tasks.
  await page.focus('#gs-tab-serve');
  await page.keyboard.press('ArrowRight');
  assert.equal(await activeId(page), 'gs-tab-finetune');
  assert.equal(await page.getAttribute('#gs-tab-finetune', 'aria-selected'), 'true');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await activeId(page), 'gs-tab-serve');
  assert.deepEqual(problems, []);
});

test('axe: no serious or critical violations on the page (EN/AR, light/dark)', async (t) => {
  const { context, close } = await launch();
  t.after(close);
  const page = await context.newPage();
  await page.goto(fileUrl('gpu-sizer.html'));
  await waitForResults(page);
  // Open the parts that are collapsed by default so they are checked too.
  await page.locator('#gs-table .gs-disclose').first().click();
  await page.locator('#gs-math summary').click();
  await axe(page, 'page EN light');
  await page.click('#gs-theme');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  await axe(page, 'page EN dark');
  await page.selectOption('#gs-lang', 'ar');
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await waitForResults(page);
  await page.locator('#gs-table .gs-disclose').first().click();
  await page.locator('#gs-math summary').click();
  await axe(page, 'page AR dark');
  await page.click('#gs-theme');
  await axe(page, 'page AR light');
  // The other task tabs: training figures, the fit view and the image form.
  await page.click('#gs-tab-finetune');
  await page.locator('#gs-method').waitFor();
  await waitForResults(page);
  await page.locator('#gs-table .gs-disclose').first().click();
  await axe(page, 'page AR fine-tune');
  await page.selectOption('#gs-lang', 'en');
  await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  await page.click('#gs-tab-image');
  await page.locator('#gs-images').waitFor();
  await waitForResults(page);
  await page.locator('#gs-math summary').click();
  await axe(page, 'page EN image');
  await page.click('#gs-tab-serve');
  await page.locator('#gs-prompt').waitFor();
  await page.selectOption('#gs-lang', 'ar');
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  // Error state: field errors and the alert.
  await page.fill('#gs-prompt', '-5');
  await settle(page);
  await page.locator('#gs-prompt-err').waitFor();
  await axe(page, 'page AR error state');
});

test('axe: no serious or critical violations in the widgets (EN/AR)', async (t) => {
  // embed.html carries its CSP as a <meta>; bypassCSP lets axe be injected as a script tag (csp.test.js checks the policy).
  const server = await startServer();
  t.after(server.close);
  const { context, close } = await launch({ bypassCSP: true });
  t.after(close);
  const page = await context.newPage();
  await page.goto(server.url + 'embed.html');
  await waitForResults(page, page.locator('#w-en'));
  await waitForResults(page, page.locator('#w-ar'));
  await axe(page, 'widgets light');
  const dark = await launch({ colorScheme: 'dark', bypassCSP: true });
  t.after(dark.close);
  const page2 = await dark.context.newPage();
  await page2.goto(server.url + 'embed.html');
  await waitForResults(page2, page2.locator('#w-en'));
  await waitForResults(page2, page2.locator('#w-ar'));
  await axe(page2, 'widgets dark');
});

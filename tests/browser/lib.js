// Shared helpers for the browser tests: launch Chromium through playwright-core, serve dist/, watch the network.
'use strict';
const path = require('node:path');
const fs = require('node:fs');
const os = require('node:os');
const { pathToFileURL } = require('node:url');
const { chromium } = require('playwright-core');
const { createServer } = require('../../scripts/serve.js');

const ROOT = path.resolve(__dirname, '..', '..');
const DIST = path.join(ROOT, 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'];

function dist(name) { return path.join(DIST, name); }
function fileUrl(name) { return pathToFileURL(dist(name)).href; }

function requireDist() {
  for (const f of ['gpu-sizer.html', 'index.html', 'gpu-sizer-widget.js', 'embed.html', 'gpu-sizer.js']) {
    if (!fs.existsSync(dist(f))) throw new Error(`dist/${f} is missing: run node scripts/bundle.js first`);
  }
}

// A fresh profile per launch (its own --user-data-dir), removed on close.
async function launch(options = {}) {
  requireDist();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-sizer-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: options.viewport || { width: 1400, height: 1000 },
    acceptDownloads: true,
    colorScheme: options.colorScheme || 'light',
    locale: options.locale || 'en-US',
    reducedMotion: 'reduce',
    bypassCSP: !!options.bypassCSP
  });
  const close = async () => {
    await context.close().catch(() => {});
    fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  return { context, close };
}

// Serves dist/ on a free port; csp adds the strict widget policy as a header.
async function startServer({ csp = false } = {}) {
  const server = createServer({ root: DIST, csp });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  // Chromium keeps connections alive; drop them so that closing does not wait for their timeout.
  return { url, close: () => new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); }) };
}

// Collects console errors, page errors and CSP violations of a page.
function watch(page) {
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console: ' + m.text()); });
  page.on('pageerror', (e) => problems.push('pageerror: ' + e.message));
  return problems;
}

// Waits for the page (or a widget's shadow root; Playwright's CSS locators pierce shadow DOM) to show results,
// every panel included: the first pass shows the top of the results, the every-option pass the rest (the root
// carries data-pending until it lands).
async function waitForResults(page, scope) {
  const root = scope || page;
  await root.locator('#gs-mem-total').first().waitFor({ state: 'visible', timeout: 20000 });
  await settled(root);
}
// No calculator on the page has an every-option pass still to come.
async function settled(root) { await root.locator('.gs[data-pending]').first().waitFor({ state: 'detached', timeout: 20000 }); }

// Waits for the re-evaluation after typing to land (the next frame), then for the every-option pass.
async function settle(page) {
  await page.waitForTimeout(250);
  await settled(page);
}

// The offline file from file:// (with a permalink `hash`, if any) in a new page of `context`, results shown.
async function openPage(context, hash) {
  const page = await context.newPage();
  const problems = watch(page);
  await page.goto(fileUrl('gpu-sizer.html') + (hash ? '#' + hash : ''));
  await waitForResults(page);
  return { page, problems };
}

// The offline file opened from file:// in a fresh browser, results shown; closed when the test ends.
async function openOffline(t) {
  const { context, close } = await launch();
  t.after(close);
  const { page, problems } = await openPage(context);
  return { page, problems, context };
}

module.exports = { ROOT, DIST, dist, fileUrl, launch, startServer, watch, waitForResults, settled, settle, openPage, openOffline };

// The widget and the live catalog (issue 33): a <gpu-sizer> card prices with the catalog file the site publishes
// (<meta name="gpu-sizer-live-catalog">, used when newer than the bundled one) or names (catalog-src), validated by
// the core like an import, written as text only, under the strict policy of a documentation site, and it says which
// catalog it used and its date. The catalog files are fixtures (tests/fixtures/live-catalog/: one H100 row at a
// made-up price whose name carries an <img onerror> tag; an older file; one naming an unknown GPU).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, dist, launch } = require('./lib.js');

const FIXTURES = path.join(ROOT, 'tests', 'fixtures', 'live-catalog');
const STRICT = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
const fixture = (name) => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8'));

// Serves the widget, the fixture catalogs under /catalogs/ and the test pages, each with the strict policy.
function server(pages) {
  const fetched = [];
  const srv = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    fetched.push(url.pathname);
    const headers = { 'Content-Security-Policy': STRICT, 'Cache-Control': 'no-cache' };
    const fix = /^\/catalogs\/([a-z]+\.json)$/.exec(url.pathname);
    if (pages[url.pathname]) {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' });
      res.end(pages[url.pathname]);
    } else if (url.pathname === '/gpu-sizer-widget.js') {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript; charset=utf-8' });
      res.end(fs.readFileSync(dist('gpu-sizer-widget.js')));
    } else if (fix && fs.existsSync(path.join(FIXTURES, fix[1]))) {
      res.writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
      res.end(fs.readFileSync(path.join(FIXTURES, fix[1])));
    } else {
      res.writeHead(url.pathname === '/favicon.ico' ? 204 : 404, headers);
      res.end();
    }
  });
  return new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${srv.address().port}/`, fetched,
    close: () => new Promise((done) => { srv.close(done); srv.closeAllConnections(); })
  })));
}

function html(body, { meta = null, lang = 'en' } = {}) {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>live catalog</title>
${meta ? `<meta name="gpu-sizer-live-catalog" content="${meta}">` : ''}<script src="/gpu-sizer-widget.js" defer></script></head><body>${body}</body></html>`;
}

async function open(t, pages, pathname) {
  const srv = await server(pages);
  t.after(srv.close);
  const { context, close } = await launch({ viewport: { width: 700, height: 900 } });
  t.after(close);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console: ' + m.text()); });
  page.on('pageerror', (e) => problems.push('pageerror: ' + e.message));
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => { window.__violations.push(e.violatedDirective + ' ' + e.blockedURI); });
  });
  const res = await page.goto(srv.url + pathname.slice(1));
  assert.equal(res.headers()['content-security-policy'], STRICT);
  return { page, problems, srv };
}

async function card(page, id) {
  await page.locator(`#${id} .gsw-card[data-ready="true"]`).waitFor({ timeout: 20000 });
  return page.evaluate((i) => {
    const root = document.getElementById(i).shadowRoot;
    const foot = root.querySelector('[part="foot"]');
    const notice = root.querySelector('[part="notice"]');
    return { text: root.querySelector('.gsw-card').textContent, foot: foot ? foot.textContent : null, catalog: foot ? foot.getAttribute('data-catalog') : null,
      cost: root.querySelector('[part="cost"]') ? root.querySelector('[part="cost"]').textContent : null,
      notice: notice ? notice.textContent : null, imgs: root.querySelectorAll('img').length, title: document.title };
  }, id);
}

test('card: a newer catalog the site publishes (meta) prices the card, which names it and its date', async (t) => {
  const newer = fixture('newer.json');
  const { page, problems, srv } = await open(t, {
    '/': html('<gpu-sizer id="c" view="card" model="llama-3.1-70b"></gpu-sizer><gpu-sizer id="c-ar" view="card" model="llama-3.1-70b" lang="ar"></gpu-sizer>',
      { meta: '/catalogs/newer.json' })
  }, '/');
  const en = await card(page, 'c');
  assert.equal(en.catalog, 'live', en.foot);
  assert.match(en.foot, new RegExp(newer.as_of));
  assert.match(en.foot, /\/catalogs\/newer\.json/);
  // The only offering of the file is its H100 row at $9.99/h: the card's pick and cost are that row's.
  assert.match(en.cost, /\$9\.99\/h/);
  // Its name, with an <img onerror> in it, is text: no element was made from it and its handler never ran.
  assert.match(en.text, /<img src=x onerror=/);
  assert.equal(en.imgs, 0);
  assert.equal(en.title, 'live catalog');
  const ar = await card(page, 'c-ar');
  assert.equal(ar.catalog, 'live');
  assert.match(ar.foot, /كتالوج هذا الموقع/);
  assert.match(ar.foot, new RegExp(newer.as_of));
  // For review beside the other card screenshots (test-results/widget/).
  fs.mkdirSync(path.join(ROOT, 'test-results', 'widget'), { recursive: true });
  for (const id of ['c', 'c-ar']) await page.locator('#' + id).screenshot({ path: path.join(ROOT, 'test-results', 'widget', `card-live-${id}.png`) });
  // One request for the file, however many cards read it.
  assert.equal(srv.fetched.filter((p) => p === '/catalogs/newer.json').length, 1);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(problems, []);
});

test('card: an older published catalog is not used, silently; a missing one neither', async (t) => {
  for (const meta of ['/catalogs/older.json', '/catalogs/missing.json']) {
    const { page, problems } = await open(t, { '/': html('<gpu-sizer id="c" view="card" model="llama-3.1-70b"></gpu-sizer>', { meta }) }, '/');
    const c = await card(page, 'c');
    assert.equal(c.catalog, 'bundled', `${meta}: ${c.foot}`);
    assert.doesNotMatch(c.cost, /\$7\.77\/h/);
    assert.equal(c.notice, null, `${meta}: no notice`);
    // (Chromium itself logs the 404 of a missing file; the widget adds nothing.)
    assert.deepEqual(problems.filter((p) => !(meta.includes('missing') && /404 \(Not Found\)/.test(p))), [], meta);
  }
});

test('card: catalog-src that does not validate is named in the card, and the bundled prices are used', async (t) => {
  const { page, problems } = await open(t, {
    '/': html('<gpu-sizer id="bad" view="card" model="llama-3.1-70b" catalog-src="/catalogs/broken.json"></gpu-sizer>' +
      '<gpu-sizer id="away" view="card" model="llama-3.1-70b" catalog-src="https://example.invalid/prices.json"></gpu-sizer>' +
      '<gpu-sizer id="good" view="card" model="llama-3.1-70b" catalog-src="/catalogs/older.json"></gpu-sizer>')
  }, '/');
  const bad = await card(page, 'bad');
  assert.equal(bad.catalog, 'bundled');
  assert.match(bad.notice, /broken\.json was not used \(\/offerings\/0\/gpu/);
  const away = await card(page, 'away');
  assert.equal(away.catalog, 'bundled');
  assert.match(away.notice, /a file on this site/);
  // Named by the element itself, a valid file is used whatever its date (as the calculator's catalog-src), and dated.
  const good = await card(page, 'good');
  assert.equal(good.catalog, 'live');
  assert.match(good.cost, /\$7\.77\/h/);
  assert.match(good.foot, /2026-06-01/);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(problems, []);
});

test('full view: the site\'s newer catalog (meta) is used there too, and said so', async (t) => {
  const { page, problems } = await open(t, { '/': html('<gpu-sizer id="w" view="compact" model="llama-3.1-70b"></gpu-sizer>', { meta: '/catalogs/newer.json' }) }, '/');
  const w = page.locator('#w');
  await w.locator('#gs-import-status .gs-ok').waitFor({ timeout: 20000 });
  assert.match(await w.locator('#gs-import-status').textContent(), /newer\.json/);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(problems, []);
});

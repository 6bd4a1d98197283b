#!/usr/bin/env node
// A tiny static server for dist/ (node:http, no dependencies).
//   node scripts/serve.js [--port N] [--root DIR] [--csp]
// PORT in the environment overrides the default 8080. --csp adds the strict policy the widget must run under:
//   Content-Security-Policy: script-src 'self' 'wasm-unsafe-eval'
// Also usable from tests: const { createServer } = require('./serve.js').
'use strict';
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');

const CSP = "script-src 'self' 'wasm-unsafe-eval'";
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ts': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.map': 'application/json; charset=utf-8'
};

function createServer({ root, csp = false } = {}) {
  const base = path.resolve(root || path.join(__dirname, '..', 'dist'));
  return http.createServer((req, res) => {
    const headers = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' };
    if (csp) headers['Content-Security-Policy'] = CSP;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed\n');
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch (e) {
      res.writeHead(400, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Bad request\n');
      return;
    }
    if (pathname.endsWith('/')) pathname += 'index.html';
    const file = path.resolve(base, '.' + pathname);
    if (file !== base && !file.startsWith(base + path.sep)) {
      res.writeHead(403, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Forbidden\n');
      return;
    }
    fs.stat(file, (err, st) => {
      if (err || !st.isFile()) {
        res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Not found\n');
        return;
      }
      const type = TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream';
      res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': st.size });
      if (req.method === 'HEAD') { res.end(); return; }
      fs.createReadStream(file).pipe(res);
    });
  });
}

function main() {
  const args = process.argv.slice(2);
  const opt = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
  const port = Number(opt('--port') || process.env.PORT || 8080);
  const root = path.resolve(opt('--root') || path.join(__dirname, '..', 'dist'));
  const csp = args.includes('--csp');
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    console.error(`serve: ${root}/index.html is missing; run the build first (npm run build).`);
    process.exit(1);
  }
  const server = createServer({ root, csp });
  server.on('error', (e) => {
    console.error(`serve: cannot listen on port ${port}: ${e.code || e.message}` + (e.code === 'EADDRINUSE' ? ' (set PORT to use another)' : ''));
    process.exit(1);
  });
  server.listen(port, () => {
    const actual = server.address().port;
    console.log(`gpu-sizer: serving ${path.relative(process.cwd(), root) || '.'} at http://localhost:${actual}/` + (csp ? ` (with Content-Security-Policy: ${CSP})` : ''));
    console.log(`  widget demo:    http://localhost:${actual}/embed.html`);
    console.log(`  offline bundle: ${path.join(root, 'gpu-sizer.html')} (one file; open it from disk, no server needed)`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

module.exports = { createServer, CSP };
if (require.main === module) main();

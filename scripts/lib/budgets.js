'use strict';
// The shipped files' byte budgets, gzip level 9 (as a server or CDN sends them), in one place: scripts/bundle.js
// prints against them, tests/js/budget.test.js and tests/browser/offline.test.js hold the files to them.
// tests/js/budget.test.js says why each was raised.
const KB = 1024;
module.exports = {
  offlineGzipBytes: 418 * KB,  // dist/gpu-sizer.html, the offline bundle
  moduleGzipBytes: 345 * KB,   // dist/gpu-sizer.js, the WASM module with its embedded catalog
};

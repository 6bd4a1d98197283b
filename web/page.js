/* gpu-sizer page bootstrap: mounts the calculator into <div id="app"> with the URL hash as its permalink. */
/* global GpuSizerUI */
(function () {
  'use strict';
  function start() {
    var app = document.getElementById('app');
    if (!app) return;
    var lang = null;
    try { lang = localStorage.getItem('gpu-sizer-lang'); } catch (e) { /* storage blocked (file:// or privacy mode) */ }
    if (lang !== 'en' && lang !== 'ar') {
      var first = (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
      lang = /^ar\b/i.test(first) ? 'ar' : 'en';
    }
    while (app.firstChild) app.removeChild(app.firstChild);
    // liveCatalog: a newer catalog a site publishes beside the page (web/ui/app.js loadLiveCatalog; not from file://).
    window.gpuSizerPage = GpuSizerUI.mount(app, { permalink: '', lang: lang, liveCatalog: 'catalog.json' });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();

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
    // liveCatalog: a newer catalog the site publishes beside the page and names in
    // <meta name="gpu-sizer-live-catalog" content="catalog.json"> (scripts/catalog-publish.sh adds it): only then is
    // it requested (web/ui/app.js loadLiveCatalog; never from file://), so a site without one sees no failed request.
    var live = document.querySelector('meta[name="gpu-sizer-live-catalog"]');
    window.gpuSizerPage = GpuSizerUI.mount(app, { permalink: '', lang: lang, liveCatalog: live ? live.getAttribute('content') : null });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();

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
    window.gpuSizerPage = GpuSizerUI.mount(app, { permalink: '', lang: lang });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();

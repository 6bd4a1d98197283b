/* <gpu-sizer> custom element. Shadow DOM; attributes model, task, gpu, lang, compact, permalink, catalog-src,
   theme (reflected to properties). Every widget on a page shares the one core that GpuSizerUI.loadCore() starts.
   Themable from the host page with CSS custom properties (--gpu-sizer-accent, --gpu-sizer-bg, --gpu-sizer-surface,
   --gpu-sizer-fg, --gpu-sizer-font, --gpu-sizer-radius). Works under script-src 'self' 'wasm-unsafe-eval'. */
/* global GpuSizerUI, GPU_SIZER_CSS */
(function () {
  'use strict';
  if (typeof window === 'undefined' || !window.customElements || window.customElements.get('gpu-sizer')) return;
  var css = typeof GPU_SIZER_CSS === 'string' ? GPU_SIZER_CSS : '';
  var sheet = null;

  function adoptStyles(root) {
    if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function') {
      try {
        if (!sheet) { sheet = new CSSStyleSheet(); sheet.replaceSync(css); }
        root.adoptedStyleSheets = [sheet];
        return;
      } catch (e) { /* fall back to a <style> element */ }
    }
    var el = document.createElement('style');
    el.textContent = css;
    root.appendChild(el);
  }

  var STRING_ATTRS = ['model', 'task', 'gpu', 'permalink', 'catalog-src', 'theme'];
  function propName(attr) { return attr.replace(/-([a-z])/g, function (m, c) { return c.toUpperCase(); }); }

  class GpuSizerElement extends HTMLElement {
    static get observedAttributes() { return STRING_ATTRS.concat(['lang', 'compact']); }

    constructor() {
      super();
      this._shadow = this.attachShadow({ mode: 'open' });
      adoptStyles(this._shadow);
      this._ui = null;
    }

    connectedCallback() { if (!this._ui) this._mount(); }

    disconnectedCallback() {
      if (this._ui) { this._ui.destroy(); this._ui = null; }
    }

    attributeChangedCallback(name, oldValue, value) {
      if (!this._ui || oldValue === value) return;
      if (name === 'compact' || name === 'permalink') { this._ui.destroy(); this._ui = null; this._mount(); return; }
      this._ui.set(name, value);
    }

    _lang() {
      var own = this.getAttribute('lang');
      if (own) return own;
      var up = this.parentElement && this.parentElement.closest('[lang]');
      return up ? up.getAttribute('lang') : 'en';
    }

    _mount() {
      var self = this;
      var box = document.createElement('div');
      this._shadow.appendChild(box);
      var ui = GpuSizerUI.mount(box, {
        embedded: true,
        compact: this.hasAttribute('compact'),
        permalink: this.hasAttribute('permalink') ? (this.getAttribute('permalink') || 'gpu-sizer') : null,
        lang: this._lang(),
        task: this.getAttribute('task'),
        model: this.getAttribute('model'),
        gpu: this.getAttribute('gpu'),
        theme: this.getAttribute('theme'),
        catalogSrc: this.getAttribute('catalog-src'),
        onLangChange: function (lang) { if (self.getAttribute('lang') !== lang) self.setAttribute('lang', lang); }
      });
      var destroy = ui.destroy;
      ui.destroy = function () { destroy(); if (box.parentNode) box.parentNode.removeChild(box); };
      this._ui = ui;
    }

    get compact() { return this.hasAttribute('compact'); }
    set compact(v) { if (v) this.setAttribute('compact', ''); else this.removeAttribute('compact'); }
    /** The widget's current form state (a copy), or null while the core loads. */
    get state() { return this._ui ? this._ui.state() : null; }
    /** The last response of the core (CONTRACT.md), or null. */
    get response() { return this._ui ? this._ui.response() : null; }
  }
  // model, task, gpu, permalink, catalog-src (catalogSrc), theme: reflected string properties. `lang` is HTMLElement's own.
  STRING_ATTRS.forEach(function (attr) {
    Object.defineProperty(GpuSizerElement.prototype, propName(attr), {
      configurable: true, enumerable: true,
      get: function () { return this.getAttribute(attr); },
      set: function (v) { if (v === null || v === undefined || v === false) this.removeAttribute(attr); else this.setAttribute(attr, String(v)); }
    });
  });

  window.customElements.define('gpu-sizer', GpuSizerElement);
  /** How many times this script has started the WASM core (1 however many widgets are on the page). */
  GpuSizerElement.coreStarts = function () { return GpuSizerUI.coreStarts(); };
  window.GpuSizerElement = GpuSizerElement;
})();

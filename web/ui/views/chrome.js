/* gpu-sizer UI view: the page header (brand, language, theme, copy link), the widget's bar, the task tabs, the footer. */
(function (UI) {
  'use strict';
  var D = UI.dom, h = D.h;

  function langSelect(a) {
    // Each language named in itself (its own label in the core's vocabulary).
    var sel = h('select', { id: 'gs-lang', class: 'gs-input gs-input-auto', onchange: function (e) { a.setLang(e.target.value); } },
      UI.vocab.ids(a.voc, 'locales').map(function (id) { return h('option', { value: id, lang: id }, UI.vocab.label(a.voc, 'locales', id, id)); }));
    D.withValue(sel, a.st.lang);
    return h('div', { class: 'gs-tool' }, [h('label', { for: 'gs-lang' }, a.t('language')), sel]);
  }
  function copyLinkTool(a) {
    var out = h('span', { class: 'gs-copy-out', id: 'gs-copy-out', 'aria-live': 'polite' });
    if (a.copied) {
      if (a.copied.done) out.appendChild(h('span', {}, a.t('link_copied') + ' '));
      out.appendChild(h('input', { type: 'text', readonly: true, class: 'gs-link', id: 'gs-link', 'aria-label': a.t('link_select'), value: a.copied.url }));
    }
    var btn = h('button', { type: 'button', class: 'gs-btn', id: 'gs-copy', onclick: function () {
      var url = a.shareUrl();
      a.copied = { url: url, done: false };
      a.render();
      var inp = a.rootEl.querySelector('#gs-link');
      if (inp) inp.select();
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(url).then(function () { if (a.copied && a.copied.url === url) { a.copied.done = true; a.render(); } }, function () { /* selected for manual copy */ });
      }
    } }, [D.icon('link'), a.t('copy_link')]);
    return h('div', { class: 'gs-tool gs-copy' }, [btn, out]);
  }
  // The header and the widget's bar show the language, the theme and the copied link only; typing re-renders the
  // page once a frame, and building their icons (SVG) again was ~2 ms of a keystroke in Chromium (issue 16). While
  // those are as at the last build, the patch keeps the live header (D.keep; built when there is none).
  function kept(a, id, build) {
    var key = JSON.stringify([a.st.lang, a.themeDark, a.copied, a.feat.copyLink]);
    var m = a._chrome;
    if (UI.views.memo !== false && m && m.id === id && m.key === key && m.voc === a.voc) return D.keep(id, null, function () { return build(a); });
    a._chrome = { id: id, key: key, voc: a.voc };
    return build(a);
  }
  function header(a) { return kept(a, 'gs-header', buildHeader); }
  function widgetBar(a) { return kept(a, 'gs-wbar', buildWidgetBar); }
  function buildHeader(a) {
    var themeBtn = h('button', { type: 'button', class: 'gs-btn', id: 'gs-theme', 'aria-pressed': a.themeDark ? 'true' : 'false', onclick: a.toggleTheme },
      [D.icon('moon'), a.t('theme_dark')]);
    return h('header', { class: 'gs-header', id: 'gs-header' }, [
      h('a', { class: 'gs-skip', id: 'gs-skip', href: '#gs-results', onclick: function (e) {
        e.preventDefault();
        var r = a.rootEl.querySelector('#gs-results');
        if (r) r.focus();
      } }, a.t('skip')),
      h('div', { class: 'gs-brand' }, [D.logo(), h('div', {}, [h('h1', {}, a.t('app_title')), h('p', { class: 'gs-tagline' }, a.t('tagline'))])]),
      h('div', { class: 'gs-tools' }, [langSelect(a), h('div', { class: 'gs-tool' }, themeBtn), copyLinkTool(a)])
    ]);
  }
  function buildWidgetBar(a) {
    return h('div', { class: 'gs-wbar', id: 'gs-wbar' }, [
      h('div', { class: 'gs-brand gs-brand-small' }, [D.logo(), h('h2', {}, a.t('app_title'))]),
      h('div', { class: 'gs-tools' }, [langSelect(a), a.feat.copyLink ? copyLinkTool(a) : null])
    ]);
  }
  function tabs(a) {
    var TASKS = UI.fields.TASKS;
    var list = h('div', { class: 'gs-tabs', role: 'tablist', 'aria-label': a.t('tasks') });
    TASKS.forEach(function (task, i) {
      var selected = task.id === a.st.task;
      list.appendChild(h('button', {
        type: 'button', role: 'tab', id: 'gs-tab-' + task.id, 'aria-selected': selected ? 'true' : 'false',
        'aria-controls': 'gs-panel', tabindex: selected ? '0' : '-1', class: 'gs-tab',
        onclick: function () { a.selectTask(task.id); },
        onkeydown: function (e) {
          var dir = a.st.lang === 'ar' ? -1 : 1, j = null;
          if (e.key === 'ArrowRight') j = i + dir; else if (e.key === 'ArrowLeft') j = i - dir;
          else if (e.key === 'Home') j = 0; else if (e.key === 'End') j = TASKS.length - 1;
          if (j === null) return;
          e.preventDefault();
          var next = TASKS[(j + TASKS.length) % TASKS.length].id;
          a.selectTask(next);
          var b = a.rootEl.querySelector('#gs-tab-' + next);
          if (b) b.focus(); // a roving tab stop: the arrow keys move focus with the selection
        }
      }, a.t('task_' + task.id)));
    });
    return list;
  }
  function footer(a) {
    var offline = document.documentElement.hasAttribute('data-offline');
    return h('footer', { class: 'gs-footer' }, [
      h('p', {}, a.t('footer_private')),
      offline ? null : h('p', {}, h('a', { href: 'gpu-sizer.html', download: 'gpu-sizer.html' }, [D.icon('download'), a.t('footer_offline')]))
    ]);
  }

  UI.views.header = header;
  UI.views.widgetBar = widgetBar;
  UI.views.tabs = tabs;
  UI.views.footer = footer;
})(GpuSizerUI);

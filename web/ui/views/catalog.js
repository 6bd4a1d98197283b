/* gpu-sizer UI view: the catalog box: its date and counts, how old each provider's prices are, and the importer. */
(function (UI) {
  'use strict';
  var D = UI.dom, F = UI.format, C = UI.catalog, h = D.h;

  function catalogBox(a) {
    var t = a.t, fmt = a.fmt, view = a.view;
    var box = h('section', { class: 'gs-card gs-section gs-catalog', id: 'gs-catalog' }, [h('h2', { id: 'gs-catalog-h', class: 'gs-h3' }, t('sec_catalog'))]);
    var asOf = a.active.cat.as_of;
    box.appendChild(h('p', { id: 'gs-asof' }, [t('catalog_date', { date: fmt.date(asOf) }),
      a.active.label ? h('span', { class: 'gs-muted' }, [' (', h('bdi', {}, a.active.label), ')']) : null]));
    var days = F.ageDays(asOf);
    if (days !== null && days > C.OLD_DAYS) box.appendChild(h('p', { class: 'gs-warn', id: 'gs-catalog-old' }, t('catalog_old', { days: fmt.int(days) })));
    // One warning per provider whose own price date is old (catalogs that date each provider's prices).
    var stale = C.staleProviders(view);
    if (stale.length) {
      box.appendChild(h('div', { class: 'gs-warn gs-stale-providers', id: 'gs-providers-old' }, [
        h('p', {}, t('providers_old_title', { days: fmt.int(C.OLD_DAYS) })),
        h('ul', { class: 'gs-issues' }, stale.map(function (x) {
          return h('li', { 'data-provider': String(x.provider.id) }, [h('bdi', {}, String(x.provider.name || x.provider.id)), ' ',
            t('provider_old', { date: fmt.date(x.asOf), days: fmt.int(x.days) })]);
        }))
      ]));
    }
    box.appendChild(h('p', { class: 'gs-muted' }, t('catalog_counts', {
      gpus: fmt.int(view.gpus.length), providers: fmt.int(view.providers.length),
      offerings: view.pending ? '…' : fmt.int(view.offerings.length), models: fmt.int(view.models.length)
    })));
    if (a.feat.importer) {
      box.appendChild(h('div', { class: 'gs-field' }, [
        h('label', { for: 'gs-import', class: 'gs-filelabel' }, [D.icon('upload'), t('import_label')]),
        h('input', { type: 'file', id: 'gs-import', accept: '.json,application/json', class: 'gs-file', 'aria-describedby': 'gs-import-hint',
          onchange: function (e) { a.importFile(e.target); } }),
        h('p', { class: 'gs-hint', id: 'gs-import-hint' }, t('import_hint'))
      ]));
      if (a.active.label) box.appendChild(h('button', { type: 'button', class: 'gs-btn', id: 'gs-import-reset', onclick: a.resetCatalog }, t('import_reset')));
    }
    var status = h('div', { id: 'gs-import-status', 'aria-live': 'polite' });
    var note = a.note;
    if (note) {
      status.appendChild(h('p', { class: note.kind === 'error' ? 'gs-err' : 'gs-ok' }, t(note.key, note.params || undefined))); // in the language shown now
      if (note.errors && note.errors.length) {
        if (note.kind === 'ok') status.appendChild(h('p', { class: 'gs-muted' }, t('import_warnings')));
        // Errors are listed (up to 200); warnings of an accepted catalog only the first few, then a count,
        // so a large catalog's price notes do not push the form off the screen.
        var shown = note.kind === 'ok' ? 8 : 200;
        status.appendChild(h('ul', { class: 'gs-issues', id: 'gs-import-errors' }, note.errors.slice(0, shown).map(function (e) {
          return h('li', {}, [h('code', { dir: 'ltr' }, e.path || '/'), ' ', h('bdi', {}, e.message || e.code || '')]);
        })));
        if (note.errors.length > shown) status.appendChild(h('p', { class: 'gs-muted' }, t('import_more', { n: fmt.int(note.errors.length - shown) })));
      }
    }
    box.appendChild(status);
    return box;
  }

  UI.views.catalogBox = catalogBox;
})(GpuSizerUI);

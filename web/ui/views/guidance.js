/* gpu-sizer UI view: the core's guidance (questions and answers). */
(function (UI) {
  'use strict';
  var h = UI.dom.h;

  // The core's answers, one disclosure each: the memory question and the one about this kind of task start open
  // (once open or closed by the visitor, a question stays so while the page updates).
  function guidance(a, resp) {
    var open = { vram_needed: true, task_tier: true };
    return h('section', { class: 'gs-card gs-guidance', id: 'gs-guidance' }, [h('h3', { class: 'gs-h3', id: 'gs-guid-h' }, a.t('guidance_title')),
      h('div', { class: 'gs-qa' }, resp.guidance.map(function (g, i) {
        var isOpen = g.id ? !!open[g.id] : i === 0;
        return h('details', { class: 'gs-q', open: isOpen ? true : null, 'data-id': g.id ? String(g.id) : null, 'data-key': 'q-' + (g.id ? String(g.id) : i) }, [
          h('summary', { dir: 'auto' }, String(g.question || '')),
          h('p', { dir: 'auto' }, String(g.answer || ''))
        ]);
      }))]);
  }

  UI.views.guidance = guidance;
})(GpuSizerUI);

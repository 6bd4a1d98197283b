/* gpu-sizer UI view: the form. Every field comes from the field table (UI.fields): its label, hint, placeholder,
   choices and whether it is shown; its error and the core's assumed value are drawn beside it. Typing updates the
   state only; the DOM is patched in place, so focus and caret stay where they are. */
(function (UI) {
  'use strict';
  var D = UI.dom, F = UI.format, FL = UI.fields, h = D.h;
  // The catalog sizes GPU memory in GiB (vram_gib); the page writes every memory figure in GB (10⁹ bytes), as the
  // core's sentences do (issue 32: one unit): an "80 GB" H100 holds 80 GiB, 85.9 GB.
  var GIB = 1073741824;

  // An issue's words: the page's own (e.field) or the core's, which it phrases in the request's locale.
  function issueText(a, e) {
    return e.field ? [e.message] : [h('bdi', {}, String(e.message || e.code || ''))];
  }
  // A field's box: label, control, hint, the assumed value and the error. name: the field's key.
  function fieldBox(a, name, labelText, control, hintText, extraClass, hidden) {
    var f = FL.get(name);
    var id = f ? f.id : 'gs-' + name;
    control.id = id;
    var hintId = hintText ? id + '-hint' : null;
    var issues = a.fieldIssues[name] || [];
    var errId = id + '-err';
    var err = h('p', { id: errId, class: 'gs-err', hidden: !issues.length });
    issues.forEach(function (e, i) { if (i) err.appendChild(document.createTextNode(' ')); D.append(err, issueText(a, e)); });
    var note = a.assumed[name];
    var assumed = h('p', { id: id + '-assumed', class: 'gs-assumed', hidden: !note }, note || null);
    if (issues.length) control.setAttribute('aria-invalid', 'true');
    var described = [hintId, issues.length ? errId : null].filter(Boolean).join(' ');
    if (described) control.setAttribute('aria-describedby', described);
    return h('div', { class: 'gs-field' + (extraClass ? ' ' + extraClass : ''), hidden: !!hidden }, [
      h('label', { for: id }, labelText), control,
      hintText ? h('p', { id: hintId, class: 'gs-hint' }, hintText) : null, assumed, err
    ]);
  }
  function numInput(a, f, c) {
    return h('input', {
      type: 'text', inputmode: f.mode || 'numeric', autocomplete: 'off', spellcheck: 'false', value: a.st[f.key],
      placeholder: FL.placeholder(f, c), class: 'gs-input',
      oninput: function (e) { a.set(f.key, e.target.value, true); }
    });
  }
  function selectInput(a, key, options, onChange) {
    var sel = h('select', { class: 'gs-input', onchange: onChange || function (e) { a.set(key, e.target.value); } });
    options.forEach(function (o) {
      if (o.group) {
        var g = h('optgroup', { label: o.group });
        o.items.forEach(function (it) { g.appendChild(h('option', { value: it[0] }, F.optionLabel(it[1], a.st.lang))); });
        sel.appendChild(g);
      } else sel.appendChild(h('option', { value: o[0] }, F.optionLabel(o[1], a.st.lang)));
    });
    return D.withValue(sel, a.st[key]);
  }
  function radios(a, name, legend, choices) {
    var fs = h('fieldset', { class: 'gs-radios', id: 'gs-' + name + '-group' }, [h('legend', {}, legend)]);
    choices.forEach(function (c) {
      var id = 'gs-' + name + '-' + c[0];
      fs.appendChild(h('span', { class: 'gs-radio' }, [
        h('input', { type: 'radio', name: 'gs-' + name + '-' + a.uid, id: id, value: c[0], checked: a.st[name] === c[0], onchange: function () { a.set(name, c[0]); } }),
        h('label', { for: id }, c[1])
      ]));
    });
    return fs;
  }
  // A list field over a core vocabulary (the provider tiers): one checkbox per id, all checked meaning all (null).
  function checkGroup(a, f, c) {
    var st = a.st, ids = FL.values(f, c.voc), issues = a.fieldIssues[f.key] || [];
    var errId = f.id + '-err', hintText = FL.hint(f, c), hintId = hintText ? f.id + '-hint' : null;
    var described = [hintId, issues.length ? errId : null].filter(Boolean).join(' ') || null;
    function on(id) { return !st[f.key] || st[f.key].indexOf(id) >= 0; }
    var list = h('div', { class: 'gs-checks' }, FL.choices(f, c).map(function (ch) {
      var id = f.id + '-' + ch[0];
      return h('span', { class: 'gs-check' }, [
        h('input', { type: 'checkbox', id: id, value: ch[0], checked: on(ch[0]), 'aria-invalid': issues.length ? 'true' : null, 'aria-describedby': described,
          onchange: function (e) {
            var chosen = ids.filter(function (x) { return x === ch[0] ? e.target.checked : on(x); });
            a.set(f.key, chosen.length === ids.length ? null : chosen);
          } }),
        h('label', { for: id }, ch[1])
      ]);
    }));
    var err = h('p', { id: errId, class: 'gs-err', hidden: !issues.length });
    issues.forEach(function (e, i) { if (i) err.appendChild(document.createTextNode(' ')); D.append(err, issueText(a, e)); });
    return h('fieldset', { class: 'gs-field gs-checkgroup' + (f.span ? ' gs-span' : ''), id: f.id, hidden: !FL.shown(f, c) }, [
      h('legend', {}, FL.label(f, c)), list, hintText ? h('p', { id: hintId, class: 'gs-hint' }, hintText) : null, err
    ]);
  }
  // The standard box of a table field, with the control its type calls for.
  function tableField(a, f, c) {
    if (f.type === 'list') return checkGroup(a, f, c);
    var control = f.type === 'num' ? numInput(a, f, c) : selectInput(a, f.key, FL.choices(f, c));
    return fieldBox(a, f.key, FL.label(f, c), control, FL.hint(f, c), f.span ? 'gs-span' : null, !FL.shown(f, c));
  }
  // The fields of one section that belong to the form now, in table order (hidden ones are kept, hidden).
  function section(a, c, name) {
    return FL.FIELDS.filter(function (f) { return f.section === name && FL.belongs(f, c) && (!f.adv || a.feat.advanced); })
      .map(function (f) { return tableField(a, f, c); });
  }

  // Typing re-renders the page once a frame (issue 16: instant), and the form then shows what it showed: the typed
  // text is already in its box. Building it afresh and patching its ~450 nodes (the GPU and model lists, the
  // providers) was about a third of a keystroke's time in Chromium (`npm run bench`). The form is a function of the
  // state, the field problems and assumed values beside the fields, the catalog, the vocabulary and the importer's
  // note (the objects it reads, and keeps in its handlers); while all of these are as at the last build, the patch
  // keeps the live form (D.keep). A typed field's value counts as unchanged while its box shows it already: the form
  // reads those values only into their boxes.
  function formKey(a) {
    var st = {};
    Object.keys(a.st).forEach(function (k) {
      var f = FL.get(k), v = a.st[k];
      if (f && (f.type === 'num' || k === 'hf') && typeof v === 'string') {
        var box = a.rootEl.querySelector('#' + D.cssId(f.id));
        if (box && box.value === v) v = { shown: true };
      }
      st[k] = v;
    });
    var assumed = {};
    Object.keys(a.assumed || {}).forEach(function (k) {
      assumed[k] = [].concat(a.assumed[k]).map(function (x) { return x && x.nodeType ? x.textContent : String(x); });
    });
    return JSON.stringify([st, a.fieldIssues, assumed]);
  }
  function form(a) {
    var m = a._form, key = formKey(a);
    if (UI.views.memo !== false && m && m.key === key && m.st === a.st && m.view === a.view && m.voc === a.voc && m.active === a.active && m.note === a.note && m.hub === a.hubNote) {
      return D.keep('gs-formcol', null, function () { return buildForm(a, key); });
    }
    return buildForm(a, key);
  }
  function buildForm(a, key) {
    a._form = { key: key, st: a.st, view: a.view, voc: a.voc, active: a.active, note: a.note, hub: a.hubNote };
    var c = a.ctx(), task = c.task, st = a.st, t = a.t;
    var llm = task.models[0] === 'llm';
    var frm = h('form', { class: 'gs-form', novalidate: true, 'aria-label': t('sec_workload'), onsubmit: function (e) { e.preventDefault(); a.run(); } });

    // Model: presets for every task; a custom architecture or a config.json for language models.
    var model = h('fieldset', { class: 'gs-card gs-section' }, [h('legend', {}, t('sec_model'))]);
    var custom = llm && a.feat.custom;
    if (custom) model.appendChild(radios(a, 'src', t('model_source'), [['preset', t('src_preset')], ['custom', t('src_custom')], ['hf', t('src_hf')]]));
    model.appendChild(h('div', { class: 'gs-sub', id: 'gs-sub-preset', hidden: custom && st.src !== 'preset' }, preset(a, task)));
    if (custom) {
      model.appendChild(h('div', { class: 'gs-sub gs-cols', id: 'gs-sub-custom', hidden: st.src !== 'custom' },
        [h('p', { class: 'gs-hint gs-span' }, t('custom_hint'))].concat(section(a, c, 'custom'))));
      var hf = FL.get('hf');
      var ta = h('textarea', { class: 'gs-input gs-code', rows: '7', spellcheck: 'false', dir: 'ltr', placeholder: '{ "hidden_size": 4096, "num_hidden_layers": 32, … }',
        value: st.hf, oninput: function (e) { a.set('hf', e.target.value, true); } });
      model.appendChild(h('div', { class: 'gs-sub', id: 'gs-sub-hf', hidden: st.src !== 'hf' }, [hubBox(a), fieldBox(a, 'hf', FL.label(hf, c), ta, FL.hint(hf, c))]));
    }
    frm.appendChild(model);

    frm.appendChild(h('fieldset', { class: 'gs-card gs-section gs-cols', id: 'gs-sec-workload' }, [h('legend', {}, t('sec_workload'))].concat(section(a, c, 'workload'))));
    var targets = section(a, c, 'targets');
    if (targets.length) frm.appendChild(h('fieldset', { class: 'gs-card gs-section gs-cols', id: 'gs-sec-targets' }, [h('legend', {}, t('sec_targets'))].concat(targets)));
    var lay = layout(a, c);
    if (lay) frm.appendChild(lay);

    // Hardware: rank the catalog's offerings, or pin a GPU.
    var hw = h('fieldset', { class: 'gs-card gs-section', id: 'gs-sec-hw' }, [h('legend', {}, t('sec_hardware'))]);
    hw.appendChild(radios(a, 'hw', t('hw_mode'), [['rank', t('hw_rank')], ['pin', t('hw_pin')]]));
    var vendors = {};
    a.view.gpus.forEach(function (g) { (vendors[g.vendor || 'other'] = vendors[g.vendor || 'other'] || []).push([g.id, g.name + ' · ' + a.fmt.gb(g.vram_gib * GIB)]); });
    var gpuOpts = Object.keys(vendors).sort().map(function (v) { return { group: v.toUpperCase(), items: vendors[v] }; });
    var gf = FL.get('gpu');
    hw.appendChild(h('div', { class: 'gs-sub gs-cols', id: 'gs-sub-pin', hidden: st.hw !== 'pin' }, [
      fieldBox(a, 'gpu', FL.label(gf, c), selectInput(a, 'gpu', gpuOpts), null, 'gs-span'),
      st.hw === 'pin' ? h('div', { class: 'gs-span' }, pinPrice(a)) : null
    ].concat(section(a, c, 'pin'))));
    hw.appendChild(h('div', { class: 'gs-sub gs-cols', id: 'gs-sub-rank', hidden: st.hw !== 'rank' },
      [a.feat.providers ? providers(a) : null].concat(section(a, c, 'rank'))));
    frm.appendChild(hw);

    frm.appendChild(UI.views.catalogBox(a));
    return h('div', { class: 'gs-formcol', id: 'gs-formcol' }, frm);
  }

  // A model's config.json by its Hub id (issue 32): fetched only when the person presses the button, only online and
  // only from a page served over http(s) (the offline file and the widgets do not offer it: the paste box below is
  // the offline path, and the widget's strict CSP allows no connection). The id is checked against the Hub's form
  // (owner/name, letters, digits, - _ .) before any request; the reply is only read as JSON text into the paste box.
  var HUB_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}\/[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;
  function hubAvailable(a) {
    return !a.embedded && typeof fetch === 'function' && /^https?:$/.test(location.protocol) && (typeof navigator === 'undefined' || navigator.onLine !== false);
  }
  function hubBox(a) {
    if (!hubAvailable(a)) return null;
    var t = a.t, st = a.st, note = a.hubNote;
    function go() {
      var id = String(st.hub || '').trim().replace(/^https?:\/\/huggingface\.co\//, '').replace(/\/+$/, '');
      if (!HUB_ID.test(id) || /\.\./.test(id)) { a.hubNote = { kind: 'error', text: t('hub_bad_id') }; a.render(); return; }
      a.hubNote = { kind: 'busy', text: t('hub_fetching', { id: id }) };
      a.render();
      fetch('https://huggingface.co/' + id + '/resolve/main/config.json', { credentials: 'omit', mode: 'cors' }).then(function (r) {
        if (!r.ok) throw new Error(r.status === 401 || r.status === 403 ? t('hub_gated') : r.status === 404 ? t('hub_missing') : 'HTTP ' + r.status);
        return r.text();
      }).then(function (text) {
        var cfg;
        try { cfg = JSON.parse(text); } catch (e) { throw new Error(t('hub_not_json')); }
        if (!F.isObj(cfg)) throw new Error(t('hub_not_json'));
        a.hubNote = { kind: 'ok', text: t('hub_ok', { id: id }) };
        a.set('hf', JSON.stringify(cfg, null, 2));
      }).catch(function (e) {
        a.hubNote = { kind: 'error', text: t('hub_error', { id: id, msg: e && e.message ? e.message : String(e) }) };
        a.render();
      });
    }
    var input = h('input', { type: 'text', class: 'gs-input', id: 'gs-hub', autocomplete: 'off', spellcheck: 'false', dir: 'ltr', placeholder: 'meta-llama/Llama-3.1-8B',
      value: st.hub, 'aria-describedby': 'gs-hub-note', oninput: function (e) { st.hub = e.target.value; },
      onkeydown: function (e) { if (e.key === 'Enter') { e.preventDefault(); go(); } } });
    return h('div', { class: 'gs-field gs-hubbox' }, [
      h('label', { for: 'gs-hub' }, t('hub_label')),
      h('div', { class: 'gs-field gs-inline' }, [input, h('button', { type: 'button', class: 'gs-btn', id: 'gs-hub-go', onclick: go }, t('hub_fetch'))]),
      h('p', { class: note && note.kind === 'error' ? 'gs-err' : 'gs-hint', id: 'gs-hub-note', 'aria-live': 'polite' }, note ? note.text : t('hub_hint'))
    ]);
  }

  // The pinned parallel layout (training): four degrees, all or none; the core's errors about the layout as a
  // whole (the group's own paths) beneath them.
  function layout(a, c) {
    var g = FL.get('layout');
    var fields = section(a, c, 'layout');
    if (!fields.length || !FL.belongs(g, c)) return null;
    var issues = a.fieldIssues.layout || [];
    var err = h('p', { id: g.id + '-err', class: 'gs-err gs-span', hidden: !issues.length });
    issues.forEach(function (e, i) { if (i) err.appendChild(document.createTextNode(' ')); D.append(err, issueText(a, e)); });
    var hintText = FL.hint(g, c);
    return h('fieldset', { class: 'gs-card gs-section gs-cols gs-layout', id: 'gs-sec-layout', 'aria-describedby': [g.id + '-hint', issues.length ? g.id + '-err' : null].filter(Boolean).join(' ') },
      [h('legend', {}, FL.label(g, c)), h('p', { class: 'gs-hint gs-span', id: g.id + '-hint' }, hintText)].concat(fields, [err]));
  }

  function preset(a, task) {
    var t = a.t, fmt = a.fmt, st = a.st;
    var key = task.modelKey;
    var all = a.modelsOf(task.models);
    if (!all.length) return h('p', { class: 'gs-hint' }, t(task.models[0] === 'llm' ? 'no_presets' : 'no_presets_kind'));
    var out = [];
    var withSearch = all.length > 10;
    // Every word typed, in any order ("llama 70" finds Llama 3.1 70B), over the name, the id and the size.
    function matches(m, q) { return !q || F.matchWords(q, [m.name, m.id, F.isNum(m.params_b) ? m.params_b + 'b' : '']); }
    function groupOf(m) {
      var k = a.modelKind(m);
      if (k === 'audio') return m.task === 'tts' ? 'grp_tts' : 'grp_stt';
      return k === 'video' ? 'grp_video' : k === 'image' ? 'grp_image' : null;
    }
    var q = withSearch ? String(st.q || '').trim() : '';
    // The search proposes; the person chooses (issue 32): typing never switches the model (typing "1b" once picked a
    // 671B model and the answer jumped to eight GPUs), clearing the search keeps the chosen one. The list shows the
    // matches with the chosen model first when it is not among them, and a few matches as buttons beneath.
    var found = all.filter(function (m) { return matches(m, q); });
    var cur = a.view.model[st[key]];
    var list = cur && !found.some(function (m) { return m.id === cur.id; }) ? [cur].concat(found) : found;
    if (!list.length && cur) list = [cur];
    var sel = h('select', { class: 'gs-input', 'aria-describedby': 'gs-model-facts', onchange: function (e) { a.selectModel(key, e.target.value); } });
    var groups = {}, order = [];
    list.forEach(function (m) {
      var g = groupOf(m) || '';
      if (!groups[g]) { groups[g] = []; order.push(g); }
      groups[g].push(m);
    });
    order.forEach(function (g) {
      var parent = g && order.length > 1 ? sel.appendChild(h('optgroup', { label: t(g) })) : sel;
      groups[g].forEach(function (m) { parent.appendChild(h('option', { value: m.id }, F.optionLabel(m.name + (F.isNum(m.params_b) ? ' · ' + fmt.num(m.params_b, m.params_b < 1 ? 3 : 1) + ' B' : ''), st.lang))); });
    });
    D.withValue(sel, st[key]);
    if (withSearch) {
      out.push(fieldBox(a, 'q', t('model_search'), h('input', { type: 'search', class: 'gs-input', autocomplete: 'off', value: st.q, 'aria-controls': 'gs-model-proposals',
        oninput: function (e) { st.q = e.target.value; a.render(); } })));
      // What the search proposes: the first matches as buttons (one press chooses; the list below has them all).
      var shownFound = q ? found.filter(function (m) { return m.id !== st[key]; }).slice(0, 6) : [];
      out.push(h('div', { class: 'gs-proposals', id: 'gs-model-proposals', hidden: !shownFound.length, 'aria-label': t('model_proposals') },
        shownFound.map(function (m) {
          return h('button', { type: 'button', class: 'gs-btn gs-btn-small gs-propose', 'data-model': m.id, onclick: function () { st.q = ''; a.selectModel(key, m.id); } },
            h('bdi', {}, m.name + (F.isNum(m.params_b) ? ' · ' + fmt.num(m.params_b, m.params_b < 1 ? 3 : 1) + ' B' : '')));
        })));
    }
    var mf = FL.get(key);
    out.push(fieldBox(a, key, t('model_preset'), sel));
    sel.setAttribute('aria-describedby', ['gs-model-facts'].concat(a.fieldIssues[key] ? [mf.id + '-err'] : []).join(' '));
    out.push(h('p', { class: 'gs-hint', id: 'gs-model-nomatch', 'aria-live': 'polite' }, q && !all.some(function (m) { return matches(m, q); }) ? t('no_match', { q: st.q }) : ''));
    out.push(h('p', { class: 'gs-facts', id: 'gs-model-facts' }, facts(a, a.view.model[st[key]])));
    return out;
  }
  function facts(a, m) {
    var t = a.t, fmt = a.fmt, parts = [];
    if (!m) return '';
    var k = a.modelKind(m), isNum = F.isNum;
    if (isNum(m.params_b)) parts.push(t('facts_params', { v: fmt.num(m.params_b, m.params_b < 1 ? 3 : 2) }));
    if (isNum(m.active_params_b) && m.active_params_b !== m.params_b) parts.push(t('facts_active', { v: fmt.num(m.active_params_b, 2) }));
    if (k === 'llm') {
      if (isNum(m.layers)) parts.push(t('facts_layers', { v: fmt.int(m.layers) }));
      if (isNum(m.kv_heads)) parts.push(t('facts_kv', { v: fmt.int(m.kv_heads) }));
      if (isNum(m.head_dim)) parts.push(t('facts_head_dim', { v: fmt.int(m.head_dim) }));
      if (isNum(m.max_context)) parts.push(t('facts_ctx', { v: fmt.int(m.max_context) }));
    } else if (k === 'image' || k === 'video') {
      if (typeof m.backbone === 'string') parts.push(t('facts_backbone', { v: m.backbone === 'dit' ? 'DiT' : m.backbone === 'unet' ? 'UNet' : m.backbone }));
      if (isNum(m.native_width) && isNum(m.native_height)) parts.push(t('facts_native', { size: fmt.int(m.native_width) + '×' + fmt.int(m.native_height) }));
      if (k === 'video' && isNum(m.default_frames)) parts.push(t('facts_frames', { v: fmt.int(m.default_frames), fps: isNum(m.fps) ? fmt.int(m.fps) : '—' }));
      if (isNum(m.default_steps)) parts.push(t('facts_steps', { v: fmt.int(m.default_steps) }));
      if (m.guidance_distilled) parts.push(t('facts_distilled'));
    } else if (k === 'audio') {
      parts.push(t(m.task === 'tts' ? 'facts_tts' : 'facts_stt'));
      if (isNum(m.sample_rate_hz)) parts.push(t('facts_rate', { v: fmt.num(m.sample_rate_hz / 1000, 1) }));
      if (isNum(m.chunk_seconds)) parts.push(t('facts_chunk', { v: fmt.int(m.chunk_seconds) }));
    }
    return parts.join(' · ');
  }
  // Providers: a compact multi-select (a disclosure whose summary says what is chosen) over the providers that have
  // offerings in the catalog, each with its count; the list scrolls inside its box, with its end visible.
  function providers(a) {
    var st = a.st, t = a.t, fmt = a.fmt;
    var issues = a.fieldIssues.providers || [];
    var count = {};
    a.view.offerings.forEach(function (o) { count[o.provider] = (count[o.provider] || 0) + 1; });
    // Until the offerings are read (a.view.pending, the first frames): every provider, without counts.
    var pending = !!a.view.pending;
    var listed = a.view.providers.filter(function (p) { return pending || count[p.id] > 0; });
    var ids = listed.map(function (p) { return p.id; });
    function on(id) { return !st.providers || st.providers.indexOf(id) >= 0; }
    function choose(list) { a.set('providers', list.length === ids.length ? null : list); }
    var chosen = ids.filter(on);
    var names = listed.filter(function (p) { return on(p.id); }).map(function (p) { return p.name || p.id; });
    var summaryText = !st.providers || chosen.length === ids.length ? t('prov_all', { n: pending ? '…' : fmt.int(ids.length) })
      : !chosen.length ? t('prov_none_chosen')
      : chosen.length <= 2 ? names.join(', ') : t('prov_some', { k: fmt.int(chosen.length), n: fmt.int(ids.length) });
    var fs = h('fieldset', { class: 'gs-providers gs-span', id: 'gs-providers', 'aria-describedby': issues.length ? 'gs-providers-err' : null },
      [h('legend', {}, t('f_providers'))]);
    var list = h('div', { class: 'gs-checks gs-provlist', id: 'gs-provlist' });
    listed.forEach(function (p) {
      var id = 'gs-prov-' + p.id;
      list.appendChild(h('span', { class: 'gs-check' }, [
        h('input', { type: 'checkbox', id: id, value: p.id, checked: on(p.id), 'aria-invalid': issues.length ? 'true' : null, 'aria-describedby': issues.length ? 'gs-providers-err' : null,
          onchange: function (e) { choose(ids.filter(function (x) { return x === p.id ? e.target.checked : on(x); })); } }),
        h('label', { for: id }, [h('bdi', {}, p.name || p.id), h('span', { class: 'gs-count' }, pending ? '' : ' ' + fmt.int(count[p.id]))])
      ]));
    });
    var box = h('details', { class: 'gs-provpick', id: 'gs-provpick', 'data-key': 'provpick' }, [
      h('summary', { class: 'gs-input gs-provsum', id: 'gs-provsum' }, h('bdi', {}, summaryText)),
      h('div', { class: 'gs-provpanel' }, [
        h('div', { class: 'gs-checks-tools' }, [
          h('button', { type: 'button', class: 'gs-btn gs-btn-small', onclick: function () { choose(ids.slice()); } }, t('all')),
          h('button', { type: 'button', class: 'gs-btn gs-btn-small', onclick: function () { choose([]); } }, t('none'))
        ]),
        list
      ])
    ]);
    fs.appendChild(box);
    var err = h('p', { id: 'gs-providers-err', class: 'gs-err', hidden: !issues.length });
    issues.forEach(function (e) { D.append(err, issueText(a, e)); });
    fs.appendChild(err);
    return fs;
  }

  // A pinned GPU's price across the catalog: $/GPU-hour low–high over its on-demand offerings, how many, and the
  // cheapest one (per GPU-hour, so that an 8-GPU machine and a 1-GPU one compare).
  function pinPrice(a) {
    var t = a.t, fmt = a.fmt, gid = a.st.gpu, view = a.view;
    if (view.pending) return h('p', { class: 'gs-hint gs-pinprice', id: 'gs-pin-price' }, t('loading'));
    var list = view.offerings.filter(function (o) {
      return o.gpu === gid && F.isNum(o.usd_per_hour) && o.usd_per_hour > 0 && F.isNum(o.gpus) && o.gpus > 0 && view.provider[o.provider];
    }).map(function (o) { return { o: o, per: o.usd_per_hour / o.gpus }; }).sort(function (x, y) { return x.per - y.per; });
    if (!list.length) return h('p', { class: 'gs-hint gs-pinprice', id: 'gs-pin-price' }, t('pin_price_none'));
    var money = function (v) { return fmt.usd(v, v < 0.1 ? 3 : 2); };
    var provs = {};
    list.forEach(function (x) { provs[x.o.provider] = 1; });
    var c = list[0].o, p = view.provider[c.provider];
    var what = (p.name || p.id) + ' · ' + (UI.catalog.displayName(view, { offering_id: c.id, instance: c.instance }) || c.id);
    return h('div', { class: 'gs-pinprice', id: 'gs-pin-price', 'aria-live': 'polite' }, [
      h('p', { id: 'gs-pin-range' }, t('pin_price', { low: money(list[0].per), high: money(list[list.length - 1].per),
        n: fmt.int(list.length), p: fmt.int(Object.keys(provs).length) })),
      h('p', { class: 'gs-hint', id: 'gs-pin-cheapest' }, t('pin_cheapest', { what: what, per: money(list[0].per), usd_h: money(c.usd_per_hour) }))
    ]);
  }

  UI.views.form = form;
  UI.views.issueText = issueText;
})(GpuSizerUI);

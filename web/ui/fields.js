/* gpu-sizer UI: THE field table. Each form field is described once, here: its state key, permalink key, default,
   the values it may take (the core's vocabulary for every enum the core defines), where it goes in the request
   (which is also the JSON Pointer the core's errors name), when it applies, and its label, hint and placeholder.
   Defaults, the permalink, the hash checks, the request, the error mapping and the form are all derived from it. */
(function (UI) {
  'use strict';
  var F = UI.format, V = UI.vocab;

  // Task tabs and the workload kind each sends (the image tab sends "video" when a video model is chosen).
  var TASKS = [
    { id: 'serve', kind: 'inference', fam: 'serve', models: ['llm'], modelKey: 'model' },
    { id: 'finetune', kind: 'finetune', fam: 'train', models: ['llm'], modelKey: 'model' },
    { id: 'pretrain', kind: 'pretrain', fam: 'train', models: ['llm'], modelKey: 'model' },
    { id: 'image', kind: 'image', fam: 'image', models: ['image', 'video'], modelKey: 'img_model' },
    { id: 'audio', kind: 'audio', fam: 'audio', models: ['audio'], modelKey: 'audio_model' }
  ];
  var TRAIN = ['finetune', 'pretrain'];
  // The request's largest limit (docs/CONTRACT.md: 1–10000): every evaluated option comes back.
  var ALL_OPTIONS = 10000;
  var TRISTATE = ['', 'on', 'off'];
  function isLlm(c) { return c.task.models[0] === 'llm'; }
  function notFull(c) { return c.st.method !== 'full'; }
  function tts(c) { var m = c.model(); return !!m && m.task === 'tts'; }
  function video(c) { var m = c.model(); return !!m && m.kind === 'video'; }
  // All four degrees blank: the core chooses the layout per option (a pinned layout needs all four).
  function autoPh(c) { return c.t('placeholder_auto'); }
  function sentKey(key, c) { var f = BY_KEY[key]; return !!f && sent(f, c); }
  function modelPh(key) { return function (c) { var m = c.model() || {}; return F.isNum(m[key]) ? String(m[key]) : c.t('placeholder_auto'); }; }

  /* Field properties:
     key      state key (the DOM id is 'gs-' + (id || key))       link   permalink key
     def      default (a string, or function(ctx))               type   num | enum | tri | text | bool | list | model | group
     group    the group field it belongs to (all or none given)  none   label key of the error when a list is empty
     vocab    the core vocabulary list its values come from      values a list of the page's own (UI-only) values
     blank    label key of an extra '' choice ("default")        labels message prefix for a UI-only enum's labels
     to       where it goes: 'workload.prompt_tokens', 'engine', 'filters.max_gpus', 'hardware.count', 'model.layers'
     unit     a number the field is multiplied by (hours, minutes -> seconds); must be above 0
     paths    more JSON Pointers of core errors that belong to it
     tasks    the tabs it belongs to                             hw     'pin' | 'rank': the hardware mode it needs
     src      the model source it needs (llm tabs)               when   function(ctx): further condition
     adv      shown only in the full form (not compact)          always sent even when not shown (its default)
     feat     a feature flag it needs                            required  an empty value is an error
     section  where the form shows it                            label, hint, ph, mode, span: the form's words */
  var FIELDS = [
    { key: 'task', link: 't', def: 'serve', type: 'enum', values: TASKS.map(function (x) { return x.id; }) },
    { key: 'lang', link: 'l', def: 'en', type: 'enum', vocab: 'locales' },
    { key: 'src', link: 's', def: function (c) { return c.pick(['llm'], 'llama-3.1-8b') ? 'preset' : 'custom'; }, type: 'enum', values: ['preset', 'custom', 'hf'] },
    { key: 'model', link: 'm', def: function (c) { return c.pick(['llm'], 'llama-3.1-8b'); }, type: 'model', to: 'model',
      paths: ['/model', '/workload/kind'], when: function (c) { return !c.feat.custom || c.st.src === 'preset'; }, llm: true },
    { key: 'q', def: '', type: 'text' },
    // A Hugging Face Hub id whose config.json the page fetches on request (online, not from file://); not in the link.
    { key: 'hub', def: '', type: 'text' },
    { key: 'hf', link: 'hf', def: '', type: 'text', max: 200000, to: 'hf_config', paths: ['/hf_config', '/model'], feat: 'custom', src: 'hf', llm: true,
      label: 'hf_label', hint: 'hf_hint' },
    // serving
    // Blank: the core serves the model as its checkpoint ships (BF16 for most; gpt-oss FP4, DeepSeek-V3 FP8).
    { key: 'weights', link: 'w', def: '', type: 'enum', vocab: 'weight_formats', blank: 'w_default_serve', to: 'workload.weights', tasks: ['serve'], section: 'workload', label: 'f_weights' },
    { key: 'kv', link: 'kv', def: 'fp16', type: 'enum', vocab: 'kv_formats', to: 'workload.kv_cache', tasks: ['serve'], adv: true, always: true, section: 'workload', label: 'f_kv' },
    { key: 'prompt', link: 'pt', def: '2000', type: 'num', to: 'workload.prompt_tokens', paths: ['/workload/context_tokens'], tasks: ['serve'], section: 'workload', label: 'f_prompt', ph: '1000', hint: 'hint_tokens' },
    { key: 'output', link: 'ot', def: '500', type: 'num', to: 'workload.output_tokens', tasks: ['serve'], section: 'workload', label: 'f_output', ph: '250', hint: 'hint_tokens' },
    // Blank: 1 user, except on pinned hardware, where the core chooses the biggest batch that fits (docs/CONTRACT.md).
    { key: 'conc', link: 'c', def: '8', type: 'num', to: 'workload.concurrency', tasks: ['serve'], section: 'workload', label: 'f_conc', hint: 'hint_conc',
      ph: function (c) { return c.st.hw === 'pin' ? c.t('placeholder_auto') : '1'; } },
    { key: 'engine', link: 'e', def: 'vllm', type: 'enum', vocab: 'engines', to: 'engine', tasks: ['serve'], adv: true, always: true, section: 'workload', label: 'f_engine' },
    { key: 'tps', link: 'tps', def: '', type: 'num', mode: 'decimal', to: 'workload.min_output_tokens_per_s_per_user', tasks: ['serve'], adv: true, section: 'targets', label: 'f_tps' },
    { key: 'ttft', link: 'ttft', def: '', type: 'num', mode: 'decimal', to: 'workload.max_ttft_s', tasks: ['serve'], adv: true, section: 'targets', label: 'f_ttft' },
    // fine-tuning
    { key: 'method', link: 'fm', def: 'lora', type: 'enum', vocab: 'methods', to: 'workload.method', tasks: ['finetune'], section: 'workload', label: 'f_method', span: true },
    { key: 'ft_weights', link: 'fw', def: '', type: 'enum', vocab: 'weight_formats', blank: 'w_default_ft', to: 'workload.weights', tasks: ['finetune'], section: 'workload', label: 'f_ft_weights', span: true },
    { key: 'lora_targets', link: 'lt', def: 'all_linear', type: 'enum', vocab: 'lora_targets', to: 'workload.lora_targets', tasks: ['finetune'], adv: true, when: notFull, section: 'workload', label: 'f_lora_targets', span: true },
    { key: 'lora_rank', link: 'lr', def: '16', type: 'num', to: 'workload.lora_rank', tasks: ['finetune'], when: notFull, section: 'workload', label: 'f_lora_rank', ph: '16' },
    { key: 'epochs', link: 'ep', def: '1', type: 'num', mode: 'decimal', to: 'workload.epochs', tasks: ['finetune'], section: 'workload', label: 'f_epochs', ph: '1' },
    { key: 'dataset_tokens', link: 'dt', def: '', type: 'num', mode: 'decimal', to: 'workload.dataset_tokens', tasks: ['finetune'], section: 'workload', label: 'f_dataset_tokens', ph: '100000000', hint: 'hint_dataset_tokens', span: true },
    { key: 'ft_seq', link: 'fs', def: '2048', type: 'num', to: 'workload.seq_len', tasks: ['finetune'], section: 'workload', label: 'f_seq', ph: '2048', hint: 'hint_seq' },
    { key: 'micro_batch', link: 'mb', def: '1', type: 'num', to: 'workload.micro_batch', tasks: ['finetune'], adv: true, section: 'workload', label: 'f_micro_batch', ph: '1', hint: 'hint_micro_batch' },
    // pretraining
    { key: 'pt_tokens', link: 'ptk', def: '', type: 'num', mode: 'decimal', to: 'workload.tokens', tasks: ['pretrain'], section: 'workload', label: 'f_pt_tokens', ph: function (c) { return c.t('ph_pt_tokens'); }, hint: 'hint_pt_tokens', span: true },
    { key: 'pt_seq', link: 'ps', def: '4096', type: 'num', to: 'workload.seq_len', tasks: ['pretrain'], section: 'workload', label: 'f_seq', ph: '4096', hint: 'hint_seq' },
    // both kinds of training (full form)
    { key: 'optimizer', link: 'op', def: 'adamw', type: 'enum', vocab: 'optimizers', to: 'workload.optimizer', tasks: TRAIN, adv: true, section: 'workload', label: 'f_optimizer' },
    { key: 'precision', link: 'pp', def: 'bf16', type: 'enum', vocab: 'precisions', to: 'workload.precision', tasks: TRAIN, adv: true, section: 'workload', label: 'f_precision' },
    { key: 'sharding', link: 'sh', def: 'auto', type: 'enum', vocab: 'sharding', to: 'workload.sharding', tasks: TRAIN, adv: true, section: 'workload', label: 'f_sharding', hint: 'hint_sharding', span: true },
    { key: 'grad_ckpt', link: 'gc', def: '', type: 'tri', values: ['', 'on', 'selective', 'off'], labels: 'gc_', to: 'workload.grad_checkpointing', tasks: TRAIN, adv: true, section: 'workload', label: 'f_grad_ckpt',
      hint: function (c) { return c.t(c.st.task === 'pretrain' ? 'hint_gc_pretrain' : 'hint_gc'); }, span: true },
    { key: 'offload', link: 'ol', def: '', blank: 'offload_auto', type: 'enum', vocab: 'offload', to: 'workload.offload', tasks: TRAIN, adv: true, section: 'workload', label: 'f_offload', hint: 'hint_offload', span: true },
    { key: 'opt_bwd', link: 'ob', def: '', type: 'tri', labels: 'obw_', to: 'workload.optimizer_in_backward', tasks: TRAIN, adv: true, section: 'workload', label: 'f_opt_bwd', hint: 'hint_opt_bwd' },
    { key: 'act_offload', link: 'ao', def: '', type: 'tri', labels: 'aof_', to: 'workload.activation_offload', tasks: TRAIN, adv: true, section: 'workload', label: 'f_act_offload', hint: 'hint_act_offload' },
    { key: 'fused_loss', link: 'fl', def: '', type: 'tri', labels: 'fl_', to: 'workload.fused_loss', tasks: TRAIN, adv: true, section: 'workload', label: 'f_fused_loss', hint: 'hint_fused_loss' },
    { key: 'ckpt_min', link: 'ck', def: '', type: 'num', mode: 'decimal', unit: 60, to: 'workload.checkpoint_every_s', tasks: TRAIN, adv: true, section: 'workload', label: 'f_ckpt',
      ph: function (c) { return c.t('placeholder_none'); }, hint: 'hint_ckpt' },
    { key: 'deadline_h', link: 'dl', def: '', type: 'num', mode: 'decimal', unit: 3600, to: 'workload.deadline_s', tasks: ['finetune', 'image', 'audio'], adv: true, section: 'targets', label: 'f_deadline', hint: 'hint_deadline', span: true },
    { key: 'pt_deadline_h', link: 'pdl', def: '', type: 'num', mode: 'decimal', unit: 3600, to: 'workload.deadline_s', tasks: ['pretrain'], adv: true, section: 'targets', label: 'f_deadline', hint: 'hint_deadline_pt', span: true,
      ph: function (c) { return c.t('ph_deadline_pt'); } },
    // A pinned parallel layout (training, full form): all four degrees or none; the group takes the core's errors
    // about the layout as a whole (its product against hardware.count, a layout that does not fit the model).
    { key: 'layout', type: 'group', def: '', paths: ['/workload/parallelism'], tasks: TRAIN, adv: true, label: 'f_layout', hint: 'hint_layout' },
    { key: 'par_tp', link: 'ltp', def: '', type: 'num', to: 'workload.parallelism.tensor', tasks: TRAIN, adv: true, group: 'layout', section: 'layout', label: 'f_par_tp', ph: autoPh },
    { key: 'par_pp', link: 'lpp', def: '', type: 'num', to: 'workload.parallelism.pipeline', tasks: TRAIN, adv: true, group: 'layout', section: 'layout', label: 'f_par_pp', ph: autoPh },
    { key: 'par_dp', link: 'ldp', def: '', type: 'num', to: 'workload.parallelism.data', tasks: TRAIN, adv: true, group: 'layout', section: 'layout', label: 'f_par_dp', ph: autoPh },
    { key: 'par_ep', link: 'lep', def: '', type: 'num', to: 'workload.parallelism.expert', tasks: TRAIN, adv: true, group: 'layout', section: 'layout', label: 'f_par_ep', ph: autoPh },
    // image and video
    { key: 'img_model', link: 'im', id: 'model', def: function (c) { return c.pick(['image', 'video'], 'flux.1-dev'); }, type: 'model', to: 'model', paths: ['/model', '/workload/kind'], tasks: ['image'] },
    { key: 'width', link: 'iw', def: '', type: 'num', to: 'workload.width', tasks: ['image'], section: 'workload', label: 'f_width', ph: modelPh('native_width'), hint: 'hint_native' },
    { key: 'height', link: 'ih', def: '', type: 'num', to: 'workload.height', tasks: ['image'], section: 'workload', label: 'f_height', ph: modelPh('native_height'), hint: 'hint_native' },
    { key: 'frames', link: 'if', def: '', type: 'num', to: 'workload.frames', tasks: ['image'], when: video, section: 'workload', label: 'f_frames', ph: modelPh('default_frames'),
      hint: function (c) { var m = c.model() || {}; return F.isNum(m.default_frames) && F.isNum(m.fps) ? c.t('hint_frames', { fps: c.fmt.int(m.fps), s: c.fmt.num(m.default_frames / m.fps, 1) }) : c.t('hint_native'); } },
    { key: 'steps', link: 'is', def: '', type: 'num', to: 'workload.steps', tasks: ['image'], section: 'workload', label: 'f_steps', ph: modelPh('default_steps'), hint: 'hint_steps' },
    // Blank: one batch (docs/CONTRACT.md: images defaults to batch), so the placeholder is the batch field's value.
    { key: 'images', link: 'ni', def: '100', type: 'num', to: 'workload.images', tasks: ['image'], section: 'workload', label: function (c) { return c.t(video(c) ? 'f_clips' : 'f_images'); },
      ph: function (c) { var b = F.parseNum(String(c.st.img_batch || '').trim()); return b !== null && b > 0 && sentKey('img_batch', c) ? String(b) : '1'; }, hint: 'hint_images' },
    { key: 'img_batch', link: 'ib', def: '', type: 'num', to: 'workload.batch', tasks: ['image'], adv: true, section: 'workload', label: 'f_img_batch', ph: '1', hint: 'hint_img_batch' },
    { key: 'guidance', link: 'gd', def: '', type: 'tri', labels: 'guid_', to: 'workload.guidance', tasks: ['image'], adv: true, section: 'workload', label: 'f_guidance', span: true,
      hint: function (c) { return c.t((c.model() || {}).guidance_distilled ? 'hint_guidance_distilled' : 'hint_guidance'); } },
    // How the media pipeline runs (image, video and audio): eager PyTorch, compiled (torch.compile, CTranslate2) or
    // TensorRT; blank: the core's default (eager).
    { key: 'runtime', link: 'rt', def: '', blank: 'runtime_auto', type: 'enum', vocab: 'media_runtimes', to: 'workload.runtime', tasks: ['image', 'audio'], adv: true, section: 'workload', label: 'f_runtime', hint: 'hint_runtime', span: true },
    { key: 'img_weights', link: 'iwf', def: '', type: 'enum', vocab: 'weight_formats', blank: 'w_default', to: 'workload.weights', tasks: ['image'], section: 'workload', label: 'f_weights' },
    // audio
    { key: 'audio_model', link: 'am', id: 'model', def: function (c) { return c.pick(['audio'], 'whisper-large-v3'); }, type: 'model', to: 'model', paths: ['/model', '/workload/kind'], tasks: ['audio'] },
    { key: 'audio_seconds', link: 'as', def: '3600', type: 'num', mode: 'decimal', to: 'workload.audio_seconds', tasks: ['audio'], section: 'workload',
      label: function (c) { return c.t((c.model() || {}).task === 'tts' ? 'f_audio_tts' : 'f_audio_stt'); }, ph: '60', hint: 'hint_audio_seconds', span: true },
    // Solver steps (NFE) of a flow-matching text-to-speech model; transcription has none.
    { key: 'audio_steps', link: 'ast', def: '', type: 'num', to: 'workload.steps', tasks: ['audio'], when: tts, section: 'workload', label: 'f_tts_steps', ph: modelPh('default_steps'), hint: 'hint_tts_steps' },
    { key: 'audio_batch', link: 'ab', def: '', type: 'num', to: 'workload.batch', tasks: ['audio'], adv: true, section: 'workload', label: 'f_audio_batch', ph: '1', hint: 'hint_audio_batch' },
    { key: 'audio_weights', link: 'aw', def: '', type: 'enum', vocab: 'weight_formats', blank: 'w_default', to: 'workload.weights', tasks: ['audio'], section: 'workload', label: 'f_weights' },
    // hardware
    { key: 'hw', link: 'hw', def: 'rank', type: 'enum', values: ['rank', 'pin'] },
    { key: 'gpu', link: 'g', def: function (c) { return c.view.gpu['h100-sxm'] ? 'h100-sxm' : (c.view.gpus[0] ? c.view.gpus[0].id : ''); }, type: 'text', to: 'hardware.gpu', paths: ['/hardware'], hw: 'pin', label: 'f_gpu', span: true },
    { key: 'count', link: 'n', def: '1', type: 'num', to: 'hardware.count', hw: 'pin', section: 'pin', label: 'f_count', ph: '1' },
    { key: 'providers', link: 'pv', def: null, type: 'list', to: 'filters.providers', hw: 'rank', feat: 'providers' },
    // The provider tiers to rank (the core's vocabulary().tiers); null: all, and then nothing is sent.
    { key: 'tiers', link: 'ti', def: null, type: 'list', vocab: 'tiers', to: 'filters.tiers', hw: 'rank', section: 'rank', label: 'f_tiers', hint: 'hint_tiers', none: 'tiers_none', span: true },
    { key: 'pricing', link: 'pr', def: 'on_demand', type: 'enum', vocab: 'pricing', omit: ['reserved'], to: 'filters.pricing', hw: 'rank', section: 'rank', label: 'f_pricing' },
    { key: 'order', link: 'or', def: 'best', type: 'enum', vocab: 'order', to: 'order', hw: 'rank', adv: true, section: 'rank', label: 'f_order', hint: 'hint_order' },
    { key: 'maxg', link: 'mg', def: '', type: 'num', to: 'filters.max_gpus', hw: 'rank', adv: true, section: 'rank', label: 'f_maxg' },
    { key: 'maxusd', link: 'mu', def: '', type: 'num', mode: 'decimal', to: 'filters.max_usd_per_hour', hw: 'rank', adv: true, section: 'rank', label: 'f_maxusd' },
    // the options table
    { key: 'sort', link: 'so', def: '', type: 'text' },
    { key: 'dir', link: 'sd', def: 'asc', type: 'enum', values: ['asc', 'desc'] },
    { key: 'filt', link: 'f', def: '', type: 'text' },
    { key: 'fitonly', link: 'fo', def: false, type: 'bool' },
    { key: 'fgpu', link: 'fg', def: '', type: 'text' },
    { key: 'limit', link: 'lim', def: function (c) { return c.compact ? '5' : '25'; }, type: 'int', min: 1, max: 1000 }
  ];
  // A custom language-model architecture: one field per number of ModelArchitecture. (kv_heads was 'ck' in the
  // old page, the same key as the checkpoint interval, so that each link overwrote the other.)
  [['params_b', 'cp', 'decimal'], ['layers', 'cl'], ['hidden', 'ch'], ['heads', 'cn'], ['kv_heads', 'ckv'], ['head_dim', 'cd'], ['vocab', 'cv'], ['max_context', 'cx']]
    .forEach(function (c) {
      FIELDS.push({ key: 'c_' + c[0], link: c[1], def: c[0] === 'params_b' ? '8' : '', type: 'num', mode: c[2], to: 'model.' + c[0],
        paths: c[0] === 'params_b' ? ['/model'] : null, required: c[0] === 'params_b', src: 'custom', feat: 'custom', llm: true, section: 'custom',
        label: 'f_' + c[0], ph: c[0] === 'params_b' ? null : function (x) { return x.t('placeholder_auto'); } });
    });
  var BY_KEY = {};
  FIELDS.forEach(function (f) { BY_KEY[f.key] = f; f.id = 'gs-' + (f.id || f.key); f.ptr = f.to ? '/' + f.to.replace(/\./g, '/') : null; });

  /* ctx: { st, task (a TASKS entry), feat, view (catalog index), voc (vocabulary), t, fmt, compact, model(), pick() } */
  function taskOf(id) { return TASKS.filter(function (x) { return x.id === id; })[0] || TASKS[0]; }
  // Whether a field belongs to the current task, hardware mode, model source and features (shown or not).
  function belongs(f, c) {
    if (f.tasks && f.tasks.indexOf(c.st.task) < 0) return false;
    if (f.llm && !isLlm(c)) return false;
    if (f.feat && !c.feat[f.feat]) return false;
    return true;
  }
  function applies(f, c) {
    if (!belongs(f, c)) return false;
    if (f.hw && c.st.hw !== f.hw) return false;
    if (f.src && c.st.src !== f.src) return false;
    if (f.when && !f.when(c)) return false;
    return true;
  }
  // In the form now (not hidden): applies, and the full form if it needs one.
  function shown(f, c) { return applies(f, c) && (!f.adv || c.feat.advanced); }
  // Sent in the request: shown, or a value the core needs even when the compact form hides it.
  function sent(f, c) { return applies(f, c) && (!f.adv || c.feat.advanced || f.always); }

  // The allowed values of an enum field ('' first when it has a blank choice); null: any string.
  function values(f, voc) {
    // A tri field may list a third choice between on and off (grad_checkpointing's 'selective', sent as the word).
    var list = f.vocab ? V.ids(voc, f.vocab) : f.values || (f.type === 'tri' ? TRISTATE : null);
    // `omit`: ids of the list that are not request values (pricing 'reserved' is what an option reports).
    if (list && f.omit) list = list.filter(function (v) { return f.omit.indexOf(v) < 0; });
    // Without the core's vocabulary the page keeps no list of its own, not even the blank choice.
    return list && list.length && f.blank ? [''].concat(list) : list;
  }
  // [[value, label], …] for its select, in the language of the page.
  function choices(f, c) {
    var out;
    if (f.vocab) out = V.options(c.voc, f.vocab, c.st.lang).filter(function (o) { return !f.omit || f.omit.indexOf(o[0]) < 0; });
    else out = values(f, c.voc).map(function (v) { return [v, c.t((f.labels || '') + (v || 'default'))]; });
    if (f.blank) out = [['', c.t(f.blank)]].concat(out);
    return out;
  }
  function text(c, v) { return typeof v === 'function' ? v(c) : v ? c.t(v) : null; }
  function label(f, c) { return text(c, f.label); }
  function hint(f, c) { return text(c, f.hint); }
  function placeholder(f, c) { return typeof f.ph === 'function' ? f.ph(c) : f.ph || null; }

  function defaults(c) {
    var d = {};
    FIELDS.forEach(function (f) { d[f.key] = typeof f.def === 'function' ? f.def(c) : f.def; });
    return d;
  }

  // ---------------------------------------------------------------- permalink
  function serialize(st, defs) {
    var p = new URLSearchParams();
    FIELDS.forEach(function (f) {
      if (!f.link) return;
      var v = st[f.key];
      if (f.type === 'bool') { if (v) p.set(f.link, '1'); return; }
      if (f.type === 'list') { if (v) p.set(f.link, v.length ? v.join(',') : '-'); return; }
      if (v !== undefined && v !== null && String(v) !== String(defs[f.key])) p.set(f.link, String(v));
    });
    return p.toString();
  }
  // Applies the hash's values field by field; a value a field cannot take is ignored.
  function applyLink(st, p, voc) {
    if (typeof p === 'string') p = new URLSearchParams(p);
    FIELDS.forEach(function (f) {
      if (!f.link || !p.has(f.link)) return;
      var v = String(p.get(f.link));
      if (f.type === 'bool') { st[f.key] = v === '1'; return; }
      if (f.type === 'list') {
        var items = v === '-' ? [] : v.split(',').filter(Boolean).slice(0, 500);
        if (f.vocab) { var known = values(f, voc); items = items.filter(function (x) { return known.indexOf(x) >= 0; }); if (v !== '-' && !items.length) return; }
        st[f.key] = items;
        return;
      }
      v = v.slice(0, f.max || 200);
      var allowed = f.type === 'enum' || f.type === 'tri' ? values(f, voc) : null;
      if (allowed && allowed.indexOf(v) < 0) return;
      if (f.type === 'int') { var n = parseInt(v, 10); if (!(n >= f.min && n <= f.max)) return; v = String(n); }
      st[f.key] = v;
    });
  }

  // ---------------------------------------------------------------- request
  function put(obj, path, v) {
    var parts = path.split('.');
    for (var i = 0; i < parts.length - 1; i++) {
      if (!F.isObj(obj[parts[i]])) obj[parts[i]] = {};
      obj = obj[parts[i]];
    }
    obj[parts[parts.length - 1]] = v;
  }
  function buildRequest(c) {
    var errs = [], st = c.st, task = c.task;
    // The full page asks for every option (the table filters, sorts, charts and exports all that were evaluated;
    // its limit is how many rows it shows); the compact widget asks for the few it shows.
    var req = { workload: { kind: task.id === 'image' && video(c) ? 'video' : task.kind }, locale: st.lang,
      limit: c.feat && c.feat.tableTools ? ALL_OPTIONS : parseInt(st.limit, 10) || 25 };
    function err(f, key, params) { errs.push({ field: f.key, message: c.t(key, params) }); }
    FIELDS.forEach(function (f) {
      if (!f.to || !sent(f, c)) return;
      var raw = st[f.key];
      if (f.type === 'num') {
        raw = String(raw || '').trim();
        if (!raw) { if (f.required) err(f, 'err_required'); return; }
        var v = F.parseNum(raw);
        if (v === null) { err(f, 'err_number_forms'); return; } // what it accepts, so the fix is plain
        if (f.unit) { if (!(v > 0)) { err(f, 'err_positive'); return; } v *= f.unit; }
        put(req, f.to, v);
      } else if (f.type === 'tri') {
        if (raw === 'on') put(req, f.to, true); else if (raw === 'off') put(req, f.to, false);
        else if (raw && f.values && f.values.indexOf(raw) >= 0) put(req, f.to, raw);
      } else if (f.type === 'list') {
        if (!raw) return;
        // A vocabulary list with every id chosen is the same as none given: nothing is sent.
        if (f.vocab && values(f, c.voc).every(function (x) { return raw.indexOf(x) >= 0; })) return;
        if (!raw.length) err(f, f.none || 'providers_none'); else put(req, f.to, raw.slice());
      } else if (f.key === 'hf') {
        var t = String(raw || '').trim(), cfg;
        if (!t) { err(f, 'hf_empty'); return; }
        try { cfg = JSON.parse(t); } catch (e) { err(f, 'hf_bad', { msg: e.message }); return; }
        if (!F.isObj(cfg)) { err(f, 'hf_not_object'); return; }
        put(req, f.to, cfg);
      } else if (f.type === 'model') {
        if (!raw) { err(f, 'no_presets_kind'); return; }
        put(req, f.to, raw);
      } else if (raw !== '' && raw !== undefined && raw !== null) put(req, f.to, raw);
    });
    // A group (the pinned layout) is all or nothing: with some of its fields given, each blank one says so.
    FIELDS.forEach(function (g) {
      if (g.type !== 'group' || !sent(g, c)) return;
      var members = FIELDS.filter(function (f) { return f.group === g.key && sent(f, c); });
      var blank = members.filter(function (f) { return !String(st[f.key] || '').trim(); });
      if (blank.length && blank.length < members.length) blank.forEach(function (f) { err(f, 'err_group_all'); });
    });
    // A custom architecture with nothing typed still sends a model (the core says what is missing).
    if (isLlm(c) && c.feat.custom && st.src === 'custom' && !F.isObj(req.model)) req.model = {};
    return { request: req, errors: errs };
  }

  // The field a core issue (JSON Pointer path) belongs to, among those shown now; null: a general issue.
  var BY_PTR = [];
  FIELDS.forEach(function (f) {
    if (f.ptr) BY_PTR.push([f.ptr, f]);
    (f.paths || []).forEach(function (p) { BY_PTR.push([p, f]); });
  });
  BY_PTR.sort(function (a, b) { return b[0].length - a[0].length; });
  function fieldForPath(path, c) {
    var p = String(path || '');
    for (var i = 0; i < BY_PTR.length; i++) {
      var k = BY_PTR[i][0], f = BY_PTR[i][1];
      if ((p === k || p.indexOf(k + '/') === 0) && shown(f, c)) return f.key;
    }
    return null;
  }

  // A field's name for a problem that names it (the banner): its label, else the words its box shows.
  var NAMES = { model: 'model_preset', img_model: 'model_preset', audio_model: 'model_preset', q: 'model_search', providers: 'f_providers', hw: 'hw_mode', src: 'model_source' };
  function fieldName(name, c) {
    var f = BY_KEY[name];
    var l = f ? label(f, c) : null;
    return l || c.t(NAMES[name] || 'f_' + name);
  }

  UI.fields = { fieldName: fieldName, TASKS: TASKS, FIELDS: FIELDS, get: function (k) { return BY_KEY[k]; }, taskOf: taskOf, belongs: belongs, applies: applies,
    shown: shown, sent: sent, values: values, choices: choices, label: label, hint: hint, placeholder: placeholder, defaults: defaults,
    serialize: serialize, applyLink: applyLink, buildRequest: buildRequest, fieldForPath: fieldForPath };
})(GpuSizerUI);

/* gpu-sizer UI: reading numbers people type and writing numbers, dates and money for a locale. */
(function (UI) {
  'use strict';
  function isNum(v) { return typeof v === 'number' && isFinite(v); }
  function isObj(v) { return v !== null && typeof v === 'object' && !Array.isArray(v); }

  // Numbers typed by people: Arabic-Indic and Persian digits, the Arabic decimal and thousands separators (٫ ٬),
  // spaces of any width (thin, no-break), grouping commas (1,000,000: groups of three only, so "1,5" is refused,
  // not read as 15), e-notation (5e7) and a scale word people write for token and sample counts (2k, 50M, 0.05B,
  // 1.5 bn, 3 مليون). "m" is million here, never milli: no field of the form takes thousandths with a suffix.
  var SCALE = { k: 1e3, thousand: 1e3, 'ألف': 1e3, 'الف': 1e3, m: 1e6, mn: 1e6, million: 1e6, 'مليون': 1e6,
    b: 1e9, g: 1e9, bn: 1e9, billion: 1e9, 'مليار': 1e9, t: 1e12, trillion: 1e12, 'تريليون': 1e12 };
  function parseNum(raw) {
    var t = String(raw === undefined || raw === null ? '' : raw)
      .replace(/[\u0660-\u0669]/g, function (d) { return String(d.charCodeAt(0) - 0x660); })
      .replace(/[\u06F0-\u06F9]/g, function (d) { return String(d.charCodeAt(0) - 0x6F0); })
      .replace(/[\u200E\u200F\u061C\u2066-\u2069\u202A-\u202E]/g, '') // bidi marks pasted with Arabic text
      .replace(/\u066B/g, '.').replace(/[\u066C\s\u00A0\u2000-\u200B\u202F\u205F\u3000_']/g, '').replace(/[\u2212\u2013]/g, '-')
      .toLowerCase();
    var m = /^([-+]?)([\d,]*\.?\d*)(e[-+]?\d+)?([a-z\u0600-\u06FF]*)$/.exec(t);
    if (!m || !/\d/.test(m[2])) return null;
    var mant = m[2];
    if (mant.indexOf(',') >= 0) {
      // Thousands separators only: 1,000 and 12,345.6, never 1,5 or 1,,000.
      if (!/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(mant)) return null;
      mant = mant.replace(/,/g, '');
    }
    if (!/^(\d+\.?\d*|\.\d+)$/.test(mant)) return null;
    var scale = 1;
    if (m[4]) {
      if (m[3] || !Object.prototype.hasOwnProperty.call(SCALE, m[4])) return null;
      scale = SCALE[m[4]];
    }
    var v = Number(m[1] + mant + (m[3] || '')) * scale;
    // 0.05 × 1e9 is 50000000.000000007 in binary; round to the digits typed so that 0.05B is exactly 5e7.
    if (scale > 1 && isFinite(v)) v = Number(v.toPrecision(15));
    return isFinite(v) ? v : null;
  }
  // Search words: case, accents, Arabic diacritics and tatweel, punctuation and digit script do not matter.
  function searchText(v) {
    return String(v === undefined || v === null ? '' : v).normalize('NFKD').toLowerCase()
      .replace(/[\u0660-\u0669]/g, function (d) { return String(d.charCodeAt(0) - 0x660); })
      .replace(/[\u06F0-\u06F9]/g, function (d) { return String(d.charCodeAt(0) - 0x6F0); })
      .replace(/[\u0300-\u036F\u064B-\u065F\u0670\u0640]/g, '')
      .replace(/[\u0622\u0623\u0625]/g, '\u0627')
      .replace(/[^0-9a-z\u0600-\u06FF]+/g, ' ').trim();
  }
  // Whether every word of a query is in one of the texts, in any order ("llama 70" finds "Llama 3.1 70B"); a word
  // may also match across the texts' spaces and punctuation ("llama3" finds "Llama 3.1"). An empty query matches.
  function matchWords(query, texts) {
    var words = searchText(query).split(' ').filter(Boolean);
    if (!words.length) return true;
    var hay = texts.map(searchText).join(' ');
    var tight = hay.replace(/ /g, '');
    return words.every(function (w) { return hay.indexOf(w) >= 0 || tight.indexOf(w) >= 0; });
  }
  function parseDate(iso) {
    var m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(iso || ''));
    if (!m) return null;
    var d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
    return isNaN(d.getTime()) ? null : d;
  }
  // Whole days from an ISO date to now; null for a missing or malformed date.
  function ageDays(iso, now) {
    var d = parseDate(iso);
    return d ? Math.floor(((now === undefined ? Date.now() : now) - d.getTime()) / 86400000) : null;
  }

  // Digits shown for each figure; the table, the CSV and the cards use the same rules.
  var digits = {
    tps: function (v) { return v >= 100 ? 0 : 1; },
    ttft: function (v) { return v < 0.1 ? 3 : v < 10 ? 2 : 1; },
    usdM: function (v) { return v < 1 ? 3 : 2; },
    usdTotal: function (v) { return v < 0.01 ? 4 : v < 1 ? 3 : v < 1000 ? 2 : 0; },
    hours: function (v) { return v < 1 ? 2 : v < 100 ? 1 : 0; },
    rtf: function (v) { return v < 0.01 ? 4 : v < 1 ? 3 : 2; },
    perHour: function (v) { return v < 10 ? 1 : 0; }
  };

  // One formatter set per language for the page's life: each render asks for one, and an Intl formatter costs far
  // more to make than to use.
  var fmts = {};
  function makeFmt(lang) { return fmts[lang] || (fmts[lang] = buildFmt(lang)); }
  // Names sorted the way people read them ("H100" after "H20"): one collator, not one per comparison.
  var collator = typeof Intl !== 'undefined' && Intl.Collator ? new Intl.Collator('en', { numeric: true }) : null;
  function byText(x, y) { x = String(x); y = String(y); return collator ? collator.compare(x, y) : x < y ? -1 : x > y ? 1 : 0; }
  // English numbers without Intl (issue 16: a page's first Intl.NumberFormat costs 20-50 ms in Chromium, loading
  // ICU's locale data, on the way to the first result). What ICU writes for en-US with fraction digits only: the
  // number's shortest decimal form (String(v)) rounded half away from zero at the maximum digits, trailing zeros
  // down to the minimum dropped, the integer part grouped by threes with ','. Anything else (-0, below 1e-6 or from
  // 1e21, where String(v) has an exponent; not finite; other options) goes to Intl, made when first needed.
  // tests/js/format.test.js compares the two.
  var MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  // en-GB's medium month names as ICU writes them ("Sept", four letters).
  var MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
  var MONTHS_AR = ['\u064a\u0646\u0627\u064a\u0631', '\u0641\u0628\u0631\u0627\u064a\u0631', '\u0645\u0627\u0631\u0633', '\u0623\u0628\u0631\u064a\u0644', '\u0645\u0627\u064a\u0648', '\u064a\u0648\u0646\u064a\u0648',
    '\u064a\u0648\u0644\u064a\u0648', '\u0623\u063a\u0633\u0637\u0633', '\u0633\u0628\u062a\u0645\u0628\u0631', '\u0623\u0643\u062a\u0648\u0628\u0631', '\u0646\u0648\u0641\u0645\u0628\u0631', '\u062f\u064a\u0633\u0645\u0628\u0631'];
  function pad2(n) { return n < 10 ? '0' + n : String(n); }
  function plainEn(o) {
    var min = o.minimumFractionDigits || 0;
    var max = o.maximumFractionDigits !== undefined ? o.maximumFractionDigits : Math.max(min, 3);
    var real = null;
    return { format: function (v) {
      var a = Math.abs(v);
      if (typeof v !== 'number' || !(a >= 1e-6 && a < 1e21 || v === 0 && 1 / v > 0)) {
        return (real || (real = new Intl.NumberFormat('en-US', o))).format(v);
      }
      var s = String(a), dot = s.indexOf('.');
      var whole = dot < 0 ? s : s.slice(0, dot), frac = dot < 0 ? '' : s.slice(dot + 1);
      var digits = whole + frac.slice(0, max), n = digits.length;
      if (frac.length > max && frac.charAt(max) >= '5') {
        // Round up: carry through the nines.
        var k = n - 1;
        while (k >= 0 && digits.charAt(k) === '9') k--;
        digits = (k < 0 ? '1' : digits.slice(0, k) + String(+digits.charAt(k) + 1)) + '000000000000000000000'.slice(0, n - 1 - k);
      }
      var cut = digits.length - Math.min(max, frac.length);
      var intPart = digits.slice(0, cut) || '0', fr = digits.slice(cut);
      while (fr.length < min) fr += '0';
      while (fr.length > min && fr.charAt(fr.length - 1) === '0') fr = fr.slice(0, -1);
      var out = '', i;
      for (i = intPart.length; i > 3; i -= 3) out = ',' + intPart.slice(i - 3, i) + out;
      out = intPart.slice(0, i) + out + (fr ? '.' + fr : '');
      // A negative number that rounds to zero is "-0" in ICU too.
      return v < 0 ? '-' + out : out;
    } };
  }
  function buildFmt(lang) {
    var loc = lang === 'ar' ? 'ar-u-nu-latn' : 'en-US';
    var cache = {};
    function df(style) { return cache['d' + style] || (cache['d' + style] = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en-GB', { dateStyle: style, timeZone: 'UTC' })); }
    function nf(key, o) {
      var plain = lang !== 'ar' && Object.keys(o).every(function (k) { return k === 'minimumFractionDigits' || k === 'maximumFractionDigits'; });
      return cache[key] || (cache[key] = plain ? plainEn(o) : new Intl.NumberFormat(loc, o));
    }
    return {
      locale: loc,
      fixed: function (v, d) { return nf('f' + d, { minimumFractionDigits: d, maximumFractionDigits: d }).format(v); },
      num: function (v, maxD) { return nf('n' + maxD, { maximumFractionDigits: maxD === undefined ? 2 : maxD }).format(v); },
      sig: function (v, d) { return nf('s' + d, { maximumSignificantDigits: d || 4 }).format(v); },
      int: function (v) { return nf('i', { maximumFractionDigits: 0 }).format(v); },
      usd: function (v, d) {
        // Arabic CLDR writes "3.29 US$", which a right-to-left line scrambles; a left-to-right isolate keeps "$3.29".
        if (lang === 'ar') return '\u2066$' + nf('f' + d, { minimumFractionDigits: d, maximumFractionDigits: d }).format(v) + '\u2069';
        // en-US's narrow-symbol dollars are "$" before the same digits (a negative one: "-$3.29", left to Intl).
        if ((v > 0 || (v === 0 && 1 / v > 0)) && v < 1e21) return '$' + nf('f' + d, { minimumFractionDigits: d, maximumFractionDigits: d }).format(v);
        return nf('u' + d, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: d, maximumFractionDigits: d }).format(v);
      },
      // GB (10⁹ bytes) in both languages: the core's Arabic answers (guidance, reasons, warnings), the GPU names
      // ("H100 80GB") and datasheets all write "GB", so the Arabic page does too rather than CLDR's "غ.ب" beside
      // them. In Arabic a left-to-right isolate keeps "24.0 GB" in that order inside a right-to-left line.
      gb: function (bytes) {
        var v = bytes / 1e9;
        var d = v < 1 ? 2 : v < 100 ? 1 : 0;
        var n = nf('f' + d, { minimumFractionDigits: d, maximumFractionDigits: d }).format(v);
        return lang === 'ar' ? '\u2066' + n + ' GB\u2069' : n + ' GB';
      },
      gib: function (gib) { return nf('gib', { maximumFractionDigits: 0 }).format(gib) + ' GiB'; },
      date: function (iso) {
        var d = parseDate(iso);
        if (!d) return String(iso || '');
        // en-GB's long date is "1 December 2026" (day, month name, year), ar-u-nu-latn's "1 ديسمبر 2026": written
        // here, no DateTimeFormat to make (a page's first one costs 30-110 ms in Chromium, loading ICU's data).
        var y = d.getUTCFullYear();
        if (y >= 1000) return d.getUTCDate() + ' ' + (lang === 'ar' ? MONTHS_AR : MONTHS)[d.getUTCMonth()] + ' ' + y;
        return df('long').format(d);
      },
      // The price dates beside every price (the table, the card, the CSV): en-GB's medium "5 Dec 2026"; ar-u-nu-latn's
      // "05/12/2026" with a right-to-left mark after the day and the month, as ICU writes them. Written here for the
      // same reason; tests/js/format.test.js compares both with Intl.
      shortDate: function (iso) {
        var d = parseDate(iso);
        if (!d) return String(iso || '');
        var y = d.getUTCFullYear();
        if (y >= 1000 && lang === 'ar') return pad2(d.getUTCDate()) + '\u200f/' + pad2(d.getUTCMonth() + 1) + '\u200f/' + y;
        if (y >= 1000) return d.getUTCDate() + ' ' + MONTHS_SHORT[d.getUTCMonth()] + ' ' + y;
        return df('medium').format(d);
      },
      duration: function (sec) {
        if (sec >= 3600 && sec % 3600 === 0) return nf('i', {}).format(sec / 3600) + (lang === 'ar' ? ' ساعة' : ' h');
        if (sec >= 60 && sec % 60 === 0) return nf('i', {}).format(sec / 60) + (lang === 'ar' ? ' دقيقة' : ' min');
        return nf('i', {}).format(sec) + (lang === 'ar' ? ' ث' : ' s');
      }
    };
  }
  // Plain-number form for the CSV: same digits as shown, no grouping, '.' decimal.
  var csvNf = {};
  function csvFixed(v, d) {
    return (csvNf[d] || (csvNf[d] = new Intl.NumberFormat('en-US', { useGrouping: false, minimumFractionDigits: d, maximumFractionDigits: d }))).format(v);
  }
  function csvCell(v) {
    var t = String(v === undefined || v === null ? '' : v);
    return /[",\n\r]/.test(t) ? '"' + t.replace(/"/g, '""') + '"' : t;
  }
  function niceStep(raw) {
    if (!(raw > 0)) return 1;
    var p = Math.pow(10, Math.floor(Math.log10(raw)));
    var f = raw / p;
    return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
  }

  // An <option>'s label in a right-to-left page (issue 32: wrapped Arabic labels scrambled their parentheses). An
  // option holds text only (no <bdi>), so each Latin run (a name, a figure with its unit, a bracketed aside) is put in
  // a first-strong isolate (U+2068 … U+2069) and laid out as one left-to-right unit wherever the line wraps. A run
  // takes its brackets only as balanced pairs: an unmatched bracket stays outside and is resolved with the Arabic
  // around it. Left-to-right pages get the text unchanged.
  var LATIN_RUN = /[A-Za-z0-9(\u2066-\u2068][A-Za-z0-9 .,:;/%+_×·()'&\u2066-\u2069-]*/g;
  function isolateRun(run) {
    var lead = '', tail = '';
    var m = /[\s.,:;·-]+$/.exec(run);
    if (m) { tail = m[0]; run = run.slice(0, m.index); }
    // Drop unmatched brackets from the ends (they belong to the sentence around the run), then split at any left.
    for (;;) {
      var depth = 0, bad = -1;
      for (var i = 0; i < run.length; i++) {
        if (run[i] === '(') depth++;
        else if (run[i] === ')') { if (depth === 0) { bad = i; break; } depth--; }
      }
      if (bad < 0 && depth > 0) bad = run.lastIndexOf('(');
      if (bad < 0) break;
      if (bad === 0) { lead += run[0]; run = run.slice(1); continue; }
      if (bad === run.length - 1) { tail = run[bad] + tail; run = run.slice(0, bad); continue; }
      return isolateRun(run.slice(0, bad)) + run[bad] + isolateRun(run.slice(bad + 1)) + tail;
    }
    var t = /[\s.,:;·-]+$/.exec(run);
    if (t) { tail = t[0] + tail; run = run.slice(0, t.index); }
    return lead + (/[A-Za-z0-9]/.test(run) ? '\u2068' + run + '\u2069' : run) + tail;
  }
  function optionLabel(text, lang) {
    text = String(text);
    if (lang !== 'ar' || !/[A-Za-z0-9]/.test(text)) return text;
    return text.replace(LATIN_RUN, isolateRun);
  }

  UI.format = { optionLabel: optionLabel, isNum: isNum, isObj: isObj, parseNum: parseNum, searchText: searchText, matchWords: matchWords, parseDate: parseDate, ageDays: ageDays, digits: digits,
    makeFmt: makeFmt, byText: byText, csvFixed: csvFixed, csvCell: csvCell, niceStep: niceStep };
  UI.parseNum = parseNum;
})(GpuSizerUI);

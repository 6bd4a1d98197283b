'use strict';
// Catalog validation in JS: JSON Schema (catalog/schema.json, via ajv) plus the cross-reference rules a
// schema cannot express. Errors are { code, path, message } with `path` a JSON Pointer into the merged
// catalog object, the same shape `gpu-sizer validate-catalog` prints. Codes are listed in
// tests/catalog/README.md.

const fs = require('fs');
const path = require('path');
const Ajv = require('ajv');

const ROOT = path.resolve(__dirname, '..', '..');
const CATALOG_DIR = path.join(ROOT, 'catalog');
const SECTIONS = ['gpus', 'providers', 'offerings', 'models'];

let compiled = null;
function schemaValidator() {
  if (!compiled) {
    const schema = JSON.parse(fs.readFileSync(path.join(CATALOG_DIR, 'schema.json'), 'utf8'));
    const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
    compiled = ajv.compile(schema);
  }
  return compiled;
}

function escapePointer(token) {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

const CODE_BY_KEYWORD = {
  required: 'missing_field',
  minLength: 'missing_field', // an empty name or source counts as missing
  type: 'invalid_type',
  minimum: 'out_of_range',
  maximum: 'out_of_range',
  exclusiveMinimum: 'out_of_range',
  exclusiveMaximum: 'out_of_range',
  minItems: 'out_of_range',
  enum: 'unknown_value',
  const: 'unknown_value',
  pattern: 'invalid_format',
};

// One ajv error -> { code, path } in the vocabulary the C++ validator uses (tests/catalog/README.md).
function classify(e) {
  let p = e.instancePath;
  if (e.keyword === 'required') p += '/' + escapePointer(e.params.missingProperty);
  const underThen = /(^|\/)then\//.test(e.schemaPath.replace(/^#\//, ''));
  if (underThen && /^\/offerings\/\d+\/spot_usd_per_hour$/.test(p)) {
    return { code: 'missing_price', path: p.replace(/spot_usd_per_hour$/, 'usd_per_hour'),
      message: 'an offering needs usd_per_hour or spot_usd_per_hour' };
  }
  if (underThen && /\/tflops\/fp16$/.test(p)) {
    return { code: 'missing_field', path: p.replace(/fp16$/, 'bf16'),
      message: 'a GPU needs its 16-bit tensor rate: tflops.bf16 or tflops.fp16' };
  }
  let code = CODE_BY_KEYWORD[e.keyword] || 'invalid';
  if (code === 'unknown_value' && /\/billing\/granularity_s$/.test(p)) code = 'unknown_billing_unit';
  if (code === 'invalid_format' && /((^|\/|_)as_of|\/price_seen|\/fx_date)$/.test(p)) code = 'invalid_date';
  // anyOf: a date-or-null that is neither (price_as_of), or a commitment with none of its three prices.
  if (e.keyword === 'anyOf' && /(^|\/|_)as_of$/.test(p)) {
    return { code: 'invalid_date', path: p, message: 'must be a date written YYYY-MM-DD (or null)' };
  }
  if (e.keyword === 'anyOf' && /\/commitments\/\d+$/.test(p)) {
    return { code: 'missing_price', path: `${p}/usd_per_hour`, message: 'a commitment needs usd_per_hour, usd_per_gpu_hour or discount_fraction' };
  }
  const message = e.keyword === 'required' ? `missing required field "${e.params.missingProperty}"`
    : e.keyword === 'enum' ? `${e.message}: ${JSON.stringify(e.params.allowedValues)}`
      : e.keyword === 'minLength' ? 'must not be empty'
        : e.message;
  return { code, path: p, message };
}

// Schema errors, one per (path, code). `if` errors only wrap the `then` error beneath them, and a
// value of the wrong type is reported once (not again for its range or enum).
function schemaErrors(doc) {
  const validate = schemaValidator();
  if (validate(doc)) return [];
  // The branches of an anyOf report only through the anyOf itself (classify names it).
  const all = validate.errors.filter((e) => e.keyword !== 'if' && !/\/anyOf\/\d+\//.test(e.schemaPath)).map(classify);
  const typed = new Set(all.filter((e) => e.code === 'invalid_type').map((e) => e.path));
  const out = [];
  const seen = new Set();
  for (const e of all) {
    if (typed.has(e.path) && e.code !== 'invalid_type') continue;
    const key = e.path + ' ' + e.code;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
  }
  return out;
}

function idsOf(list) {
  const s = new Set();
  for (const x of Array.isArray(list) ? list : []) if (x && typeof x.id === 'string') s.add(x.id);
  return s;
}

// Every error of a document: the JSON Schema's and the C++ validator's (see checkCatalog).
function validateCatalog(doc, reference) {
  return checkCatalog(doc, reference).errors;
}

// The tools' check: the JSON Schema (ajv), then the C++ validator's rules and warnings (built native CLI,
// scripts/lib/core-validate.js). A document holding only offerings is judged with the bundled GPUs and
// providers beside it (`reference`), so its paths stay its own. There is no JS copy of the C++ rules: without
// a native build this throws, naming the command that builds it. Returns { errors, warnings, by }.
function checkCatalog(doc, reference) {
  const { validateWithCore } = require('./core-validate');
  const errors = schemaErrors(doc);
  const forCore = { ...doc };
  const ref = reference || {};
  for (const s of ['gpus', 'providers']) if (!Array.isArray(forCore[s]) && Array.isArray(ref[s])) forCore[s] = ref[s];
  const core = validateWithCore(forCore);
  if (!core) {
    throw new Error('catalog check: build/native/gpu-sizer is missing (the C++ validator): run `npm run build` first');
  }
  const seen = new Set(errors.map((e) => `${e.code} ${e.path}`));
  // Keep only problems inside the document itself (the borrowed sections are the bundled catalog's).
  const own = (e) => SECTIONS.some((s) => e.path === `/${s}` || e.path.startsWith(`/${s}/`)) ? Array.isArray(doc[e.path.split('/')[1]]) : true;
  for (const e of core.errors) {
    if (!own(e) || seen.has(`${e.code} ${e.path}`)) continue;
    seen.add(`${e.code} ${e.path}`);
    errors.push(e);
  }
  return { errors, warnings: core.warnings.filter(own), by: core.by };
}

// The four bundled files, and their merge { as_of, gpus, providers, offerings, models } (as_of = the
// latest of the files' dates).
function loadBundled(dir = CATALOG_DIR) {
  const files = {};
  for (const s of SECTIONS) files[s] = JSON.parse(fs.readFileSync(path.join(dir, `${s}.json`), 'utf8'));
  return { files, merged: mergeCatalogs(SECTIONS.map((s) => files[s])) };
}

function mergeCatalogs(parts) {
  const merged = {};
  const dates = parts.map((p) => p.as_of).filter((d) => typeof d === 'string').sort();
  if (dates.length) merged.as_of = dates[dates.length - 1];
  for (const s of SECTIONS) {
    const lists = parts.filter((p) => Array.isArray(p[s])).map((p) => p[s]);
    if (lists.length) merged[s] = [].concat(...lists);
  }
  return merged;
}

module.exports = { schemaErrors, validateCatalog, checkCatalog, loadBundled, mergeCatalogs, escapePointer, CATALOG_DIR, ROOT, SECTIONS };

'use strict';
// A small RFC 4180 CSV reader: quoted fields may hold commas, doubled quotes ("") and line breaks;
// records end at LF or CRLF. No dependencies.

function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let inQuotes = false;
  let i = 0;
  if (text.charCodeAt(0) === 0xfeff) i = 1; // byte-order mark
  const n = text.length;
  for (; i < n; i++) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') { field += '"'; i++; } else { inQuotes = false; }
      } else {
        field += c;
      }
    } else if (c === '"') {
      inQuotes = true;
    } else if (c === ',') {
      row.push(field); field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); field = '';
      rows.push(row); row = [];
    } else {
      field += c;
    }
  }
  if (inQuotes) throw new Error('CSV: unterminated quoted field');
  if (field !== '' || row.length > 0) { row.push(field); rows.push(row); }
  // Drop blank lines (a record that is one empty field).
  return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}

// Rows as objects keyed by the header. Returns { header, rows }, each row also carrying `_line` (1-based
// record number after the header) for error messages.
function parseCsvObjects(text) {
  const all = parseCsv(text);
  if (all.length === 0) return { header: [], rows: [] };
  const header = all[0].map((h) => h.trim());
  const rows = all.slice(1).map((cells, k) => {
    const o = { _line: k + 1 };
    header.forEach((h, j) => { o[h] = cells[j] === undefined ? '' : cells[j]; });
    return o;
  });
  return { header, rows };
}

module.exports = { parseCsv, parseCsvObjects };

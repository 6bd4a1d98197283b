'use strict';
// The date the baseline reference (catalog/reference, copied from shared/reference) was collected; used where a source records no date of its own.
const COLLECTION_DATE = '2026-11-30';
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
module.exports = { COLLECTION_DATE, DATE_RE };

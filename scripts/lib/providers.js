'use strict';
// Provider names as the reference CSVs spell them -> catalog provider ids, and the parsing of
// catalog/reference/providers.csv rows into catalog provider items.

const { COLLECTION_DATE } = require('./constants');

const PROVIDER_IDS = {
  aws: 'aws', gcp: 'gcp', azure: 'azure', lambda: 'lambda', runpod: 'runpod', 'vast.ai': 'vast', vast: 'vast',
  'paperspace (digitalocean)': 'paperspace', paperspace: 'paperspace', fluidstack: 'fluidstack',
  'cudo compute': 'cudo', cudo: 'cudo', oci: 'oci', 'ibm cloud': 'ibm', ibm: 'ibm', digitalocean: 'digitalocean',
  nebius: 'nebius', hyperstack: 'hyperstack', jarvislabs: 'jarvislabs', coreweave: 'coreweave',
  // new in the 2026-12 refresh (SkyPilot folder names and the refresh CSV's spelling)
  seeweb: 'seeweb', verda: 'verda', datacrunch: 'verda', daytona: 'daytona', lium: 'lium', hyperbolic: 'hyperbolic',
  yotta: 'yotta', 'prime intellect': 'primeintellect', primeintellect: 'primeintellect', shadeform: 'shadeform',
  spheron: 'spheron', mithril: 'mithril', do: 'digitalocean',
  // new in the 2026-12b refresh (dated transcriptions of provider pages)
  crusoe: 'crusoe', modal: 'modal', 'together ai': 'together', together: 'together', tensordock: 'tensordock',
  'voltage park': 'voltagepark', voltagepark: 'voltagepark',
};

function providerId(name) {
  return PROVIDER_IDS[String(name || '').trim().toLowerCase()] || null;
}

const UNIT_S = { second: 1, seconds: 1, minute: 60, minutes: 60, hour: 3600, hours: 3600 };

// "per-second (...)" -> 1, "per-minute" -> 60, "per-hour ..." -> 3600 (the first one named).
function granularitySeconds(text) {
  const m = /per-(second|minute|hour)/i.exec(text);
  if (!m) throw new Error(`providers.csv: cannot read billing granularity "${text}"`);
  return UNIT_S[m[1].toLowerCase()];
}

// "60 seconds" -> 60, "1 minute" -> 60, "none stated" -> 0, "unknown" -> null.
function durationSeconds(text, { noneIs = null } = {}) {
  const t = String(text || '').trim();
  const m = /(\d+(?:\.\d+)?)\s*(seconds?|minutes?|hours?)\b/i.exec(t);
  if (m) return Number(m[1]) * UNIT_S[m[2].toLowerCase()];
  if (/^none stated/i.test(t)) return noneIs;
  return null;
}

// "0.08" -> 0.08; "null", "varies", "" -> null.
function money(text) {
  const t = String(text || '').trim();
  if (t === '' || t === 'null' || /^varies/i.test(t)) return null;
  const v = Number(t);
  if (!Number.isFinite(v)) throw new Error(`providers.csv: not a number "${text}"`);
  return v;
}

function yesNo(text) {
  const t = String(text || '').trim().toLowerCase();
  if (t.startsWith('yes')) return true;
  if (t.startsWith('no')) return false;
  return null;
}

function orNull(text) {
  const t = String(text || '').trim();
  return t === '' || t === 'null' || t === 'n/a' ? null : t;
}

function providerFromCsvRow(row) {
  const id = providerId(row.provider);
  if (!id) throw new Error(`providers.csv: no catalog id for provider "${row.provider}"`);
  const notes = [];
  const minimum = durationSeconds(row.minimum_charge, { noneIs: 0 });
  if (/^none stated/i.test(row.minimum_charge)) notes.push('Minimum charge: none stated in the sources, recorded as 0 s.');
  else if (minimum === null) notes.push(`Minimum charge: ${row.minimum_charge}.`);
  const spotAvailable = yesNo(row.spot_or_preemptible);
  const notice = spotAvailable ? durationSeconds(row.spot_notice) : null;
  if (spotAvailable && notice === null) notes.push(`Spot notice: ${row.spot_notice} (recorded as null).`);
  for (const [label, v] of [['Block storage', row.block_storage_product], ['Object storage', row.object_storage_product],
    ['Egress', row.egress_notes], ['Spot', row.spot_notes]]) {
    if (orNull(v)) notes.push(`${label}: ${v.trim()}.`);
  }
  if (/^varies/i.test(row.block_storage_usd_per_gb_month) || /^varies/i.test(row.internet_egress_usd_per_gb_first_tier)) {
    notes.push('Storage and egress prices vary per host (recorded as null).');
  }
  if (/^per-hour \(assumed/i.test(row.billing_granularity)) {
    notes.push('Billing granularity not found in the sources read: per-hour assumed (the most conservative rounding).');
  }
  return {
    id,
    name: row.provider.trim(),
    billing: {
      granularity_s: granularitySeconds(row.billing_granularity),
      minimum_s: minimum,
      text: row.billing_granularity.trim(),
    },
    block_storage_usd_per_gb_month: money(row.block_storage_usd_per_gb_month),
    object_storage_usd_per_gb_month: money(row.object_storage_usd_per_gb_month),
    egress_usd_per_gb: money(row.internet_egress_usd_per_gb_first_tier),
    spot: { available: spotAvailable, notice_s: notice, text: row.spot_or_preemptible.trim() },
    nvlink: yesNo(row.nvlink_multi_gpu),
    nvlink_notes: orNull(row.nvlink_multi_gpu),
    multi_node_fabric: orNull(row.infiniband_or_rdma_multi_node),
    multi_node_fabric_on_demand: MULTI_NODE_FABRIC_ON_DEMAND[id] === true,
    confidence: row.confidence.trim(),
    source: row.sources.trim(),
    as_of: COLLECTION_DATE,
    notes: notes.join(' '),
  };
}

// Whether instances rented on demand can be joined by a fast fabric (InfiniBand, RoCE, EFA, GPUDirect-TCPX),
// as read from each provider's `infiniband_or_rdma_multi_node` text: Lambda and RunPod offer it only on
// cluster products, Fluidstack only on reserved clusters; marketplaces and the rest document none.
const MULTI_NODE_FABRIC_ON_DEMAND = {
  aws: true, gcp: true, azure: true, oci: true, nebius: true, hyperstack: true, coreweave: true,
};

module.exports = { providerId, providerFromCsvRow, granularitySeconds, durationSeconds, PROVIDER_IDS };

'use strict';
// Writes offerings-refresh.csv and evidence.csv of this folder (node catalog/reference/refresh-2026-12b/make-rows.js)
// from the figures quoted below, each read in the dated source named beside it (README.md lists the
// repositories, paths and commits). Every price below is a figure quoted in the named file; multi-GPU rows multiply a
// per-GPU quote by the GPU count where the source quotes per GPU (said in the row's notes).
const fs = require('fs');
const path = require('path');
const ROOT = path.resolve(__dirname, '..', '..', '..');
const { parseCsvObjects } = require(path.join(ROOT, 'scripts/lib/csv'));
const OUT = path.join(ROOT, 'catalog/reference/refresh-2026-12b');

const S = {
  lambda: { repo: 'api-evangelist/lambda-labs', path: 'plans/lambda-labs-plans-pricing.yml', commit: '1929382e7f9b4777d980aec12b6fc9e04e6718cb', date: '2026-09-20', url: 'https://lambda.ai/instances' },
  tc: { repo: 'tensorcurve/web', path: 'tensorcurve/assets/pricing-data.js', commit: '3b1ad4fc69b9c28da472d768535c96a05f1e1e8c', date: '2026-09-26' },
  hyper: { repo: 'api-evangelist/nexgen-cloud', path: 'plans/nexgen-cloud-plans-pricing.yml', commit: '0fa0509ef79e8b096a7dd124750e4fc508c61fa0', date: '2026-08-26', url: 'https://www.hyperstack.cloud/gpu-pricing' },
  cw: { repo: 'api-evangelist/coreweave', path: 'plans/coreweave-plans-pricing.yml', commit: '27bcc25e6b1936055be7a93d6ea2d0f6a6d9d084', date: '2026-09-20', url: 'https://www.coreweave.com/pricing' },
  crusoe: { repo: 'api-evangelist/crusoe', path: 'plans/crusoe-plans-pricing.yml', commit: '39cd780e0bc3e5ba67ce1749b07cf1a4c4051643', date: '2026-09-20', url: 'https://www.crusoe.ai/cloud/pricing' },
  modal: { repo: 'api-evangelist/modal-com', path: 'plans/modal-plans-pricing.yml', commit: '10fea1887edfe1034493b27af876e25309fbad66', date: '2026-05-25', url: 'https://modal.com/pricing' },
  td: { repo: 'api-evangelist/tensordock', path: 'plans/tensordock-plans-pricing.yml', commit: '5cb072c4fca5ee1e7bab8d659a7e2b225cbdc545', date: '2026-09-20', url: 'https://marketplace.tensordock.com' },
  vp: { repo: 'api-evangelist/voltage-park', path: 'plans/voltage-park-plans-pricing.yml', commit: '9f0f69efe6bd9920b108d62b64708b204a07ef31', date: '2026-09-20', url: 'https://voltagepark.com/pricing?tier=on-demand' },
  sily: { repo: 'tgarg01/silybench-data', path: 'prices/gpu_hourly.yaml', commit: '045df3bf56b8d62c58f108fc43cb397306b83331', date: '2026-09-25' },
};

const readRows = (f) => parseCsvObjects(fs.readFileSync(path.join(ROOT, 'catalog/reference', f), 'utf8')).rows;
const prior = [...readRows('offerings.csv'), ...readRows('refresh-2026-12/offerings-refresh.csv')];
// The newest earlier row of provider/instance (the refresh folder wins over the baseline).
function earlier(provider, instance) {
  const rs = prior.filter((r) => r.provider === provider && r.instance_type === instance);
  if (!rs.length) throw new Error(`no earlier row ${provider}/${instance}`);
  return rs[rs.length - 1];
}

const money = (v) => (v === null || v === undefined || v === '' ? '' : String(Math.round(v * 1e6) / 1e6));
const rows = [];
const evidence = [];

// One offering row + its evidence row. `o`: provider, instance, gpu, count, mem, vcpus, ram, od, spot,
// region, regionChoice, ic, src, date, notes, url, sourceAmount, confidence, resaleOf, resaleInst.
function add(o) {
  rows.push({
    provider: o.provider, instance_type: o.instance, gpu_model: o.gpu, gpu_count: o.count, gpu_mem_gb_per_gpu: o.mem,
    vcpus: o.vcpus === undefined || o.vcpus === null ? '' : o.vcpus, ram_gb: o.ram === undefined || o.ram === null ? '' : o.ram,
    ondemand_usd_hr: money(o.od), spot_usd_hr: money(o.spot), region: o.region || '', region_choice: o.regionChoice || '',
    multi_gpu_interconnect: o.ic || (o.count === 1 ? 'n/a (single GPU)' : ''),
    source_repo: o.src.repo, source_path: o.src.path, source_commit: o.src.commit, data_date: o.date || o.src.date, notes: o.notes,
  });
  evidence.push({
    provider: o.provider, instance_type: o.instance, price_seen: o.date || o.src.date, source_url: o.url || o.src.url,
    currency: 'USD', source_amount: money(o.od !== null && o.od !== undefined ? o.od : o.spot), fx_rate: '', fx_date: '', fx_source: '',
    resale_of_provider: o.resaleOf || '', resale_of_instance: o.resaleInst || '', confidence_note: o.confidence,
  });
}

// Re-price an earlier row: same shape (GPU, count, vCPU, RAM, interconnect text) as the earlier row.
function reprice(provider, instance, o) {
  const e = earlier(provider, instance);
  add({ provider, instance, count: Number(e.gpu_count), mem: e.gpu_mem_gb_per_gpu, vcpus: e.vcpus,
    ram: e.ram_gb, ic: e.multi_gpu_interconnect, ...o, gpu: o.gpu || e.gpu_model,
    notes: `${o.notes}${e.vcpus !== '' ? ' vCPU/RAM as in the earlier row.' : ''}` });
}

// ---------------------------------------------------------------- Lambda (lambda.ai/instances)
{
  const page = 'lambda.ai/instances, read 2026-09-20';
  const tc = 'lambda.ai/instances, captured 2026-09-26';
  const L = (instance, perGpu, quote, extra = {}) => {
    const e = extra.src === S.tc ? tc : page;
    const count = Number(extra.count || earlier('Lambda', instance).gpu_count);
    reprice('Lambda', instance, { od: perGpu * count, src: S.lambda, region: '', regionChoice: '', url: 'https://lambda.ai/instances',
      notes: `${e}: ${quote}/GPU-h x ${count}.`, confidence: `list price quoted per GPU-hour, ${extra.src === S.tc ? 'checked 2026-09-26; 2026-09-20 page and silybench-data 2026-09-25 agree' : 'page read 2026-09-20'}`, ...extra });
  };
  L('gpu_8x_v100_n', 0.79, '"8x NVIDIA Tesla V100" $0.79');
  L('gpu_8x_v100', 0.79, '"8x NVIDIA Tesla V100" $0.79');
  L('gpu_4x_a6000', 1.09, '"4x NVIDIA A6000" $1.09');
  L('gpu_2x_a6000', 1.09, '"4x NVIDIA A6000" $1.09 (page: repeated $1.09 configurations not listed separately)', { confidence: 'list price: the 1x/2x A6000 rows are covered by the page note "repeated $1.99/$1.09 configurations across tabs not listed separately", read 2026-09-20' });
  L('gpu_1x_a6000', 1.09, '"4x NVIDIA A6000" $1.09 (page: repeated $1.09 configurations not listed separately)', { confidence: 'list price: the 1x/2x A6000 rows are covered by the page note "repeated $1.99/$1.09 configurations across tabs not listed separately", read 2026-09-20' });
  L('gpu_8x_a100', 1.99, 'A100 40GB: "8x" $1.99', { src: S.tc, date: '2026-09-26' });
  L('gpu_4x_a100', 1.99, '"8x NVIDIA A100 SXM 40 GB" $1.99 (page: repeated $1.99 configurations not listed separately)', { confidence: 'list price: 2x/4x A100 40GB covered by the page note on repeated $1.99 configurations, read 2026-09-20' });
  L('gpu_2x_a100', 1.99, '"8x NVIDIA A100 SXM 40 GB" $1.99 (page: repeated $1.99 configurations not listed separately)', { confidence: 'list price: 2x/4x A100 40GB covered by the page note on repeated $1.99 configurations, read 2026-09-20' });
  L('gpu_1x_a100_sxm4', 1.99, 'A100 40GB: "1x" $1.99', { src: S.tc, date: '2026-09-26' });
  L('gpu_1x_a100', 1.99, '"8x NVIDIA A100 SXM 40 GB" $1.99 (page: repeated $1.99 configurations not listed separately)', { confidence: 'list price: the 1x A100 PCIe row is covered only by the page note on repeated $1.99 configurations, read 2026-09-20' });
  L('gpu_1x_rtx6000', 0.69, '"1x NVIDIA Quadro RTX 6000" $0.69');
  L('gpu_1x_a10', 1.29, '"1x NVIDIA A10" $1.29');
  L('gpu_8x_a100_80gb_sxm4', 2.79, '"8x NVIDIA A100 SXM 80 GB" $2.79');
  L('gpu_1x_h100_pcie', 3.29, '"1x NVIDIA H100 PCIe" $3.29');
  L('gpu_1x_h100_sxm5', 4.29, 'H100 SXM "1x" $4.29', { src: S.tc, date: '2026-09-26' });
  L('gpu_2x_h100_sxm5', 4.19, 'H100 SXM "2x" $4.19', { src: S.tc, date: '2026-09-26' });
  L('gpu_4x_h100_sxm5', 4.09, 'H100 SXM "4x" $4.09', { src: S.tc, date: '2026-09-26' });
  L('gpu_8x_h100_sxm5', 3.99, 'H100 SXM "8x" $3.99', { src: S.tc, date: '2026-09-26' });
  L('gpu_1x_b200_sxm6', 6.99, '"1x NVIDIA B200 SXM6" $6.99');
  L('gpu_2x_b200_sxm6', 6.89, '"2x NVIDIA B200 SXM6" $6.89');
  L('gpu_8x_b200_sxm6', 6.69, '"8x NVIDIA B200 SXM6" $6.69');
  L('gpu_1x_gh200', 2.29, '"1x NVIDIA GH200" $2.29');
  // 4x B200: on the page, no earlier row.
  add({ provider: 'Lambda', instance: 'gpu_4x_b200_sxm6', gpu: 'B200', count: 4, mem: 180, vcpus: 104, ram: 1440, od: 6.79 * 4,
    src: S.lambda, regionChoice: '', url: 'https://lambda.ai/instances', ic: 'SXM (stated in source name; NVLink not stated)',
    notes: `${page}: "4x NVIDIA B200 SXM6" $6.79/GPU-h x 4, 104 vCPUs, 1440 GiB RAM. Type name inferred from the 1x/2x/8x types.`,
    confidence: 'list price quoted per GPU-hour, page read 2026-09-20; type name inferred from the sibling types' });
}

// ---------------------------------------------------------------- Hyperstack (hyperstack.cloud/gpu-pricing)
{
  const page = 'Rate card (hyperstack.cloud/gpu-pricing) read 2026-08-26';
  const H = (instance, od, odQuote, spot, spotQuote) => {
    const count = Number(earlier('Hyperstack', instance).gpu_count);
    reprice('Hyperstack', instance, { od: od * count, spot: spot === null ? null : spot * count, src: S.hyper, region: '',
      regionChoice: '',
      notes: `${page}: ${odQuote} $${od.toFixed(2)}${spot === null ? '' : `, Spot VM ${spotQuote} $${spot.toFixed(2)}`}/GPU-h x ${count}.`,
      confidence: `list price per GPU-hour, page read 2026-08-26${spot === null ? '' : '; spot is the page\'s Spot VM rate for the same GPU (interruptible; which flavors take spot is not stated)'}` });
  };
  for (const n of [1, 2, 4, 8]) H(`n3-A100x${n}`, 1.35, '"NVIDIA A100" (80 GB)', 1.08, '"NVIDIA A100"');
  H('n3-A100x8-NVLink', 1.40, '"NVIDIA A100 NVLink" (80 GB)', null);
  for (const n of [1, 2, 4, 8]) H(`n3-H100x${n}`, 2.50, '"NVIDIA H100" (80 GB)', 2.00, '"NVIDIA H100 PCIe"');
  H('n3-H100x8-NVLink', 2.60, '"NVIDIA H100 NVLink"', null);
  for (const n of [1, 2, 4, 8]) H(`n3-L40x${n}`, 1.00, '"NVIDIA L40"', 0.80, '"NVIDIA L40"');
  for (const n of [1, 2, 4, 8, 10]) H(`n3-RTX-A4000x${n}`, 0.15, '"NVIDIA A4000"', null);
  for (const n of [1, 2, 4, 8]) H(`n3-RTX-A6000x${n}`, 0.50, '"NVIDIA A6000"', 0.40, '"NVIDIA A6000"');
  // H100 SXM: the newest reading is tensorcurve's 2026-09-26 capture of the same page ($3.20, as on 2026-08-26).
  reprice('Hyperstack', 'n3-H100-SXM5x8', { od: 3.20 * 8, src: S.tc, date: '2026-09-26', region: '', regionChoice: '',
    notes: 'hyperstack.cloud/gpu-pricing captured 2026-09-26: H100 SXM $3.20/GPU-h x 8 (rate card of 2026-08-26 agrees); no spot rate for H100 SXM.',
    url: 'https://www.hyperstack.cloud/gpu-pricing', confidence: 'list price per GPU-hour, two captures agree (2026-08-26, 2026-09-26)' });
}

// ---------------------------------------------------------------- Nebius (nebius.com/prices, via silybench-data)
{
  const q = (gpu, v) => `nebius.com/prices read 2026-09-25: "${gpu}" $${v}/GPU-h`;
  const N = (instance, v, product) => {
    const count = Number(earlier('Nebius', instance).gpu_count);
    reprice('Nebius', instance, { od: v * count, src: S.sily, region: '', regionChoice: '',
      url: 'https://nebius.com/prices', notes: `${q(product, v)} x ${count}; no dated spot price found.`,
      confidence: 'list price per GPU-hour read 2026-09-25 by a third party (benchmark price table); one source' });
  };
  N('gpu-h100-sxm_1gpu-16vcpu-200gb', 3.85, 'HGX H100');
  N('gpu-h100-sxm_8gpu-128vcpu-1600gb', 3.85, 'HGX H100');
  N('gpu-h200-sxm_1gpu-16vcpu-200gb', 4.5, 'HGX H200');
  N('gpu-h200-sxm_8gpu-128vcpu-1600gb', 4.5, 'HGX H200');
  N('gpu-b200-sxm-a_8gpu-160vcpu-1792gb', 7.15, 'HGX B200');
  N('gpu-b200-sxm_8gpu-160vcpu-1792gb', 7.15, 'HGX B200');
}

// ---------------------------------------------------------------- RunPod Secure Cloud (runpod.io/pricing, via silybench-data)
{
  const q = (product, v) => `runpod.io/pricing read 2026-09-25: "${product}" $${v}/GPU-h`;
  const R = (instance, v, product) => {
    const count = Number(earlier('RunPod', instance).gpu_count);
    reprice('RunPod', instance, { od: v * count, src: S.sily, region: '', regionChoice: '',
      url: 'https://www.runpod.io/pricing', notes: `${q(product, v)} x ${count}; no dated spot price found.`,
      confidence: 'list price per GPU-hour read 2026-09-25 by a third party; one source (the audit cites a 2026-11-09 reading of H100 SXM Secure at $3.99 that was not found here, so this may already be stale)' });
  };
  for (const n of [1, 2, 3, 4, 5]) R(`${n}x_H100-SXM_SECURE`, 3.49, 'H100 SXM, Secure Cloud');
  R('8x_H100-SXM_SECURE', 3.49, 'H100 SXM, Secure Cloud');
  for (const n of [1, 2, 3, 4, 5, 8]) R(`${n}x_H100_SECURE`, 2.89, 'H100 PCIe, Secure Cloud');
  for (const n of [1, 2, 3, 4, 10]) R(`${n}x_H100-NVL_SECURE`, 3.19, 'H100 NVL, Secure Cloud');
  for (const n of [1, 2, 3, 4]) R(`${n}x_H200-SXM_SECURE`, 4.59, 'H200, Secure Cloud');
  for (const n of [2, 3, 4, 5, 6]) R(`${n}x_B200_SECURE`, 6.79, 'B200, Secure Cloud');
  for (const n of [1, 2, 3, 4, 8]) R(`${n}x_A100-80GB-SXM_SECURE`, 1.59, 'A100 SXM, Secure Cloud');
  for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) R(`${n}x_A100-80GB_SECURE`, 1.59, 'A100 PCIe, Secure Cloud');
  for (const n of [2, 3, 4, 5]) R(`${n}x_L40S_SECURE`, 1.09, 'L40S, Secure Cloud');
  for (const n of [1, 2, 3, 4, 8]) R(`${n}x_RTX4090_SECURE`, 0.74, 'RTX 4090, Secure Cloud');
}

// ---------------------------------------------------------------- Verda (verda.com/pricing, via tensorcurve)
{
  const V = (instance, od, spot, label, gpu) => reprice('Verda', instance, { gpu, od, spot, src: S.tc, date: '2026-09-26', region: '',
    regionChoice: '',
    url: 'https://verda.com/pricing',
    notes: `verda.com/pricing captured 2026-09-26: "${label}" $${od}, spot $${spot} (Verda prices move daily).`,
    confidence: 'one automated daily capture of the provider page (JSON-LD offer price); Verda prices drift daily' });
  V('1H100.80S.30V', 3.485, 1.74, '1x H100 SXM5 80GB, 30 CPUs, 120 GB');
  V('1H200.141S.44V', 4.593, 2.30, '1x H200 SXM5 141GB, 44 CPUs, 170 GB');
  V('1A100.22V', 1.779, 0.8895, '1x A100 SXM4 80GB, 22 CPUs, 120 GB', 'A100-80GB-SXM');
}

// ---------------------------------------------------------------- Azure (retail prices API, via tensorcurve)
reprice('Azure', 'Standard_ND96isr_H100_v5', { od: 12.29 * 8, spot: 2.2712 * 8, src: S.tc, date: '2026-09-26', region: 'eastus',
  regionChoice: 'eastus, Linux; on-demand and spot from one query',
  url: 'https://prices.azure.com/api/retail/prices?$filter=armSkuName eq \'Standard_ND96isr_H100_v5\' and armRegionName eq \'eastus\'',
  notes: 'Azure retail prices API read 2026-09-26: $12.29, spot $2.2712 per GPU-h (VM price / 8) x 8.',
  confidence: 'Azure retail prices API read 2026-09-26 by a third party; the on-demand figure equals the v6 catalog row ($98.32)' });

// ---------------------------------------------------------------- Shadeform resale of Lambda and Hyperstack
{
  const sf = 'Priced at the upstream\'s list (Shadeform passes it through):';
  const S1 = (instance, up, upInst, gpu, perGpu, src, date, quote0) => {
    const [quote, why] = quote0.split('; ');
    const count = Number(earlier('Shadeform', instance).gpu_count);
    reprice('Shadeform', instance, { gpu, od: perGpu * count, src, date, region: earlier('Shadeform', instance).region,
      regionChoice: '',
      notes: `aggregator resale; upstream cloud = ${up}. ${sf} ${upInst} ${quote} per GPU-h x ${count}.${why ? ` ${why[0].toUpperCase()}${why.slice(1)}.` : ''}`,
      resaleOf: up === 'lambdalabs' ? 'lambda' : up, resaleInst: upInst,
      url: up === 'lambdalabs' ? 'https://lambda.ai/instances' : 'https://www.hyperstack.cloud/gpu-pricing',
      confidence: 'resale priced at the upstream list price (pass-through per Shadeform docs); Shadeform\'s own current quote not seen' });
  };
  S1('lambdalabs_A100-sxm4', 'lambdalabs', 'gpu_1x_a100_sxm4', 'A100-40GB-SXM', 1.99, S.tc, '2026-09-26', 'A100 40GB "1x" $1.99 (tensorcurve 2026-09-26)');
  S1('lambdalabs_H100-sxm5', 'lambdalabs', 'gpu_1x_h100_sxm5', 'H100-SXM', 4.29, S.tc, '2026-09-26', 'H100 SXM "1x" $4.29 (tensorcurve 2026-09-26)');
  S1('lambdalabs_H100-sxm5x2', 'lambdalabs', 'gpu_2x_h100_sxm5', 'H100-SXM', 4.19, S.tc, '2026-09-26', 'H100 SXM "2x" $4.19 (tensorcurve 2026-09-26)');
  S1('lambdalabs_H100-sxm5x4', 'lambdalabs', 'gpu_4x_h100_sxm5', 'H100-SXM', 4.09, S.tc, '2026-09-26', 'H100 SXM "4x" $4.09 (tensorcurve 2026-09-26)');
  S1('lambdalabs_H100-sxm5x8', 'lambdalabs', 'gpu_8x_h100_sxm5', 'H100-SXM', 3.99, S.tc, '2026-09-26', 'H100 SXM "8x" $3.99 (tensorcurve 2026-09-26)');
  S1('lambdalabs_A100x8', 'lambdalabs', 'gpu_8x_a100', 'A100-40GB-SXM', 1.99, S.tc, '2026-09-26', 'A100 40GB "8x" $1.99 (tensorcurve 2026-09-26)');
  S1('lambdalabs_A100-sxm4-80GBx8', 'lambdalabs', 'gpu_8x_a100_80gb_sxm4', 'A100-80GB-SXM', 2.79, S.lambda, '2026-09-20', '"8x NVIDIA A100 SXM 80 GB" $2.79 (lambda.ai/instances 2026-09-20)');
  S1('lambdalabs_A10', 'lambdalabs', 'gpu_1x_a10', 'A10', 1.29, S.lambda, '2026-09-20', '"1x NVIDIA A10" $1.29 (lambda.ai/instances 2026-09-20)');
  S1('lambdalabs_H100', 'lambdalabs', 'gpu_1x_h100_pcie', 'H100-PCIe', 3.29, S.lambda, '2026-09-20', '"1x NVIDIA H100 PCIe" $3.29 (lambda.ai/instances 2026-09-20); 26 vCPU/200 GB is the gpu_1x_h100_pcie shape: a PCIe card');
  const hy = (instance, upInst, gpu, perGpu, quote) => S1(instance, 'hyperstack', upInst, gpu, perGpu, S.hyper, '2026-08-26', quote.replace(/^("[^"]*" \$[0-9.]+)/, '$1 (rate card 2026-08-26)'));
  hy('hyperstack_H100', 'n3-H100x1', 'H100-PCIe', 2.50, '"NVIDIA H100" $2.50; 28 vCPU/180 GB = n3-H100x1, the PCIe card');
  hy('hyperstack_H100x2', 'n3-H100x2', 'H100-PCIe', 2.50, '"NVIDIA H100" $2.50; n3-H100x2 is the PCIe card');
  hy('hyperstack_H100x4', 'n3-H100x4', 'H100-PCIe', 2.50, '"NVIDIA H100" $2.50; n3-H100x4 is the PCIe card');
  hy('hyperstack_H100x8-NVLINK', 'n3-H100x8-NVLink', 'H100-PCIe', 2.60, '"NVIDIA H100 NVLink" $2.60; n3-H100x8-NVLink is H100 80GB PCIe with NVLink bridges');
  hy('hyperstack_H100-sxm5x8', 'n3-H100-SXM5x8', 'H100-SXM', 3.20, '"NVIDIA H100 SXM" $3.20');
  hy('hyperstack_A100-80GB', 'n3-A100x1', 'A100-80GB-PCIe', 1.35, '"NVIDIA A100" $1.35; Hyperstack A100 80GB is the PCIe card');
  hy('hyperstack_A100-80GBx2', 'n3-A100x2', 'A100-80GB-PCIe', 1.35, '"NVIDIA A100" $1.35; PCIe');
  hy('hyperstack_A100-80GBx4', 'n3-A100x4', 'A100-80GB-PCIe', 1.35, '"NVIDIA A100" $1.35; PCIe');
  hy('hyperstack_A100-80GBx8', 'n3-A100x8', 'A100-80GB-PCIe', 1.35, '"NVIDIA A100" $1.35; PCIe');
  hy('hyperstack_A6000', 'n3-RTX-A6000x1', 'RTX A6000', 0.50, '"NVIDIA A6000" $0.50');
  hy('hyperstack_A6000x2', 'n3-RTX-A6000x2', 'RTX A6000', 0.50, '"NVIDIA A6000" $0.50');
  hy('hyperstack_A6000x4', 'n3-RTX-A6000x4', 'RTX A6000', 0.50, '"NVIDIA A6000" $0.50');
  hy('hyperstack_A6000x8', 'n3-RTX-A6000x8', 'RTX A6000', 0.50, '"NVIDIA A6000" $0.50');
  hy('hyperstack_L40', 'n3-L40x1', 'L40', 1.00, '"NVIDIA L40" $1.00');
  hy('hyperstack_L40x2', 'n3-L40x2', 'L40', 1.00, '"NVIDIA L40" $1.00');
  hy('hyperstack_L40x4', 'n3-L40x4', 'L40', 1.00, '"NVIDIA L40" $1.00');
  hy('hyperstack_L40x8', 'n3-L40x8', 'L40', 1.00, '"NVIDIA L40" $1.00');
  hy('hyperstack_A4000x2', 'n3-RTX-A4000x2', 'RTX A4000', 0.15, '"NVIDIA A4000" $0.15');
  hy('hyperstack_A4000x4', 'n3-RTX-A4000x4', 'RTX A4000', 0.15, '"NVIDIA A4000" $0.15');
  hy('hyperstack_A4000x8', 'n3-RTX-A4000x8', 'RTX A4000', 0.15, '"NVIDIA A4000" $0.15');
  hy('hyperstack_A4000x10', 'n3-RTX-A4000x10', 'RTX A4000', 0.15, '"NVIDIA A4000" $0.15');
}

// ---------------------------------------------------------------- CoreWeave (coreweave.com/pricing) - new rows
{
  const page = 'coreweave.com/pricing read 2026-09-20';
  const C = (instance, gpu, count, mem, vcpus, ram, od, spot, quote, ic) => add({ provider: 'CoreWeave', instance, gpu, count, mem, vcpus, ram, od, spot,
    src: S.cw, region: spot === null ? '' : 'North America', regionChoice: '',
    ic, notes: `${page}: ${quote}. Instance name is the page's product name.`,
    confidence: `list price per instance-hour, page read 2026-09-20${spot === null ? '' : '; spot as the page\'s "Spot Price ... (NA)"'}` });
  C('HGX B200 (8x)', 'B200', 8, 180, 128, 2048, 68.80, 34.11, '"NVIDIA HGX B200 (on-demand)" $68.80 per hour, 8 GPUs, 180 GB VRAM, 128 vCPUs, 2,048 GB RAM; "Spot Price: $34.11 / Hour (NA)"', 'HGX (NVLink/NVSwitch)');
  C('HGX H100 (8x)', 'H100-SXM', 8, 80, null, null, 49.24, 19.71, '"NVIDIA HGX H100 (on-demand)" $49.24 per hour, 8 GPUs, 80 GB VRAM; "Spot Price: $19.71 / Hour (NA)"', 'HGX (NVLink/NVSwitch)');
  C('HGX H200 (8x)', 'H200', 8, 141, null, null, 50.44, 20.93, '"NVIDIA HGX H200 (on-demand)" $50.44 per hour, 8 GPUs, 141 GB VRAM; "Spot Price: $20.93 / Hour (NA)"', 'HGX (NVLink/NVSwitch)');
  C('A100 (8x)', 'A100-80GB', 8, 80, null, null, 21.60, 9.65, '"NVIDIA A100 (on-demand)" $21.60 per hour, 8 GPUs, 80 GB VRAM; "Spot $9.65/hour (NA)" (form factor not stated on the page)', '');
  C('L40S (8x)', 'L40S', 8, 48, null, null, 18.00, null, '"NVIDIA L40S (on-demand)" $18.00 per hour, 8 GPUs, 48 GB VRAM', 'PCIe');
  C('L40 (8x)', 'L40', 8, 48, null, null, 10.00, null, '"NVIDIA L40 (on-demand)" $10.00 per hour, 8 GPUs, 48 GB VRAM', 'PCIe');
  C('RTX PRO 6000 Blackwell Server Edition (8x)', 'RTX PRO 6000 Blackwell Server', 8, 96, null, null, 20.00, null, '"NVIDIA RTX PRO 6000 Blackwell Server Edition (High Memory)" $20.00 per hour, 8 GPUs, 96 GB VRAM', 'PCIe');
  C('GH200 (1x)', 'GH200', 1, 96, null, null, 6.50, null, '"NVIDIA GH200" $6.50 per hour, 1 GPU, 96 GB VRAM', '');
  C('GB200 NVL72 (4x)', 'GB200', 4, 186, 144, 960, 42.00, null, '"NVIDIA GB200 NVL72 (on-demand, North America)" $42.00 per hour, 4 GPUs, 186 GB VRAM, 144 vCPUs, 960 GB RAM', 'NVLink (NVL72 domain)');
}

// ---------------------------------------------------------------- Crusoe (crusoe.ai/cloud/pricing) - new rows
{
  const page = 'crusoe.ai/cloud/pricing read 2026-09-20';
  const C = (instance, gpu, mem, v, quote) => add({ provider: 'Crusoe', instance, gpu, count: 1, mem, od: v, src: S.crusoe, regionChoice: '',
    notes: `${page}: "${quote} (on-demand)" $${v.toFixed(2)}/GPU-hr; the page gives no instance sizes.`,
    confidence: 'list price per GPU-hour, page read 2026-09-20; instance sizes not on the page' });
  C('H200 141GB HGX (per GPU)', 'H200', 141, 4.29, 'NVIDIA H200 141GB HGX');
  C('H100 80GB HGX (per GPU)', 'H100-SXM', 80, 3.90, 'NVIDIA H100 80GB HGX');
  C('A100 80GB SXM (per GPU)', 'A100-80GB-SXM', 80, 2.30, 'NVIDIA A100 80GB SXM');
  C('A100 80GB PCIe (per GPU)', 'A100-80GB-PCIe', 80, 2.00, 'NVIDIA A100 80GB PCIe');
  C('L40S 48GB (per GPU)', 'L40S', 48, 1.50, 'NVIDIA L40S 48GB');
  C('MI300X 192GB (per GPU)', 'MI300X', 192, 3.45, 'AMD MI300X 192GB');
}

// ---------------------------------------------------------------- Modal (modal.com/pricing, per second) - new rows
{
  const page = 'modal.com/pricing as of 2026-05-25';
  const M = (instance, gpu, mem, perSec, label) => add({ provider: 'Modal', instance, gpu, count: 1, mem, od: perSec * 3600, src: S.modal,
    regionChoice: '', notes: `${page}: "${label}" $${perSec}/s x 3600; GPU only (CPU and memory billed on top).`,
    confidence: 'per-second list price from a 2026-05-25 transcription (older than 60 days); A100 40GB $0.000583/s is also quoted by third-party comparisons dated 2026-09-08 and 2026-09-24 (repository not identified)' });
  M('T4 (per second)', 'T4', 16, 0.000164, 'NVIDIA T4');
  M('L4 (per second)', 'L4', 24, 0.000222, 'NVIDIA L4');
  M('A10 (per second)', 'A10', 24, 0.000306, 'NVIDIA A10');
  M('L40S (per second)', 'L40S', 48, 0.000542, 'NVIDIA L40S');
  M('A100-40GB (per second)', 'A100-40GB', 40, 0.000583, 'NVIDIA A100 40GB');
  M('A100-80GB (per second)', 'A100-80GB', 80, 0.000694, 'NVIDIA A100 80GB');
  M('RTX-PRO-6000 (per second)', 'RTX PRO 6000', 96, 0.000842, 'NVIDIA RTX PRO 6000');
  M('H100 (per second)', 'H100', 80, 0.001097, 'NVIDIA H100');
  M('H200 (per second)', 'H200', 141, 0.001261, 'NVIDIA H200');
  M('B200 (per second)', 'B200', 180, 0.001736, 'NVIDIA B200');
}

// ---------------------------------------------------------------- Together AI (together.ai/pricing, via tensorcurve) - new rows
{
  const T = (instance, gpu, mem, od, spot, model) => add({ provider: 'Together AI', instance, gpu, count: 8, mem, od: od * 8, spot: spot * 8, src: S.tc, date: '2026-09-26',
    url: 'https://www.together.ai/pricing', regionChoice: '', ic: 'HGX (NVLink/NVSwitch)',
    notes: `together.ai/pricing captured 2026-09-26: "${model}" 8-GPU node $${od.toFixed(2)}, preemptible (as spot) $${spot.toFixed(2)} per GPU-h x 8.`,
    confidence: 'GPU-cluster list price per GPU-hour on an 8-GPU node, captured 2026-09-26 by a third party; one source' });
  T('HGX H100 node (8x)', 'H100-SXM', 80, 3.99, 1.99, 'HGX H100');
  T('HGX H200 node (8x)', 'H200', 141, 5.99, 2.99, 'HGX H200');
}

// ---------------------------------------------------------------- TensorDock (marketplace "from" prices) - new rows
{
  const page = 'marketplace.tensordock.com read 2026-09-20';
  const D = (instance, gpu, mem, v, quote) => add({ provider: 'TensorDock', instance, gpu, count: 1, mem, od: v, src: S.td, regionChoice: '',
    notes: `${page}: "${quote}": a marketplace starting price, not a list price.`,
    confidence: 'marketplace "from" price, page read 2026-09-20; actual listings vary' });
  D('H100 SXM5 (from, per GPU)', 'H100-SXM', 80, 2.25, 'H100 SXM5 From $2.25/hr');
  D('A100 SXM4 (from, per GPU)', 'A100-80GB-SXM', 80, 1.80, 'A100 SXM4 From $1.80/hr" (memory not stated; 80 GB assumed');
  D('RTX 4090 (from, per GPU)', 'RTX 4090', 24, 0.35, 'RTX 4090 From $0.35/hr');
}

// ---------------------------------------------------------------- Voltage Park - new row
add({ provider: 'Voltage Park', instance: 'HGX H100 (from, per GPU)', gpu: 'H100-SXM', count: 1, mem: 80, od: 1.99, src: S.vp,
  regionChoice: '',
  notes: 'voltagepark.com/pricing read 2026-09-20: FAQ, one H100 for 1 hour "starting at $1.99" without a contract; plan cards "Contact for pricing".',
  confidence: 'a "starting at" figure from the page FAQ, read 2026-09-20; the only price on the page' });

// ---------------------------------------------------------------- write
const COLS = ['provider', 'instance_type', 'gpu_model', 'gpu_count', 'gpu_mem_gb_per_gpu', 'vcpus', 'ram_gb', 'ondemand_usd_hr', 'spot_usd_hr', 'region', 'region_choice', 'multi_gpu_interconnect', 'source_repo', 'source_path', 'source_commit', 'data_date', 'notes'];
const ECOLS = ['provider', 'instance_type', 'price_seen', 'source_url', 'currency', 'source_amount', 'fx_rate', 'fx_date', 'fx_source', 'resale_of_provider', 'resale_of_instance', 'confidence_note'];
const esc = (v) => { const s = String(v === undefined || v === null ? '' : v); return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s; };
const csv = (cols, list) => [cols.join(','), ...list.map((r) => cols.map((c) => esc(r[c])).join(','))].join('\n') + '\n';
fs.mkdirSync(OUT, { recursive: true });
fs.writeFileSync(path.join(OUT, 'offerings-refresh.csv'), csv(COLS, rows));
fs.writeFileSync(path.join(OUT, 'evidence.csv'), csv(ECOLS, evidence));
const by = {};
for (const r of rows) by[r.provider] = (by[r.provider] || 0) + 1;
console.log(rows.length, by);

'use strict';
// Maps accelerator names, as price catalogs spell them, to catalog GPU ids. Shared by catalog-build.js
// (catalog/reference/offerings.csv) and catalog-import.js (offerings.csv and SkyPilot vms.csv dialects).

// Names are compared after normalize(): upper case, everything but letters and digits removed, so
// "A100-80GB-PCIe", "A100_80GB_PCIE" and "a100 80gb pcie" are one key.
function normalize(name) {
  return String(name || '').toUpperCase().replace(/[^A-Z0-9]/g, '');
}

// normalized name -> { id, note? }. `note` says when the name does not pin the variant down.
const NAMES = {
  // Blackwell / Grace
  B200: { id: 'b200' },
  B300: { id: 'b300' },
  GB200: { id: 'gb200' },
  GB300: { id: 'gb300' },
  GH200: { id: 'gh200' },
  GH20096GB: { id: 'gh200' },
  GH200144GB: { id: 'gh200-144gb' },
  // Hopper
  H200: { id: 'h200-sxm' },
  H200SXM: { id: 'h200-sxm' },
  H200SXM141GB: { id: 'h200-sxm' },
  H200NVL: { id: 'h200-nvl' },
  NVIDIAH200NVL: { id: 'h200-nvl' },
  H100: { id: 'h100-sxm', note: 'GPU listed as "H100" without form factor; SXM assumed' },
  H10080GB: { id: 'h100-sxm', note: 'GPU listed as "H100-80GB" without form factor; SXM assumed' },
  H100SXM: { id: 'h100-sxm' },
  H100SXM5: { id: 'h100-sxm' },
  H100SXM80GB: { id: 'h100-sxm' },
  H100NVLINK80GB: { id: 'h100-sxm' },
  H100PCIE: { id: 'h100-pcie' },
  H100PCIE80GB: { id: 'h100-pcie' },
  H100NVL: { id: 'h100-nvl' },
  // Ampere data centre
  A100: { id: 'a100-40gb', note: 'GPU listed as "A100" without memory size; 40 GB SXM assumed' },
  A10040GB: { id: 'a100-40gb' },
  A10040GBSXM: { id: 'a100-40gb' },
  A100SXM4: { id: 'a100-40gb', note: 'GPU listed as "A100 SXM4" without memory size; 40 GB assumed' },
  A10040GBPCIE: { id: 'a100-40gb-pcie' },
  A10080GB: { id: 'a100-80gb-sxm', note: 'GPU listed as "A100-80GB" without form factor; SXM assumed' },
  A10080GBSXM: { id: 'a100-80gb-sxm' },
  A10080GBSXM4: { id: 'a100-80gb-sxm' },
  A10080GBPCIE: { id: 'a100-80gb-pcie' },
  A100PCIE: { id: 'a100-80gb-pcie', note: 'GPU listed as "A100 PCIe" without memory size; 80 GB assumed' },
  A800: { id: 'a800-80gb-pcie', note: 'GPU listed as "A800"; 80 GB PCIe assumed' },
  A80080GBPCIE: { id: 'a800-80gb-pcie' },
  A10: { id: 'a10' },
  A10G: { id: 'a10g' },
  A40: { id: 'a40' },
  A30: { id: 'a30' },
  // Ada / Ampere / Turing / Volta / Pascal
  L4: { id: 'l4' },
  L40: { id: 'l40' },
  L40S: { id: 'l40s' },
  T4: { id: 't4' },
  T4G: { id: 't4', note: 'T4G is the T4 (TU104, 16 GB) attached to AWS Graviton hosts; T4 figures used' },
  V100: { id: 'v100-16gb', note: 'GPU listed as "V100" without memory size; 16 GB assumed' },
  TESLAV100: { id: 'v100-16gb', note: 'GPU listed as "Tesla V100" without memory size; 16 GB assumed' },
  V10016GB: { id: 'v100-16gb' },
  V10032GB: { id: 'v100-32gb' },
  P100: { id: 'p100' },
  TESLAP100: { id: 'p100' },
  // workstation and consumer cards
  RTXA6000: { id: 'rtx-a6000' },
  A6000: { id: 'rtx-a6000' },
  RTXA5000: { id: 'rtx-a5000' },
  A5000: { id: 'rtx-a5000' },
  RTXA4500: { id: 'rtx-a4500' },
  A4500: { id: 'rtx-a4500' },
  RTXA4000: { id: 'rtx-a4000' },
  A4000: { id: 'rtx-a4000' },
  RTX6000ADA: { id: 'rtx-6000-ada' },
  RTX4000ADA: { id: 'rtx-4000-ada' },
  RTX6000: { id: 'quadro-rtx-6000', note: 'GPU listed as "RTX 6000" (Turing Quadro RTX 6000, as Lambda names it)' },
  QUADRORTX6000: { id: 'quadro-rtx-6000' },
  RTXPRO6000: { id: 'rtx-pro-6000' },
  RTXPRO6000BLACKWELL: { id: 'rtx-pro-6000' },
  RTXPRO6000WS: { id: 'rtx-pro-6000' },
  RTXPRO6000BLACKWELLWORKSTATION: { id: 'rtx-pro-6000' },
  RTXPRO6000WK: { id: 'rtx-pro-6000' },
  RTXPRO6000S: { id: 'rtx-pro-6000-server' },
  RTXPRO6000SERVER: { id: 'rtx-pro-6000-server' },
  RTXPRO6000BLACKWELLSERVER: { id: 'rtx-pro-6000-server' },
  RTX5090: { id: 'rtx-5090' },
  RTX4090: { id: 'rtx-4090' },
  RTX3090: { id: 'rtx-3090' },
  // AMD
  MI355X: { id: 'mi355x' },
  MI325X: { id: 'mi325x' },
  MI300X: { id: 'mi300x' },
  MI250: { id: 'mi250' },
  // Google / AWS accelerators
  TPUV5E: { id: 'tpu-v5e' },
  TPUV5LITEPOD: { id: 'tpu-v5e' },
  TPUV5P: { id: 'tpu-v5p' },
  TRAINIUM: { id: 'trainium' },
  TRAINIUM1: { id: 'trainium' },
  TRAINIUM2: { id: 'trainium2' },
  INFERENTIA2: { id: 'inferentia2' },
};

// Names that are deliberately left out of the catalog, with the reason (see catalog/README.md).
const DROPPED = {
  RADEONPROV520: 'AMD Radeon Pro V520: no vendor datasheet figures for dense FP16/BF16 throughput were at hand to check; graphics part without matrix units',
  INFERENTIA: 'AWS Inferentia (1st gen): memory bandwidth per chip is not published; no spec entry',
  QUADROP4000: 'Quadro P4000 (Pascal GP104, 8 GB): no tensor cores and a 1/64-rate FP16 path; no usable spec entry',
  P4000: 'Quadro P4000 (Pascal GP104, 8 GB): no tensor cores and a 1/64-rate FP16 path; no usable spec entry',
  RTX3060: 'GeForce RTX 3060: tensor throughput not checked against a vendor datasheet',
  RTX4060TI: 'GeForce RTX 4060 Ti: tensor throughput not checked against a vendor datasheet',
  RTX4070TISUPER: 'GeForce RTX 4070 Ti SUPER: tensor throughput not checked against a vendor datasheet',
  RTX4070STI: 'GeForce RTX 4070 Ti SUPER: tensor throughput not checked against a vendor datasheet',
  RTX2000ADA: 'RTX 2000 Ada: tensor throughput not checked against a vendor datasheet; no spec entry',
  RTX5880ADA: 'RTX 5880 Ada: tensor throughput not checked against a vendor datasheet; no spec entry',
  RTX5070: 'GeForce RTX 5070: tensor throughput not checked against a vendor datasheet; no spec entry',
  RTX3060TI: 'GeForce RTX 3060 Ti: tensor throughput not checked against a vendor datasheet',
  A16: 'NVIDIA A16: a four-GPU VDI board (16 GB and 200 GB/s per GPU); no spec entry',
  GAUDIHL205: 'Intel Gaudi (HL-205): no spec entry',
  QUADROM4000: 'Quadro M4000 (Maxwell): no tensor cores; no usable spec entry',
  L4FRACTIONAL: 'fractional vGPU share of an L4: the sizing model counts whole GPUs',
  L40FRACTIONAL: 'fractional vGPU share of an L40: the sizing model counts whole GPUs',
  K80: 'obsolete Kepler GPU', K520: 'obsolete Kepler GPU', M60: 'obsolete Maxwell GPU', P4: 'Pascal P4 inference card: no spec entry',
};

// Catalog-specific readings of ambiguous names: provider id -> normalized name -> { id, note }.
const PROVIDER_OVERRIDES = {
  runpod: {
    H100: { id: 'h100-pcie', note: 'RunPod "H100" is the PCIe card (its SXM part is "H100-SXM")' },
    A10080GB: { id: 'a100-80gb-pcie', note: 'RunPod "A100-80GB" is the PCIe card (its SXM part is "A100-80GB-SXM")' },
  },
  cudo: { A10080GB: { id: 'a100-80gb-pcie', note: 'Cudo A100 80GB is the PCIe card' } },
  hyperstack: { A10080GB: { id: 'a100-80gb-pcie', note: 'Hyperstack A100 80GB is the PCIe card' } },
  paperspace: { A10080GB: { id: 'a100-80gb-pcie', note: 'Paperspace A100-80G is taken as the PCIe card' } },
  lambda: { A100: { id: 'a100-40gb', note: 'Lambda "A100" (40 GB) is SXM4 except gpu_1x_a100, which is PCIe' } },
};

// Resolve a catalog GPU name. Returns { id, note } when mapped, { drop: reason } when deliberately
// excluded, or null when unknown.
function resolveGpuName(name, providerId) {
  const key = normalize(name);
  if (!key) return null;
  const over = PROVIDER_OVERRIDES[providerId];
  if (over && over[key]) return { ...over[key] };
  if (NAMES[key]) return { ...NAMES[key] };
  if (DROPPED[key]) return { drop: DROPPED[key] };
  return null;
}

// A kebab-case id for a name that has no mapping (used so an error can show what was read).
function slug(name) {
  return String(name || '').toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '') || 'unnamed';
}

module.exports = { normalize, resolveGpuName, slug, NAMES, DROPPED, PROVIDER_OVERRIDES };

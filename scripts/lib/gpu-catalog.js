'use strict';
// How catalog/reference/gpus.csv rows become catalog GPU items, the fixes made to them, and the GPUs
// added by hand because offerings.csv rents them but gpus.csv has no row. Used by catalog-build.js.

const { COLLECTION_DATE } = require('./constants');

// gpus.csv `accelerator` -> catalog id.
const CSV_IDS = {
  'NVIDIA B200': 'b200',
  'NVIDIA H200 SXM': 'h200-sxm',
  'NVIDIA H100 SXM': 'h100-sxm',
  'NVIDIA H100 PCIe': 'h100-pcie',
  'NVIDIA H100 NVL': 'h100-nvl',
  'NVIDIA GH200 (96GB)': 'gh200',
  'NVIDIA GH200 (144GB)': 'gh200-144gb',
  'NVIDIA A100 80GB SXM': 'a100-80gb-sxm',
  'NVIDIA A100 80GB PCIe': 'a100-80gb-pcie',
  'NVIDIA A100 40GB': 'a100-40gb',
  'NVIDIA L40S': 'l40s',
  'NVIDIA L40': 'l40',
  'NVIDIA L4': 'l4',
  'NVIDIA A10G': 'a10g',
  'NVIDIA A10': 'a10',
  'NVIDIA T4': 't4',
  'NVIDIA V100 16GB': 'v100-16gb',
  'NVIDIA V100 32GB': 'v100-32gb',
  'NVIDIA RTX 6000 Ada': 'rtx-6000-ada',
  'NVIDIA RTX A6000': 'rtx-a6000',
  'NVIDIA RTX 4090': 'rtx-4090',
  'NVIDIA RTX 3090': 'rtx-3090',
  'NVIDIA RTX 5090': 'rtx-5090',
  'NVIDIA A40': 'a40',
  'NVIDIA RTX PRO 6000 Blackwell': 'rtx-pro-6000',
  'AMD Instinct MI300X': 'mi300x',
  'AMD Instinct MI325X': 'mi325x',
  'AMD Instinct MI250': 'mi250',
  'Google TPU v5e': 'tpu-v5e',
  'Google TPU v5p': 'tpu-v5p',
  'AWS Trainium (Trn1)': 'trainium',
  'AWS Trainium2 (Trn2)': 'trainium2',
  'AWS Inferentia2 (Inf2)': 'inferentia2',
};

const NVLINK = ['b200', 'h200-sxm', 'h100-sxm', 'h100-nvl', 'gh200', 'gh200-144gb', 'a100-80gb-sxm', 'a100-40gb',
  'v100-16gb', 'v100-32gb'];
const INFINITY_FABRIC = ['mi300x', 'mi325x', 'mi250'];
const OTHER_FABRIC = ['tpu-v5e', 'tpu-v5p', 'trainium', 'trainium2', 'inferentia2'];
const PCIE_GEN5 = ['b200', 'h200-sxm', 'h100-sxm', 'h100-pcie', 'h100-nvl', 'gh200', 'gh200-144gb', 'rtx-5090',
  'rtx-pro-6000', 'mi300x', 'mi325x'];
const PCIE_GEN3 = ['t4', 'v100-16gb', 'v100-32gb'];
const NO_PCIE_FIGURE = OTHER_FABRIC;

function pcieFor(id) {
  if (NO_PCIE_FIGURE.includes(id)) return null;
  if (PCIE_GEN5.includes(id)) return 128;
  if (PCIE_GEN3.includes(id)) return 32;
  return 64;
}

// Fixes to gpus.csv rows: id -> function(item) that edits the item and returns a note.
const FIXES = {
  t4: (g) => { g.tflops.bf16 = null; return 'Catalog fix: gpus.csv puts 65 in a shared FP16/BF16 column, but Turing has no BF16; bf16 set to null (fp16 stays 65).'; },
  'v100-16gb': (g) => { g.tflops.bf16 = null; return 'Catalog fix: Volta has no BF16; bf16 set to null (fp16 stays 125).'; },
  'v100-32gb': (g) => { g.tflops.bf16 = null; return 'Catalog fix: Volta has no BF16; bf16 set to null (fp16 stays 125).'; },
  'tpu-v5e': (g) => { g.tflops.fp16 = null; return 'Catalog fix: gpus.csv puts 197 in a shared FP16/BF16 column, but the TPU matrix units take BF16 (and INT8), not FP16; fp16 set to null.'; },
  'tpu-v5p': (g) => { g.tflops.fp16 = null; return 'Catalog fix: gpus.csv puts 459 in a shared FP16/BF16 column, but the TPU matrix units take BF16 (and INT8), not FP16; fp16 set to null.'; },
  mi250: () => 'Software sees one MI250 as 2 GPUs (GCDs) of 64 GB each, linked by Infinity Fabric; per-GCD figures are half of these.',
  a10g: () => 'Third-party figures (no NVIDIA datasheet for this AWS-only part).',
  trainium: () => 'The fp8 figure is cFP8 (configurable FP8) per the Neuron docs.',
  trainium2: () => 'The fp8 figure is dense FP8; int8 not listed in the Neuron docs used.',
  inferentia2: () => 'The fp8 figure is cFP8 (configurable FP8) per the Neuron docs.',
};

// PCIe cards whose gpus.csv interconnect bandwidth is the optional NVLink bridge.
const BRIDGED_PCIE = ['h100-pcie', 'a100-80gb-pcie', 'rtx-a6000', 'rtx-3090', 'a40'];

function num(s) {
  const t = String(s).trim();
  if (t === '' || t === 'null') return null;
  const v = Number(t);
  if (!Number.isFinite(v)) throw new Error(`gpus.csv: not a number: ${s}`);
  return v;
}

function kindFor(id) {
  if (id.startsWith('tpu-')) return 'tpu';
  if (OTHER_FABRIC.includes(id)) return 'npu';
  return 'gpu';
}

function gpuFromCsvRow(row) {
  const id = CSV_IDS[row.accelerator];
  if (!id) throw new Error(`gpus.csv: no catalog id for accelerator "${row.accelerator}"`);
  const half = num(row.fp16_bf16_tflops_dense);
  const csvBw = num(row.interconnect_bw_gbs);
  let icKind = 'pcie';
  if (NVLINK.includes(id)) icKind = 'nvlink';
  else if (INFINITY_FABRIC.includes(id)) icKind = 'infinity_fabric';
  else if (OTHER_FABRIC.includes(id)) icKind = 'other';
  const interconnect = { kind: icKind, bandwidth_gbs: csvBw, name: row.interconnect };
  const notes = [row.notes.trim()];
  if (BRIDGED_PCIE.includes(id)) {
    interconnect.bandwidth_gbs = pcieFor(id);
    interconnect.bridge_gbs = csvBw;
    notes.push(`Catalog fix: gpus.csv gives the optional NVLink bridge (${csvBw} GB/s, pairs of cards) as the interconnect bandwidth; without a bridge the cards talk over PCIe, so interconnect is pcie at ${pcieFor(id)} GB/s and the bridge is kept as interconnect.bridge_gbs.`);
  }
  const g = {
    id,
    name: row.accelerator,
    vendor: row.vendor.toLowerCase(),
    kind: kindFor(id),
    architecture: row.architecture,
    release_year: num(row.release_year),
    form_factor: row.form_factor,
    vram_gib: num(row.vram_gb),
    memory_type: row.memory_type,
    memory_bandwidth_gbs: num(row.mem_bandwidth_gbs),
    tflops: {
      fp32: num(row.fp32_tflops),
      tf32: num(row.tf32_tflops_dense),
      bf16: half,
      fp16: half,
      fp8: num(row.fp8_tflops_dense),
      int8: num(row.int8_tops_dense),
      fp4: num(row.fp4_tflops_dense),
    },
    interconnect,
    pcie_bandwidth_gbs: pcieFor(id),
    tdp_w: num(row.tdp_w),
    source: row.source.trim(),
    as_of: COLLECTION_DATE,
    notes: '',
  };
  if (FIXES[id]) notes.push(FIXES[id](g));
  if (!/cross-check/i.test(row.notes)) notes.push('datasheet value, not re-checked.');
  g.notes = notes.filter(Boolean).join(' ');
  return g;
}

const NOT_RECHECKED = 'datasheet value, not re-checked.';

// GPUs rented in offerings.csv with no gpus.csv row. Dense figures; sparse datasheet figures halved.
const EXTRA_GPUS = [
  {
    id: 'b300', name: 'NVIDIA B300 (HGX B300)', vendor: 'nvidia', kind: 'gpu', architecture: 'Blackwell Ultra',
    release_year: 2025, form_factor: 'SXM (HGX B300)', vram_gib: 288, memory_type: 'HBM3e', memory_bandwidth_gbs: 8000,
    tflops: { fp32: 75, tf32: 1125, bf16: 2250, fp16: 2250, fp8: 4500, int8: 125, fp4: 13125 },
    interconnect: { kind: 'nvlink', bandwidth_gbs: 1800, name: 'NVLink 5 (NVSwitch)' }, pcie_bandwidth_gbs: 256, tdp_w: 1100,
    source: 'https://www.nvidia.com/en-us/data-center/hgx/ (HGX B300 table: FP4 144 PF sparse / 105 PF dense, FP8 72 PF, FP16/BF16 36 PF, TF32 18 PF, INT8 2 POPS, all sparse, per 8 GPUs; 2.3 TB HBM3e) ; https://glennklockwood.com/garden/processors/B300',
    notes: 'Added: AWS p6-b300 and OCI BM.GPU.B300.8 rent it. Per-GPU = HGX 8-GPU totals / 8, sparse halved (Lockwood\'s per-GPU table agrees: 75 FP32, 1125 TF32, 2250 BF16, 4500 FP8, 13125 FP4 dense). INT8 is cut on Blackwell Ultra: HGX table 2 POPS sparse per 8 GPUs gives 125 dense (Lockwood lists 4500; Verda lists ~150) - uncertain. Usable HBM is reported as ~270 GB; 288 GB is the marketed size. TDP ~1100 W in HGX (up to 1400 W in GB300). PCIe Gen6. ' + NOT_RECHECKED,
  },
  {
    id: 'gb200', name: 'NVIDIA GB200 (Blackwell GPU in GB200 NVL72)', vendor: 'nvidia', kind: 'gpu', architecture: 'Blackwell',
    release_year: 2024, form_factor: 'Grace Blackwell superchip (2 GPUs + 1 Grace CPU)', vram_gib: 186, memory_type: 'HBM3e', memory_bandwidth_gbs: 8000,
    tflops: { fp32: 80, tf32: 1250, bf16: 2500, fp16: 2500, fp8: 5000, int8: 5000, fp4: 10000 },
    interconnect: { kind: 'nvlink', bandwidth_gbs: 1800, name: 'NVLink 5 (NVLink Switch, 72-GPU domain)' }, pcie_bandwidth_gbs: 128, tdp_w: 1200,
    source: 'https://www.nvidia.com/en-us/data-center/gb200-nvl72/ (rack totals: FP4 1,440 PF, FP8 720 PF, INT8 720 POPS, FP16/BF16 360 PF, TF32 180 PF, all with sparsity; FP32 5,760 TF; up to 13.4 TB HBM3e at 576 TB/s)',
    notes: 'Added: OCI BM.GPU.GB200.4 and AWS p6e-gb200 rent it. Per-GPU = NVL72 rack totals / 72, sparse halved. 186 GB is the usable HBM3e per GPU (192 GB physical). TDP ~1200 W per GPU. ' + NOT_RECHECKED,
  },
  {
    id: 'gb300', name: 'NVIDIA GB300 (Blackwell Ultra GPU in GB300 NVL72)', vendor: 'nvidia', kind: 'gpu', architecture: 'Blackwell Ultra',
    release_year: 2025, form_factor: 'Grace Blackwell Ultra superchip', vram_gib: 279, memory_type: 'HBM3e', memory_bandwidth_gbs: 8000,
    tflops: { fp32: 80, tf32: 1250, bf16: 2500, fp16: 2500, fp8: 5000, int8: 160, fp4: 15000 },
    interconnect: { kind: 'nvlink', bandwidth_gbs: 1800, name: 'NVLink 5 (NVLink Switch, 72-GPU domain)' }, pcie_bandwidth_gbs: 256, tdp_w: 1400,
    source: 'https://www.nvidia.com/en-us/data-center/gb300-nvl72/ (rack: FP4 1,440 PF sparse / 1,080 PF dense, FP8 720 PF, FP16/BF16 360 PF, TF32 180 PF, INT8 23 POPS, sparse; ~20 TB HBM3e, 576 TB/s) ; https://verda.com/blog/gb300-nvl72-architecture (per-GPU dense table: 15 PF FP4, 5 PF FP8, 2.5 PF BF16, 279 GB, 8 TB/s, 1.4 kW)',
    notes: 'Added: OCI BM.GPU.GB300.4 rents it. Per-GPU = NVL72 totals / 72, sparse halved. 279 GB is the usable HBM3e OCI lists (288 GB marketed). INT8 is cut on Blackwell Ultra (~160 TOPS dense; Verda says 165). ' + NOT_RECHECKED,
  },
  {
    id: 'mi355x', name: 'AMD Instinct MI355X', vendor: 'amd', kind: 'gpu', architecture: 'CDNA 4',
    release_year: 2025, form_factor: 'OAM', vram_gib: 288, memory_type: 'HBM3E', memory_bandwidth_gbs: 8000,
    tflops: { fp32: 157.3, tf32: null, bf16: 2516.6, fp16: 2516.6, fp8: 5033.2, int8: 5033.2, fp4: 10066.3 },
    interconnect: { kind: 'infinity_fabric', bandwidth_gbs: 1075.2, name: 'AMD Infinity Fabric (7 links)' }, pcie_bandwidth_gbs: 128, tdp_w: 1400,
    source: 'https://www.amd.com/en/products/accelerators/instinct/mi350/mi355x.html (288 GB HBM3E, 8 TB/s, 1400 W; FP16 2.5 PF, FP8 5 PF, MXFP4/MXFP6 10 PF dense, double with sparsity)',
    notes: 'Added: OCI BM.GPU.MI355X.8 rents it. Dense rates check out as 256 CUs x 2.4 GHz x (4096 FP16, 8192 FP8, 16384 FP4 FLOPs/CU/clock); FP32 vector 157.3 TF. TF32 is not listed for CDNA 4; null. Infinity Fabric 7 x 153.6 GB/s is not re-checked. ' + NOT_RECHECKED,
  },
  {
    id: 'rtx-pro-6000-server', name: 'NVIDIA RTX PRO 6000 Blackwell Server Edition', vendor: 'nvidia', kind: 'gpu', architecture: 'Blackwell (GB202)',
    release_year: 2025, form_factor: 'PCIe Gen5 card (Server Edition, passive)', vram_gib: 96, memory_type: 'GDDR7 (ECC)', memory_bandwidth_gbs: 1597,
    tflops: { fp32: 125, tf32: 250, bf16: 500, fp16: 500, fp8: 1000, int8: 1000, fp4: 2000 },
    interconnect: { kind: 'pcie', bandwidth_gbs: 128, name: 'PCIe Gen5 x16 (no NVLink)' }, pcie_bandwidth_gbs: 128, tdp_w: 600,
    source: 'https://www.nvidia.com/en-us/data-center/rtx-pro-6000-blackwell-server-edition/ (96 GB GDDR7, 1,597 GB/s, up to 600 W) ; tensor figures as gpus.csv rtx-pro-6000',
    notes: 'Added: the Server Edition is what AWS g7e, GCP g4, OCI BM.GPU.RTXPRO and Vast "RTX_PRO_6000_S" rent; gpus.csv notes it has less bandwidth (~1.6 TB/s) than the Workstation card (1,792 GB/s). Tensor figures DERIVED like the Workstation row (4,000 AI TOPS FP4 sparse, pro-card ratios); the Server card may clock lower. ' + NOT_RECHECKED,
  },
  {
    id: 'a100-40gb-pcie', name: 'NVIDIA A100 40GB PCIe', vendor: 'nvidia', kind: 'gpu', architecture: 'Ampere',
    release_year: 2020, form_factor: 'PCIe Gen4 card', vram_gib: 40, memory_type: 'HBM2', memory_bandwidth_gbs: 1555,
    tflops: { fp32: 19.5, tf32: 156, bf16: 312, fp16: 312, fp8: null, int8: 624, fp4: null },
    interconnect: { kind: 'pcie', bandwidth_gbs: 64, bridge_gbs: 600, name: 'PCIe Gen4 x16 + optional NVLink bridge' }, pcie_bandwidth_gbs: 64, tdp_w: 250,
    source: 'https://www.nvidia.com/en-us/data-center/a100/ (datasheet nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf)',
    notes: 'Added: Lambda gpu_1x_a100 is this card. Same peak rates as the SXM4 40GB (gpus.csv note), 250 W, 1,555 GB/s. No FP8. ' + NOT_RECHECKED,
  },
  {
    id: 'a800-80gb-pcie', name: 'NVIDIA A800 80GB PCIe', vendor: 'nvidia', kind: 'gpu', architecture: 'Ampere',
    release_year: 2022, form_factor: 'PCIe Gen4 card', vram_gib: 80, memory_type: 'HBM2e', memory_bandwidth_gbs: 1935,
    tflops: { fp32: 19.5, tf32: 156, bf16: 312, fp16: 312, fp8: null, int8: 624, fp4: null },
    interconnect: { kind: 'pcie', bandwidth_gbs: 64, bridge_gbs: 400, name: 'PCIe Gen4 x16 + optional NVLink bridge (400 GB/s)' }, pcie_bandwidth_gbs: 64, tdp_w: 300,
    source: 'https://www.nvidia.com/en-us/data-center/a800/ (A800 80GB PCIe datasheet)',
    notes: 'Added: Cudo rents it. An A100 80GB PCIe with NVLink cut to 400 GB/s (export variant); compute and memory as A100 80GB PCIe. No FP8. ' + NOT_RECHECKED,
  },
  {
    id: 'rtx-a4000', name: 'NVIDIA RTX A4000', vendor: 'nvidia', kind: 'gpu', architecture: 'Ampere (GA104)',
    release_year: 2021, form_factor: 'PCIe Gen4 single-slot card (workstation)', vram_gib: 16, memory_type: 'GDDR6 (ECC)', memory_bandwidth_gbs: 448,
    tflops: { fp32: 19.2, tf32: 38.4, bf16: 76.7, fp16: 76.7, fp8: null, int8: 153.4, fp4: null },
    interconnect: { kind: 'pcie', bandwidth_gbs: 64, name: 'PCIe Gen4 x16 (no NVLink)' }, pcie_bandwidth_gbs: 64, tdp_w: 140,
    source: 'https://www.nvidia.com/en-us/design-visualization/rtx-a4000/ (datasheet: 19.2 TF FP32, 153.4 TF tensor with sparsity, 16 GB GDDR6, 448 GB/s, 140 W)',
    notes: 'Added: Paperspace, RunPod, Hyperstack rent it. Dense FP16/BF16 = 153.4/2; TF32 half and INT8 double that (Ampere ratios, as for the RTX A6000). No FP8. ' + NOT_RECHECKED,
  },
  {
    id: 'rtx-a4500', name: 'NVIDIA RTX A4500', vendor: 'nvidia', kind: 'gpu', architecture: 'Ampere (GA102)',
    release_year: 2021, form_factor: 'PCIe Gen4 card (workstation)', vram_gib: 20, memory_type: 'GDDR6 (ECC)', memory_bandwidth_gbs: 640,
    tflops: { fp32: 23.7, tf32: 47.3, bf16: 94.6, fp16: 94.6, fp8: null, int8: 189.2, fp4: null },
    interconnect: { kind: 'pcie', bandwidth_gbs: 64, bridge_gbs: 112.5, name: 'PCIe Gen4 x16 + 2-way NVLink bridge' }, pcie_bandwidth_gbs: 64, tdp_w: 200,
    source: 'https://www.nvidia.com/en-us/design-visualization/rtx-a4500/ (datasheet: 23.7 TF FP32, 189.2 TF tensor with sparsity, 20 GB GDDR6, 640 GB/s, 200 W)',
    notes: 'Added: RunPod rents it. Dense FP16/BF16 = 189.2/2 (Ampere ratios for TF32/INT8). No FP8. ' + NOT_RECHECKED,
  },
  {
    id: 'rtx-a5000', name: 'NVIDIA RTX A5000', vendor: 'nvidia', kind: 'gpu', architecture: 'Ampere (GA102)',
    release_year: 2021, form_factor: 'PCIe Gen4 card (workstation)', vram_gib: 24, memory_type: 'GDDR6 (ECC)', memory_bandwidth_gbs: 768,
    tflops: { fp32: 27.8, tf32: 55.6, bf16: 111.1, fp16: 111.1, fp8: null, int8: 222.2, fp4: null },
    interconnect: { kind: 'pcie', bandwidth_gbs: 64, bridge_gbs: 112.5, name: 'PCIe Gen4 x16 + 2-way NVLink bridge' }, pcie_bandwidth_gbs: 64, tdp_w: 230,
    source: 'https://www.nvidia.com/en-us/design-visualization/rtx-a5000/ (datasheet: 27.8 TF FP32, 222.2 TF tensor with sparsity, 24 GB GDDR6, 768 GB/s, 230 W)',
    notes: 'Added: RunPod and Cudo rent it. Dense FP16/BF16 = 222.2/2 (Ampere ratios for TF32/INT8). No FP8. ' + NOT_RECHECKED,
  },
  {
    id: 'rtx-4000-ada', name: 'NVIDIA RTX 4000 Ada Generation', vendor: 'nvidia', kind: 'gpu', architecture: 'Ada Lovelace (AD104)',
    release_year: 2023, form_factor: 'PCIe Gen4 single-slot card (workstation)', vram_gib: 20, memory_type: 'GDDR6 (ECC)', memory_bandwidth_gbs: 360,
    tflops: { fp32: 26.7, tf32: 41, bf16: 81.9, fp16: 81.9, fp8: 163.8, int8: 163.8, fp4: null },
    interconnect: { kind: 'pcie', bandwidth_gbs: 64, name: 'PCIe Gen4 x16 (no NVLink)' }, pcie_bandwidth_gbs: 64, tdp_w: 130,
    source: 'https://www.nvidia.com/en-us/design-visualization/rtx-4000/ (datasheet: 26.7 TF FP32, 327.6 TF FP8 tensor with sparsity, 20 GB GDDR6, 360 GB/s, 130 W)',
    notes: 'Added: RunPod rents it. Dense tensor figures DERIVED from the 327.6 FP8-sparse headline with Ada pro-card ratios (as gpus.csv does for the RTX 6000 Ada). ' + NOT_RECHECKED,
  },
  {
    id: 'quadro-rtx-6000', name: 'NVIDIA Quadro RTX 6000', vendor: 'nvidia', kind: 'gpu', architecture: 'Turing (TU102)',
    release_year: 2018, form_factor: 'PCIe Gen3 card (workstation)', vram_gib: 24, memory_type: 'GDDR6', memory_bandwidth_gbs: 672,
    tflops: { fp32: 16.3, tf32: null, bf16: null, fp16: 130.5, fp8: null, int8: 261, fp4: null },
    interconnect: { kind: 'pcie', bandwidth_gbs: 32, bridge_gbs: 100, name: 'PCIe Gen3 x16 + 2-way NVLink bridge' }, pcie_bandwidth_gbs: 32, tdp_w: 295,
    source: 'https://www.nvidia.com/en-us/design-visualization/quadro/rtx-6000/ (datasheet: 16.3 TF FP32, 130.5 TF tensor, 261 INT8 TOPS, 24 GB GDDR6, 672 GB/s, 295 W)',
    notes: 'Added: Lambda gpu_1x_rtx6000 is this card. Turing: no BF16/TF32/FP8, no sparsity (figures are dense). ' + NOT_RECHECKED,
  },
  {
    id: 'p100', name: 'NVIDIA Tesla P100 16GB PCIe', vendor: 'nvidia', kind: 'gpu', architecture: 'Pascal (GP100)',
    release_year: 2016, form_factor: 'PCIe Gen3 card', vram_gib: 16, memory_type: 'HBM2', memory_bandwidth_gbs: 732,
    tflops: { fp32: 9.3, tf32: null, bf16: null, fp16: 18.7, fp8: null, int8: null, fp4: null },
    interconnect: { kind: 'pcie', bandwidth_gbs: 32, name: 'PCIe Gen3 x16' }, pcie_bandwidth_gbs: 32, tdp_w: 250,
    source: 'https://www.nvidia.com/en-us/data-center/tesla-p100/ (datasheet: PCIe 16 GB: 9.3 TF FP32, 18.7 TF FP16, 732 GB/s, 250 W)',
    notes: 'Added: OCI VM.GPU2.1 / BM.GPU2.2 rent it (PCIe card assumed). No tensor cores: fp16 is the packed half-precision CUDA-core rate; no BF16/INT8 path (GP100 lacks DP4A). ' + NOT_RECHECKED,
  },
  {
    id: 'h200-nvl', name: 'NVIDIA H200 NVL', vendor: 'nvidia', kind: 'gpu', architecture: 'Hopper',
    release_year: 2024, form_factor: 'PCIe Gen5 card (dual slot, NVLink bridge)', vram_gib: 141, memory_type: 'HBM3e', memory_bandwidth_gbs: 4800,
    tflops: { fp32: 60, tf32: 417.5, bf16: 835.5, fp16: 835.5, fp8: 1670.5, int8: 1670.5, fp4: null },
    interconnect: { kind: 'nvlink', bandwidth_gbs: 900, name: '2- or 4-way NVLink bridge' }, pcie_bandwidth_gbs: 128, tdp_w: 600,
    source: 'https://www.nvidia.com/en-us/data-center/h200/ (H200 NVL column: FP32 60 TF, TF32 835 TF, BF16/FP16 1,671 TF, FP8/INT8 3,341, all tensor figures with sparsity; 141 GB HBM3e, 4.8 TB/s; up to 600 W; NVLink bridge 900 GB/s, PCIe Gen5 128 GB/s)',
    notes: 'Added in the 2026-12 refresh: RunPod rents 2x-4x H200 NVL. Sparse tensor figures halved. Like the H100 NVL, the cards are joined by NVLink bridges (2- or 4-way), so interconnect is nvlink at the bridge rate. RunPod reports 143 GB; 141 GB is the marketed size. ' + NOT_RECHECKED,
  },
  {
    id: 'a30', name: 'NVIDIA A30', vendor: 'nvidia', kind: 'gpu', architecture: 'Ampere (GA100)',
    release_year: 2021, form_factor: 'PCIe Gen4 card (dual slot)', vram_gib: 24, memory_type: 'HBM2', memory_bandwidth_gbs: 933,
    tflops: { fp32: 10.3, tf32: 82, bf16: 165, fp16: 165, fp8: null, int8: 330, fp4: null },
    interconnect: { kind: 'pcie', bandwidth_gbs: 64, bridge_gbs: 200, name: 'PCIe Gen4 x16 + 2-way NVLink bridge' }, pcie_bandwidth_gbs: 64, tdp_w: 165,
    source: 'https://www.nvidia.com/en-us/data-center/products/a30-gpu/ (datasheet: FP32 10.3 TF, TF32 82/165 TF, BF16/FP16 165/330 TF, INT8 330/661 TOPS dense/sparse; 24 GB HBM2, 933 GB/s; 165 W; NVLink 200 GB/s, PCIe Gen4 64 GB/s)',
    notes: 'Added in the 2026-12 refresh: Seeweb and Shadeform (Massed Compute) rent it. Dense figures from the datasheet (sparse ones are twice these). A PCIe card: interconnect pcie, the optional 2-card bridge as bridge_gbs. ' + NOT_RECHECKED,
  },
].map((g) => ({ ...g, as_of: COLLECTION_DATE }));

// Re-order keys so hand-written and generated GPUs print alike.
const GPU_KEYS = ['id', 'name', 'vendor', 'kind', 'architecture', 'release_year', 'form_factor', 'vram_gib', 'driver_memory_bytes', 'driver_memory_source', 'memory_type',
  'memory_bandwidth_gbs', 'tflops', 'interconnect', 'pcie_bandwidth_gbs', 'tdp_w', 'source', 'as_of', 'notes'];
function orderGpu(g) {
  const o = {};
  for (const k of GPU_KEYS) o[k] = g[k];
  for (const k of Object.keys(g)) if (!(k in o)) o[k] = g[k];
  return o;
}

module.exports = { gpuFromCsvRow, EXTRA_GPUS, orderGpu, CSV_IDS };

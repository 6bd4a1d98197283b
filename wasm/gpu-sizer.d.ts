// Hand-written types for dist/gpu-sizer.js (Emscripten 3.1.6 has no --emit-tsd).
// The request/response shapes are CONTRACT.md's; fields that do not apply are absent.
// CommonJS: module.exports = createSizer (a classic <script> defines a global createSizer).

declare function createSizer(moduleOverrides?: Record<string, unknown>): Promise<createSizer.Sizer>;

declare namespace createSizer {
  // The unit of a "show the math" value or result (core/json_io.cpp explained_unit; not a vocabulary list).
  type ExplainUnit =
    | 'bytes' | 'bytes_per_s' | 'bytes_per_token' | 'flop' | 'flop_per_s' | 's' | 'h' | 'tokens' | 'tokens_per_s'
    | 'frames_per_s' | 'usd' | 'usd_per_h' | 'usd_per_month' | 'usd_per_million_tokens' | 'bits' | 's_per_s'
    | 'count' | 'ratio' | 'flag';

  interface Issue {
    code: string;
    /** JSON Pointer into the request (or catalog) */
    path: string;
    message: string;
  }

  // The core's vocabulary (sizer.vocabulary(), core/vocabulary.hpp): one union per id list, in the core's order.
  // tests/js/vocabulary.test.js checks that each equals the core's list, so these types cannot drift from it.
  type WeightFormat =
    | 'fp32' | 'bf16' | 'fp16' | 'fp8' | 'int8' | 'int4' | 'nf4' | 'fp4'
    | 'gguf-q8_0' | 'gguf-q6_k' | 'gguf-q5_k_m' | 'gguf-q4_k_m' | 'gguf-q3_k_m' | 'gguf-q2_k';
  type KvFormat = 'fp16' | 'bf16' | 'fp8' | 'int8' | 'q4';
  type Engine = 'vllm' | 'sglang' | 'tensorrt-llm' | 'llama.cpp' | 'transformers' | 'generic';
  type WorkloadKind = 'inference' | 'finetune' | 'pretrain' | 'image' | 'video' | 'audio';
  type ModelKind = 'llm' | 'image' | 'video' | 'audio';
  type Method = 'full' | 'lora' | 'qlora';
  type Optimizer = 'adamw' | 'adamw_8bit' | 'sgd' | 'adafactor' | 'paged_adamw_8bit' | 'paged_adamw_32bit';
  type LoraTargets = 'attention' | 'all_linear';
  type Sharding = 'auto' | 'none' | 'zero1' | 'zero2' | 'zero3' | 'fsdp';
  type Precision = 'bf16' | 'fp8';
  /** 'reserved' is what an option reports when priced at a published term (never a filter value) */
  type Pricing = 'on_demand' | 'spot' | 'any' | 'reserved';
  type Order = 'best' | 'cheapest_per_hour' | 'fastest';
  type Tier = 'hyperscaler' | 'gpu_cloud' | 'marketplace';
  /** Where an option stands with the guide's rules before its price is weighed (CONTRACT.md `eligibility`) */
  type EligibilityClass = 'eligible' | 'asked' | 'outside_rules' | 'cannot_run' | 'does_not_fit';
  interface Eligibility {
    class: EligibilityClass;
    /** The rule of thumb cited (DESIGN.md numbering; 0: none) */
    rule: number;
    /** Stable: 'spot_long_run', 'long_run_marketplace', 'full_finetune_pcie_small_cards', 'endpoint_spot', 'endpoint_marketplace', 'nodes_without_fabric', 'partial_nodes',
     *  'idle_gpus', 'long_run_on_demand', 'long_run_reserved', 'long_run_whole_nodes', 'endpoint_stays', 'spot_fault_tolerant',
     *  'no_rule_excludes', 'no_kernel', 'does_not_fit', and the '_asked' forms */
    code: string;
    /** The reason, phrased in the request's locale */
    reason: string;
  }
  type Bottleneck = 'memory_bandwidth' | 'compute' | 'interconnect' | 'overhead';
  type Interconnect = 'nvlink' | 'pcie' | 'infinity_fabric' | 'none' | 'other';
  type Backbone = 'unet' | 'dit';
  type MediaTask = 'transcribe' | 'tts' | 'music';
  type MediaRuntime = 'eager' | 'compiled' | 'tensorrt';
  type HardwareKind = 'gpu' | 'tpu' | 'npu';
  type Locale = 'en' | 'ar';
  type Severity = 'info' | 'warning';
  type Offload = 'none' | 'optimizer' | 'optimizer_and_params';
  type Detail = 'full' | 'figures' | 'table';
  /** The columns of a table response, in order: the option fields of the same name (CONTRACT.md "table") */
  type TableColumn = 'offering' | 'pricing' | 'tier' | 'interconnect' | 'bottleneck' | 'sharding' | 'gpus' | 'instances'
    | 'concurrency' | 'tensor' | 'pipeline' | 'data' | 'expert' | 'fits' | 'meets_targets' | 'vram_bytes_per_gpu'
    | 'used_bytes_per_gpu' | 'decode_output_tokens_per_s_per_user' | 'output_tokens_per_s' | 'ttft_s' | 'max_concurrency'
    | 'max_context_tokens' | 'kv_capacity_tokens' | 'train_tokens_per_s' | 'train_s' | 'gpu_hours' | 'mfu'
    | 'seconds_per_image' | 'real_time_factor' | 'items_per_s' | 'usd_per_hour' | 'usd_per_gpu_hour'
    | 'usd_per_million_output_tokens' | 'usd_per_month' | 'usd_total' | 'usd_compute' | 'usd_storage' | 'usd_egress'
    | 'job_s' | 'billed_s' | 'spot_extra_s' | 'startup_s' | 'price_confidence' | 'listed_usd_per_hour';
  /** How sure the catalog is of a price (catalog/README.md "Confidence"); vocabulary().price_confidence */
  type PriceConfidence = 'confirmed' | 'single_source' | 'stale';
  /** One entry of a vocabulary list: the id and its labels. */
  interface VocabularyEntry<Id extends string = string> { id: Id; label: { en: string; ar: string } }
  /** sizer.vocabulary(): every id list the request accepts and the response uses. */
  interface Vocabulary {
    weight_formats: VocabularyEntry<WeightFormat>[]; kv_formats: VocabularyEntry<KvFormat>[]; engines: VocabularyEntry<Engine>[];
    workload_kinds: VocabularyEntry<WorkloadKind>[]; model_kinds: VocabularyEntry<ModelKind>[]; methods: VocabularyEntry<Method>[];
    optimizers: VocabularyEntry<Optimizer>[]; lora_targets: VocabularyEntry<LoraTargets>[]; sharding: VocabularyEntry<Sharding>[];
    precisions: VocabularyEntry<Precision>[]; pricing: VocabularyEntry<Pricing>[]; order: VocabularyEntry<Order>[];
    tiers: VocabularyEntry<Tier>[]; bottlenecks: VocabularyEntry<Bottleneck>[]; interconnects: VocabularyEntry<Interconnect>[];
    backbones: VocabularyEntry<Backbone>[]; media_tasks: VocabularyEntry<MediaTask>[]; media_runtimes: VocabularyEntry<MediaRuntime>[]; hardware_kinds: VocabularyEntry<HardwareKind>[];
    locales: VocabularyEntry<Locale>[]; severities: VocabularyEntry<Severity>[]; offload: VocabularyEntry<Offload>[];
    detail: VocabularyEntry<Detail>[]; price_confidence: VocabularyEntry<PriceConfidence>[]; eligibility: VocabularyEntry<EligibilityClass>[];
  }

  interface ModelArchitecture {
    name?: string;
    kind?: ModelKind;
    params_b: number;
    active_params_b?: number;
    layers?: number; hidden?: number; heads?: number; kv_heads?: number; head_dim?: number;
    ffn?: number; vocab?: number; max_context?: number;
    experts?: number; experts_per_token?: number;
    kv_lora_rank?: number; rope_head_dim?: number;
    sliding_window?: number; sliding_layers?: number;
    tied_embeddings?: boolean;
    /** The format the published checkpoint stores its weights in; serving uses it when `weights` is not given */
    checkpoint_weights?: WeightFormat;
  }

  interface GpuSpec {
    id?: string; name?: string; vendor?: string;
    vram_gib: number;
    memory_type?: string;
    memory_bandwidth_gbs: number;
    tflops: { fp32?: number | null; tf32?: number | null; bf16?: number | null; fp16?: number | null;
              fp8?: number | null; int8?: number | null; fp4?: number | null };
    interconnect?: { kind: Interconnect; bandwidth_gbs?: number };
    pcie_bandwidth_gbs?: number;
    /** Memory the driver reports (CUDA/HIP totalGlobalMem), bytes, and where it was read */
    driver_memory_bytes?: number | null; driver_memory_source?: string;
  }

  interface TrainingWorkload {
    kind: 'finetune' | 'pretrain';
    method?: Method;
    optimizer?: Optimizer;
    lora_rank?: number; lora_targets?: LoraTargets;
    seq_len?: number; micro_batch?: number; grad_checkpointing?: boolean | 'selective';
    sharding?: Sharding;
    dataset_tokens?: number; epochs?: number; tokens?: number;
    precision?: Precision; weights?: WeightFormat; deadline_s?: number; checkpoint_every_s?: number;
    /** Fixes the layout instead of letting the core choose; with `hardware`, the product must equal hardware.count */
    parallelism?: { tensor: number; pipeline: number; data: number; expert?: number; context?: number };
    /** Tokens per optimizer step across all replicas */
    global_batch_tokens?: number;
    /** Optimizer state (and weights) kept in host RAM: ZeRO-Offload / ZeRO-Infinity, FSDP CPU offload */
    offload?: Offload;
    /** The optimizer steps each parameter inside the backward pass (gradients freed at once; no accumulation) */
    optimizer_in_backward?: boolean;
    /** Checkpointed activations moved to host RAM during the forward pass and back for the backward */
    activation_offload?: boolean;
    /** The loss fused with the output layer (no full logits held); absent: as the engine */
    fused_loss?: boolean;
  }

  interface MediaWorkload {
    kind: 'image' | 'video' | 'audio';
    weights?: WeightFormat;
    width?: number; height?: number; frames?: number; steps?: number; batch?: number; images?: number;
    guidance?: boolean; audio_seconds?: number; runtime?: MediaRuntime;
    /** Seconds the whole job must end within (every billed second); slower options do not meet the targets. */
    deadline_s?: number;
  }

  interface InferenceWorkload {
    kind: 'inference';
    weights?: WeightFormat;
    kv_cache?: KvFormat;
    prompt_tokens?: number;
    output_tokens?: number;
    context_tokens?: number;
    concurrency?: number;
    /** Target per-user decode speed; a ranked endpoint with no target assumes 25 (an assumed_field warning) */
    min_output_tokens_per_s_per_user?: number;
    /** Target first token at the workload's load: the option's ttft_mean_s (queueing included) */
    max_ttft_s?: number;
    /** Open loop: requests per second arriving (Poisson); ttft_mean_s/ttft_p90_s add the queueing wait; options must sustain rate × output_tokens; without concurrency, each option runs the sequences the rate keeps in flight on it (Little's law) */
    requests_per_s?: number;
    /** The server's prompt-token budget per step (vLLM --max-num-batched-tokens, SGLang --chunked-prefill-size); default: the engine's on the GPU */
    prefill_token_budget?: number;
    /** Requests a closed-loop benchmark sends in all and measures (--num-prompts, no warm-up): its first wave counts in ttft_mean_s; absent: the steady state, no first wave */
    benchmark_requests?: number;
    hours_per_day?: number;
    /** An offline batch (no users waiting): output tokens to generate, or requests (× output_tokens); ranked by usd_total; without concurrency, each option runs the largest batch that fits */
    batch_tokens?: number; batch_requests?: number;
  }

  interface EvaluateRequest {
    model?: string | ModelArchitecture;
    hf_config?: Record<string, unknown>;
    workload: InferenceWorkload | TrainingWorkload | MediaWorkload;
    engine?: Engine;
    hardware?: { gpu: string | GpuSpec; count?: number };
    /** tiers: the provider tiers to rank (all when absent) */
    filters?: { providers?: string[]; tiers?: Tier[]; pricing?: Exclude<Pricing, 'reserved'>; max_gpus?: number; max_usd_per_hour?: number };
    locale?: Locale;
    limit?: number;
    order?: Order;
    /** figures: every number, none of the sentences or workings (guidance, explain and the options' notes,
     *  reasons and warnings come back empty); for sweeps and grids of many evaluations. table: as figures, with
     *  the options as `table` (columns of numbers) instead of `options`; for ranking, filtering or plotting every
     *  option. Default full. */
    detail?: Detail;
  }

  interface Memory {
    weights_bytes?: number; kv_cache_bytes?: number; kv_bytes_per_token?: number; activations_bytes?: number;
    gradients_bytes?: number; optimizer_bytes?: number; adapter_bytes?: number; overhead_bytes?: number;
    total_bytes?: number;
    /** Training: host (CPU) RAM the offloaded or paged state needs */
    host_bytes?: number;
  }

  /** One ~80% interval (CONTRACT.md `ranges`): low ≤ the figure ≤ high, in the figure's unit; `cases`, the
   *  measurements behind it; `basis`, the table row used ("group/engine/family", `*` where it fell back) */
  interface FigureRange { low: number; high: number; cases: number; basis: string }

  /** The figures an option may carry a range for; each present only when the option carries the figure */
  interface FigureRanges {
    decode_output_tokens_per_s_per_user?: FigureRange; output_tokens_per_s?: FigureRange; ttft_s?: FigureRange;
    ttft_mean_s?: FigureRange; ttft_p90_s?: FigureRange; tpot_mean_s?: FigureRange; tpot_p90_s?: FigureRange;
    train_tokens_per_s?: FigureRange; train_s?: FigureRange; gpu_hours?: FigureRange;
    seconds_per_image?: FigureRange; real_time_factor?: FigureRange;
  }

  interface Option {
    provider?: string; instance?: string; offering_id?: string; region?: string;
    gpu: string; gpus: number;
    /** 'reserved': priced at a published term price (catalog commitments) whose term covers a long run; see term_days */
    pricing?: 'on_demand' | 'spot' | 'reserved';
    fits: boolean; meets_targets: boolean;
    vram_bytes_per_gpu: number; used_bytes_per_gpu: number;
    /** The layout; expert only where experts are split over GPUs (degree above 1) */
    parallelism: { tensor: number; pipeline: number; data: number; expert?: number; context?: number };
    /** The provider's tier */
    tier?: Tier;
    concurrency: number;
    interconnect?: string;
    bottleneck?: Bottleneck;
    decode_output_tokens_per_s_per_user?: number; output_tokens_per_s?: number; ttft_s?: number;
    /** Under load: time to first token and time per output token, mean and 90th percentile over the requests (seconds) */
    ttft_mean_s?: number; ttft_p90_s?: number; tpot_mean_s?: number; tpot_p90_s?: number;
    max_concurrency?: number; max_context_tokens?: number; kv_capacity_tokens?: number;
    train_tokens_per_s?: number; train_s?: number; gpu_hours?: number; mfu?: number;
    seconds_per_image?: number; real_time_factor?: number;
    usd_per_hour?: number; usd_per_million_output_tokens?: number; usd_total?: number; usd_per_month?: number;
    usd_per_gpu_hour?: number;
    /** Boot, image pull, weight download and load, in seconds: billed, and counted inside job_s */
    startup_s?: number;
    /** The date the price was seen in a dated source (absent: unknown) and how sure the catalog is of it */
    price_seen?: string; price_confidence?: PriceConfidence;
    /** Only for a doubtful price (not confirmed, under half its GPU's median): the listed $/h; the option is
     *  ranked and priced at the median, with the warning note price_doubtful */
    listed_usd_per_hour?: number;
    /** Extensions: the parts of usd_total, billing and job time, multi-node, the ZeRO stage used */
    usd_compute?: number; usd_storage?: number; usd_egress?: number; billed_s?: number; job_s?: number;
    spot_extra_s?: number; instances?: number; sharding?: string; items_per_s?: number;
    /** Extension: pricing 'reserved' only: the length in days of the term billed, the shortest that covers job_s */
    term_days?: number;
    range?: { metric: string; low: number; high: number };
    /** Extension: a ~80% interval for each headline figure the option carries (CONTRACT.md `ranges`) */
    ranges?: FigureRanges;
    /** Extension: the class the guide's rules put the option in, and why (ranked before price) */
    eligibility?: Eligibility;
    /** Extension: the worst low-end-of-range figure over its target (>= 1: targets met with margin) */
    target_margin?: number;
    reasons: string[];
    warnings: string[];
    /** Extension: reasons (info) and warnings in machine-readable form, in the same order */
    notes: OptionNote[];
  }

  interface OptionNote {
    /** e.g. 'fits', 'judgement' (a ranking rule moved this option), 'listing' (a marketplace listing), 'layout',
        'multi_node', 'reserved' (a long run's term price: priced at one, or ask for one), 'reserved_stale', 'target_margin' (params.margin or params.shortfall: the targets at the low end of the
        range), and capability warnings: 'bf16_as_fp16', 'no_flash_attention', 'no_kernel', 'no_fp8_training' */
    code: string;
    severity: Severity;
    /** Each figure's raw number where it has one (bytes, seconds, dollars, a fraction), else its text */
    params: Record<string, number | string>;
    text: string;
  }

  interface EvaluateResponse {
    ok: boolean;
    errors: Issue[];
    warnings: Issue[];
    model?: { name: string; kind: string; params_b: number; active_params_b: number; assumed: string[]; [field: string]: unknown };
    memory?: Memory;
    options?: Option[];
    options_evaluated?: number;
    /** For every GPU kind of the catalog, the fewest GPUs that hold one replica (absent: none up to 64) */
    fit_by_gpu?: { gpu: string; vram_bytes_per_gpu: number; gpus_needed?: number; used_bytes_per_gpu?: number }[];
    /** The workload as evaluated, defaults filled in, and the engine preset used */
    workload?: { kind: string; [field: string]: unknown };
    workload_kind?: string;
    engine?: string;
    guidance?: { id: string; question: string; answer: string }[];
    explain?: { figure: string; formula: string; values: Record<string, number>; result?: number; unit: ExplainUnit; units: Record<string, ExplainUnit>; source: string }[];
    catalog_as_of?: string;
    /** Pretraining and full fine-tunes: the top option's GPU kind at its provider on other instance counts */
    scaling?: ScalingRow[];
    /** detail "table": the options best first as columns; `options` is then empty */
    table?: OptionTable;
  }

  /** values[c][r]: column c (named columns[c]) of the option ranked r, null where it has no such figure. Enum
   *  columns hold the value's position in its vocabulary list (pricing, tiers, interconnects, bottlenecks,
   *  sharding), fits and meets_targets 1 or 0, `offering` the option's position in the evaluated catalog's
   *  offerings (null for pinned hardware). */
  interface OptionTable {
    columns: TableColumn[];
    rows: number;
    values: (number | null)[][];
  }

  interface ScalingRow {
    gpus: number;
    instances: number;
    /** The whole job, start-up included */
    job_s: number;
    usd_total: number;
    /** Whether it meets the deadline (workload.deadline_s, or the default the core assumed) */
    meets_targets: boolean;
  }

  interface Catalog {
    as_of?: string;
    gpus?: Array<GpuSpec & { id: string; name: string; source: string; as_of: string; [field: string]: unknown }>;
    providers?: Array<{ id: string; name: string; tier?: Tier; price_as_of?: string; [field: string]: unknown }>;
    offerings?: Array<{ id: string; provider: string; instance: string; gpu: string; gpus: number;
                        usd_per_hour?: number | null; spot_usd_per_hour?: number | null;
                        display_name?: string; price_as_of?: string;
                        /** Provenance (catalog/README.md): the date seen, the confidence, the source's currency */
                        price_seen?: string; price_confidence?: PriceConfidence; spot_confidence?: PriceConfidence;
                        currency?: string; source_amount?: number; fx_rate?: number; fx_date?: string;
                        resale_of?: { provider: string; instance: string | null }; form_factor?: 'pcie' | 'sxm' | 'nvl' | 'oam';
                        spot_region?: string; [field: string]: unknown }>;
    models?: Array<ModelArchitecture & { id: string; name: string; source: string; as_of: string }>;
  }

  /** The <gpu-sizer> element's views (dist/gpu-sizer-widget.js): the calculator, its compact form, or a card
   *  with the answer only (fits on, top pick, speed, cost, a link to the full calculator). */
  type WidgetView = 'full' | 'compact' | 'card';

  /** `detail` of the `gpu-sizer-result` CustomEvent, dispatched on the element (bubbles, composed) after every
   *  evaluation. `request` is the card's request; the calculator views send null (their form builds it). */
  interface WidgetResultDetail {
    response: EvaluateResponse;
    request: EvaluateRequest | null;
    view: WidgetView;
  }

  /** The <gpu-sizer> custom element. Attributes are reflected to these string properties. */
  interface WidgetElement extends HTMLElement {
    view: WidgetView | string | null;
    model: string | null;
    task: string | null;
    gpu: string | null;
    theme: 'light' | 'dark' | string | null;
    permalink: string | null;
    catalogSrc: string | null;
    /** full and compact views: the most pixels tall, scrolling inside. */
    height: string | null;
    /** card: the full calculator's URL (default: index.html beside the widget script). */
    calculator: string | null;
    promptTokens: string | null;
    outputTokens: string | null;
    concurrency: string | null;
    compact: boolean;
    /** The form state of the calculator views (null for the card and while the core loads). */
    readonly state: Record<string, unknown> | null;
    /** The last response. */
    readonly response: EvaluateResponse | null;
  }

  interface Sizer {
    /** Evaluates a request (object or JSON text). `options.catalog` evaluates against another catalog. */
    evaluate(request: EvaluateRequest | string, options?: { catalog?: Catalog | string }): EvaluateResponse;
    /** The bundled catalog; `{ offerings: false }`: without its offerings (the small part: GPUs, providers, models). */
    catalog(options?: { offerings?: boolean }): Catalog;
    /** The bundled catalog's offerings (what `catalog().offerings` holds), read apart from the rest. */
    offerings(): NonNullable<Catalog['offerings']>;
    /** Every id list the request accepts and the response uses, each id with its English and Arabic label. */
    vocabulary(): Vocabulary;
    /** Validates a catalog (object or JSON text); lists every problem with its JSON Pointer. */
    validateCatalog(catalog: Catalog | string): { ok: boolean; errors: Issue[]; warnings: Issue[];
      counts: { gpus: number; providers: number; offerings: number; models: number } };
  }
}

export = createSizer;

// dist/index.html served over HTTP: results follow the inputs; bad input shows its message beside the field.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { launch, startServer, watch, waitForResults, settle } = require('./lib.js');

test('served page updates as you type and maps errors to fields', async (t) => {
  const server = await startServer();
  t.after(server.close);
  const { context, close } = await launch();
  t.after(close);
  const page = await context.newPage();
  const problems = watch(page);
  await page.goto(server.url);
  await waitForResults(page);

  const kv = () => page.locator('.gs-val[data-part="kv_cache_bytes"]').textContent();
  const total = () => page.locator('#gs-mem-total').textContent();

  // More concurrent sequences: a bigger KV cache and a bigger total.
  const kv8 = await kv();
  const total8 = await total();
  await page.fill('#gs-conc', '64');
  await settle(page);
  const kv64 = await kv();
  assert.notEqual(kv64, kv8, 'KV cache follows concurrency');
  assert.ok(parseFloat(kv64) > parseFloat(kv8) * 4, `${kv64} vs ${kv8}`);
  assert.notEqual(await total(), total8);

  // Another model: a custom 70 B architecture needs far more memory.
  await page.check('#gs-src-custom');
  await page.fill('#gs-c_params_b', '70');
  await page.fill('#gs-c_layers', '80');
  await page.fill('#gs-c_kv_heads', '8');
  await settle(page);
  const total70 = parseFloat(await total());
  assert.ok(total70 > 140, `70 B model total ${total70} GB`);
  // Blank custom fields are estimated by the core and the estimate is shown beside them.
  assert.match(await page.locator('#gs-c_vocab-assumed').textContent(), /\d/);

  // A pasted Hugging Face config.json is sent as hf_config; bad JSON is reported beside the textarea.
  await page.check('#gs-src-hf');
  await page.fill('#gs-hf', '{"hidden_size": 5120, "num_hidden_layers": 40, "num_attention_heads": 40, "num_key_value_heads": 8,');
  await settle(page);
  assert.match(await page.locator('#gs-hf-err').textContent(), /not valid JSON/);
  await page.fill('#gs-hf', JSON.stringify({ architectures: ['LlamaForCausalLM'], hidden_size: 5120, intermediate_size: 13824,
    num_hidden_layers: 40, num_attention_heads: 40, num_key_value_heads: 8, vocab_size: 32000, max_position_embeddings: 4096 }));
  await settle(page);
  assert.equal(await page.locator('#gs-hf-err').isVisible(), false);
  const totalHf = parseFloat(await total());
  assert.ok(totalHf > 20 && totalHf < total70, `hf_config model total ${totalHf} GB`);
  assert.match(await page.locator('.gs-memory #gs-mem-warnings').textContent(), /hf_config/);

  // Back to the preset model.
  await page.check('#gs-src-preset');
  await settle(page);
  assert.ok(parseFloat(await total()) < total70);

  // Bad value: prompt tokens -5 -> the core's message beside that field, aria-invalid, described by it.
  await page.fill('#gs-prompt', '-5');
  await settle(page);
  const err = page.locator('#gs-prompt-err');
  await err.waitFor({ state: 'visible' });
  assert.match(await err.textContent(), /prompt_tokens.*-5/);
  assert.equal(await page.getAttribute('#gs-prompt', 'aria-invalid'), 'true');
  assert.match(await page.getAttribute('#gs-prompt', 'aria-describedby'), /gs-prompt-err/);
  assert.match(await page.locator('#gs-alert').textContent(), /last valid input/);

  // Not a number at all: the page's own message (with the forms it reads), and the results of the last valid
  // input are hidden, not left to be read as this input's (issue 16).
  await page.fill('#gs-prompt', '12abc');
  await settle(page);
  assert.match((await err.textContent()).trim(), /^Enter a number such as .*50M/);
  assert.ok(await page.locator('#gs-out.gs-stale').count() === 1);
  assert.equal(await page.locator('#gs-out').isVisible(), false);

  // Fixing it clears the error.
  await page.fill('#gs-prompt', '1000');
  await settle(page);
  assert.equal(await err.isVisible(), false);
  assert.equal(await page.getAttribute('#gs-prompt', 'aria-invalid'), null);

  // Pinned GPU with a bad count maps to the count field.
  await page.check('#gs-hw-pin');
  await page.fill('#gs-count', '0');
  await settle(page);
  assert.match(await page.locator('#gs-count-err').textContent(), /count/);

  // Another task tab computes its own workload with the same pinned GPU: training figures, no serving ones.
  await page.fill('#gs-count', '2');
  await page.click('#gs-tab-finetune');
  await page.locator('#gs-table th[data-col="time_h"]').waitFor({ timeout: 10000 });
  assert.equal(await page.locator('#gs-prompt').count(), 0, 'serving fields are not in the fine-tune form');
  assert.equal(await page.locator('#gs-table th[data-col="tps_user"]').count(), 0);
  assert.match(await page.locator('#gs-summary').textContent(), /GPU-hours/);

  assert.deepEqual(problems, []);
});

test('server sends the right MIME types and refuses path traversal', async (t) => {
  const server = await startServer();
  t.after(server.close);
  const get = (p) => fetch(server.url + p);
  assert.match((await get('gpu-sizer.js')).headers.get('content-type'), /^text\/javascript/);
  assert.match((await get('index.html')).headers.get('content-type'), /^text\/html/);
  assert.match((await get('gpu-sizer.css')).headers.get('content-type'), /^text\/css/);
  assert.equal((await get('nope.txt')).status, 404);
  assert.notEqual((await get('..%2fpackage.json')).status, 200);
  const csp = await startServer({ csp: true });
  t.after(csp.close);
  assert.equal((await fetch(csp.url + 'embed.html')).headers.get('content-security-policy'), "script-src 'self' 'wasm-unsafe-eval'");
});

// Runs the bench modules listed below (or those named on the command line), in order, merges
// their figures into bench/results.json by bench name, and prints them. Each bench gets the
// figures so far (earlier benches of this run over those of bench/results.json).
//   npx tsx bench/run.ts [name ...] [--quick] [--part P ...]   (npm run bench -- quotas sliding rtt)
// The issue-16 figures are the parts `quotas` (a), `run` (b), `sliding` (c) and `rtt` (d); the
// whole bench takes about 45 minutes, `quotas` about 30 of them (its `--part unbudgeted` 25, which
// `--part budgeted` can run beside in another process). `--quick` runs the parts named
// smaller (fewer property runs, one round, the quota windows scaled down 6x) in a minute or two
// each, prints their figures and leaves bench/results.json as it is.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchLimitModel } from './limit-model.ts';
import { benchLoad } from './load.ts';
import { benchProbe } from './probe.ts';
import { benchReference } from './reference.ts';
import { benchRunMemory } from './run-memory.ts';
import { benchRunOverhead } from './run-overhead.ts';
import { benchRunIndexQuotas } from './run-index-quotas.ts';
import { benchRunQuotas } from './run-quotas.ts';
import { benchRunRemote } from './run-remote.ts';
import { benchRunRtt } from './run-rtt.ts';
import { benchRunSliding } from './run-sliding.ts';
import { benchRunWalks } from './run-walks.ts';
import type { BenchOptions } from './options.ts';

type Figures = Record<string, unknown>;

const BENCHES: Array<{ name: string; run: (previous: Figures, o: BenchOptions) => Promise<Figures> }> = [
  { name: 'reference', run: benchReference },
  { name: 'probe', run: benchProbe },
  { name: 'run', run: benchRunOverhead },
  { name: 'remote', run: benchRunRemote },
  { name: 'rtt', run: benchRunRtt },
  { name: 'sliding', run: benchRunSliding },
  { name: 'quotas', run: benchRunQuotas },
  { name: 'index-quotas', run: benchRunIndexQuotas },
  { name: 'memory', run: benchRunMemory },
  { name: 'walks', run: benchRunWalks },
  { name: 'load', run: benchLoad },
  { name: 'limits', run: benchLimitModel },
];

const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));

const args = process.argv.slice(2);
const parts = args.flatMap((a, i) => (args[i - 1] === '--part' ? [a] : []));
const options: BenchOptions = { quick: args.includes('--quick'), ...(parts.length ? { parts } : {}) };
const wanted = args.filter((a, i) => a !== '--quick' && a !== '--part' && args[i - 1] !== '--part');
const unknown = wanted.filter((w) => !BENCHES.some((b) => b.name === w));
if (unknown.length > 0) {
  console.error(`unknown bench(es): ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.name).join(', ')}`);
  process.exit(2);
}

const ran: string[] = [];
const results: Figures = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
for (const bench of BENCHES.filter((b) => wanted.length === 0 || wanted.includes(b.name))) {
  console.log(`bench ${bench.name} ...`);
  const t0 = performance.now();
  const figures = await bench.run(results, options);
  results[bench.name] = { ...figures, node: process.version, at: new Date().toISOString() };
  ran.push(bench.name);
  console.log(`bench ${bench.name}: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  if (options.quick) console.log(JSON.stringify({ [bench.name]: results[bench.name] }, null, 2));
}
if (!options.quick) {
  // Read again before writing: another bench process may have written its parts meanwhile.
  const now: Figures = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
  // A bench run in parts (--part) keeps the figures of its other parts.
  for (const bench of ran) now[bench] = options.parts ? { ...(now[bench] as Figures | undefined), ...(results[bench] as Figures) } : results[bench];
  writeFileSync(RESULTS, `${JSON.stringify(now, null, 2)}\n`);
  console.log(JSON.stringify(now, null, 2));
}

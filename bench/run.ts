// Runs the bench modules listed below (or those named on the command line), in order, merges
// their figures into bench/results.json by bench name, and prints them. Each bench gets the
// figures so far (earlier benches of this run over those of bench/results.json).
//   npx tsx bench/run.ts [name ...]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchLoad } from './load.ts';
import { benchProbe } from './probe.ts';
import { benchReference } from './reference.ts';
import { benchRunMemory } from './run-memory.ts';
import { benchRunOverhead } from './run-overhead.ts';
import { benchRunQuotas } from './run-quotas.ts';
import { benchRunRemote } from './run-remote.ts';

type Figures = Record<string, unknown>;

const BENCHES: Array<{ name: string; run: (previous: Figures) => Promise<Figures> }> = [
  { name: 'reference', run: benchReference },
  { name: 'probe', run: benchProbe },
  { name: 'run', run: benchRunOverhead },
  { name: 'remote', run: benchRunRemote },
  { name: 'quotas', run: benchRunQuotas },
  { name: 'memory', run: benchRunMemory },
  { name: 'load', run: benchLoad },
];

const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !BENCHES.some((b) => b.name === w));
if (unknown.length > 0) {
  console.error(`unknown bench(es): ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.name).join(', ')}`);
  process.exit(2);
}

const results: Figures = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
for (const bench of BENCHES.filter((b) => wanted.length === 0 || wanted.includes(b.name))) {
  console.log(`bench ${bench.name} ...`);
  const figures = await bench.run(results);
  results[bench.name] = { ...figures, node: process.version, at: new Date().toISOString() };
}
writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));

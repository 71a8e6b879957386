// Runs the bench modules listed below (or those named on the command line), merges their
// figures into bench/results.json by bench name, and prints them.
//   npx tsx bench/run.ts [name ...]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchReference } from './reference.ts';

const BENCHES: Array<{ name: string; run: () => Promise<Record<string, unknown>> }> = [
  { name: 'reference', run: benchReference },
];

const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !BENCHES.some((b) => b.name === w));
if (unknown.length > 0) {
  console.error(`unknown bench(es): ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.name).join(', ')}`);
  process.exit(2);
}

const results: Record<string, unknown> = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
for (const bench of BENCHES.filter((b) => wanted.length === 0 || wanted.includes(b.name))) {
  console.log(`bench ${bench.name} ...`);
  const figures = await bench.run();
  results[bench.name] = { ...figures, node: process.version, at: new Date().toISOString() };
}
writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));

// What "every part judged" means on a certificate (parts-judged.whole.test.ts, profiles.test.ts):
// the MUSTs in scope that did not pass, and every part of a MUST that judged nothing though the
// config allows it; and the three shuffle seeds the suites' order is shuffled with.
import type { Certification } from '../../../reports/model.ts';

/** The seeds of the shuffled runs: the default reference under each, every other profile under one in turn. */
export const SHUFFLES: readonly number[] = [1, 2, 3];

/** The shuffle seed of the i-th profile (reference/profiles/index.ts order): the three in turn. */
export const shuffleOf = (i: number): number => SHUFFLES[i % SHUFFLES.length]!;

/** The MUSTs in scope not passed, and every part of a MUST that judged nothing though the config allows it. */
export function openMusts(c: Certification): string[] {
  const musts = c.requirements.filter(
    (r) => r.level === 'MUST' && !(r.status === 'skipped' && /^out of scope|not selected|--only|with-load/.test(r.reason ?? '')),
  );
  return [
    ...musts.filter((r) => r.status !== 'passed' && r.status !== 'skipped').map((r) => `${r.id} ${r.status}: ${r.reason ?? ''}`),
    ...musts.flatMap((r) => (r.parts ?? []).filter((p) => p.judged === 0 && !p.outOfScope).map((p) => `${r.id} part ${p.name}: ${p.why ?? ''}`)),
  ];
}

/** The parts of a requirement the certificate names (AUTH-11's writes, OS-3's vouchers). */
export const partsOf = (c: Certification, id: string): number => c.requirements.find((r) => r.id === id)?.parts?.length ?? 0;

/** The line of the test output: verdict, MUSTs passed, open, parts judged. */
export function partsLine(name: string, c: Certification): string {
  const musts = c.requirements.filter((r) => r.level === 'MUST');
  const parts = musts.flatMap((r) => r.parts ?? []).filter((p) => !p.outOfScope);
  const counts = `MUST passed ${musts.filter((r) => r.status === 'passed').length}, failed ${musts.filter((r) => r.status === 'failed').length}`;
  return `${name}: ${c.verdict}; ${counts}, open ${openMusts(c).length}; parts of MUSTs judged ${parts.filter((p) => p.judged > 0).length} of ${parts.length}`;
}

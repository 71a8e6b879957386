// The parts of a requirement made of parts (AUTH-11's writes, OS-3's vouchers), as its tests
// recorded them (core/record.ts PartOutcome): listed in the certificate, each with the cases it
// judged or why it judged none. A part the config allows that judged nothing keeps the
// requirement from passing on the others: it is inconclusive, and the reason names the part.
import { unjudged } from '../core/record.ts';
import { reasonSays } from '../core/words/reasons.ts';
import type { CollectedTest } from './records/collected.ts';
import type { RequirementPart } from './model.ts';

/** The parts the tests of a requirement recorded, by name (a part two tests share adds up). */
export function partsOf(tests: CollectedTest[], id: string): RequirementPart[] {
  const out = new Map<string, RequirementPart>();
  for (const t of tests)
    for (const [name, p] of Object.entries(t.record?.parts?.[id] ?? {})) {
      const was = out.get(name);
      out.set(name, was ? { ...was, judged: was.judged + p.judged, why: was.why ?? p.why, outOfScope: !!was.outOfScope && !!p.outOfScope } : { name, ...p });
    }
  return [...out.values()].map((p) => (p.judged > 0 ? { name: p.name, judged: p.judged } : p));
}

/** Why the requirement is not passed on its other parts: the parts the config allows that judged nothing; undefined when none. */
export function openParts(parts: RequirementPart[]): string | undefined {
  const open = parts.filter(unjudged);
  if (open.length === 0) return undefined;
  return reasonSays('partsOpen', { open: open.length, parts: parts.length, which: open.map((p) => `${p.name}: ${p.why ?? 'no case'}`).join('; ') });
}

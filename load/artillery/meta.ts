// What the exported script declares about the kit's scenario, for the read-back: written by
// load/artillery/script.ts as one comment line of the script (Artillery ignores comments), read by
// `report --artillery FILE --script SCRIPT` so that load.json names the scenario, the mix with each
// operation's own status, and the thresholds, as the kit's engine would.
import { z } from 'zod';

/** The script `run --with-load` writes beside its certificate (export-file.ts; a name only here: `report` reads it without the load modules). */
export const RUN_ARTILLERY_FILE = 'load.artillery.yml';

export const META_PREFIX = 'erp-conformance-scenario: ';

export const scenarioMetaSchema = z.object({
  version: z.literal(1),
  target: z.object({ name: z.string(), baseUrl: z.string() }),
  scenario: z.enum(['steady', 'ramp', 'spike', 'soak']),
  rate: z.number().positive(),
  seconds: z.number().positive(),
  phases: z.array(z.object({ name: z.string(), rate: z.number().positive(), seconds: z.number().positive() })),
  mix: z.array(
    z.object({
      name: z.enum(['report', 'customer-create', 'order-status', 'status-refused']),
      weight: z.number().int().positive(),
      expected: z.number().int(),
      writes: z.boolean(),
      description: z.string(),
    }),
  ),
  thresholds: z.array(z.string()),
  notes: z.array(z.string()),
});

export type ScenarioMeta = z.infer<typeof scenarioMetaSchema>;

/** The comment line that carries `meta` (without the '# '). */
export function metaLine(meta: ScenarioMeta): string {
  return `${META_PREFIX}${JSON.stringify(meta)}`;
}

/** The meta of an exported script's text; throws with the reason when it has none or a bad one. */
export function readMeta(scriptText: string): ScenarioMeta {
  const line = scriptText.split(/\r?\n/).find((l) => l.startsWith(`# ${META_PREFIX}`));
  if (!line) throw new Error(`no "# ${META_PREFIX.trim()}" line: not a script written by erp-conformance load --export artillery`);
  let raw: unknown;
  try {
    raw = JSON.parse(line.slice(2 + META_PREFIX.length));
  } catch (e) {
    throw new Error(`its "${META_PREFIX.trim()}" line is not JSON: ${(e as Error).message}`);
  }
  const parsed = scenarioMetaSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`its "${META_PREFIX.trim()}" line is not one this version writes: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

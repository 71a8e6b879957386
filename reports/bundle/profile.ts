// A certification profile: what a certifier demands of a run before trusting its verdict (`verify
// --require FILE`): runs per property, the full scope (no --only, shard or replay, not cut short),
// the load suite, operations in scope, a budget at least as large, the verdicts accepted, the kit
// version and the config's hash. Each unmet demand is one line naming the setting.
import { z } from 'zod';
import type { BundleManifest } from './manifest-file.ts';

export const profileSchema = z.strictObject({
  numRuns: z.number().int().min(1).optional().describe('Runs per property: at least this many.'),
  scope: z
    .enum(['full', 'any'])
    .optional()
    .describe('full: the whole catalogue ran (no --only, no --shard, no replay) and nothing cut the run short (budget, interrupt, --max-failures).'),
  withLoad: z.boolean().optional().describe('true: the run had --with-load (the rate-limit suite ran).'),
  operations: z.array(z.string()).optional().describe('Operations the config must have put in scope.'),
  budget: z
    .strictObject({ maxDurationSeconds: z.number().positive().optional(), maxRequests: z.number().int().positive().optional() })
    .optional()
    .describe('Budgets at least this large (a request budget: none at all also holds).'),
  verdicts: z.array(z.string()).min(1).optional().describe('The verdicts accepted, e.g. ["certified"].'),
  kitVersion: z.string().optional().describe('The kit version that made the bundle.'),
  configSha256: z.string().optional().describe("The config's hash, as manifest.json has it (config.sha256 or config.fileSha256)."),
});
export type CertificationProfile = z.infer<typeof profileSchema>;

/** Each demand of the profile the bundle does not meet, one line each naming the setting. */
export function unmetDemands(profile: CertificationProfile, m: BundleManifest): string[] {
  const s = m.settings;
  const out: string[] = [];
  if (profile.numRuns !== undefined && s.numRuns < profile.numRuns)
    out.push(`setting numRuns: the run made ${s.numRuns} runs per property, the profile demands at least ${profile.numRuns}`);
  if (profile.scope === 'full') {
    if (s.selection) out.push(`setting selection: the run selected --only ${s.selection.join(',')}, the profile demands the full scope`);
    if (s.shard) out.push(`setting shard: the bundle is shard ${s.shard}, the profile demands the full scope (merge the shards)`);
    if (s.replay) out.push('setting replay: the bundle replays one property, the profile demands the full scope');
    if (s.stoppedBy) out.push(`setting stoppedBy: the run was cut short (${s.stoppedBy}), the profile demands the full scope`);
  }
  if (profile.withLoad === true && !s.withLoad) out.push('setting withLoad: the run had no --with-load, the profile demands the rate-limit suite');
  for (const op of profile.operations ?? [])
    if (!s.operations.includes(op)) out.push(`setting operations: ${op} was not in the run's scope, the profile demands it`);
  const b = profile.budget;
  if (b?.maxDurationSeconds !== undefined && (s.budget.maxDurationSeconds ?? Infinity) < b.maxDurationSeconds)
    out.push(`setting budget.maxDurationSeconds: the run had ${s.budget.maxDurationSeconds} s, the profile demands at least ${b.maxDurationSeconds}`);
  if (b?.maxRequests !== undefined && s.budget.maxRequests !== null && s.budget.maxRequests < b.maxRequests)
    out.push(`setting budget.maxRequests: the run had ${s.budget.maxRequests}, the profile demands at least ${b.maxRequests}`);
  if (profile.verdicts && !profile.verdicts.includes(m.verdict))
    out.push(`setting verdict: the run's verdict is ${m.verdict}, the profile accepts ${profile.verdicts.join(', ')}`);
  if (profile.kitVersion !== undefined && m.kitVersion !== profile.kitVersion)
    out.push(`setting kitVersion: the bundle was made by kit ${m.kitVersion}, the profile demands ${profile.kitVersion}`);
  if (profile.configSha256 !== undefined && profile.configSha256 !== m.config.sha256 && profile.configSha256 !== m.config.fileSha256)
    out.push(`setting configSha256: the run's config hashes to ${m.config.sha256}, the profile demands ${profile.configSha256}`);
  return out;
}

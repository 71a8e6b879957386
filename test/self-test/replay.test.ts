// The suite proves itself, part 4: a failing property names its { seed, path }, and the same
// seed sends the same requests again.
import { describe, expect, it } from 'vitest';
import { runAgainstReference } from './run-reference.ts';

function os2Evidence(r: Awaited<ReturnType<typeof runAgainstReference>>) {
  const os2 = r.certification.requirements.find((x) => x.id === 'OS-2')!;
  const withReplay = os2.findings.filter((f) => f.replay);
  return withReplay.map((f) => ({ replay: f.replay, body: f.exchange?.request.body, url: f.exchange?.request.url.replace(/:\d+\//, ':PORT/') }));
}

describe('a failing property', () => {
  it('prints its seed and path, and --seed reruns exactly the same requests', async () => {
    const first = await runAgainstReference({ faults: ['os-case-insensitive'], only: ['OS'], seed: 7, numRuns: 20 });
    const evidence = os2Evidence(first);
    expect(evidence.length).toBeGreaterThan(0);
    expect(evidence[0]!.replay).toEqual({ seed: 7, path: expect.stringMatching(/^\d+(:\d+)*$/) });
    expect(first.lines.join('\n')).toMatch(/replay: erp-conformance run --seed 7 \(fast-check path "\d+(:\d+)*"\)/);
    const again = await runAgainstReference({ faults: ['os-case-insensitive'], only: ['OS'], seed: 7, numRuns: 20 });
    expect(os2Evidence(again)).toEqual(evidence);
  }, 120_000);
});

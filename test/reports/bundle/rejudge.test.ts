// verify's offline re-judging (reports/bundle/rejudge.ts): a recorded finding of a single-exchange
// check is found again on its kept exchange; a finding the check does not find again is named; a
// relation's finding, or one whose kept body was cut, is counted as not re-judged.
import { describe, expect, it } from 'vitest';
import { jsonContentType } from '../../../contract/checks/envelope.ts';
import type { Exchange, Finding } from '../../../core/types.ts';
import { decodeJson } from '../../../core/json.ts';
import { rejudge } from '../../../reports/bundle/rejudge.ts';
import { failingFinding, hostileExchange } from '../sample.ts';

const cert = (findings: Finding[]) => ({ requirements: [{ findings }] }) as unknown as Parameters<typeof rejudge>[0];

function labelledHtml(): Exchange {
  const ex = hostileExchange();
  return { ...ex, ...decodeJson(ex.response!.body), response: { ...ex.response!, bytes: Buffer.byteLength(ex.response!.body) } };
}

describe('re-judging recorded findings', () => {
  it("finds a single-exchange check's finding again on its kept exchange, without its parsed body", () => {
    const [found] = jsonContentType(labelledHtml(), undefined).findings;
    expect(found).toBeDefined();
    const { json: _json, ...kept } = found!.exchange!;
    expect(rejudge(cert([{ ...found!, exchange: kept }]))).toEqual({ agreed: 1, notRejudged: 0, differences: [] });
  });

  it('names a finding this kit does not find again (the exchange or the finding edited)', () => {
    const [found] = jsonContentType(labelledHtml(), undefined).findings;
    const ex = found!.exchange!;
    const fixed = { ...ex, response: { ...ex.response!, headers: { 'content-type': 'application/json' } } };
    expect(rejudge(cert([{ ...found!, exchange: fixed }])).differences).toEqual([
      `finding ENV-5 envelope.json-content-type on exchange 7: this kit finds nothing wrong with it`,
    ]);
  });

  it("counts a relation's finding, or one whose kept body was cut, as not re-judged", () => {
    const [found] = jsonContentType(labelledHtml(), undefined).findings;
    const cut = { ...found!, exchange: { ...found!.exchange!, response: { ...found!.exchange!.response!, bytes: 99_999 } } };
    expect(rejudge(cert([failingFinding(), cut]))).toEqual({ agreed: 0, notRejudged: 2, differences: [] });
  });
});

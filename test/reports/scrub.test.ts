// One redactor for every file written: a token a server echoes back, raw, URL-encoded or
// JSON-escaped, leaves no trace in certification.json, certification.html, junit.xml, records.json
// or the console; and no raw control or bidi character of a hostile server is in any of them.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findingAttachments } from '../../reports/render/allure-labels.ts';
import { certify } from '../../reports/certify.ts';
import { consoleSummary } from '../../reports/render/console.ts';
import { RECORDS_FORMAT, runFacts, type RunRecords } from '../../reports/records/records.ts';
import { scrubber } from '../../reports/scrub.ts';
import { writeReports } from '../../reports/write.ts';
import { HOSTILE_CONTROLS, sampleCollected, sampleFacts } from './sample.ts';

/** Characters that change under URL and JSON encoding. */
const TOKEN = 'tok/en "qu0t3d-zq" +&=\\back\u00e9';
const SECOND = 'second-token-123456';

describe('the reports of a run whose server echoed the tokens', () => {
  const collected = sampleCollected();
  const echo = `raw ${TOKEN} url ${encodeURIComponent(TOKEN)} json ${JSON.stringify(TOKEN)} second ${SECOND}`;
  const os4 = collected.tests[0]!.record!;
  os4.findings = [
    {
      ...os4.findings[0]!,
      title: `echoed ${TOKEN}`,
      received: echo,
      exchange: {
        ...os4.findings[0]!.exchange!,
        response: { ...os4.findings[0]!.exchange!.response!, body: JSON.stringify({ message: `echoed ${TOKEN}, ${encodeURIComponent(TOKEN)}, ${SECOND}` }) },
      },
    },
  ];
  collected.tests[2]!.record!.observations = { echoed: echo };
  const cert = certify(collected, runFacts(sampleFacts(), null));
  const records: RunRecords = { format: RECORDS_FORMAT, shard: null, facts: sampleFacts(), collected };
  const scrub = scrubber([TOKEN, SECOND]);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-redact-'));
  const files = writeReports(dir, cert, { scrub, records });
  const outputs: [string, string][] = [
    ...Object.entries(files).map(([k, f]) => [k, readFileSync(f, 'utf8')] as [string, string]),
    ['console', scrub(consoleSummary(cert))],
    [
      'allure',
      findingAttachments(os4.findings, { scrub })
        .map((a) => scrub(a.content))
        .join('\n'),
    ],
  ];

  it('holds no form of either token in any output, however the output escaped it (HTML, XML, JSON around a JSON body)', () => {
    // Pieces of the tokens that survive every escaping; "tok%2Fen" is the URL-encoded start.
    const pieces = ['tok/en', 'tok%2Fen', 'qu0t3d-zq', 'second-token'];
    expect(outputs.map(([k]) => k)).toEqual(['certification', 'html', 'junit', 'records', 'console', 'allure']);
    for (const [name, text] of outputs) {
      for (const piece of pieces) expect(text.includes(piece), `${name} holds ${piece}`).toBe(false);
      expect(text, name).toContain('***');
    }
  });

  it('holds no raw escape sequence, bell, C1 control or bidi override in any output', () => {
    for (const [name, text] of outputs)
      for (const c of HOSTILE_CONTROLS) expect(text.includes(c), `${name} holds U+${c.charCodeAt(0).toString(16)}`).toBe(false);
  });
});

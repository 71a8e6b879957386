// Numbers exactly as sent: an id of 2^60+1 in a finding's body and in an observation keeps its
// digits in certification.json, certification.html, junit.xml, the console summary, records.json
// and an Allure attachment, and again when `report --in` rebuilds them.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findingAttachments } from '../../reports/render/allure-labels.ts';
import { certify } from '../../reports/certify.ts';
import { consoleSummary } from '../../reports/render/console.ts';
import { parseExact, stringifyJson } from '../../core/json.ts';
import { prettyJsonText } from '../../reports/json.ts';
import { readRecords, RECORDS_FORMAT, runFacts, type RunRecords } from '../../reports/records/records.ts';
import { readCertification, writeReports } from '../../reports/write.ts';
import { BIG_BODY, BIG_ID, bigIdFinding, ROUNDED_BIG_ID, sampleCertification, sampleCollected, sampleFacts } from './sample.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'erp-digits-'));

describe('an id past 2^53 in every output', () => {
  const cert = sampleCertification();
  const records: RunRecords = { format: RECORDS_FORMAT, shard: null, facts: sampleFacts(), collected: sampleCollected() };
  const dir = tmp();
  const files = writeReports(dir, cert, { records, scrub: (t) => t.replaceAll('secret-token', '***') });
  const read = (f: string) => readFileSync(f, 'utf8');

  it('is the premise: a JS number cannot hold it', () => {
    expect(ROUNDED_BIG_ID).toBe('1152921504606847000');
    expect(cert.observations['largest contactId']).toBe(1152921504606846977n);
  });

  it('keeps its digits in certification.json and records.json, as a number, and reads back as a bigint', () => {
    for (const f of [files.certification, files.records!]) {
      const text = read(f);
      expect(text).toMatch(new RegExp(`"largest contactId": ?${BIG_ID}[,}\\n]`));
      expect(text).toContain(`\\"contactId\\":${BIG_ID},`); // the raw body, as the evidence of record
      expect(text).not.toContain(ROUNDED_BIG_ID);
    }
    expect(readCertification(dir).observations['largest contactId']).toBe(1152921504606846977n);
    const again = readRecords(dir);
    expect(again.collected.tests.find((t) => t.name.includes('[CU-12]'))!.record!.observations['largest contactId']).toBe(1152921504606846977n);
    expect(certify(again.collected, runFacts(again.facts, null)).observations).toEqual(cert.observations);
  });

  it('keeps its digits in certification.html, junit.xml and the console, also when report --in rebuilds them', () => {
    const rebuilt = tmp();
    const second = writeReports(rebuilt, readCertification(dir));
    for (const f of [files.html, files.junit, second.html, second.junit, second.certification]) {
      expect(read(f), f).toContain(BIG_ID);
      expect(read(f), f).not.toContain(ROUNDED_BIG_ID);
    }
    expect(read(second.html)).toContain(`<summary>largest contactId</summary><pre>${BIG_ID}</pre>`);
    expect(read(second.html)).toContain(`&quot;contactId&quot;: ${BIG_ID},`);
    expect(read(second.certification)).toBe(read(files.certification));
    expect(consoleSummary(readCertification(dir))).toContain(`Received contactId ${BIG_ID}`);
  });

  it('keeps its digits in the exchange attached to Allure', () => {
    const [exchange] = findingAttachments([bigIdFinding()]);
    expect(exchange!.contentType).toBe('application/json');
    expect(exchange!.content).toContain(`\\"contactId\\":${BIG_ID},`);
    expect((JSON.parse(exchange!.content) as { response: { body: string } }).response.body).toBe(BIG_BODY);
    expect(findingAttachments([{ ...bigIdFinding(), exchange: { ...bigIdFinding().exchange!, json: { contactId: BigInt(BIG_ID) } } }])[0]!.content).toContain(
      `"contactId": ${BIG_ID}`,
    );
  });
});

describe('lossless JSON of the reports', () => {
  it('writes a bigint as its digits, escapes C1 and bidi controls, and lets no string pass for a bigint', () => {
    expect(stringifyJson({ a: 1152921504606846977n, b: [-12345678901234567890n], c: 'x\u202ey\u009b' })).toBe(
      '{"a":1152921504606846977,"b":[-12345678901234567890],"c":"x\\u202ey\\u009b"}',
    );
    expect(JSON.parse(stringifyJson({ c: 'x\u202ey' })).c).toBe('x\u202ey'); // the same value
    const lookalike = '\u0001bigint-0-0:123';
    expect(JSON.parse(stringifyJson({ s: lookalike, n: 5n }))).toEqual({ s: lookalike, n: 5 });
    expect(stringifyJson(undefined)).toBe('null');
  });

  it('reads an integer past 2^53 as a bigint, every other number as a number', () => {
    expect(parseExact(`{"id":${BIG_ID},"small":12,"f":1.5,"s":"${BIG_ID}"}`)).toEqual({ id: 1152921504606846977n, small: 12, f: 1.5, s: BIG_ID });
    expect(() => parseExact('{"a":')).toThrow(SyntaxError);
  });

  it('lays out a JSON text with every token as written, and leaves a text that is not JSON alone', () => {
    expect(prettyJsonText(`{"id":${BIG_ID}, "lt":"\\u003c", "e":[], "o":{ }, "n":[1.50,-0,1e400,true,null]}`)).toBe(
      `{\n  "id": ${BIG_ID},\n  "lt": "\\u003c",\n  "e": [],\n  "o": {},\n  "n": [\n    1.50,\n    -0,\n    1e400,\n    true,\n    null\n  ]\n}`,
    );
    expect(prettyJsonText('{"a": "with , : { [ \\" inside"}')).toBe('{\n  "a": "with , : { [ \\" inside"\n}');
    expect(prettyJsonText('<html>')).toBeUndefined();
    expect(prettyJsonText('{"a":1} trailing')).toBeUndefined();
    // Laid out, a deep body would grow with the square of its depth: it is shown as sent.
    expect(prettyJsonText(`${'['.repeat(64)}${']'.repeat(64)}`)!.split('\n')).toHaveLength(127);
    expect(prettyJsonText(`${'['.repeat(8000)}${']'.repeat(8000)}`)).toBeUndefined();
  });
});

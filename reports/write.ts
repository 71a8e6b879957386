// Writes the report folder of a certification: certification.json, junit.xml,
// certification.html and (when given) records.json. Every text passes the token scrubber; the
// JSON files hold a large id's own digits (reports/json.ts), and are read back the same way.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Certification } from './model.ts';
import { certificateHtml } from './render/html/certificate.ts';
import { parseExact, stringifyJson } from '../core/json.ts';
import { junitXml } from './render/junit.ts';
import type { RateLimitSection } from './records/rate-limit.ts';
import type { RunRecords } from './records/records.ts';
import { storedFinding } from './records/stored-finding.ts';
import { scrubDeep } from './scrub.ts';

export interface ReportFiles {
  certification: string;
  html: string;
  junit: string;
  records?: string;
}

export interface WriteOptions {
  /** Removes every configured token from a text (reports/scrub.ts). */
  scrub?: (text: string) => string;
  rateLimit?: RateLimitSection;
  /** Written as records.json, so `report --merge` can join shards. */
  records?: RunRecords;
  /** Also (re)write certification.json (false when regenerating from it). */
  json?: boolean;
  /** junit.xml: a failed SHOULD is a <failure>, not a warning (--strict). */
  strict?: boolean;
}

export function reportPaths(out: string): Required<ReportFiles> {
  return {
    certification: path.join(out, 'certification.json'),
    html: path.join(out, 'certification.html'),
    junit: path.join(out, 'junit.xml'),
    records: path.join(out, 'records.json'),
  };
}

export function writeReports(out: string, certificate: Certification, o: WriteOptions = {}): ReportFiles {
  const scrub = o.scrub ?? ((t: string) => t);
  // Scrubbed before rendering (HTML, XML and JSON escaping would hide a token from the redactor), and after.
  const cert = o.scrub ? scrubDeep(certificate, scrub) : certificate;
  const rateLimit = o.scrub && o.rateLimit ? scrubDeep(o.rateLimit, scrub) : o.rateLimit;
  const p = reportPaths(out);
  mkdirSync(out, { recursive: true });
  if (o.json !== false) writeFileSync(p.certification, scrub(`${stringifyJson(cert, 2)}\n`));
  writeFileSync(p.junit, scrub(junitXml(cert, { strict: o.strict ?? false })));
  writeFileSync(p.html, scrub(certificateHtml(cert, rateLimit)));
  const files: ReportFiles = { certification: p.certification, html: p.html, junit: p.junit };
  if (o.records) {
    writeFileSync(p.records, scrub(`${stringifyJson(o.scrub ? scrubDeep(o.records, scrub) : o.records)}\n`));
    files.records = p.records;
  }
  return files;
}

export class ReportInputError extends Error {}

/** Reads DIR/certification.json as a run wrote it. */
export function readCertification(dir: string): Certification {
  return readCertificationFile(reportPaths(dir).certification);
}

/** Reads a certification.json (under any name) as a run wrote it. */
export function readCertificationFile(file: string): Certification {
  let cert: Certification;
  try {
    cert = parseExact(readFileSync(file, 'utf8')) as Certification; // a large id keeps its digits
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new ReportInputError(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file (run `erp-conformance run --out DIR` first)' : (e as Error).message}`);
  }
  if (!cert || !Array.isArray(cert.requirements) || typeof cert.verdict !== 'string' || !cert.summary)
    throw new ReportInputError(`${file} is not a certification.json of this kit`);
  // An older run's findings carry their words instead of received/expected (reports/records/stored-finding.ts).
  for (const r of cert.requirements) if (Array.isArray(r.findings)) r.findings = r.findings.map(storedFinding);
  return cert;
}

// The two runs `compare` and `run --baseline` are given: a run folder (its certification.json) or
// a certification.json file itself, read as a run wrote it (exact integers, older findings' words).
import { statSync } from 'node:fs';
import type { Certification } from '../model.ts';
import { readCertification, readCertificationFile, ReportInputError } from '../write.ts';

/** The certificate at `where` (a folder or a file); a ReportInputError says why it cannot be read. */
export function readRun(where: string): Certification {
  let isDir: boolean;
  try {
    isDir = statSync(where).isDirectory();
  } catch {
    throw new ReportInputError(`cannot read ${where}: no such folder or file (a run's --out folder, or its certification.json)`);
  }
  return isDir ? readCertification(where) : readCertificationFile(where);
}

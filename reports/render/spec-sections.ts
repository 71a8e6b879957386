// The spec's sections as the reports group and link them: a requirement's `section` ("4.1 rule 2",
// "2.1, 7") is filed under its first section number, named by the spec's own heading.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Headings of ../shared/spec/erp-open-interface.md, verbatim after the number. */
export const SECTION_HEADINGS: Record<string, string> = {
  '1': 'What the service does',
  '2': 'Resources and their fields',
  '2.1': 'Response envelope (all operations described here)',
  '2.2': 'Sales voucher',
  '2.3': 'Customer contact (request body of customer creation)',
  '2.4': 'Address object (element of contactAddressDTO)',
  '2.5': 'Consumption/production transaction (element of `response.items`)',
  '3': 'States and transitions',
  '4': 'Endpoints',
  '4.1': 'Update Order Status',
  '4.2': 'contactSave (create customer)',
  '4.3': 'Consumption Production Report',
  '5': 'Authentication',
  '6': 'Events',
  '7': 'Errors',
  '8': 'Limits',
  '9': 'Versioning',
};

/** "4.1 rule 2" -> "4.1"; "2.1, 7" -> "2.1". */
export function primarySection(section: string): string {
  return section.split(/[ ,]/)[0]!;
}

/** Orders section numbers as the spec does: 2.1 < 2.5 < 3 < 4 < 4.1 < 10. */
export function compareSections(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? -1) - (pb[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/** "Section 4.1 Update Order Status". */
export function sectionTitle(section: string): string {
  const heading = SECTION_HEADINGS[section];
  return heading ? `Section ${section} ${heading}` : `Section ${section}`;
}

/** The anchor GitHub gives the heading ("### 4.1 Update Order Status" -> "41-update-order-status"). */
export function sectionAnchor(section: string): string {
  const numbered = section.includes('.') ? section : `${section}.`; // "## 7. Errors", "### 4.1 Update ..."
  const text = `${numbered} ${SECTION_HEADINGS[section] ?? ''}`.trim().toLowerCase();
  return text.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The spec's file: ERP_SPEC_FILE when set, else the one beside the project (../shared/spec/erp-open-interface.md), which an npm install does not have. */
export function specFile(env: NodeJS.ProcessEnv = process.env): string {
  return env.ERP_SPEC_FILE ? path.resolve(env.ERP_SPEC_FILE) : path.resolve(ROOT, '../shared/spec/erp-open-interface.md');
}

/**
 * Where the spec is read: ERP_SPEC_URL when set (e.g. the spec's page on your intranet),
 * otherwise the spec's file (specFile) when present.
 */
export function specUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.ERP_SPEC_URL) return env.ERP_SPEC_URL;
  const local = specFile(env);
  return existsSync(local) ? pathToFileURL(local).href : undefined;
}

/** Link to a section of the spec, or undefined when the spec's location is unknown. */
export function sectionLink(section: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const base = specUrl(env);
  return base ? `${base.replace(/#.*$/, '')}#${sectionAnchor(section)}` : undefined;
}

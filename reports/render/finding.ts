// The words of a finding, made from its data: one place, so the console, JUnit, the HTML page,
// Allure, the worker's assertion error and the load commands print the same text for the same
// finding, and a finding read back from records.json prints as it did when the run made it.
// A sequence prints as numbered curl lines to run in order: an id a step answered (a voucher
// Order Create made) is kept in a shell variable and named by the steps after it, so the lines
// run against another copy of the target. Pure (no I/O): the worker (runtime/harness.ts) calls it too.
import { toCurl } from '../../client/curl.ts';
import type { Finding, SequenceBinding } from '../../core/types.ts';

/** Ids shorter than this are left as they are: a short number may stand for another value (a branch id). */
const MIN_BOUND_ID = 3;

/** `line` with `b.value` standing whole in a quoted URL segment, query value or JSON value written as the variable. */
function named(line: string, b: SequenceBinding): string {
  if (!bindable(b)) return line;
  const id = b.value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (b.fields) {
    // As the value of one of its keys, or an element of its array: "addressId":12, "deletedAddressIds":[7,12].
    const keys = b.fields.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    return line.replace(new RegExp(`(?<="(?:${keys})": ?(?:\\[(?:[^\\]\\[]*, ?)?)?)${id}(?= ?[,\\]}])`, 'g'), `'"$${b.name}"'`);
  }
  // Inside a single-quoted shell word: close it, expand the variable in double quotes, open it again.
  return line.replace(new RegExp(`(?<=/|=|":|": |")${id}(?=[/&'",}\\]?])`, 'g'), `'"$${b.name}"'`);
}

/** Long enough to name by its value alone, or named only under its own keys. */
const bindable = (b: SequenceBinding) => b.fields !== undefined || b.value.length >= MIN_BOUND_ID;

/** The jq filter of an answer path ("response.salesId" -> .response.salesId). */
const jqPath = (at: string) => (at === '$' ? '.' : `.${at}`);

/** The numbered steps of a sequence: each a label and its curl lines, bound ids kept in variables. */
export function sequenceLines(sequence: NonNullable<Finding['sequence']>): string[] {
  const bound: SequenceBinding[] = [];
  return sequence.steps.flatMap((s, i) => {
    const lines = s.exchanges.map((x) => bound.reduce(named, toCurl(x)));
    const binds = (s.binds === undefined ? [] : Array.isArray(s.binds) ? s.binds : [s.binds]).filter(bindable);
    const [b] = binds;
    if (b && binds.length === 1 && lines.length > 0) lines[0] = `${b.name}=$(${lines[0]} | jq -r '${jqPath(b.at)}'); echo "${b.name}=$${b.name}"`;
    else if (binds.length > 1 && lines.length > 0) {
      // One answer, several ids: kept whole in ANSWER, each id taken from it.
      const each = binds.map((x) => `${x.name}=$(printf '%s' "$ANSWER" | jq -r '${jqPath(x.at)}')`);
      lines[0] = `ANSWER=$(${lines[0]}); ${each.join('; ')}; echo "${binds.map((x) => `${x.name}=$${x.name}`).join(' ')}"`;
    }
    if (lines.length > 0) bound.push(...binds);
    return [`${i + 1}. ${s.label}`, ...lines.map((l) => `   ${l}`)];
  });
}

/** "Received ...\nExpected ..." and the finding's further facts, one per line. */
export function findingText(f: Finding): string {
  const text = [`Received ${f.received}`, `Expected ${f.expected}`, ...(f.notes ?? [])].join('\n');
  if (!f.sequence) return text;
  // Each step's requests as curl lines: the sequence reproduces the finding by hand.
  return `${text}\n${f.sequence.title}:\n${sequenceLines(f.sequence).join('\n')}`;
}

/** The curl line that reproduces the finding's exchange (token as its variable); none without one. */
export function findingCurl(f: Finding): string | undefined {
  if (!f.exchange) return undefined;
  const ex = f.requestBody === undefined ? f.exchange : { ...f.exchange, request: { ...f.exchange.request, body: f.requestBody } };
  return toCurl(ex);
}

/** Both, for the reports that print a finding whole. */
export function renderFinding(f: Finding): { text: string; curl?: string } {
  const curl = findingCurl(f);
  return { text: findingText(f), ...(curl !== undefined ? { curl } : {}) };
}

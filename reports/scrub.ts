// Defence in depth: whatever a report holds, no byte of a configured token is written or printed.
// (The client already redacts exchanges; this catches anything else, e.g. a server echoing it
// inside an error text.)

export function scrubber(secrets: (string | undefined)[]): (text: string) => string {
  const list = secrets.filter((s): s is string => typeof s === 'string' && s.length > 0).sort((a, b) => b.length - a.length);
  return (text) => list.reduce((t, s) => t.split(s).join('***'), text);
}

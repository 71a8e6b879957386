// HAR 1.2's required fields (http://www.softwareishard.com/blog/har-12-spec/), as a zod schema: what a
// HAR reader needs of a log, its entries, their requests, responses, contents and timings. And a HAR
// as tools other than this kit read it: the HAR 1.2 JSON Schema compiled by har-validator-compiled
// (npm, the validator httpsnippet uses), and an import into httpsnippet (npm: Kong's HTTP snippet
// generator, which reads a HAR log), each entry's request as a curl line.
import { z } from 'zod';
import { validateHar, HARError } from 'har-validator-compiled';
import { HTTPSnippet } from 'httpsnippet';

const pair = z.object({ name: z.string(), value: z.string() });
const request = z.object({
  method: z.string(),
  url: z.url(),
  httpVersion: z.string(),
  cookies: z.array(z.object({ name: z.string(), value: z.string() })),
  headers: z.array(pair),
  queryString: z.array(pair),
  postData: z.object({ mimeType: z.string(), text: z.string() }).optional(),
  headersSize: z.number().int(),
  bodySize: z.number().int(),
});
const response = z.object({
  status: z.number().int(),
  statusText: z.string(),
  httpVersion: z.string(),
  cookies: z.array(z.object({ name: z.string(), value: z.string() })),
  headers: z.array(pair),
  content: z.object({ size: z.number().int(), mimeType: z.string(), text: z.string().optional() }),
  redirectURL: z.string(),
  headersSize: z.number().int(),
  bodySize: z.number().int(),
});
const entry = z.object({
  startedDateTime: z.iso.datetime(),
  time: z.number().min(0),
  request,
  response,
  cache: z.object({}).passthrough(),
  timings: z.object({ send: z.number().min(-1), wait: z.number().min(-1), receive: z.number().min(-1) }),
  comment: z.string().optional(),
});
/** Custom fields start with an underscore (HAR 1.2: "custom fields and elements MUST start with an underscore"). */
const customOnly = (o: Record<string, unknown>, known: string[]) => Object.keys(o).every((k) => known.includes(k) || k.startsWith('_'));

export const har12 = z.object({
  log: z.object({
    version: z.literal('1.2'),
    creator: z.object({ name: z.string(), version: z.string() }),
    entries: z.array(entry.passthrough().refine((e) => customOnly(e, [...Object.keys(entry.shape)]), 'an entry field outside HAR 1.2 must start with _')),
    comment: z.string().optional(),
  }),
});

/** The schema's errors ("" when the HAR is valid HAR 1.2). */
export function harSchemaErrors(har: unknown): string {
  try {
    validateHar(har as Parameters<typeof validateHar>[0]);
    return '';
  } catch (e) {
    if (!(e instanceof HARError)) throw e;
    return e.errors.map((x) => `${x.instancePath} ${x.message}`).join('; ');
  }
}

/** The HAR imported by httpsnippet: each entry's request as the curl line it writes. */
export function curlLines(har: unknown): string[] {
  const out = new HTTPSnippet(har as ConstructorParameters<typeof HTTPSnippet>[0]).convert('shell', 'curl');
  if (out === false) throw new Error('httpsnippet has no shell/curl target');
  return typeof out === 'string' ? [out] : out;
}

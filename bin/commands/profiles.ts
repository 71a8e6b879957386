// `profiles`: the reference server's vendor profiles (`serve --profile NAME`) and the choice each
// makes where the spec leaves one open. Every profile is a correct vendor: a conformance run
// against any of them must fail no MUST and no SHOULD requirement.
import { PROFILES, type Profile } from '../../reference/profiles/index.ts';
import { columns, parseFlags, printJson, type Command } from '../cli/usage.ts';
import { EXIT } from '../../core/exit-codes.ts';

/** One line per open choice: the requirement id that records it, and what the profile does. */
function choices(p: Profile): string[][] {
  const rl = p.rateLimit;
  const limitText = (l: typeof rl.probe) => (l ? `${l.limit}/${l.windowSeconds}s ${l.algorithm} per ${l.scope}` : 'none');
  const r = p.report;
  const c = p.customer;
  return [
    ['ENV-8', 'error body', p.http.errors],
    ['ENV-5', 'JSON Content-Type', p.http.jsonType],
    ['ENV-7', 'wrong request Content-Type', String(p.http.contentTypeStatus)],
    ['AUTH-4', 'token checked', p.http.tokenCheck === 'first' ? 'before validation' : 'after validation'],
    ['-', 'connection', `${p.http.connectionClose ? 'Connection: close' : 'keep-alive'}${p.http.chunked ? ', Transfer-Encoding: chunked' : ''}`],
    [
      'AUTH-7',
      'api-token sent twice',
      p.http.duplicateToken === 'first' ? 'first value kept' : p.http.duplicateToken === 'last' ? 'last value kept' : 'refused',
    ],
    ['ENV-8', '403 and 429 body', p.http.refusalErrors ?? p.http.errors],
    ['CU-1, RP-7', 'ids', p.ids.base === 0n ? `small (contacts from ${p.ids.firstContactId})` : `past 2^53 (from ${p.ids.firstContactId})`],
    ['RL-4', 'rate limit always on', `${limitText(rl.always)}${rl.always ? (rl.everyRoute ? ' on every route' : ' on customer+report') : ''}`],
    ['RL-4', 'rate limit of the probe pass', `${limitText(rl.probe)}${rl.probe ? (rl.everyRoute ? ' on every route' : ' on customer+report') : ''}`],
    ['RL-4', 'rate limit headers', `${rl.headers}, Retry-After ${rl.retryAfter}`],
    [
      '-',
      'quotas per operation',
      rl.quotas
        ? `${Object.entries(rl.quotas)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')} per token (429 states the wait in its message)`
        : 'none',
    ],
    ['RP-13', 'maximum limit', r.maxLimit === null ? 'none' : `${r.maxLimit} (${r.aboveMax === 'cap' ? 'capped silently' : 'above: 400'})`],
    ['RP-14', 'report order, id lists', `${r.order}; ${r.idList}`],
    ['RP-15', 'Z-less dates, numeric text, negative offset', `${r.zlessDates}; ${r.numberText}; ${r.negativeOffset}`],
    ['ST-2', 'transitions', p.transitions],
    ['CU-11', 'required fields, unknown fields', `${c.required}; ${c.unknownFields}`],
    [
      'CU-12',
      'master data',
      `${c.strict ? 'strict' : 'lenient'}${c.checkPin ? ', 6-digit pin' : ''}; openingType ${c.openingTypes?.join('/') ?? 'any'}; dates ${c.dateFormat}${c.anyDateFormat ? ' (or any format)' : ''}`,
    ],
    [
      'CU-8',
      'contact types, saving',
      `${c.contactTypes.join('/')}${c.enforceContactTypes ? ' (enforced)' : ''}; ${c.normalise ? 'normalises' : 'stores as sent'}${c.uniqueMobile ? '; mobNo unique per branch' : ''}`,
    ],
    ['CU-8', 'Get Contact By Id', `${p.readBack.contact}${p.readBack.contactExtras ? ' (adds createdAt, branchName; default address first)' : ''}`],
    [
      'ST-1',
      'Order Status',
      `${p.readBack.orderStatus.path} (${p.readBack.orderStatus.orderStatus}, ${p.readBack.orderStatus.paymentStatus} = ${p.readBack.orderStatus.paidValue})`,
    ],
  ];
}

export const profilesCommand: Command = {
  name: 'profiles',
  summary: "list the reference server's vendor profiles and the open choices each makes",
  usage: [
    'Usage: erp-conformance profiles [--verbose] [--json]',
    '',
    'Lists every profile of `serve --profile NAME`: a correct vendor that makes the choices the',
    'spec leaves open ("not shown", "values seen") its own way. --verbose shows every choice.',
    '--json: a JSON array (name, summary, choices: [{ requirement, choice, value }]) for scripts.',
  ].join('\n'),
  async run(argv) {
    const { values } = parseFlags(profilesCommand, argv, { verbose: { type: 'boolean' }, json: { type: 'boolean' } });
    if (values.json)
      return printJson(
        PROFILES.map((p) => ({
          name: p.name,
          summary: p.summary,
          choices: choices(p).map(([requirement, choice, value]) => ({ requirement, choice, value })),
        })),
      );
    if (!values.verbose) {
      process.stdout.write(`${columns([['PROFILE', 'CHOICES'], ...PROFILES.map((p) => [p.name, p.summary])])}\n`);
      return EXIT.ok;
    }
    const blocks = PROFILES.map((p) => `${p.name}: ${p.summary}\n${columns(choices(p).map((row) => [`  ${row[0]}`, ...row.slice(1)]))}`);
    process.stdout.write(`${blocks.join('\n\n')}\n`);
    return EXIT.ok;
  },
};

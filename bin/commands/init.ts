// `init`: writes a run config for a new target to start from, and prints what each key means.
// The config loader reads plain JSON (no comments) with strict keys, so the explanations are
// printed, not written: they come from the schema's own descriptions, the same texts an editor
// shows through "$schema" (config/run-config.schema.json).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runConfigJsonSchema } from '../../config/json-schema.ts';
import { loadConfig } from '../../config/load.ts';
import { CUSTOMER_MARKER_FIELDS, MARKER_DEFAULTS } from '../../config/marker.ts';
import { VOUCHER_ROLES } from '../../config/schema.ts';
import { referenceOperations } from '../../reference/index-routes.ts';
import { defaultProfile } from '../../reference/profiles/default.ts';
import { parseFlags, UsageError, type Command } from '../cli/usage.ts';
import { discoverInto } from '../cli/init-discover-into.ts';
import { EXIT } from '../../core/exit-codes.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCHEMA_FILE = path.join(ROOT, 'config', 'run-config.schema.json');

/**
 * The config `init` writes: the example's fixtures, a placeholder target, the token from the
 * environment, the read-backs; the three operations of section 4 need no entry (the spec gives
 * their paths). The index's other operations only when asked (`wholeIndex`: every one, at the
 * reference's paths): a target serves some, each at its own path (section 4: "not shown").
 */
export function initialConfig(file: string, target: { name: string; baseUrl: string }, wholeIndex = false): Record<string, any> {
  const example = JSON.parse(readFileSync(path.join(ROOT, 'config', 'example.json'), 'utf8')) as Record<string, unknown>;
  const schema = path
    .relative(path.dirname(path.resolve(file)), SCHEMA_FILE)
    .split(path.sep)
    .join('/');
  const { $schema: _s, target: _t, fixtures, readBack, ...rest } = example as { fixtures: { sales: Record<string, unknown> } } & Record<string, unknown>;
  // Every role and every read the suites use, so nothing is skipped for want of a key the user
  // never saw: the parallel pool and readBack.orderStatus (OS-7), readBack.getContactById (CU-8..CU-10).
  const sales: Record<string, unknown> = { ...fixtures.sales, parallel: fixtures.sales.parallel ?? [1031, 1032, 1033, 1034] };
  const ordered = Object.fromEntries(
    VOUCHER_ROLES.filter((r) => sales[r] !== undefined)
      .map((r) => [r, sales[r]])
      .concat([['missing', sales.missing]]),
  );
  return {
    $schema: schema.startsWith('.') ? schema : `./${schema}`,
    target: { name: target.name, baseUrl: target.baseUrl, token: 'env:ERP_API_TOKEN', timeoutMs: 10_000 },
    fixtures: { ...fixtures, sales: ordered },
    readBack,
    ...rest,
    // Section 1: the whole index, at the reference's paths, to be edited to the target's own.
    ...(wholeIndex ? { operations: referenceOperations(defaultProfile) } : {}),
  };
}

/** The config's `marker` with the fields chosen by --voucher-marker and --customer-marker (config/marker.ts). */
export function markerChoice(marker: Record<string, unknown> | undefined, voucher?: string, customer?: string): Record<string, unknown> {
  const out = { ...MARKER_DEFAULTS, ...(marker ?? {}) } as Record<string, unknown>;
  if (voucher !== undefined) {
    if (!/^[A-Za-z_$][\w$]*$/.test(voucher))
      throw new UsageError(`--voucher-marker takes a field name of the Order Create body, e.g. remark, received ${JSON.stringify(voucher)}`, initCommand);
    Object.assign(out, { 'order-create': voucher, 'get-sales-data-by-id': `response.${voucher}` });
  }
  if (customer !== undefined) {
    if (!(CUSTOMER_MARKER_FIELDS as readonly string[]).includes(customer))
      throw new UsageError(`--customer-marker takes one of ${CUSTOMER_MARKER_FIELDS.join(', ')}, received ${JSON.stringify(customer)}`, initCommand);
    out['customer-create'] = customer;
  }
  return out;
}

type JsonSchema = { description?: string; properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[]; additionalProperties?: unknown };

/** "key.path  description" for every key of `value`, from the JSON Schema of the config. */
export function explain(value: unknown, schema: JsonSchema | undefined, prefix = ''): string[] {
  if (!schema || typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const props = schema.properties ?? schema.anyOf?.find((s) => s.properties)?.properties ?? {};
  return Object.entries(value).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    const sub = props[k];
    const own = sub?.description ?? sub?.anyOf?.find((s) => s.description)?.description;
    return [...(own ? [`  ${key}\n      ${own}`] : []), ...explain(v, sub, key)];
  });
}

export const initCommand: Command = {
  name: 'init',
  summary: 'write a run config for a new target (erp.config.json) and explain its keys',
  usage: [
    'Usage: erp-conformance init [--out FILE] [--name NAME] [--base-url URL] [--force] [--discover --token-env NAME [--second-token-env NAME]',
    '                            [--vouchers IDS]] [--whole-index] [--voucher-marker FIELD] [--customer-marker FIELD]',
    '',
    'Writes a run config to start from (JSON, with "$schema" for completion in editors) and',
    'prints what each key means. The token is read from the environment (ERP_API_TOKEN), never',
    'written into the file. Edit the fixtures to data of your target, then:',
    '  export ERP_API_TOKEN=...; erp-conformance check-config --config FILE',
    '',
    '  --out FILE       where to write (default ./erp.config.json)',
    '  --name NAME      display name of the target (default "My ERP staging")',
    '  --base-url URL   {base_url} of the target (default https://erp-staging.example.com)',
    '  --force          overwrite FILE if it exists',
    '  --discover       read the fixtures from the target at --base-url: its Branch List, Get All Sales',
    '                   Data (voucher pools), country/state/city lists, one report page per branch; one',
    '                   request per list; then each read of the index once: those it answers are kept in',
    '                   operations (404/405: left out). "$comment" in FILE says what was found and what not',
    "  --whole-index    write every operation of the index (spec section 1) at the reference's paths, to",
    "                   edit to the target's (without it, or --discover: the three of section 4 and the",
    '                   read-backs only)',
    '  --token-env NAME the environment variable holding the api-token (default ERP_API_TOKEN); the',
    '                   config reads the token from it ("env:NAME")',
    '  --second-token-env NAME  the variable holding a second valid token (another client): written as',
    '                   target.secondToken "env:NAME"',
    '  --vouchers IDS   the voucher ids the vendor handed over (comma-separated): the pools take only those',
    '                   the target lists (without it: the vouchers Get All Sales Data lists)',
    "  --voucher-marker FIELD    the Order Create body field that carries the run's marker (default",
    '                   remark; e.g. reference), read back at response.FIELD of Get Sales Data By Id',
    `  --customer-marker FIELD   the customer field that carries it: ${CUSTOMER_MARKER_FIELDS.join(', ')} (default remark)`,
  ].join('\n'),
  async run(argv) {
    const { values } = parseFlags(initCommand, argv, {
      out: { type: 'string', short: 'o' },
      name: { type: 'string' },
      'base-url': { type: 'string' },
      force: { type: 'boolean' },
      discover: { type: 'boolean' },
      'token-env': { type: 'string' },
      'second-token-env': { type: 'string' },
      vouchers: { type: 'string' },
      'whole-index': { type: 'boolean' },
      'voucher-marker': { type: 'string' },
      'customer-marker': { type: 'string' },
    });
    const file = path.resolve(values.out ?? 'erp.config.json');
    if (existsSync(file) && !values.force) throw new UsageError(`${file} exists (pass --force to overwrite it)`, initCommand);
    // --discover starts from the whole index (its lists give the fixtures) and keeps what answers.
    const config = initialConfig(
      file,
      { name: values.name ?? 'My ERP staging', baseUrl: values['base-url'] ?? 'https://erp-staging.example.com' },
      values['whole-index'] === true || values.discover === true,
    );
    for (const flag of ['token-env', 'second-token-env', 'vouchers'] as const)
      if (values[flag] !== undefined && !values.discover) throw new UsageError(`--${flag} goes with --discover`, initCommand);
    const only =
      values.vouchers === undefined
        ? undefined
        : new Set(
            values.vouchers
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean),
          );
    if (only && [...only].some((x) => !/^\d+$/.test(x)))
      throw new UsageError(`--vouchers takes voucher ids separated by commas, received ${JSON.stringify(values.vouchers)}`, initCommand);
    config.marker = markerChoice(config.marker, values['voucher-marker'], values['customer-marker']);
    const discovered = values.discover
      ? await discoverInto(initCommand, config, values['base-url'], values['token-env'] ?? 'ERP_API_TOKEN', values['second-token-env'], only)
      : undefined;
    // What is written must load: checked with a stand-in token (a ConfigError names the bad key, exit 2).
    const tokenVar = values['token-env'] ?? 'ERP_API_TOKEN';
    const secondVar = values['second-token-env'];
    loadConfig({
      base: config,
      env: { ERP_API_TOKEN: 'init-check-placeholder', [tokenVar]: 'init-check-placeholder', ...(secondVar ? { [secondVar]: 'init-check-second' } : {}) },
    });
    mkdirSync(path.dirname(file), { recursive: true });
    const written = discovered ? { $schema: config.$schema, $comment: config.$comment, ...config } : config;
    writeFileSync(file, `${JSON.stringify(written, null, 2)}\n`);
    const lines = [
      `written: ${file}`,
      '',
      ...(discovered ?? []),
      'What each key means (your editor shows the same through "$schema"):',
      // One line for operations, not one per entry: docs/index-operations.md says how to describe them.
      ...explain({ ...config, operations: {} }, runConfigJsonSchema() as JsonSchema),
      '',
      'readBack holds the paths of reads the spec does not show: "Get Contact By Id" (CU-8..CU-10) and',
      "the Order Status read (the run plans from the vouchers' real state; parallel updates, OS-7). Put",
      "your target's paths there, or remove a key your target has no read for: its requirements are then",
      'skipped, each with that reason in the certificate and on the console.',
      '',
      "marker says where the run's marker (its nonce and seed) goes in what it creates: a voucher's remark",
      'or reference (marker["order-create"], and where Get Sales Data By Id shows it), a customer\'s remark,',
      'e-mail or name (marker["customer-create"]). Choose text fields your target keeps and shows: on a shared',
      "server the run tells its own writes from another client's by it (--voucher-marker, --customer-marker).",
      ...(config.operations === undefined
        ? [
            "No operations: the three operations of section 4 (at the spec's paths) and the read-backs. The",
            "index's other operations (spec section 1) are added with --discover (those the target answers) or",
            "--whole-index (every one at the reference's paths, to edit); the run's preflight sends each once",
            'and leaves out, on one line, those the target does not serve (see docs/index-operations.md).',
          ]
        : discovered
          ? ['operations: the index operations the target answered (see "$comment"); the preflight sends each once.']
          : [
              "Written with the reference's paths: operations, the whole index (spec section 1); edit each to your",
              "target's path, query, body and list key; the run's preflight names those the target does not serve.",
            ]),
      '',
      'Next:',
      `  1. edit ${path.basename(file)}: target.baseUrl, and fixtures that exist on the target`,
      `  2. export ${tokenVar}=<the token the operator issued>${secondVar ? ` ${secondVar}=<a second client's token>` : ''}   (never written into any report)`,
      `  3. erp-conformance check-config --config ${path.basename(file)}`,
      `  4. erp-conformance run --config ${path.basename(file)} --out report`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    return EXIT.ok;
  },
};

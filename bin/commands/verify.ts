// `verify DIR`: checks a run's bundle offline (reports/bundle/verify.ts): every file against the
// manifest's sha256, the manifest against the certificate and records, a certification profile's
// demands (--require FILE), the config file's hash (--config FILE) and the signed attestation
// (--key PUB). Exit 0 only when all hold; each failure is one line naming the file or the setting.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { KeyObject } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { EXIT } from '../../core/exit-codes.ts';
import { parseFlags, UsageError, type Command } from '../cli/usage.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const verifyCommand: Command = {
  name: 'verify',
  summary: "check a run's bundle offline: files against the manifest, settings against a profile (--require), the signature (--key)",
  usage: [
    'Usage: erp-conformance verify DIR [--require PROFILE.json] [--key PUB.pem] [--config FILE]',
    '',
    'Checks the folder a run wrote (docs/verify.md), with no network:',
    "  - every file the run wrote against manifest.json's sha256 (an edited or missing file is named);",
    '  - manifest.json against certification.json and records.json: kit version, verdict, settings;',
    '  - with --require: the settings a certifier demands, e.g. {"numRuns": 25, "scope": "full"}',
    '    (keys: numRuns, scope full|any, withLoad, operations, budget {maxDurationSeconds, maxRequests},',
    '    verdicts, kitVersion, configSha256);',
    "  - with --key: attestation.dsse.json, the run's signed in-toto statement (run --sign-key FILE):",
    "    its Ed25519 signature, each file's digest, its verdict and settings;",
    '  - with --config: the config file the run was given has these bytes.',
    '',
    '  --require FILE   certification profile (JSON)',
    '  --key FILE       Ed25519 public key (PEM) the attestation must be signed with',
    '  --config FILE    the config file the certifier expects the run to have used',
    '',
    'Exit codes: 0 every check held, 1 a check failed (each named on its own line), 2 a usage error',
    'or an unreadable profile or key.',
  ].join('\n'),
  async run(argv) {
    const { values, positionals } = parseFlags(verifyCommand, argv, { require: { type: 'string' }, key: { type: 'string' }, config: { type: 'string' } }, true);
    if (positionals.length !== 1) throw new UsageError('verify takes one folder: erp-conformance verify DIR', verifyCommand);
    const dir = path.resolve(positionals[0]!);
    const [{ profileSchema }, { ed25519Key }, { verifyBundle }] = await Promise.all([
      import('../../reports/bundle/profile.ts'),
      import('../../reports/bundle/attestation.ts'),
      import('../../reports/bundle/verify.ts'),
    ]);
    const read = (flag: string, file: string) => {
      try {
        return readFileSync(file, 'utf8');
      } catch (e) {
        throw new UsageError(`--${flag} ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`, verifyCommand);
      }
    };
    let profile;
    if (values.require !== undefined) {
      let json: unknown;
      try {
        json = JSON.parse(read('require', values.require));
      } catch (e) {
        if (e instanceof UsageError) throw e;
        throw new UsageError(`--require ${values.require}: not JSON (${(e as Error).message})`, verifyCommand);
      }
      const parsed = profileSchema.safeParse(json);
      if (!parsed.success)
        throw new UsageError(
          `--require ${values.require}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ')}`,
          verifyCommand,
        );
      profile = parsed.data;
    }
    let publicKey: KeyObject | undefined;
    if (values.key !== undefined) {
      try {
        publicKey = ed25519Key(read('key', values.key), 'public');
      } catch (e) {
        if (e instanceof UsageError) throw e;
        throw new UsageError(`--key ${values.key}: not an Ed25519 public key in PEM (${(e as Error).message.split('\n')[0]})`, verifyCommand);
      }
    }
    if (values.config !== undefined) read('config', values.config);
    const r = verifyBundle(dir, {
      kitVersion: (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version,
      ...(profile ? { profile } : {}),
      ...(publicKey ? { publicKey } : {}),
      ...(values.config !== undefined ? { configFile: values.config } : {}),
    });
    const out = process.stdout;
    for (const n of r.notes) out.write(`note: ${n}\n`);
    for (const f of r.failures) out.write(`FAILED ${f}\n`);
    const checked = [`${r.manifest?.files.length ?? 0} file(s)`, 'settings', profile && 'profile', publicKey && 'signature', values.config && 'config'].filter(
      Boolean,
    );
    out.write(
      r.failures.length
        ? `verify: ${r.failures.length} check(s) failed in ${dir}\n`
        : `verify: ${dir} holds (${checked.join(', ')}; verdict ${r.manifest?.verdict})\n`,
    );
    return r.failures.length ? EXIT.failed : EXIT.ok;
  },
};

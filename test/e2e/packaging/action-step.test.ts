// The Action's run step as a runner runs it: its `run:` block under bash, with the environment its
// `env:` gives (inputs as INPUT_*, GITHUB_OUTPUT, GITHUB_ACTION_PATH). A job-level ERP_API_TOKEN
// must reach the kit when the step has no `token:` input, and a `token:` input must when the job
// has none; `run --plan` against a reference (the preflight only) shows which token arrived: a
// missing one is exit 2, a wrong one preflight-failed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceServer } from '../../../reference/server.ts';
import { ROOT } from '../cli/spawn.ts';
import { WHOLE_FILE } from '../../tiers.ts';

/** The `run:` block of the step named `name` in action.yml, unindented. */
function stepScript(name: string): string {
  const text = readFileSync(path.join(ROOT, 'action.yml'), 'utf8');
  const step = text.slice(text.indexOf(`- name: ${name}`));
  const block = step.slice(step.indexOf('run: |\n') + 'run: |\n'.length);
  const lines = block.split('\n');
  const end = lines.findIndex((l) => l.trim() !== '' && !l.startsWith('        '));
  return lines
    .slice(0, end)
    .map((l) => l.slice(8))
    .join('\n');
}

/**
 * The step's `env:` as a runner renders it from the inputs given (`${{ inputs.x }}` is '' when not
 * given; `a || b` the first given): what it sets replaces the job's variables of the same name.
 */
function stepEnv(name: string, inputs: Record<string, string>): Record<string, string> {
  const text = readFileSync(path.join(ROOT, 'action.yml'), 'utf8');
  const step = text.slice(text.indexOf(`- name: ${name}`));
  const block = step.slice(step.indexOf('env:\n') + 'env:\n'.length, step.indexOf('run: |'));
  const env: Record<string, string> = {};
  for (const m of block.matchAll(/^ {8}([A-Z0-9_]+): \$\{\{ (.+?) \}\}$/gm)) {
    const value = m[2]!.split(' || ').map((x) => (x.startsWith('inputs.') ? (inputs[x.slice('inputs.'.length)] ?? '') : x === 'github.run_number' ? '7' : ''));
    env[m[1]!] = value.find((v) => v !== '') ?? '';
  }
  return env;
}

let server: ReferenceServer;
let config: string;
beforeAll(async () => {
  server = await startReference({ port: 0 });
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-action-'));
  config = path.join(dir, 'erp.config.json');
  const c = server.runConfig() as { target: Record<string, unknown> };
  writeFileSync(config, JSON.stringify({ ...c, target: { ...c.target, token: 'env:ERP_API_TOKEN', secondToken: 'env:ERP_API_TOKEN_2' } }));
});
afterAll(() => server.close());

/** Runs the step (asynchronously: the reference answers from this process meanwhile); its exit-code output and stderr. */
async function step(job: Record<string, string>, inputs: Record<string, string> = {}): Promise<{ code: string | undefined; stderr: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-action-out-'));
  const output = path.join(dir, 'github-output');
  writeFileSync(output, '');
  const child = spawn('bash', ['-c', stepScript('erp-conformance run')], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH!,
      HOME: dir,
      GITHUB_OUTPUT: output,
      GITHUB_ACTION_PATH: ROOT,
      ...job,
      ...stepEnv('erp-conformance run', { config, out: path.join(dir, 'report'), args: '--plan', ...inputs }),
    },
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  await new Promise((resolve) => child.on('close', resolve));
  return { code: /exit-code=(\d+)/.exec(readFileSync(output, 'utf8'))?.[1], stderr };
}

describe("the Action's run step", WHOLE_FILE, () => {
  it('keeps a job-level ERP_API_TOKEN when no token: input is given', async () => {
    const r = await step({ ERP_API_TOKEN: server.tokens[0]!, ERP_API_TOKEN_2: server.tokens[1]! });
    expect(r.code, r.stderr).toBe('0');
  });

  it('uses the token: input when the job has no ERP_API_TOKEN', async () => {
    const r = await step({}, { token: server.tokens[0]!, 'second-token': server.tokens[1]! });
    expect(r.code, r.stderr).toBe('0');
  });

  it('without either, the run says the variable is not set (exit 2)', async () => {
    const r = await step({});
    expect(r.code).toBe('2');
    expect(r.stderr).toMatch(/ERP_API_TOKEN/);
  });
});

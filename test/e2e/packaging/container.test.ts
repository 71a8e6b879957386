// The container image and the GitHub Action. Docker is not on every machine: where it is, the
// image is built; everywhere, the files are checked for what they promise.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../../bin/commands/run.ts';
import { ROOT } from '../cli/spawn.ts';

const read = (f: string) => readFileSync(path.join(ROOT, f), 'utf8');
const hasDocker = (() => {
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
})();

describe('Dockerfile', () => {
  const text = read('Dockerfile');

  it('is a Debian Node 20 image with Chromium that runs the CLI', () => {
    expect(text).toMatch(/^FROM node:20-bookworm(-slim)?$/m);
    expect(text).toMatch(/apt-get install -y --no-install-recommends chromium\b/);
    expect(text).toMatch(/^RUN npm ci\b/m);
    expect(text).toMatch(/^USER node$/m);
    expect(text).toContain('ENTRYPOINT ["node", "/opt/erp-conformance/bin/erp-conformance.js"]');
    expect(text).toContain('CMD ["run", "--out", "erp-conformance-report"]');
    // The lockfile is copied before the sources (a cached layer), and node_modules never from the host.
    expect(text.indexOf('COPY package.json package-lock.json ./')).toBeLessThan(text.indexOf('COPY . .'));
    expect(read('.dockerignore').split('\n')).toContain('node_modules');
  });

  it.skipIf(!hasDocker)(
    'builds (docker present)',
    () => {
      execFileSync('docker', ['build', '-t', 'erp-conformance-test', ROOT], { stdio: 'pipe', timeout: 900_000 });
    },
    900_000,
  );
});

describe('action.yml', () => {
  const text = read('action.yml');

  it('is a composite action that runs the kit, uploads the report and fails as the run does', () => {
    expect(text).toMatch(/^runs:\n {2}using: composite$/m);
    for (const input of ['config', 'base-url', 'token', 'out', 'seed', 'args', 'upload'])
      expect(text).toMatch(new RegExp(`^ {2}${input}:\\n {4}description: `, 'm'));
    expect(text).toContain('node "$GITHUB_ACTION_PATH/bin/erp-conformance.js" run "${flags[@]}" $INPUT_ARGS');
    expect(text).toContain('uses: actions/upload-artifact@v4');
    expect(text).toContain('run: exit ${{ steps.run.outputs.exit-code }}');
    // The token input is exported only when given (test/e2e/packaging/action-step.test.ts runs the step).
    expect(text).toContain('INPUT_TOKEN: ${{ inputs.token }}');
    expect(text).toContain('[ -n "$INPUT_TOKEN" ] && export ERP_API_TOKEN="$INPUT_TOKEN"');
    // Every flag the action passes is one `run` has.
    for (const flag of text.match(/--[a-z][a-z-]+/g)!.filter((f) => !['--omit', '--no-audit', '--no-fund'].includes(f)))
      expect(runCommand.usage, flag).toContain(flag);
  });
});

// The CI examples guard the staging server against overlapping runs: two runs at once would share
// its voucher pools, which docs/configuration.md forbids. GitHub: a `concurrency:` group that queues (never
// cancels) a second run; GitLab: a `resource_group` on every job that runs the suites. They keep what
// a run wrote after a timeout (upload with always(), artifacts when: always), give the job the run's
// budget plus set-up, and carry last night's folder (the history) in a cache keyed by the target;
// the Action takes `history` and `baseline` and uploads with always().
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './spawn.ts';

const example = (f: string) => readFileSync(path.join(ROOT, 'examples/ci', f), 'utf8');

describe('the CI examples', () => {
  it('GitHub: one run at a time per staging server, queued, not cancelled', () => {
    for (const f of ['github-actions.yml', 'github-actions-sharded.yml']) {
      expect(example(f), f).toMatch(/^concurrency:\n {2}group: erp-conformance-\$\{\{ vars\.ERP_STAGING_URL \}\}\n {2}cancel-in-progress: false$/m);
    }
  });

  it("GitLab: every job that runs the suites holds the staging server's resource group", () => {
    for (const f of ['gitlab-ci.yml', 'gitlab-ci-sharded.yml']) {
      const jobs = example(f).split(/\n(?=[a-z][\w-]*:\n)/);
      const running = jobs.filter((j) => /erp-conformance run /.test(j));
      expect(running.length, f).toBeGreaterThan(0);
      for (const j of running) expect(j, f).toMatch(/^ {2}resource_group: erp-conformance-staging$/m);
    }
  });

  it('GitHub: every upload and step after the run is always(), never !cancelled() (a timed-out job is cancelled)', () => {
    for (const f of ['github-actions.yml', 'github-actions-sharded.yml']) {
      expect(example(f), f).not.toContain('cancelled()');
      const uploads = example(f)
        .split('\n      - ')
        .filter((step) => step.includes('actions/upload-artifact'));
      expect(uploads.length, f).toBeGreaterThan(0);
      for (const u of uploads) expect(u, f).toMatch(/if: \$\{\{ always\(\)/);
    }
    const action = readFileSync(path.join(ROOT, 'action.yml'), 'utf8');
    expect(action).toMatch(/- name: Upload the report folder\n(\s+#.*\n)*\s+if: \$\{\{ always\(\) /);
  });

  it("gives each job the run's budget plus at least 5 minutes of set-up", () => {
    for (const f of ['github-actions.yml', 'github-actions-sharded.yml', 'gitlab-ci.yml', 'gitlab-ci-sharded.yml']) {
      const text = example(f);
      const budget = Number(text.match(/erp-conformance run .*--max-duration (\d+)/)![1]);
      const minutes = Number((text.match(/timeout-minutes: (\d+)/) ?? text.match(/timeout: (\d+)m/))![1]);
      expect(minutes * 60 - budget, f).toBeGreaterThanOrEqual(5 * 60);
    }
  });

  it("carries last night's folder keyed by the target: the history the run appends to, and the trend page of it", () => {
    const gh = example('github-actions.yml');
    expect(gh).toMatch(/uses: actions\/cache\/restore@v4\n\s+with:\n\s+path: last-night\/\n\s+key: erp-conformance-\$\{\{ vars\.ERP_STAGING_URL \}\}-/);
    expect(gh).toMatch(/uses: actions\/cache\/save@v4\n\s+if: \$\{\{ always\(\)[^\n]*\n\s+with:\n\s+path: last-night\//);
    const gl = example('gitlab-ci.yml');
    expect(gl).toMatch(/- key: erp-conformance-last-night-\$ERP_TARGET_NAME\n\s+paths: \[last-night\/\]\n\s+when: always/);
    expect(gl).toMatch(/artifacts:\n\s+when: always/);
    for (const text of [gh, gl]) {
      expect(text).toMatch(/erp-conformance run .*--history last-night\/history\.jsonl/);
      expect(text).toContain('erp-conformance report --trend last-night/history.jsonl --out report');
      expect(text).toContain('cp -r report last-night/report');
    }
  });

  it('the Action takes history and baseline and passes them to the run (a baseline not there yet is left out)', () => {
    const action = readFileSync(path.join(ROOT, 'action.yml'), 'utf8');
    for (const input of ['history', 'baseline']) expect(action).toMatch(new RegExp(`^  ${input}:\n {4}description: `, 'm'));
    expect(action).toContain('[ -n "$INPUT_HISTORY" ] && flags+=(--history "$INPUT_HISTORY")');
    expect(action).toContain('[ -n "$INPUT_BASELINE" ] && [ -e "$INPUT_BASELINE" ] && flags+=(--baseline "$INPUT_BASELINE")');
  });
});

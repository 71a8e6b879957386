// The CI examples guard the staging server against overlapping runs: two runs at once would share
// its voucher pools, which docs/configuration.md forbids. GitHub: a `concurrency:` group that queues (never
// cancels) a second run; GitLab: a `resource_group` on every job that runs the suites.
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
});

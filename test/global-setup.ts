// Once before npm test's workers start: the CLI's cached bundle (bin/cli-bundle.js) is made up to
// date here, so that no test's first start of the CLI builds it while the others start from the
// sources through tsx (a start that finds another building it does so), in a clean clone as on a
// developer's machine after an edit. Nothing is built when the bundle is current or turned off
// (ERP_CONFORMANCE_CLI_BUNDLE=0); a build that fails leaves the starts as they were.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliBundle } from '../bin/cli-bundle.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default async function setup(): Promise<void> {
  await cliBundle(ROOT);
}

// --out must be a folder the run can write: checked before the run sends anything, so that a
// folder CI mounted for another user (GitHub's runners own the workspace as uid 1001, the image
// runs as node, uid 1000) is a usage error with the fix, never an internal error after the run.
import { accessSync, constants, mkdirSync } from 'node:fs';

/** Why `dir` cannot hold the reports, or undefined when it can (it is made if missing). */
export function unwritableOut(dir: string): string | undefined {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return undefined;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    return (
      `--out ${dir} cannot be written (${code}): choose a folder this user can write` +
      ' (in the container, run it as the owner of the mounted folder: docker run --user "$(id -u):$(id -g)" ...)'
    );
  }
}

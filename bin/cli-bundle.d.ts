// The types of bin/cli-bundle.js (plain JavaScript: it runs before any TypeScript hook).

/** The folder of the CLI bundles of the install at `kitRoot`. */
export function bundleDir(kitRoot: string): string;

/** The bundle of `entry` for this start, or why the sources run as they are. */
export function cliBundle(
  kitRoot: string,
  entry?: string,
  env?: NodeJS.ProcessEnv,
): Promise<{ file: string; built: boolean; off?: undefined } | { off: string; file?: undefined; built?: undefined }>;

// har-validator-compiled ships its types outside its package.json "exports": what the tests use of it.
declare module 'har-validator-compiled' {
  export class HARError extends Error {
    errors: { instancePath: string; message?: string }[];
  }
  /** Throws HARError unless `har` is valid HAR 1.2 (its JSON Schema). */
  export function validateHar(har: unknown): boolean;
}

// `certify` of the run config: the scope a certifier demands. Without it a run certifies what its
// config reaches (the three detailed operations of section 4, the read-backs, the configured
// operations of the index), and the certificate's first line names that scope and every MUST left
// out of it (reports/scope.ts). With it, a required requirement or operation that the run leaves
// out of scope (or does not verify) makes the run inconclusive, with the reason. The schema holds
// an id's form; whether the catalogue has it is the contract's to say (contract/requirements.ts
// unknownRequired), where the run and check-config ask it.
import { z } from 'zod';
import { INDEX_OPERATIONS } from '../core/operations.ts';

/** The form of a requirement id: its prefix, a number, and a letter for a part (`OS-2e`). */
const ID_FORM = /^[A-Z]+-\d+[a-z]?$/;
const KNOWN_OPERATIONS = new Set<string>(INDEX_OPERATIONS);

export const certifySchema = z
  .strictObject({
    require: z
      .array(
        z
          .string()
          .regex(ID_FORM, { error: (iss) => `${JSON.stringify(iss.input)} is not a requirement id (e.g. "IX-1"; erp-conformance requirements lists them)` }),
      )
      .optional()
      .describe(
        'Requirement ids the certificate must verify, e.g. ["IX-1", "IX-2", "IX-3", "OS-6"]: one left out of scope (its operation not configured, writes: false, no --with-load) or not verified makes the run inconclusive instead of being skipped.',
      ),
    operations: z
      .array(
        z.string().refine((name) => KNOWN_OPERATIONS.has(name), {
          error: (iss) => `unknown operation ${JSON.stringify(iss.input)}: expected a name of the index (section 1), e.g. "branch-list", "order-create"`,
        }),
      )
      .optional()
      .describe(
        'Operations of the index (section 1, by their names in config operations) the certificate must cover, e.g. ["order-create", "branch-list"]: one the config leaves out of scope makes the run inconclusive.',
      ),
  })
  .optional()
  .describe(
    'The scope a certifier demands. Without it the run certifies what the config reaches, and the verdict line names that scope and every MUST left out of it.',
  );

export type CertifyConfig = z.output<typeof certifySchema>;

// `marker` of the run config: where the run's marker goes in what the kit creates, and where a
// read shows it. Each run has its own marker (runtime/marker.ts: the run nonce and the seed), and
// each request that must be told apart (a creation sent without a valid token) its own marker
// under it: "was this made by a refused request?" and "is this one of ours?" are answered by
// finding the marker in a text field the target keeps, never by ids or timing. null: the run
// marks nothing there, and what needs the marker says so (inconclusive, never failed).
import { z } from 'zod';

/** The 2.3 text fields of a customer that may carry the marker. */
export const CUSTOMER_MARKER_FIELDS = ['remark', 'email', 'firstName', 'lastName', 'companyName'] as const;
export type CustomerMarkerField = (typeof CUSTOMER_MARKER_FIELDS)[number];

const dotPath = (what: string) => z.string().regex(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/, { error: `expected a dot path, ${what}` });

/** The defaults: a voucher's remark, read where Get Sales Data By Id keeps its voucher; a customer's remark. */
export const MARKER_DEFAULTS = {
  'order-create': 'remark',
  'get-sales-data-by-id': 'response.remark',
  'customer-create': 'remark',
} as const;

export const markerSchema = z
  .strictObject({
    'order-create': dotPath('e.g. "remark" or "reference"')
      .nullable()
      .default(MARKER_DEFAULTS['order-create'])
      .describe(
        'The text field of the Order Create body (a dot path in operations["order-create"].body) that carries the run\'s marker, e.g. "remark" (default) or "reference"; null: none.',
      ),
    'get-sales-data-by-id': dotPath('e.g. "response.remark"')
      .nullable()
      .default(MARKER_DEFAULTS['get-sales-data-by-id'])
      .describe(
        'Where a voucher read (operations["get-sales-data-by-id"], else readBack.orderStatus) shows that field, a dot path from the answer\'s root, default "response.remark".',
      ),
    'customer-create': z
      .enum(CUSTOMER_MARKER_FIELDS)
      .nullable()
      .default(MARKER_DEFAULTS['customer-create'])
      .describe(
        'The customer field (2.3) that carries the marker of a customer the run creates to tell its own: remark (default), email, firstName, lastName or companyName; null: none.',
      ),
  })
  .default({ ...MARKER_DEFAULTS })
  .describe(
    "Where the run's marker (its nonce and seed; each refused creation its own) goes in what it creates, so that its own writes and another client's are told apart on a shared server by the marker, never by ids or timing.",
  );

export type MarkerConfig = z.output<typeof markerSchema>;

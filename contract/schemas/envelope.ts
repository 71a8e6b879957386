// 2.1 Response envelope (all operations described here).
import { z } from 'zod';

export const envelope = z.object({
  // 2.1: "status | boolean | true on success"
  status: z.boolean(),
  // 2.1: "message | string | human-readable outcome text"
  message: z.string(),
  // 2.1: "code | string | status code as a string, e.g. the string form of 200"
  code: z.string().regex(/^\d{3}$/, 'code must be an HTTP status written as a string of three digits'),
  // 2.1: "response | object or null"
  response: z.union([z.record(z.string(), z.unknown()), z.null()]),
});
export type Envelope = z.infer<typeof envelope>;

/** A JSON integer of any size: a number, or a bigint when it is past 2^53 (core/json.ts parses losslessly). */
export const jsonInteger = z.union([z.number().int(), z.bigint()]);
export type JsonInteger = number | bigint;

/** An envelope whose payload is validated by `payload`. */
export function envelopeOf<T extends z.ZodType>(payload: T) {
  return envelope.extend({ response: payload });
}

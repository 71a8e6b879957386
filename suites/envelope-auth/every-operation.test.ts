// 5 Authentication on the operations beyond the three of section 4: "Every operation requires the
// header api-token ... A request without a valid token is rejected with HTTP 403 (Unauthorized)".
// The read-backs are operations of the index (Get Contact By Id, Order Status) whatever the config
// calls them (AUTH-10); a write refused for its token must have written nothing (AUTH-11,
// refused-writes.ts); the valid token anywhere but the header is advice (AUTH-12).
import { rejectedUnauthorized } from '../../contract/checks/auth.ts';
import type { TokenVariant } from '../../core/types.ts';
import { verifies } from '../../runtime/verifies.ts';
import { configured, notServed, send } from '../index-operations/configured.ts';
import { nearMisses, readBacks } from './read-backs.ts';
import type { TokenChoice } from './operations.ts';
import { sampledNearMisses } from '../../generators/token-variant.ts';
import { refusedWritesChangeNothing } from './refused-writes.ts';
import { suiteSays } from '../../core/words/suites.ts';

verifies('every-operation/AUTH-10', ['AUTH-10'], 'The read-backs reject a missing, an empty, an invalid and a near-miss api-token with 403', async (h) => {
  const reads = await readBacks(h, 131);
  if (!reads.configured) return h.outOfScope('AUTH-10', suiteSays('envNoReadBack'));
  for (const why of reads.inconclusive) h.inconclusive('AUTH-10', why);
  // The boundaries (no header, an empty one), an invalid token, the suffix and upper case in every
  // run, and one more near miss per read chosen by the seed (their quota is often tight).
  const token = h.config.target.token;
  const fixed: TokenChoice[] = [
    'none',
    { kind: 'empty' },
    'invalid',
    ...nearMisses(token).filter((v) => v.kind === 'suffix' || (v.kind === 'case' && v.to === 'upper')),
  ];
  const more = sampledNearMisses(token, reads.calls.length, h.ctx.seed + 1);
  await h.parallel(reads.calls, async (call, i) => {
    for (const t of [...fixed, more[i]!]) h.check(await call.send(t), rejectedUnauthorized, undefined, { requirementId: 'AUTH-10' });
  });
});

verifies(
  'every-operation/AUTH-11',
  ['AUTH-11'],
  'A write refused for its token changes nothing, as a read of what it would have changed shows',
  async (h, t) => {
    if (h.config.writes === false) h.skip(suiteSays('envNoWrites'), t);
    await refusedWritesChangeNothing(h, t);
  },
);

/** The valid token only in the query string, and in the JSON body of a POST. */
const ELSEWHERE: TokenVariant[] = [
  { kind: 'query', name: 'api-token' },
  { kind: 'body', name: 'api-token' },
];

verifies(
  'every-operation/AUTH-12',
  ['AUTH-12'],
  'The index operations and the read-backs refuse a valid token sent only in the query string or the JSON body with 403',
  async (h) => {
    const found = configured(h);
    const reads = await readBacks(h, 137);
    if (found.list.length === 0 && !reads.configured) return h.outOfScope('AUTH-12', suiteSays('envNoIndexNoReadBack'));
    for (const why of [...Object.values(found.unfilled), ...reads.inconclusive]) h.inconclusive('AUTH-12', why);
    await h.parallel(found.list, async (c) => {
      // The preflight sent the configured request with the valid token (engine/phases/preflight/served.ts): its answer, not a second request.
      const valid = h.ctx.preflightOperations?.[c.name] ?? (await send(h, c.request));
      const why = notServed(c.name, valid);
      if (why) return h.inconclusive('AUTH-12', why);
      for (const v of ELSEWHERE.filter((e) => e.kind !== 'body' || c.request.method === 'POST'))
        h.check(await send(h, c.request, v), rejectedUnauthorized, undefined, { requirementId: 'AUTH-12' });
    });
    await h.parallel(reads.calls, async (call) => {
      h.check(await call.send(ELSEWHERE[0]!), rejectedUnauthorized, undefined, { requirementId: 'AUTH-12' });
    });
  },
);

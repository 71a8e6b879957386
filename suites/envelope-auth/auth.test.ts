// 5 Authentication: "Every operation requires the header api-token ... A request without a
// valid token is rejected with HTTP 403 (Unauthorized)." A token check is a security check: near
// misses of a valid token, an empty header and two invalid values are all "without a valid token";
// the valid token anywhere but the api-token header is refused as advice (AUTH-8, SHOULD).
import { acceptedToken, rejectedUnauthorized } from '../../contract/checks/auth.ts';
import type { Harness } from '../../runtime/harness.ts';
import { verifies } from '../../runtime/verifies.ts';
import { validCalls, type TokenChoice } from './operations.ts';
import { nearMisses } from './read-backs.ts';

/** Sends `token` on every operation and holds each answer to 403 under `id`. */
async function refusedEverywhere(h: Harness, id: string, tokens: TokenChoice[]) {
  await h.parallel(validCalls(h), async (call) => {
    for (const token of tokens) h.check(await call.send(token), rejectedUnauthorized, undefined, { requirementId: id });
  });
}

verifies('auth/AUTH-1', ['AUTH-1'], 'A request without the api-token header is rejected with 403 on every operation', async (h) => {
  await refusedEverywhere(h, 'AUTH-1', ['none']);
});

verifies('auth/AUTH-2', ['AUTH-2'], 'A request with an invalid api-token is rejected with 403 on every operation', async (h) => {
  await refusedEverywhere(h, 'AUTH-2', ['invalid']);
});

verifies('auth/AUTH-3', ['AUTH-3'], 'A request with the configured api-token is not rejected as unauthorized on any operation', async (h) => {
  await h.parallel(validCalls(h), async (call) => {
    h.check(await call.send('valid'), acceptedToken, undefined);
    if (h.config.target.secondToken && call.operation === 'report') h.check(await call.send('second'), acceptedToken, undefined);
  });
});

verifies('auth/AUTH-4', ['AUTH-4'], 'Whether the token is checked before the request is validated is recorded', async (h) => {
  // A request that is both unauthenticated and invalid: 403 means the token is checked first.
  const f = h.config.fixtures;
  const noTokenBadBody = await h.client.updateOrderStatus({
    salesId: f.sales.missing,
    branchId: f.invalidBranchId,
    body: { orderStatus: 'Nope' },
    token: 'none',
  });
  const badTokenBadReport = await h.client.report({ body: { limit: 'x' }, token: 'invalid' });
  h.observe('tokenCheckedFirst', {
    orderStatus: noTokenBadBody.response?.status ?? noTokenBadBody.failure?.kind,
    report: badTokenBadReport.response?.status ?? badTokenBadReport.failure?.kind,
  });
});

verifies(
  'auth/AUTH-5',
  ['AUTH-5'],
  'A token that differs from a valid one by a suffix, a prefix, a cut or letter case is rejected with 403 on every operation',
  async (h) => {
    await refusedEverywhere(h, 'AUTH-5', nearMisses(h.config.target.token));
  },
);

verifies('auth/AUTH-6', ['AUTH-6'], 'An empty api-token header is rejected with 403 on every operation', async (h) => {
  await refusedEverywhere(h, 'AUTH-6', [{ kind: 'empty' }]);
});

/** AUTH-7: which value of an api-token sent twice the target keeps, from its answers to both orders. */
function keptValue(validFirst: number | string | undefined, validLast: number | string | undefined): string {
  // Past the token check: any answer but 401/403 (a 400 of the request's own validation included).
  const ok = (s: number | string | undefined) => typeof s === 'number' && s < 500 && s !== 401 && s !== 403;
  const refused = (s: number | string | undefined) => s === 401 || s === 403;
  if (ok(validFirst) && ok(validLast)) return 'either value (a valid one among them is enough)';
  if (ok(validFirst) && refused(validLast)) return 'the first value (as Java getHeader, Go Header.Get)';
  if (refused(validFirst) && ok(validLast)) return 'the last value (as a header map built from the list)';
  if (refused(validFirst) && refused(validLast)) return 'neither: both orders refused (the values joined, as Node and .NET do)';
  return `answered ${validFirst} (valid first) and ${validLast} (valid last)`;
}

verifies(
  'auth/AUTH-7+AUTH-7b',
  ['AUTH-7', 'AUTH-7b'],
  'Which of two api-token values the target keeps is recorded, and two invalid values are rejected with 403',
  async (h) => {
    const kept: Record<string, string> = {};
    await h.parallel(validCalls(h), async (call) => {
      // 5 says nothing of a header sent twice (AUTH-7, INFO): correct stacks keep the first value,
      // the last, or refuse both; what this target does is advice for its owner, never a failure.
      const status = (ex: Awaited<ReturnType<typeof call.send>>) => ex.response?.status ?? ex.failure?.kind;
      const validFirst = await call.send({ kind: 'twice', first: 'valid', second: 'invalid' });
      const validLast = await call.send({ kind: 'twice', first: 'invalid', second: 'valid' });
      kept[call.operation] = keptValue(status(validFirst), status(validLast));
      // 5 rule 2: "A request without a valid token is rejected with HTTP 403": two invalid values
      // hold no valid token whichever one a stack keeps, or if it joins them (AUTH-7b).
      h.check(await call.send({ kind: 'twice', first: 'invalid', second: 'invalid' }), rejectedUnauthorized, undefined, { requirementId: 'AUTH-7b' });
    });
    h.observe('apiTokenSentTwice', kept);
  },
);

verifies(
  'auth/AUTH-8',
  ['AUTH-8'],
  'A valid token sent only in the query string, the JSON body or under another header name is rejected with 403 on every operation',
  async (h) => {
    await refusedEverywhere(h, 'AUTH-8', [
      { kind: 'query', name: 'api-token' },
      { kind: 'query', name: 'api_token' },
      { kind: 'body', name: 'api-token' },
      { kind: 'header', name: 'Authorization', scheme: 'Bearer' },
      { kind: 'header', name: 'x-api-token' },
      { kind: 'header', name: 'api_token' },
    ]);
  },
);

verifies('auth/AUTH-9', ['AUTH-9'], 'Whether a valid token with surrounding whitespace is accepted is recorded', async (h) => {
  // RFC 9110 5.5: leading and trailing whitespace is not part of a field value: accepting it is correct.
  const observed: Record<string, unknown> = {};
  await h.parallel(
    validCalls(h).filter((c) => c.operation === 'report'),
    async (call) => {
      for (const [label, variant] of [
        ['spaces', { kind: 'pad', left: '  ', right: ' ' }],
        ['tab', { kind: 'pad', left: '\t', right: '' }],
      ] as const) {
        const ex = await call.send(variant);
        observed[label] = ex.response?.status ?? ex.failure?.kind;
      }
    },
  );
  h.observe('tokenWithSurroundingWhitespace', observed);
});

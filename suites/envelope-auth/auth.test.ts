// 5 Authentication: "Every operation requires the header api-token ... A request without a
// valid token is rejected with HTTP 403 (Unauthorized)."
import { acceptedToken, rejectedUnauthorized } from '../../contract/checks/auth.ts';
import { verifies } from '../support/harness.ts';
import { validCalls } from './operations.ts';

verifies(['AUTH-1'], 'A request without the api-token header is rejected with 403 on every operation', async (h) => {
  for (const call of validCalls(h)) h.check(await call.send('none'), rejectedUnauthorized, undefined, { requirementId: 'AUTH-1' });
});

verifies(['AUTH-2'], 'A request with an invalid api-token is rejected with 403 on every operation', async (h) => {
  for (const call of validCalls(h)) h.check(await call.send('invalid'), rejectedUnauthorized, undefined, { requirementId: 'AUTH-2' });
});

verifies(['AUTH-3'], 'A request with the configured api-token is not rejected as unauthorized on any operation', async (h) => {
  for (const call of validCalls(h)) h.check(await call.send('valid'), acceptedToken, undefined);
  if (h.config.target.secondToken) {
    for (const call of validCalls(h).filter((c) => c.operation === 'report')) h.check(await call.send('second'), acceptedToken, undefined);
  }
});

verifies(['AUTH-4'], 'Whether the token is checked before the request is validated is recorded', async (h) => {
  // A request that is both unauthenticated and invalid: 403 means the token is checked first.
  const f = h.config.fixtures;
  const noTokenBadBody = await h.client.updateOrderStatus({ salesId: f.sales.missing, branchId: f.invalidBranchId, body: { orderStatus: 'Nope' }, token: 'none' });
  const badTokenBadReport = await h.client.report({ body: { limit: 'x' }, token: 'invalid' });
  h.observe('tokenCheckedFirst', {
    orderStatus: noTokenBadBody.response?.status ?? noTokenBadBody.failure?.kind,
    report: badTokenBadReport.response?.status ?? badTokenBadReport.failure?.kind,
  });
});

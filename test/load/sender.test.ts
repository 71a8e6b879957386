// The sender: one request per call, its answer recorded as a Shot; the exchange kept as evidence
// never holds a token, even when the target echoes it; no answer is recorded, never thrown.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { toCurl } from '../../client/curl.ts';
import { repeatedRequest } from '../../load/requests.ts';
import { createSender, isAccepted, isRefusal } from '../../load/sender.ts';
import { startServer, type TestServer } from '../support/stub-server.ts';
import { configFor, holdsToken } from '../support/reference.ts';
import { closeAfterEach } from '../support/close-after-each.ts';

let stub: TestServer | undefined;
closeAfterEach(() => [stub]);

function senderFor(baseUrl: string) {
  const config = configFor(baseUrl);
  return createSender({ target: config.target, request: repeatedRequest(config, 'report') });
}

describe('the sender', () => {
  it('records the status, the rate-limit headers and whether a 429 carried the envelope', async () => {
    stub = await startServer((req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3', 'RateLimit-Policy': '"default";q=5;w=10', 'x-other': 'dropped' });
      res.end(JSON.stringify({ status: false, message: `Too Many Request for ${req.headers['api-token']}`, code: '429', response: null }));
    });
    const shot = await senderFor(stub.url).send('valid');
    expect(shot).toMatchObject({ status: 429, envelope: true, envelopeStatus: false, envelopeCode: '429', token: 'valid' });
    expect(shot.headers).toEqual({ 'content-type': 'application/json', 'retry-after': '3', 'ratelimit-policy': '"default";q=5;w=10' });
    expect(isRefusal(shot)).toBe(true);
    expect(isAccepted(shot)).toBe(false);
    expect(shot.receivedAt).toBeGreaterThanOrEqual(shot.sentAt);
  });

  it('keeps the exchange of a 429 with the token redacted everywhere, the echoed one included', async () => {
    stub = await startServer((req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'x-echo': String(req.headers['api-token']) });
      res.end(JSON.stringify({ status: false, message: String(req.headers['api-token']), code: '429', response: null }));
    });
    const sender = senderFor(stub.url);
    const shots = [await sender.send('valid'), await sender.send('second')];
    expect(stub.seen.map((s) => s.headers['api-token'])).toEqual(['reference-token-1', 'reference-token-2']);
    for (const shot of shots) {
      expect(shot.exchange).toBeDefined();
      expect(holdsToken(JSON.stringify(shot.exchange))).toBe(false);
      expect(shot.exchange!.request.headers['api-token']).toBe('***');
      expect((shot.exchange!.json as { message: string }).message).toBe('***');
    }
    expect(toCurl(shots[1]!.exchange!)).toContain('"api-token: $ERP_API_TOKEN_2"');
  });

  it('records a refused connection as an answer of status 0, without throwing', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const shot = await senderFor(`http://127.0.0.1:${port}`).send('valid', 2000);
    expect(shot.status).toBe(0);
    expect(shot.exchange?.failure?.kind).toBe('connection-refused');
    expect(shot.exchange?.response).toBeUndefined();
  });
});

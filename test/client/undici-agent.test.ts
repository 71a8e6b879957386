// client/undici-agent.ts loads undici's Agent and request from their own modules: they are the very
// class and function the package's index exports, so the transport behaves as through the index.
import * as undici from 'undici';
import { describe, expect, it } from 'vitest';
import { Agent } from '../../client/undici-agent.ts';
import requestOn from 'undici/lib/api/api-request.js';

describe("undici's modules taken alone", () => {
  it("Agent is the index's Agent", () => {
    expect(Agent).toBe(undici.Agent);
  });

  it("request is the index's request (the one it copies onto every dispatcher)", () => {
    expect(requestOn).toBe(undici.Dispatcher.prototype.request);
  });
});

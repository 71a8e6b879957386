// client/undici-agent.ts loads undici's Agent and request from their own modules: they are the very
// class and function the package's index exports, so the transport behaves as through the index;
// where a release has moved either module, both come from the index.
import { createRequire } from 'node:module';
import * as undici from 'undici';
import { describe, expect, it } from 'vitest';
import { Agent, undiciModules } from '../../client/undici-agent.ts';
import requestOn from 'undici/lib/api/api-request.js';

describe("undici's modules taken alone", () => {
  it("Agent is the index's Agent", () => {
    expect(Agent).toBe(undici.Agent);
  });

  it("request is the index's request (the one it copies onto every dispatcher)", () => {
    expect(requestOn).toBe(undici.Dispatcher.prototype.request);
  });

  it('takes both from the index when a module is not where it was', () => {
    const real = createRequire(import.meta.url);
    const asked: string[] = [];
    const moved = (id: string) => {
      asked.push(id);
      if (id === 'undici/lib/api/api-request.js') throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' });
      return real(id);
    };
    const m = undiciModules(moved);
    expect(m.Agent).toBe(undici.Agent);
    expect(m.requestOn).toBe(undici.Dispatcher.prototype.request);
    expect(asked).toContain('undici');
  });
});

// The run's marker: its nonce (random, new for each run) and its seed, which tells this run's
// writes from any other client's, another run of the kit included. A request that must be told
// apart from the run's other writes (a creation sent without a valid token) gets a marker of its
// own under the run's, never given twice in a run: a record found carrying it was made by that
// request. Where the marker goes is the config's `marker` (config/marker.ts).
import { defineRunState, type RunOf } from './run-state.ts';

const markers = defineRunState('run-marker', (run) => ({ run: `erpc-${run.ctx.nonce}-s${run.ctx.seed}`, issued: 0 }));

/** The run's marker, e.g. "erpc-1f2e3d4c-s42": the same for every write of this run. */
export function runMarker(of: RunOf): string {
  return markers(of).run;
}

/** A marker of one request: the run's, the use (a word) and a number no other request of the run has. */
export function requestMarker(of: RunOf, use: string): string {
  const m = markers(of);
  return `${m.run}-${use}${++m.issued}`;
}

/** Whether `text` holds the run's marker (a record of this run, whatever request made it). */
export function carriesRunMarker(of: RunOf, text: unknown): boolean {
  return typeof text === 'string' && text.includes(markers(of).run);
}

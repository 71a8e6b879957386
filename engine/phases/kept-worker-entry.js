// The suite worker's entry when the run keeps it for the next run of its process
// (engine/phases/kept-workers.ts): vitest's own forks entry (vitest/dist/workers/forks.js) but for its
// teardown, which here leaves the process listening, so that a later run's `start` sets it up again.
import { init, runBaseTests, setupEnvironment } from 'vitest/worker';

const processExit = process.exit.bind(process);
const processSend = process.send.bind(process);
const processOn = process.on.bind(process);
const processOff = process.off.bind(process);

/** Vitest replaces process.exit while tests run; each run gets the real one back, as in vitest's entry. */
const tests = (method) => async (state, traces) => {
  try {
    await runBaseTests(method, state, traces);
  } finally {
    process.exit = processExit;
  }
};

// A channel that closes (the run's process ended) ends the worker, as in vitest's entry.
processOn('error', (error) => {
  if (error?.code === 'ERR_IPC_CHANNEL_CLOSED' || error?.code === 'EPIPE') processExit(1);
});
processOn('disconnect', () => processExit(0));

init({
  post: (v) => processSend(v),
  on: (cb) => processOn('message', cb),
  off: (cb) => processOff('message', cb),
  teardown: () => {},
  runTests: tests('run'),
  collectTests: tests('collect'),
  setup: setupEnvironment,
});

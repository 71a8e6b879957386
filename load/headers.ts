// The rate-limit header parser is the client's (client/rate-headers.ts): one parser for the
// scheduler's pacing and the probe's hypotheses.
export * from '../client/rate-headers.ts';

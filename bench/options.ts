/** What bench/run.ts passes each bench: `--quick` asks for a shorter, smaller run (not the figure of
 *  record); `--part NAME` (repeatable) runs only those parts of a bench that has parts (quotas:
 *  `budgeted`, `unbudgeted`), so two parts can run side by side in two processes. */
export interface BenchOptions {
  quick: boolean;
  parts?: string[];
}

/** What bench/run.ts passes each bench: `--quick` asks for a shorter, smaller run (not the figure of record). */
export interface BenchOptions {
  quick: boolean;
}

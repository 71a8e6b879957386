// The flags of `load` that shape the run (model, scenario, operations, thresholds), checked
// before the target is opened: a wrong one is a usage error (exit 2), nothing is sent.
import { availableParallelism } from 'node:os';
import type { LoadOptions } from '../../load/load.ts';
import type { LoadOperation } from '../../load/scenarios/mix.ts';
import type { Threshold } from '../../load/scenarios/thresholds.ts';
import { intFlag, UsageError, type Command } from './usage.ts';
import { didYouMean } from './suggest.ts';
import { numberFlag } from './load-target.ts';

export interface LoadFlagValues {
  operation?: string;
  mix?: string;
  rate?: string;
  connections?: string;
  pipelining?: string;
  seconds?: string;
  scenario?: string;
  from?: string;
  steps?: string;
  'spike-rate'?: string;
  threshold?: string[];
  workers?: string;
  engine?: string;
}

export type LoadFlags = Pick<
  LoadOptions,
  'rate' | 'connections' | 'pipelining' | 'seconds' | 'scenario' | 'from' | 'steps' | 'spikeRate' | 'workers' | 'engine'
> & {
  mixEntries: Array<[LoadOperation, number]>;
  thresholds: Threshold[];
};

export async function parseLoadFlags(command: Command, v: LoadFlagValues): Promise<LoadFlags> {
  const { isLoadOperation, LOAD_OPERATIONS, parseMix } = await import('../../load/scenarios/mix.ts');
  const { isScenario, SCENARIOS } = await import('../../load/scenarios/phases.ts');
  const { parseThreshold } = await import('../../load/scenarios/thresholds.ts');
  const rate = numberFlag(command, 'rate', v.rate);
  const seconds = numberFlag(command, 'seconds', v.seconds);
  const connections = v.connections === undefined ? undefined : intFlag(command, 'connections', v.connections, 0, 1, 100_000);
  const pipelining = v.pipelining === undefined ? undefined : intFlag(command, 'pipelining', v.pipelining, 1, 1, 1000);
  if (seconds === undefined || (rate === undefined && connections === undefined))
    throw new UsageError('--rate R and --seconds S are required (or --connections N and --seconds S for the closed model)', command);
  if (rate !== undefined && connections !== undefined) throw new UsageError('--rate (open model) and --connections (closed model) exclude each other', command);
  if (pipelining !== undefined && connections === undefined) throw new UsageError('--pipelining goes with --connections', command);
  const scenario = v.scenario ?? 'steady';
  if (!isScenario(scenario)) throw new UsageError(`--scenario must be one of ${SCENARIOS.join(', ')}, received ${JSON.stringify(scenario)}`, command);
  if (connections !== undefined && scenario !== 'steady')
    throw new UsageError(`--scenario ${scenario} needs the open model (--rate); --connections runs steady`, command);
  const from = numberFlag(command, 'from', v.from);
  const steps = v.steps === undefined ? undefined : intFlag(command, 'steps', v.steps, 5, 2, 100);
  const spikeRate = numberFlag(command, 'spike-rate', v['spike-rate']);
  if ((from !== undefined || steps !== undefined) && scenario !== 'ramp') throw new UsageError('--from and --steps go with --scenario ramp', command);
  if (spikeRate !== undefined && scenario !== 'spike') throw new UsageError('--spike-rate goes with --scenario spike', command);
  if (from !== undefined && rate !== undefined && from > rate) throw new UsageError('--from must be at most --rate (the ramp goes up)', command);
  if (v.mix !== undefined && v.operation !== undefined) throw new UsageError('--operation and --mix exclude each other', command);
  let mixEntries: Array<[LoadOperation, number]>;
  if (v.mix !== undefined) {
    try {
      mixEntries = parseMix(v.mix);
    } catch (e) {
      throw new UsageError((e as Error).message, command);
    }
  } else {
    const op = v.operation ?? 'report';
    if (!isLoadOperation(op)) throw new UsageError(`--operation must be one of ${LOAD_OPERATIONS.join(', ')}, received ${JSON.stringify(op)}`, command);
    mixEntries = [[op, 1]];
  }
  let thresholds: Threshold[];
  try {
    thresholds = (v.threshold ?? []).map(parseThreshold);
  } catch (e) {
    throw new UsageError((e as Error).message, command);
  }
  const { LOAD_ENGINES } = await import('../../load/result.ts');
  const engine = v.engine ?? 'wire';
  if (!(LOAD_ENGINES as readonly string[]).includes(engine))
    throw new UsageError(`--engine must be one of ${LOAD_ENGINES.join(', ')}, received ${JSON.stringify(engine)}${didYouMean(engine, LOAD_ENGINES)}`, command);
  if (engine === 'autocannon' && connections === undefined)
    throw new UsageError('--engine autocannon sends the closed model: it goes with --connections', command);
  if (engine === 'autocannon' && v.workers !== undefined && v.workers !== '1')
    throw new UsageError('--engine autocannon sends from one thread: --workers goes with the wire engine', command);
  // One sending thread per core by default (the CLI's own thread then only merges and draws); autocannon's one.
  const workers = intFlag(command, 'workers', v.workers, engine === 'autocannon' ? 1 : availableParallelism(), 1, 64);
  return { rate, connections, pipelining, seconds, scenario, from, steps, spikeRate, mixEntries, thresholds, workers, engine: engine as LoadFlags['engine'] };
}

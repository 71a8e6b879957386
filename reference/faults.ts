// Fault switches of the reference server: each breaks exactly one rule of the spec, and names
// the requirement ids the conformance run must then fail (the self-test proves it).
// `erp-conformance serve --fault NAME` (repeatable) turns one on. Faults are made for the default
// profile: one that changes an envelope (error-code-200, rl-429-status-true) does nothing where the
// profile's errors are not envelopes. What the spec leaves open (plain-text errors, a GSTIN check)
// is a profile's choice, never a fault.
import type { Fault } from './fault-list/fault.ts';
import { READ_FAULTS } from './fault-list/reads.ts';
import { WIRE_FAULTS } from './fault-list/wire.ts';

export type { Fault };

/** Every fault switch, in the order of the spec's areas (reference/fault-list/). */
export const FAULTS = [...WIRE_FAULTS, ...READ_FAULTS] as const satisfies readonly Fault[];

export type FaultName = (typeof FAULTS)[number]['name'];

export const FAULT_NAMES: readonly FaultName[] = FAULTS.map((f) => f.name);

export function isFaultName(name: string): name is FaultName {
  return (FAULT_NAMES as readonly string[]).includes(name);
}

/** The ids a run against this fault may fail: those it breaks and those it may break. */
export function mayFail(f: Pick<Fault, 'breaks' | 'mayBreak'>): string[] {
  return [...f.breaks, ...(f.mayBreak ?? [])];
}

/** A run's failed ids are what the fault names: each id it breaks, and besides only ids it may break. */
export function failsAsNamed(f: Pick<Fault, 'breaks' | 'mayBreak'>, failed: readonly string[]): boolean {
  return f.breaks.every((id) => failed.includes(id)) && failed.every((id) => mayFail(f).includes(id));
}

export function fault(name: FaultName): Fault {
  return FAULTS.find((f) => f.name === name)!;
}

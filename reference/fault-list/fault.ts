// What a fault switch of the reference server is (reference/faults.ts lists them): its name, what
// the server then does wrong, and the requirement ids a conformance run must then fail, may fail,
// or leave open.
export interface Fault {
  name: string;
  /** What the reference does wrong with this switch on. */
  does: string;
  /** Requirement ids this fault breaks: a run against it must fail each of them. */
  breaks: string[];
  /**
   * Ids a run may fail besides, and no others: the fault reaches them only when requests of other
   * tests happen to overlap in time, which no run controls. The failure is real (the server did
   * lose the update), so a run that shows it is right; one that does not is right too.
   */
  mayBreak?: string[];
  /**
   * MUSTs a run against this fault cannot judge, so leaves inconclusive (never failed): a part of
   * theirs rests on what the fault breaks (an update of a voucher that cannot be updated).
   */
  leavesOpen?: string[];
  /**
   * Requirement prefixes whose suites send the requests that reach the defect, where `breaks` does
   * not name them: a 5xx the spec names no answer for fails ENV-6 alone, on the requests of the
   * suite that sends them (customer texts, the index's parameters). A run of the fault runs them too.
   */
  reachedBy?: string[];
  /** The profile the fault is made for, where its defect is of a wire only that vendor has (a cursor); default: the default vendor. */
  profile?: string;
}

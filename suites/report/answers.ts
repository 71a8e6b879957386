// The run's report answers (query.ts): each distinct request is sent once per run and its answer
// shared by every test that asks it, within a budget of body bytes (the suite worker's heap is
// capped). Past the budget, the answers asked for longest ago are dropped first; a test that asks
// one again sends it again: a second request is the price of a bounded heap.
import type { Exchange } from '../../core/types.ts';

/**
 * Body text kept at most. The suite worker's heap holds each kept body about twice (its text and
 * its parsed JSON), and the run's whole process tree (the CLI, vitest's host, the worker) is to
 * stay under 300 MB whatever a report answers: an answer dropped is sent again if asked again.
 */
export const ANSWER_BUDGET_BYTES = 20 * 1024 * 1024;

export interface AnswerStore {
  /** The kept answer of `key` (it becomes the most recently asked), or undefined. */
  get(key: string): Promise<Exchange> | undefined;
  /** Keeps `answer` under `key`; its size counts once it has come. */
  set(key: string, answer: Promise<Exchange>): void;
  delete(key: string): void;
  /** Body bytes kept now. */
  bytes(): number;
  /** Answers dropped to stay within the budget, so far. */
  dropped(): number;
}

/** The size an answer keeps: its request and response bodies (headers are small and bounded). */
const sizeOf = (ex: Exchange) => (ex.request.body?.length ?? 0) + (ex.response?.body.length ?? 0);

export function answerStore(budgetBytes = ANSWER_BUDGET_BYTES): AnswerStore {
  // Insertion order is the order of last use: a get re-inserts. Sizes are known once answered.
  const answers = new Map<string, Promise<Exchange>>();
  const sizes = new Map<string, number>();
  let kept = 0;
  let dropped = 0;
  const remove = (key: string) => {
    answers.delete(key);
    kept -= sizes.get(key) ?? 0;
    sizes.delete(key);
  };
  const shrink = (spare: string) => {
    for (const key of answers.keys()) {
      if (kept <= budgetBytes) return;
      if (key === spare || !sizes.has(key)) continue;
      remove(key);
      dropped++;
    }
  };
  return {
    get(key) {
      const answer = answers.get(key);
      if (answer) {
        answers.delete(key);
        answers.set(key, answer);
      }
      return answer;
    },
    set(key, answer) {
      remove(key);
      answers.set(key, answer);
      answer.then(
        (ex) => {
          // Dropped or replaced meanwhile: not ours to count.
          if (answers.get(key) !== answer) return;
          const size = sizeOf(ex);
          sizes.set(key, size);
          kept += size;
          shrink(key);
        },
        () => {},
      );
    },
    delete: remove,
    bytes: () => kept,
    dropped: () => dropped,
  };
}

// Values for a list of fields, each present (most of the time) or absent, that shrink field by
// field FIRST and only then value by value: a failure with fourteen unusual fields shrinks to the
// one field that causes it within a few evaluations, before any evaluation goes into making that
// field's value smaller. (A tuple of fc.option shrinks the first field's value all the way before
// it drops the next field, which spends a request budget on fields that do not matter.)
import fc from 'fast-check';

type Items<T> = (fc.Value<T> | undefined)[];
interface Context<T> {
  items: Items<T>;
  /** Fields before this index were tried absent and found needed: no need to try them again. */
  dropFrom: number;
}

class OptionalFields<T> extends fc.Arbitrary<(T | undefined)[]> {
  constructor(
    private readonly arbs: fc.Arbitrary<T>[],
    private readonly absentOneIn: number,
  ) {
    super();
  }

  private build(items: Items<T>, dropFrom: number): fc.Value<(T | undefined)[]> {
    return new fc.Value(
      items.map((v) => v?.value_),
      { items, dropFrom } satisfies Context<T>,
    );
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<(T | undefined)[]> {
    const items = this.arbs.map((a) => (mrng.nextInt(1, this.absentOneIn) === 1 ? undefined : a.generate(mrng, biasFactor)));
    return this.build(items, 0);
  }

  canShrinkWithoutContext(_value: unknown): _value is (T | undefined)[] {
    return false;
  }

  shrink(_value: (T | undefined)[], context: unknown): fc.Stream<fc.Value<(T | undefined)[]>> {
    if (!context) return fc.Stream.nil();
    const { items, dropFrom } = context as Context<T>;
    const arbs = this.arbs;
    const build = (it: Items<T>, from: number) => this.build(it, from);
    function* candidates() {
      for (let i = dropFrom; i < items.length; i++) {
        if (items[i] !== undefined)
          yield build(
            items.map((v, j) => (j === i ? undefined : v)),
            i,
          );
      }
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if (item === undefined) continue;
        for (const smaller of arbs[i]!.shrink(item.value_, item.context))
          yield build(
            items.map((v, j) => (j === i ? smaller : v)),
            items.length,
          );
      }
    }
    return fc.stream(candidates());
  }
}

/** One value or `undefined` per arbitrary; each is absent with probability 1/absentOneIn. */
export function optionalFields<T>(arbs: fc.Arbitrary<T>[], absentOneIn = 8): fc.Arbitrary<(T | undefined)[]> {
  return new OptionalFields(arbs, absentOneIn);
}

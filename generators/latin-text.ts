// Plain Latin text of a free-text field (faker, en_IN), the base other unusual text is built on.
import type fc from 'fast-check';
import { fakerValue, plain } from './faker.ts';
import type { TextKind } from './script-text.ts';

const built = new Map<TextKind, fc.Arbitrary<string>>();

export function latinText(kind: TextKind): fc.Arbitrary<string> {
  let arb = built.get(kind);
  if (!arb) {
    arb = fakerValue((f) =>
      plain(
        kind === 'name'
          ? f.person.firstName()
          : kind === 'company'
            ? f.company.name()
            : kind === 'line'
              ? f.location.streetAddress()
              : kind === 'remark'
                ? f.lorem.sentence()
                : f.location.city(),
      ),
    );
    built.set(kind, arb);
  }
  return arb;
}

// The text an Indian ERP receives in a free-text field (CU-13), one kind at a time: Indian
// scripts, combining marks in NFC or NFD, emoji, right-to-left and bidi controls, exactly 255 to
// 10,000 characters, surrounding spaces, numeric-looking text, HTML/XML specials and markup, runs
// of spaces, tabs and no-break spaces inside. Long values are drawn more often
// for companies, address lines and remarks (where long text is real) than for names.
import fc from 'fast-check';
import { bidiText } from './bidi-text.ts';
import { combiningMarksText } from './combining-marks-text.ts';
import { emojiText } from './emoji-text.ts';
import { longText } from './long-text.ts';
import { markupText, spaceRunText } from './markup-text.ts';
import { numericEdgeText } from './numeric-edge-text.ts';
import { paddedText } from './padded-text.ts';
import { scriptText, type TextKind } from './script-text.ts';

const built = new Map<TextKind, fc.Arbitrary<string>>();

export function hostileText(kind: TextKind): fc.Arbitrary<string> {
  let arb = built.get(kind);
  if (!arb) {
    const freeText = kind === 'line' || kind === 'remark' || kind === 'company';
    // Cross-shrinking: a failing value of any kind also tries a plain Indian-script one, which
    // shrinks to one letter where one letter still fails.
    arb = fc.oneof(
      { withCrossShrink: true },
      { weight: 4, arbitrary: scriptText(kind) },
      { weight: 2, arbitrary: combiningMarksText(kind) },
      { weight: 2, arbitrary: emojiText(kind) },
      { weight: 2, arbitrary: bidiText(kind) },
      { weight: freeText ? 4 : 1, arbitrary: longText(kind) },
      { weight: 1, arbitrary: paddedText(kind) },
      { weight: 1, arbitrary: numericEdgeText() },
      { weight: 1, arbitrary: markupText(kind) },
      { weight: 1, arbitrary: spaceRunText(kind) },
    );
    built.set(kind, arb);
  }
  return arb;
}

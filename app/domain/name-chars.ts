// Which kinds of characters a name's first label holds, as bits: the
// backoffice's character filters test them, from domains.name_chars.
// A label holds letters, digits and hyphens only, so any other character is a
// letter (å, é included); names with non-ASCII letters are stored in ACE form
// (xn--), which is what nonLatin says.
//
// The database keeps the same rule, domain_name_chars() (migration 0017), for
// rows written without the bits; a test checks both agree.
import { ACE_PREFIX } from "./names";

export const NAME_CHAR_BITS = { letters: 1, digits: 2, special: 4, nonLatin: 8 } as const;

const DOT = 46;
const HYPHEN = 45;
const DIGIT_ZERO = 48;
const DIGIT_NINE = 57;

/** The name_chars bits of a name, from its Unicode form (the label before the first dot) and its ACE form. */
export function nameCharBits(unicodeName: string, aceName: string): number {
  let bits = aceName.startsWith(ACE_PREFIX) ? NAME_CHAR_BITS.nonLatin : 0;
  // UTF-16 code units suffice: a surrogate is "another character" (a letter) just as its code point is.
  for (let index = 0; index < unicodeName.length; index++) {
    const code = unicodeName.charCodeAt(index);
    if (code === DOT) break;
    if (code >= DIGIT_ZERO && code <= DIGIT_NINE) bits |= NAME_CHAR_BITS.digits;
    else if (code === HYPHEN) bits |= NAME_CHAR_BITS.special;
    else bits |= NAME_CHAR_BITS.letters;
  }
  return bits;
}

export type NameCharBit = keyof typeof NAME_CHAR_BITS;
/** Bits a name must have (true) or must not have (false); a bit left out may be either. */
export type NameCharWants = Partial<Record<NameCharBit, boolean>>;

/** Four bits: name_chars takes one of 16 values. */
export const NAME_CHAR_VALUE_COUNT = 16;

/** Whether a name_chars value has every wanted bit and none of the unwanted ones. */
export function nameCharsSatisfy(nameChars: number, wants: NameCharWants): boolean {
  return (Object.entries(wants) as [NameCharBit, boolean | undefined][]).every(
    ([bit, wanted]) => wanted === undefined || ((nameChars & NAME_CHAR_BITS[bit]) !== 0) === wanted,
  );
}

/**
 * The name_chars values that satisfy every one of `wants`: an equality list
 * is something an index can test, a bit test (`name_chars & 2 <> 0`) is not.
 * The backoffice's and the public lists' character filters both ask this.
 */
export function nameCharValues(wants: readonly NameCharWants[]): number[] {
  const values: number[] = [];
  for (let value = 0; value < NAME_CHAR_VALUE_COUNT; value++) {
    if (wants.every((want) => nameCharsSatisfy(value, want))) values.push(value);
  }
  return values;
}

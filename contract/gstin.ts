// GSTIN (Indian Goods and Services Tax Identification Number): 2-digit state code, 10-character
// PAN, entity number, 'Z', check character (mod-36 Luhn variant). The spec does not give the
// format (2.3 "gstin | string | empty string when unregistered"): CU-12 (INFO) records whether a target checks it.

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const PAN_SHAPE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** The check character of the first 14 characters of a GSTIN. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const v = CHARS.indexOf(first14[i]!);
    const p = v * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

export function isValidGstin(value: string): boolean {
  return GSTIN_SHAPE.test(value) && gstinCheckChar(value.slice(0, 14)) === value[14];
}

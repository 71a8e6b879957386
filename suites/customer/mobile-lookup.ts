// What a Get Contact By Mobile No answer (its shape is not shown) lists under one mobile number:
// every object holding the number under a key naming a mobile ("mobNo", "mobileNo", "mobile" ...),
// by its contactId when it has one. A message that repeats the number asked is not a contact.

const MOBILE_KEY = /mob/i;

const digits = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).replace(/\D/g, '') : '');

/** The contactIds (or "?" for an object without one) of the contacts in `json` holding `mobNo`. */
export function contactsHolding(json: unknown, mobNo: string): string[] {
  const want = digits(mobNo);
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (v === null || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    const holds = Object.entries(o).some(
      ([k, x]) => MOBILE_KEY.test(k) && want !== '' && (digits(x) === want || (digits(x).endsWith(want) && digits(x).length <= want.length + 3)),
    );
    if (holds) out.push(o.contactId === undefined ? '?' : String(o.contactId));
    else Object.values(o).forEach(walk);
  };
  walk(json);
  return out;
}

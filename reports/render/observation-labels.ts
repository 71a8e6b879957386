// Readable labels for the certificate's "Other observations": the run records them under short
// internal keys (tokenCheckedFirst); a reader sees what was observed, the key kept small beside it.

const LABELS: Record<string, string> = {
  burst: 'Burst of parallel requests inside one rate-limit window',
  customersCreated: 'Customers created by the run',
  customerTextAnswers: 'Answers to customers with unusual text, by status',
  errorBodyShapes: 'Shapes of error bodies',
  filterTextAnswers: 'Answers to unusual report filter texts, by field and status',
  idFilterFormats: 'Id-list formats the report filters take',
  itemOrder: 'Order of report items',
  largestLimitHonoured: 'Largest report limit honoured',
  load: 'Short steady load',
  queriesNotPagedToTheEnd: 'Report queries not paged to the end',
  rateLimit: 'Rate-limit probe',
  reportInputReadings: 'How the report reads its inputs (Z-less dates, numeric text)',
  requiredFields: 'Customer fields the target requires',
  savedTextsNormalised: 'Saved texts read back normalised as a correct vendor may (CU-15 allows it: ends trimmed, Unicode normalised), by field',
  serverErrorsNotRepeated: 'Server errors that did not repeat',
  statusWhenFieldOmitted: 'Status when a field is omitted',
  tokenCheckedFirst: 'Token checked before validation',
  tokenWithSurroundingWhitespace: 'Token with surrounding whitespace',
  upsertSaves: 'Saves of one customer again and again',
  validationStrictness: 'Validation strictness',
  walkEnds: 'How the report walks ended (at totalCount, an empty page, a page read before, the cap)',
};

/** "tokenCheckedFirst" -> "Token checked before validation"; an unknown camelCase key -> its words. */
export function observationLabel(key: string): string {
  if (LABELS[key]) return LABELS[key];
  if (/[.\s]/.test(key)) return key; // a config key path (fixtures.sales.lifecycle) reads as it is
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

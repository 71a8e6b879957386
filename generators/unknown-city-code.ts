// A city code no list holds (2.4 "cityCode: code of a city from the city list"): the preflight
// names it in its notes, CU-12b sends it. Deterministic, not drawn: the same lists give the same
// code in every run, so the verdict does not hang on the seed.

/** A city code the lists do not hold: letters like theirs, checked against every listed code. */
export function unknownCityCode(listed: Iterable<string>): string {
  const taken = new Set([...listed].map((c) => c.toUpperCase()));
  for (let i = 0; ; i++) {
    const code = `ZQ${String.fromCharCode(65 + (i % 26))}${i >= 26 ? Math.floor(i / 26) : ''}`;
    if (!taken.has(code)) return code;
  }
}

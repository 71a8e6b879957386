// Display names of common Indian city codes and GST state codes, so a generated address whose
// cityName/stateName is not empty names the city and state its codes stand for.
const CITY_NAMES: Record<string, string> = {
  MUM: 'Mumbai',
  BLR: 'Bengaluru',
  DEL: 'New Delhi',
  MAA: 'Chennai',
  HYD: 'Hyderabad',
  CCU: 'Kolkata',
  AMD: 'Ahmedabad',
  PNQ: 'Pune',
  JAI: 'Jaipur',
  LKO: 'Lucknow',
};
const STATE_NAMES: Record<string, string> = {
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '19': 'West Bengal',
  '24': 'Gujarat',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '33': 'Tamil Nadu',
  '36': 'Telangana',
};

/** The city's name, or "" when the code is not a known one (2.4: "cityName ... may be empty string"). */
export function cityName(code: string): string {
  return CITY_NAMES[code] ?? '';
}

export function stateName(code: string): string {
  return STATE_NAMES[code] ?? '';
}

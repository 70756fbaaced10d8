/**
 * India's 28 states and 8 union territories, by the names the Government of India uses (the
 * state of an address is one of these; decision 0065). Zod-free: the web's state dropdown imports
 * this module directly.
 */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  // Union territories
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

export type IndianState = (typeof INDIAN_STATES)[number];

const BY_LOWER_CASE = new Map<string, IndianState>(INDIAN_STATES.map((s) => [s.toLowerCase(), s]));

/** The official name of a state typed in any case with any spacing, or null when it is not one of the 36. */
export function indianStateNamed(text: string): IndianState | null {
  return BY_LOWER_CASE.get(text.trim().replace(/\s+/g, ' ').toLowerCase()) ?? null;
}

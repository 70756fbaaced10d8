import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PIN_PATTERN, type IndianState, type PinPlace } from '@shop/proto-contracts';

/**
 * India Post's PIN directory, shipped with the shop as pin-directory.tsv (decision 0066): about
 * 19,000 PIN codes, each with its districts and states. Read from disk on the first lookup, once
 * per process; no lookup ever goes to the network.
 */

let directory: Map<string, PinPlace> | null = null;

function load(): Map<string, PinPlace> {
  const text = readFileSync(join(__dirname, 'pin-directory.tsv'), 'utf8');
  const districts: Array<{ district: string; state: IndianState }> = [];
  const places = new Map<string, PinPlace>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const parts = line.split('\t');
    if (parts[0] === 'D') {
      districts.push({ district: parts[1], state: parts[2] as IndianState });
      continue;
    }
    const served = parts[1].split(',').map((i) => districts[Number(i)]);
    const first = served[0];
    places.set(parts[0], {
      pin: parts[0],
      city: first.district,
      district: first.district,
      state: first.state,
      states: [...new Set(served.map((d) => d.state))],
    });
  }
  return places;
}

/** Where a PIN code is (city, district, state), or null when India Post has no such PIN. */
export function lookupPin(pin: string): PinPlace | null {
  const code = pin.trim();
  if (!PIN_PATTERN.test(code)) return null;
  directory ??= load();
  return directory.get(code) ?? null;
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

import { asc, eq } from 'drizzle-orm';
import {
  deliveryByLabel,
  deliveryMessages,
  deliveryPinSchema,
  deliveryZoneInputSchema,
  deliveryZonePatchSchema,
  PIN_PREFIX_PATTERN,
  type DeliveryZoneInput,
  type DeliveryZonePatch,
} from '@shop/proto-contracts';
import { badRequest, conflict, notFound, parseInput, type Db, type Tx } from '@shop/platform';
import { deliveryZones, type DeliveryZoneRow } from '../db/schema';
import { addWorkingDays, dispatchDayOf, istDayBounds } from './shop-calendar';

/**
 * Whether a well-formed PIN code exists. Passed in (decision 0068) so a PIN directory can answer it;
 * until one is plugged in, every well-formed PIN is taken as real.
 */
export interface PinDirectory {
  isKnownPin(pin: string): Promise<boolean>;
}

/** The directory that knows only the format: every 6-digit PIN not starting with 0 exists. */
export const formatOnlyPinDirectory: PinDirectory = { isKnownPin: async () => true };

/** What the delivery domain needs. */
export interface DeliveryDeps {
  db: Db;
  clock: () => Date;
  pinDirectory: PinDirectory;
}

/** The zone of a PIN: the one with the longest prefix of it (undefined: no zone covers it). */
export function zoneOfPin<Z extends { pinPrefix: string }>(zones: readonly Z[], pin: string): Z | undefined {
  let best: Z | undefined;
  for (const z of zones) if (pin.startsWith(z.pinPrefix) && (!best || z.pinPrefix.length > best.pinPrefix.length)) best = z;
  return best;
}

/** The promise for one PIN at one moment: what the product page, cart, checkout and order agree on. */
export interface DeliveryPromise {
  pin: string;
  serviceable: boolean;
  codAvailable: boolean;
  /** The zone's name (null: no zone covers the PIN). */
  zone: string | null;
  /** Working days after dispatch. */
  deliveryDays: number | null;
  /** The promised day, YYYY-MM-DD on the shop's calendar (null when not served). */
  deliveryDate: string | null;
  /** 'Delivery by Sat, 28 Nov', or why there is none. */
  message: string;
}

/**
 * The promise of a zone for an order placed at `now`: dispatched today before the cut-off on a
 * working day (else the next working day), delivered the zone's days later, counting working days.
 */
export function promiseOf(pin: string, zone: Pick<DeliveryZoneRow, 'label' | 'serviceable' | 'codAvailable' | 'deliveryDays'> | undefined, now: Date): DeliveryPromise {
  if (!zone || !zone.serviceable) {
    return { pin, serviceable: false, codAvailable: false, zone: zone?.label ?? null, deliveryDays: null, deliveryDate: null, message: deliveryMessages.notServiceable(pin) };
  }
  const deliveryDate = addWorkingDays(dispatchDayOf(now), zone.deliveryDays);
  const cod = zone.codAvailable ? 'Cash on delivery available' : 'Cash on delivery not available';
  return {
    pin,
    serviceable: true,
    codAvailable: zone.codAvailable,
    zone: zone.label,
    deliveryDays: zone.deliveryDays,
    deliveryDate,
    message: `${deliveryByLabel(deliveryDate)} · ${cod}`,
  };
}

/** The instant an order stores for its promised day: 00:00 of that day in Asia/Kolkata. */
export const estimatedDeliveryAt = (deliveryDate: string): Date => istDayBounds(deliveryDate).from;

/*
 * Zones are read by every delivery check and checkout, so they are kept in memory for a few
 * seconds: an edit shows everywhere within TTL_MS, at once on the instance that made it.
 */
const TTL_MS = 5_000;
const cache = new WeakMap<Db, { at: number; zones: Promise<DeliveryZoneRow[]> }>();

async function cachedZones(db: Db): Promise<DeliveryZoneRow[]> {
  const now = Date.now();
  let hit = cache.get(db);
  if (!hit || now - hit.at > TTL_MS) {
    // A drizzle query runs again at every await of it (and at the catch below): the rows are read
    // once, here, and the promise of them is what is kept.
    const zones = listDeliveryZones(db).then((rows) => rows);
    hit = { at: now, zones };
    cache.set(db, hit);
    zones.catch(() => cache.delete(db));
  }
  return hit.zones;
}

/** Checks a PIN as sent (format first, then the directory); a refusal is a 400 saying why. */
async function checkedPin(deps: DeliveryDeps, raw: unknown): Promise<string> {
  const pin = parseInput(deliveryPinSchema, raw);
  if (!(await deps.pinDirectory.isKnownPin(pin))) throw badRequest(deliveryMessages.pinUnknown(pin));
  return pin;
}

/** The delivery check (public): whether the shop delivers to this PIN, with cash on delivery, and by which day. */
export async function deliveryPromise(deps: DeliveryDeps, rawPin: unknown): Promise<DeliveryPromise> {
  const pin = await checkedPin(deps, rawPin);
  return promiseOf(pin, zoneOfPin(await cachedZones(deps.db), pin), deps.clock());
}

/**
 * The promise a cash-on-delivery order to this PIN is placed under; refuses (400) a PIN the shop
 * does not serve or where cash on delivery is not taken, before anything is held.
 */
export async function promiseForCashOrder(deps: DeliveryDeps, pin: string | number): Promise<DeliveryPromise & { deliveryDate: string }> {
  const promise = await deliveryPromise(deps, String(pin));
  if (!promise.serviceable || !promise.deliveryDate) throw badRequest(deliveryMessages.notServiceable(promise.pin));
  if (!promise.codAvailable) throw badRequest(deliveryMessages.codUnavailable(promise.pin));
  return { ...promise, deliveryDate: promise.deliveryDate };
}

/** Every zone, by prefix. */
export function listDeliveryZones(db: Db | Tx): Promise<DeliveryZoneRow[]> {
  return db.select().from(deliveryZones).orderBy(asc(deliveryZones.pinPrefix));
}

/** A zone as REST and GraphQL show it. */
export const toDeliveryZoneView = (z: DeliveryZoneRow) => ({
  pinPrefix: z.pinPrefix,
  label: z.label,
  serviceable: z.serviceable,
  codAvailable: z.codAvailable,
  deliveryDays: z.deliveryDays,
  updatedAt: z.updatedAt.toISOString(),
});
export type DeliveryZoneView = ReturnType<typeof toDeliveryZoneView>;

function checkedPrefix(prefix: string): string {
  if (!PIN_PREFIX_PATTERN.test(prefix)) throw badRequest(deliveryMessages.prefixInvalid);
  return prefix;
}

/** Adds a zone (staff); 409 when its prefix has one. Applies to checks and orders from now on. */
export async function createDeliveryZone(deps: Pick<DeliveryDeps, 'db' | 'clock'>, input: unknown): Promise<DeliveryZoneRow> {
  const zone: DeliveryZoneInput = parseInput(deliveryZoneInputSchema, input);
  const [row] = await deps.db
    .insert(deliveryZones)
    .values({ ...zone, updatedAt: deps.clock() })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(deliveryMessages.zoneExists);
  cache.delete(deps.db);
  return row;
}

/** Changes a zone's name, service, cash on delivery or days (staff); its prefix is its key. */
export async function updateDeliveryZone(deps: Pick<DeliveryDeps, 'db' | 'clock'>, prefix: string, input: unknown): Promise<DeliveryZoneRow> {
  checkedPrefix(prefix);
  const patch: DeliveryZonePatch = parseInput(deliveryZonePatchSchema, input);
  if (patch.pinPrefix !== undefined && patch.pinPrefix !== prefix) throw badRequest('A zone keeps its PIN prefix: add a new zone instead');
  const { pinPrefix: _key, ...changes } = patch;
  const [row] = await deps.db
    .update(deliveryZones)
    .set({ ...changes, updatedAt: deps.clock() })
    .where(eq(deliveryZones.pinPrefix, prefix))
    .returning();
  if (!row) throw notFound(deliveryMessages.zoneNotFound);
  cache.delete(deps.db);
  return row;
}

/** Removes a zone (staff): its PINs fall back to a shorter prefix, or are not served. */
export async function deleteDeliveryZone(deps: Pick<DeliveryDeps, 'db'>, prefix: string): Promise<void> {
  checkedPrefix(prefix);
  const gone = await deps.db.delete(deliveryZones).where(eq(deliveryZones.pinPrefix, prefix)).returning({ p: deliveryZones.pinPrefix });
  if (gone.length === 0) throw notFound(deliveryMessages.zoneNotFound);
  cache.delete(deps.db);
}

import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { defaultHsnOf, gstMessages, gstRateFor, isValidHsn, rateBpToPercent, ratePercentToBp, GST_SLABS_PERCENT, type GstRateRule } from '@shop/proto-contracts';
import { badRequest, conflict, notFound, type Db } from '@shop/platform';
import { gstRates, type GstRateRow } from '../db/schema';
import type { CatalogDeps } from './catalog-deps';
import { isUniqueViolation, isUuid } from './catalog-errors';

/**
 * The GST rate table (decision 0046): HSN prefix → rate, with a limit per piece. Read for every
 * reservation and product page, so kept in memory for a few seconds (an edit shows everywhere
 * within TTL_MS, at once on the instance that made it). Orders keep the rate they were placed with.
 */
const TTL_MS = 5_000;
const cache = new WeakMap<Db, { at: number; rules: Promise<GstRateRule[]> }>();

/** The GST rate table as rules, from memory unless older than TTL_MS (one read per instance per TTL_MS). */
export function gstRules(deps: Pick<CatalogDeps, 'db'>): Promise<GstRateRule[]> {
  const now = Date.now();
  let hit = cache.get(deps.db);
  if (!hit || now - hit.at > TTL_MS) {
    // A drizzle query runs again at every await of it: the rows are read once, here, and the
    // promise of the rules is what is kept.
    const rules: Promise<GstRateRule[]> = deps.db
      .select()
      .from(gstRates)
      .orderBy(asc(gstRates.hsnPrefix), asc(gstRates.upToPaise))
      .then((rows) => rows.map((r) => ({ hsnPrefix: r.hsnPrefix, upToPaise: r.upToPaise, rateBp: r.rateBp, description: r.description })));
    hit = { at: now, rules };
    cache.set(deps.db, hit);
    rules.catch(() => cache.delete(deps.db));
  }
  return hit.rules;
}

/** The code a product is invoiced under: its own, or its category's default. */
export const effectiveHsnOf = (p: { hsnCode: string | null }, categoryName: string | null | undefined) => p.hsnCode ?? defaultHsnOf(categoryName);

/** The rate (basis points) of one piece of a product at its price, under the table now. */
export function rateOfProduct(rules: readonly GstRateRule[], hsn: string, unitPricePaise: number): number {
  return gstRateFor(hsn, unitPricePaise, rules);
}

/** A rate row as REST and GraphQL show it: the rate in percent, the limit in rupees (null: none). */
export function toGstRateView(r: GstRateRow) {
  return {
    id: r.id,
    hsnPrefix: r.hsnPrefix,
    upTo: r.upToPaise === null ? null : r.upToPaise / 100,
    rate: rateBpToPercent(r.rateBp),
    description: r.description,
    updatedAt: r.updatedAt.toISOString(),
  };
}
export type GstRateView = ReturnType<typeof toGstRateView>;

export interface GstRateInput {
  hsnPrefix?: unknown;
  upTo?: unknown;
  rate?: unknown;
  description?: unknown;
}

/** Checks a rate row as sent (REST body or GraphQL input); every refusal is a 400 with its reason. */
function checkedRate(input: GstRateInput, current?: GstRateRow): Omit<GstRateRow, 'id' | 'updatedAt'> {
  if (input === null || typeof input !== 'object') throw badRequest('The request body must be a JSON object');
  const prefix = input.hsnPrefix === undefined && current ? current.hsnPrefix : typeof input.hsnPrefix === 'string' ? input.hsnPrefix.trim() : input.hsnPrefix;
  if (typeof prefix !== 'string' || !(/^\d{2}$/.test(prefix) || isValidHsn(prefix))) throw badRequest('HSN prefix must be 2, 4, 6 or 8 digits');
  const ratePercent = input.rate === undefined && current ? rateBpToPercent(current.rateBp) : input.rate;
  if (typeof ratePercent !== 'number' || !(GST_SLABS_PERCENT as readonly number[]).includes(ratePercent)) throw badRequest(gstMessages.badRate);
  let upToPaise: number | null;
  if (input.upTo === undefined) upToPaise = current ? current.upToPaise : null;
  else if (input.upTo === null || input.upTo === '') upToPaise = null;
  else if (typeof input.upTo === 'number' && Number.isFinite(input.upTo) && input.upTo > 0 && Math.round(input.upTo * 100) === Number((input.upTo * 100).toFixed(6)) && input.upTo <= 10_000_000) upToPaise = Math.round(input.upTo * 100);
  else throw badRequest(gstMessages.badLimit);
  const description = input.description === undefined ? (current?.description ?? '') : input.description;
  if (typeof description !== 'string' || description.length > 200) throw badRequest('Description must be text of at most 200 characters');
  return { hsnPrefix: prefix, upToPaise, rateBp: ratePercentToBp(ratePercent), description: description.trim() };
}

export async function listGstRates(deps: Pick<CatalogDeps, 'db'>): Promise<GstRateRow[]> {
  return deps.db.select().from(gstRates).orderBy(asc(gstRates.hsnPrefix), asc(gstRates.upToPaise));
}

async function saved<T>(deps: Pick<CatalogDeps, 'db'>, write: () => Promise<T>): Promise<T> {
  try {
    const result = await write();
    cache.delete(deps.db);
    return result;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(gstMessages.rateExists);
    throw err;
  }
}

/** Adds a rate (admin). It applies to orders placed from now on. */
export async function createGstRate(deps: CatalogDeps, input: GstRateInput): Promise<GstRateRow> {
  const row = { id: randomUUID(), ...checkedRate(input), updatedAt: deps.clock() };
  return saved(deps, async () => (await deps.db.insert(gstRates).values(row).returning())[0]!);
}

/** Changes a rate (admin); orders placed before keep the rate they were placed with. */
export async function updateGstRate(deps: CatalogDeps, id: string, input: GstRateInput): Promise<GstRateRow> {
  if (!isUuid(id)) throw badRequest(gstMessages.rateNotFound);
  const [current] = await deps.db.select().from(gstRates).where(eq(gstRates.id, id));
  if (!current) throw notFound(gstMessages.rateNotFound);
  const values = { ...checkedRate(input, current), updatedAt: deps.clock() };
  return saved(deps, async () => (await deps.db.update(gstRates).set(values).where(eq(gstRates.id, id)).returning())[0]!);
}

/** Removes a rate (admin): products under it fall back to a shorter prefix, or the standard rate. */
export async function deleteGstRate(deps: CatalogDeps, id: string): Promise<void> {
  if (!isUuid(id)) throw badRequest(gstMessages.rateNotFound);
  const gone = await saved(deps, () => deps.db.delete(gstRates).where(eq(gstRates.id, id)).returning({ id: gstRates.id }));
  if (gone.length === 0) throw notFound(gstMessages.rateNotFound);
}

import { asc, eq, sql } from 'drizzle-orm';
import { CATEGORY_DEFINITIONS, sizeOptionsOf, type CategoryDefinition, type SubcategoryDefinition } from '@shop/proto-contracts';
import type { Db } from '@shop/platform';
import { categories, type CategoryRow } from '../db/schema';

/** A top-level category as the domain uses it: the stored row plus the sizes its size set offers. */
export interface Category extends CategoryDefinition {
  sizeOptions: readonly string[];
  /** Hidden by staff: left out of what shoppers see. */
  hidden: boolean;
}

function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    index: row.index,
    str: row.slug,
    name: row.name,
    image: row.image,
    colors: row.colors,
    ssize: row.ssize,
    sizeSet: row.sizeSet,
    subcategories: row.subcategories,
    sizeOptions: sizeOptionsOf(row.sizeSet),
    hidden: row.hidden,
  };
}

/** Letters and digits only, lower-cased: 'Kids & Toys', 'kids-toys' and 'kidstoys' are the same key. */
const compact = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Fills an empty categories table with the categories of proto-contracts. After the first start
 * the table is the truth: staff may have edited, added or deleted categories, and a deleted one
 * does not come back.
 */
export async function seedCategories(db: Db): Promise<void> {
  const [any] = await db.select({ id: categories.id }).from(categories).limit(1);
  if (any) return;
  await db
    .insert(categories)
    .values(
      CATEGORY_DEFINITIONS.map((c) => ({
        id: c.id,
        index: c.index,
        slug: c.str,
        name: c.name,
        image: c.image,
        colors: c.colors,
        ssize: c.ssize,
        sizeSet: c.sizeSet,
        subcategories: c.subcategories,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Reads the categories table, keeping it in memory for a few seconds: every listing needs it and
 * it changes rarely (an edit shows everywhere within `ttlMs`, at once on the instance that made it).
 */
export class CategoryDirectory {
  private cached?: { at: number; list: Category[] };

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5_000,
  ) {}

  /** Every category, in index order. */
  async all(): Promise<Category[]> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < this.ttlMs) return this.cached.list;
    const rows = await this.db.select().from(categories).orderBy(asc(categories.index));
    const list = rows.map(toCategory);
    this.cached = { at: now, list };
    return list;
  }

  async byId(id: string): Promise<Category | undefined> {
    return (await this.all()).find((c) => c.id === id);
  }

  /** The category a key names: its index (0–15, as digits) or its slug or name, any case. */
  async resolve(key: string | number): Promise<Category | undefined> {
    const list = await this.all();
    const text = String(key).trim();
    if (/^\d+$/.test(text)) return list.find((c) => c.index === Number(text));
    const wanted = compact(text);
    if (!wanted) return undefined;
    return list.find((c) => compact(c.str) === wanted || compact(c.name) === wanted);
  }

  /** Drops the cached copy (after this instance changed the table). */
  invalidate() {
    this.cached = undefined;
  }

  /** Stores the URL of a category's tile. */
  async setImage(id: string, image: string): Promise<void> {
    await this.db.update(categories).set({ image, updatedAt: sql`now()` }).where(eq(categories.id, id));
    this.invalidate();
  }
}

/**
 * A subcategory of a category by its key, id or name, ignoring case and punctuation: partners
 * write 'home_decor' as 'homeDecor', 'Home Decor' or 'home-decor', and all of them name it. The id
 * ('12-1') is matched as written, since its punctuation is part of it.
 */
export function findSubcategory(category: Category, key: string): SubcategoryDefinition | undefined {
  const text = key.trim().toLowerCase();
  const byId = category.subcategories.find((s) => s.id.toLowerCase() === text);
  if (byId) return byId;
  const wanted = compact(text);
  if (!wanted) return undefined;
  return category.subcategories.find((s) => compact(s.str) === wanted || compact(s.name) === wanted);
}

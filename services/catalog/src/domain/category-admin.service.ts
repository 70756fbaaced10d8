import { and, asc, eq, sql } from 'drizzle-orm';
import { catalogMessages, type CategoryCreateInput, type CategoryUpdateInput, type SubcategoryDefinition } from '@shop/proto-contracts';
import { badRequest, conflict, enqueueEvent, makeEvent, notFound, type Tx } from '@shop/platform';
import { categories, products, type CategoryRow } from '../db/schema';
import type { CatalogDeps } from './catalog-deps';
import type { Category } from './category.directory';

/** A slug from a name: 'Tea & Coffee' → 'tea-coffee' (subcategories: 'tea_coffee'). */
function slugOf(name: string, joiner: '-' | '_'): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, joiner)
    .replace(new RegExp(`^\\${joiner}+|\\${joiner}+$`, 'g'), '');
  return slug || 'category';
}

/** `base`, or `base-2`, `base-3`… the first one not taken. */
function freeSlug(base: string, taken: Set<string>, joiner: '-' | '_'): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}${joiner}${n}`)) return `${base}${joiner}${n}`;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Serialises category changes (one at a time across instances) and reads the rows in order. */
async function lockedCategories(tx: Tx): Promise<CategoryRow[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog:categories'))`);
  return tx.select().from(categories).orderBy(asc(categories.index));
}

/** Writes the top-level order: row ids in their new order get indexes 0, 1, 2… (past the unique index in two steps). */
async function writeOrder(tx: Tx, ids: string[]) {
  await tx.execute(sql`update ${categories} set idx = idx + 100000`);
  for (const [index, id] of ids.entries()) await tx.update(categories).set({ index }).where(eq(categories.id, id));
}

function moveTo<T>(list: T[], item: T, position: number | undefined): T[] {
  const rest = list.filter((x) => x !== item);
  const at = position === undefined ? rest.length : Math.min(position, rest.length);
  return [...rest.slice(0, at), item, ...rest.slice(at)];
}

async function announce(deps: CatalogDeps, tx: Tx, categoryId: string) {
  await enqueueEvent(tx, deps.schema, makeEvent('catalog', 'CategoriesChanged', { categoryId }));
}

async function finish<T>(deps: CatalogDeps, work: Promise<T>): Promise<T> {
  const result = await work;
  deps.categories.invalidate();
  deps.publishEvents();
  return result;
}

/** What a change answers: the category (or subcategory) as GET /categories shows it. */
export type ChangedCategory = { kind: 'category'; category: Category } | { kind: 'subcategory'; parent: Category; subcategory: SubcategoryDefinition };

async function answerFor(deps: CatalogDeps, id: string): Promise<ChangedCategory> {
  deps.categories.invalidate();
  const all = await deps.categories.all();
  const top = all.find((c) => c.id === id);
  if (top) return { kind: 'category', category: top };
  const parent = all.find((c) => c.subcategories.some((s) => s.id === id))!;
  return { kind: 'subcategory', parent, subcategory: parent.subcategories.find((s) => s.id === id)! };
}

/**
 * Staff (admin) add a top-level category (at `position`, else last; the others move along) or,
 * with `parentId`, a subcategory of one. Names are unique among siblings (any case); the slug is
 * made from the name and stays when the category is renamed (products and links use it).
 */
export async function createCategory(deps: CatalogDeps, input: CategoryCreateInput): Promise<ChangedCategory> {
  const id = await finish(
    deps,
    deps.db.transaction(async (tx) => {
      const rows = await lockedCategories(tx);
      if (input.parentId !== undefined) {
        if (input.colors !== undefined || input.ssize !== undefined || input.sizeSet !== undefined || input.image !== undefined) {
          throw badRequest(catalogMessages.subcategoryFieldsInvalid);
        }
        const parent = rows.find((r) => r.id === input.parentId);
        if (!parent) throw notFound(catalogMessages.categoryNotFound);
        if (parent.subcategories.some((s) => same(s.name, input.name))) throw conflict(catalogMessages.categoryNameTaken);
        const next = Math.max(0, ...parent.subcategories.map((s) => Number(s.id.split('-')[1]) || 0)) + 1;
        const sub: SubcategoryDefinition = {
          id: `${parent.id}-${next}`,
          str: freeSlug(slugOf(input.name, '_'), new Set(parent.subcategories.map((s) => s.str)), '_'),
          name: input.name,
          ...(input.hidden ? { hidden: true } : {}),
        };
        const list = moveTo([...parent.subcategories, sub], sub, input.position);
        await tx.update(categories).set({ subcategories: list, updatedAt: deps.clock() }).where(eq(categories.id, parent.id));
        await announce(deps, tx, sub.id);
        return sub.id;
      }
      if (rows.some((r) => same(r.name, input.name))) throw conflict(catalogMessages.categoryNameTaken);
      const newId = String(Math.max(0, ...rows.map((r) => Number(r.id) || 0)) + 1);
      await tx.insert(categories).values({
        id: newId,
        index: 100000 + rows.length,
        slug: freeSlug(slugOf(input.name, '-'), new Set(rows.map((r) => r.slug)), '-'),
        name: input.name,
        image: input.image ?? '',
        colors: input.colors ?? false,
        ssize: input.ssize ?? false,
        sizeSet: input.sizeSet ?? (input.ssize ? 'letters' : 'none'),
        hidden: input.hidden ?? false,
        updatedAt: deps.clock(),
      });
      await writeOrder(tx, moveTo([...rows.map((r) => r.id), newId], newId, input.position));
      await announce(deps, tx, newId);
      return newId;
    }),
  );
  return answerFor(deps, id);
}

/** Staff (admin) rename, move, hide or show a category or subcategory, or change a category's image, flags and size set. */
export async function updateCategory(deps: CatalogDeps, id: string, input: CategoryUpdateInput): Promise<ChangedCategory> {
  await finish(
    deps,
    deps.db.transaction(async (tx) => {
      const rows = await lockedCategories(tx);
      const top = rows.find((r) => r.id === id);
      if (top) {
        if (input.name !== undefined && rows.some((r) => r.id !== id && same(r.name, input.name!))) throw conflict(catalogMessages.categoryNameTaken);
        await tx
          .update(categories)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.image !== undefined ? { image: input.image } : {}),
            ...(input.colors !== undefined ? { colors: input.colors } : {}),
            ...(input.ssize !== undefined ? { ssize: input.ssize } : {}),
            ...(input.sizeSet !== undefined ? { sizeSet: input.sizeSet } : {}),
            ...(input.hidden !== undefined ? { hidden: input.hidden } : {}),
            updatedAt: deps.clock(),
          })
          .where(eq(categories.id, id));
        if (input.position !== undefined) await writeOrder(tx, moveTo(rows.map((r) => r.id), id, input.position));
      } else {
        const parent = rows.find((r) => r.subcategories.some((s) => s.id === id));
        if (!parent) throw notFound(catalogMessages.categoryNotFound);
        if (input.colors !== undefined || input.ssize !== undefined || input.sizeSet !== undefined || input.image !== undefined) {
          throw badRequest(catalogMessages.subcategoryFieldsInvalid);
        }
        if (input.name !== undefined && parent.subcategories.some((s) => s.id !== id && same(s.name, input.name!))) throw conflict(catalogMessages.categoryNameTaken);
        const current = parent.subcategories.find((s) => s.id === id)!;
        const changed: SubcategoryDefinition = {
          ...current,
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.hidden !== undefined ? { hidden: input.hidden } : {}),
        };
        if (!changed.hidden) delete changed.hidden;
        const list = parent.subcategories.map((s) => (s.id === id ? changed : s));
        const ordered = input.position !== undefined ? moveTo(list, changed, input.position) : list;
        await tx.update(categories).set({ subcategories: ordered, updatedAt: deps.clock() }).where(eq(categories.id, parent.id));
      }
      await announce(deps, tx, id);
    }),
  );
  return answerFor(deps, id);
}

/** Staff (admin) delete a category or subcategory no product uses (409 naming how many do). */
export async function deleteCategory(deps: CatalogDeps, id: string): Promise<void> {
  await finish(
    deps,
    deps.db.transaction(async (tx) => {
      const rows = await lockedCategories(tx);
      const top = rows.find((r) => r.id === id);
      const parent = top ? undefined : rows.find((r) => r.subcategories.some((s) => s.id === id));
      if (!top && !parent) throw notFound(catalogMessages.categoryNotFound);
      const sub = parent?.subcategories.find((s) => s.id === id);
      const where = top ? eq(products.categoryId, top.id) : and(eq(products.categoryId, parent!.id), eq(products.subcat, sub!.str));
      const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
      if (n > 0) throw conflict(catalogMessages.categoryInUse(n));
      if (top) {
        await tx.delete(categories).where(eq(categories.id, id));
        await writeOrder(tx, rows.filter((r) => r.id !== id).map((r) => r.id));
      } else {
        await tx
          .update(categories)
          .set({ subcategories: parent!.subcategories.filter((s) => s.id !== id), updatedAt: deps.clock() })
          .where(eq(categories.id, parent!.id));
      }
      await announce(deps, tx, id);
    }),
  );
}

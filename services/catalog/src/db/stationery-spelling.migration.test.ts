import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { productPayload, startCatalogService, type CatalogTestService } from '../testing/catalog-test-service';

// The category index 12 is spelt "Stationery" (it sells pens and notebooks); its slug stays
// 'stationary' so links and filters made before keep working.
let service: CatalogTestService;
const STATIONERY = 12;
const migration = readFileSync(join(__dirname, 'migrations', '015_stationery_spelling.sql'), 'utf8');

beforeAll(async () => {
  service = await startCatalogService();
});
afterAll(async () => service?.close());

test('a new shop lists the category as "Stationery", found by its old slug and by the right spelling', async () => {
  const made = await service.as('admin').post('/api/v1/admin/product/create', productPayload({ category: STATIONERY, subcat: 'pens', name: 'Gel Pen Set', price: 120 }));
  expect(made.status).toBe(201);
  const categories = (await service.visitor.get('/api/v1/categories')).body.categories as Array<{ index: number; str: string; name: string }>;
  expect(categories[STATIONERY]).toMatchObject({ str: 'stationary', name: 'Stationery' });
  expect(categories.map((c) => c.name)).not.toContain('Stationary');
  const bySlug = await service.visitor.get('/api/v1/products?category=stationary');
  expect(bySlug.body.products.map((p: { name: string }) => p.name)).toContain('Gel Pen Set');
  const searched = await service.visitor.get('/api/v1/search?q=stationery');
  expect(searched.body.products.map((p: { name: string }) => p.name)).toContain('Gel Pen Set');
});

test('migration 015 renames a shop\'s stored "Stationary" and its products\' search text, and leaves other words alone', async () => {
  const [pen] = await service.rows<{ id: string }>(sql`select id from catalog.products where name = 'Gel Pen Set'`);
  // As a shop made before the fix stored them.
  await service.rows(sql`update catalog.categories set name = 'Stationary' where slug = 'stationary'`);
  await service.rows(sql`update catalog.products set search_text = 'gel pen set stationary stationaryx' where id = ${pen.id}`);
  await service.rows(sql.raw(migration));
  const [category] = await service.rows<{ name: string; slug: string }>(sql`select name, slug from catalog.categories where slug = 'stationary'`);
  expect(category).toEqual({ name: 'Stationery', slug: 'stationary' });
  const [row] = await service.rows<{ search_text: string }>(sql`select search_text from catalog.products where id = ${pen.id}`);
  expect(row.search_text).toBe('gel pen set stationery stationaryx');
});

test('migration 015 keeps a name staff gave the category themselves', async () => {
  await service.rows(sql`update catalog.categories set name = 'Pens & Paper' where slug = 'stationary'`);
  await service.rows(sql.raw(migration));
  const [category] = await service.rows<{ name: string }>(sql`select name from catalog.categories where slug = 'stationary'`);
  expect(category.name).toBe('Pens & Paper');
});

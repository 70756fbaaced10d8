import { productPayload, startCatalogService, type CatalogTestService } from '../testing/catalog-test-service';

// A service of its own: these tests add, move and delete top-level categories.
let service: CatalogTestService;

beforeAll(async () => {
  service = await startCatalogService();
});
afterAll(async () => {
  await service?.close();
});

const publicCategories = async () => (await service.visitor.get('/api/v1/categories')).body.categories as Array<{ id: string; index: number; str: string; name: string; subcategories: Array<{ id: string; str: string; name: string }> }>;

describe('POST /api/v1/admin/categories', () => {
  test('an admin adds a category and a subcategory; GET /categories shows them at once; a product is created in them', async () => {
    const admin = service.as('admin');
    const before = await publicCategories();
    const made = await admin.post('/api/v1/admin/categories', { name: 'Tea & Coffee', colors: false, ssize: true, sizeSet: 'free' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      success: true,
      category: { name: 'Tea & Coffee', str: 'tea-coffee', index: before.length, colors: false, ssize: true, sizeSet: 'free', sizeOptions: ['free'], hidden: false, subcategories: [] },
    });
    const { id, index } = made.body.category;
    const sub = await admin.post('/api/v1/admin/categories', { name: 'Green Tea', parentId: id });
    expect(sub.body).toMatchObject({ success: true, category: { id: `${id}-1`, str: 'green_tea', name: 'Green Tea', parentId: id, hidden: false } });

    const after = await publicCategories();
    expect(after.at(-1)).toMatchObject({ id, index, str: 'tea-coffee', subcategories: [{ id: `${id}-1`, str: 'green_tea', name: 'Green Tea' }] });

    // By index or by slug, as today.
    for (const category of [index, 'tea-coffee']) {
      const product = await admin.post('/api/v1/admin/product/create', productPayload({ category, subcat: 'green_tea', size: ['free'], stockDetail: { free: 5 }, stock: 5 }));
      expect(product.status).toBe(201);
      expect(product.body.product).toMatchObject({ category: index, subcat: 'green_tea' });
    }
  });

  test('a category placed at a position moves the others along; names are unique among siblings', async () => {
    const admin = service.as('admin');
    const made = await admin.post('/api/v1/admin/categories', { name: 'Festive', position: 0 });
    expect(made.body.category.index).toBe(0);
    const list = await publicCategories();
    expect(list[0]!.name).toBe('Festive');
    expect(list[1]!.name).toBe('Kids & Toys');
    expect(list.map((c) => c.index)).toEqual(list.map((_, i) => i));
    expect(await admin.post('/api/v1/admin/categories', { name: 'festive' })).toEqual({ status: 409, body: { success: false, message: 'A category with this name already exists' } });
    const sub = await admin.post('/api/v1/admin/categories', { name: 'Diyas', parentId: made.body.category.id });
    expect(sub.status).toBe(201);
    expect((await admin.post('/api/v1/admin/categories', { name: 'DIYAS', parentId: made.body.category.id })).status).toBe(409);
  });

  test('bad input is a 400 naming the problem; an unknown parent a 404', async () => {
    const admin = service.as('admin');
    expect(await admin.post('/api/v1/admin/categories', { name: '  ' })).toEqual({ status: 400, body: { success: false, message: 'Please enter the category name' } });
    expect((await admin.post('/api/v1/admin/categories', { name: 'x'.repeat(61) })).status).toBe(400);
    expect((await admin.post('/api/v1/admin/categories', { name: 'Odd', sizeSet: 'huge' })).status).toBe(400);
    expect((await admin.post('/api/v1/admin/categories', { name: 'Odd', colors: 'yes' })).status).toBe(400);
    expect((await admin.post('/api/v1/admin/categories', { name: 'Odd', position: -1 })).status).toBe(400);
    expect((await admin.post('/api/v1/admin/categories', { name: 'Odd', image: 'javascript:alert(1)' })).status).toBe(400);
    expect((await admin.post('/api/v1/admin/categories', '{"name":')).status).toBe(400);
    expect((await admin.post('/api/v1/admin/categories', { name: 'Odd', parentId: '1', colors: true })).body.message).toBe('A subcategory takes only name, position and hidden');
    expect(await admin.post('/api/v1/admin/categories', { name: 'Odd', parentId: '999' })).toEqual({ status: 404, body: { success: false, message: 'Category not found' } });
  });

  test('only an admin changes categories; an emp reads them all, hidden ones too', async () => {
    const emp = service.as('emp');
    expect((await emp.post('/api/v1/admin/categories', { name: 'Nope' })).status).toBe(403);
    expect((await emp.put('/api/v1/admin/categories/1', { name: 'Nope' })).status).toBe(403);
    expect((await emp.delete('/api/v1/admin/categories/1')).status).toBe(403);
    expect((await service.as('user').get('/api/v1/admin/categories')).status).toBe(403);
    expect((await service.visitor.post('/api/v1/admin/categories', { name: 'Nope' })).status).toBe(401);
    const listed = await emp.get('/api/v1/admin/categories');
    expect(listed.status).toBe(200);
    expect(listed.body.categories.length).toBeGreaterThanOrEqual(16);
  });
});

describe('PUT and DELETE /api/v1/admin/categories/:id', () => {
  test('rename, hide and move; the slug stays; hidden ones leave the public list but not the staff one', async () => {
    const admin = service.as('admin');
    const made = (await admin.post('/api/v1/admin/categories', { name: 'Pooja Items' })).body.category;
    const sub = (await admin.post('/api/v1/admin/categories', { name: 'Incense', parentId: made.id })).body.category;

    const renamed = await admin.put(`/api/v1/admin/categories/${made.id}`, { name: 'Pooja Essentials', colors: true, position: 2 });
    expect(renamed.body).toMatchObject({ success: true, category: { id: made.id, name: 'Pooja Essentials', str: 'pooja-items', colors: true, index: 2 } });
    expect((await publicCategories())[2]).toMatchObject({ id: made.id, name: 'Pooja Essentials' });

    expect((await admin.put(`/api/v1/admin/categories/${sub.id}`, { name: 'Agarbatti', hidden: true })).body.category).toMatchObject({ id: sub.id, name: 'Agarbatti', str: 'incense', hidden: true });
    expect((await publicCategories()).find((c) => c.id === made.id)!.subcategories).toEqual([]);
    await admin.put(`/api/v1/admin/categories/${made.id}`, { hidden: true });
    expect((await publicCategories()).some((c) => c.id === made.id)).toBe(false);
    const staffList = (await service.as('emp').get('/api/v1/admin/categories')).body.categories;
    expect(staffList.find((c: { id: string }) => c.id === made.id)).toMatchObject({ hidden: true, subcategories: [{ id: sub.id, hidden: true }] });

    expect((await admin.put(`/api/v1/admin/categories/${sub.id}`, { colors: true })).status).toBe(400);
    expect((await admin.put('/api/v1/admin/categories/999', { name: 'Ghost' })).status).toBe(404);
    expect((await admin.put(`/api/v1/admin/categories/${made.id}`, { name: 'Kids & Toys' })).status).toBe(409);
  });

  test('a category or subcategory in use is refused with 409; unused ones go and the rest close up', async () => {
    const admin = service.as('admin');
    const made = (await admin.post('/api/v1/admin/categories', { name: 'Brassware' })).body.category;
    const used = (await admin.post('/api/v1/admin/categories', { name: 'Lamps', parentId: made.id })).body.category;
    const unused = (await admin.post('/api/v1/admin/categories', { name: 'Bells', parentId: made.id })).body.category;
    const product = await admin.post('/api/v1/admin/product/create', productPayload({ category: made.str, subcat: 'lamps' }));
    expect(product.status).toBe(201);

    expect(await admin.delete(`/api/v1/admin/categories/${made.id}`)).toEqual({
      status: 409,
      body: { success: false, message: 'This category is used by 1 product; move or delete them first' },
    });
    expect((await admin.delete(`/api/v1/admin/categories/${used.id}`)).status).toBe(409);
    expect(await admin.delete(`/api/v1/admin/categories/${unused.id}`)).toEqual({ status: 200, body: { success: true, message: 'Category deleted' } });

    await admin.delete(`/api/v1/admin/product/${product.body.product._id}`);
    expect((await admin.delete(`/api/v1/admin/categories/${made.id}`)).status).toBe(200);
    const list = (await service.as('emp').get('/api/v1/admin/categories')).body.categories as Array<{ id: string; index: number }>;
    expect(list.some((c) => c.id === made.id)).toBe(false);
    expect(list.map((c) => c.index)).toEqual(list.map((_, i) => i));
    expect((await admin.delete(`/api/v1/admin/categories/${made.id}`)).status).toBe(404);
  });
});

describe('category mutations (GraphQL)', () => {
  const CREATE = `mutation($input: CategoryInput!) { createCategory(input: $input) { success category { id index str name } subcategory { id str } } }`;

  test('an admin creates a category and a subcategory; adminCategories lists them for staff', async () => {
    const admin = service.as('admin');
    const top = (await admin.graphql(CREATE, { input: { name: 'Handloom' } })).body.data.createCategory;
    expect(top).toMatchObject({ success: true, category: { name: 'Handloom', str: 'handloom' }, subcategory: null });
    const sub = (await admin.graphql(CREATE, { input: { name: 'Sarees', parentId: top.category.id } })).body.data.createCategory;
    expect(sub).toMatchObject({ success: true, category: { id: top.category.id }, subcategory: { id: `${top.category.id}-1`, str: 'sarees' } });
    const renamed = await admin.graphql(`mutation($id: ID!) { updateCategory(id: $id, input: { name: "Handlooms", hidden: true }) { category { name hidden } } }`, { id: top.category.id });
    expect(renamed.body.data.updateCategory.category).toEqual({ name: 'Handlooms', hidden: true });
    const listed = await service.as('emp').graphql('{ adminCategories { id hidden subcategories { id hidden } } }');
    expect(listed.body.data.adminCategories.find((c: { id: string }) => c.id === top.category.id)).toEqual({ id: top.category.id, hidden: true, subcategories: [{ id: `${top.category.id}-1`, hidden: false }] });
    expect((await admin.graphql(`mutation($id: ID!) { deleteCategory(id: $id) { success } }`, { id: top.category.id })).body.data.deleteCategory.success).toBe(true);
  });

  test('an emp is refused; bad input is BAD_USER_INPUT', async () => {
    expect((await service.as('emp').graphql(CREATE, { input: { name: 'Nope' } })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await service.as('emp').graphql('mutation { deleteCategory(id: "1") { success } }')).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await service.as('user').graphql('{ adminCategories { id } }')).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await service.as('admin').graphql(CREATE, { input: { name: '', sizeSet: 'huge' } })).body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await service.as('admin').post('/api/v1/admin/product/create', productPayload({ category: 'home-kitchen' }))).status).toBe(201);
    const refused = await service.as('admin').graphql('mutation { deleteCategory(id: "2") { success } }');
    expect(refused.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^This category is used by \d+ products?/), extensions: { code: 'CONFLICT' } });
  });
});

import { randomUUID } from 'node:crypto';
import { productPayload, startCatalogService, type CatalogTestService } from '../testing/catalog-test-service';

let service: CatalogTestService;

beforeAll(async () => {
  service = await startCatalogService();
});
afterAll(async () => {
  await service?.close();
});

async function newProduct() {
  const res = await service.as('admin').post('/api/v1/admin/product/create', productPayload());
  return res.body.product as { _id: string };
}

const productOf = async (id: string) => (await service.visitor.get(`/api/v1/product/${id}`)).body.product;

describe('PUT /api/v1/review', () => {
  it('needs login', async () => {
    const product = await newProduct();
    expect((await service.visitor.put('/api/v1/review', { productId: product._id, rating: 5, comment: 'Nice' })).status).toBe(401);
  });

  it('adds a review with a trimmed comment and the reviewer’s short name', async () => {
    const product = await newProduct();
    const shopper = service.as('user', { name: 'Asha Kumar' });
    const res = await shopper.put('/api/v1/review', { productId: product._id, rating: 4, comment: '  Sturdy and shiny.  ' });
    expect(res).toMatchObject({
      status: 200,
      body: { success: true, message: 'Review added successfully', review: { productId: product._id, user: shopper.userId, name: 'Asha K.', rating: 4, comment: 'Sturdy and shiny.' } },
    });
    expect(await productOf(product._id)).toMatchObject({ rating: 4, reviews: 1, numOfReviews: 1 });
  });

  it('a second review by the same user replaces the first', async () => {
    const product = await newProduct();
    const shopper = service.as('user');
    const first = await shopper.put('/api/v1/review', { productId: product._id, rating: 2, comment: 'Scratched' });
    const second = await shopper.put('/api/v1/review', { productId: product._id, rating: 5, comment: 'Replaced, now perfect' });
    expect(second.body).toMatchObject({ message: 'Review updated successfully', review: { _id: first.body.review._id, rating: 5, comment: 'Replaced, now perfect' } });
    expect(await productOf(product._id)).toMatchObject({ rating: 5, reviews: 1 });
  });

  it('keeps the average to one decimal and the count over several users', async () => {
    const product = await newProduct();
    for (const rating of [5, 4, 4]) await service.as('user').put('/api/v1/review', { productId: product._id, rating, comment: 'ok' });
    expect(await productOf(product._id)).toMatchObject({ rating: 4.3, reviews: 3 });
  });

  it.each([
    [{ rating: 0 }, 'Rating must be a whole number from 1 to 5'],
    [{ rating: 6 }, 'Rating must be a whole number from 1 to 5'],
    [{ rating: 2.5 }, 'Rating must be a whole number from 1 to 5'],
    [{ rating: undefined }, 'Please give a rating from 1 to 5'],
    [{ comment: '   ' }, 'Please write a comment'],
    [{ comment: 'x'.repeat(2001) }, 'Comment must be at most 2000 characters long'],
  ])('refuses %j', async (overrides, message) => {
    const product = await newProduct();
    const res = await service.as('user').put('/api/v1/review', { productId: product._id, rating: 4, comment: 'Good', ...overrides });
    expect(res).toMatchObject({ status: 400, body: { success: false, message } });
    expect(await productOf(product._id)).toMatchObject({ reviews: 0 });
  });

  it('takes a comment of exactly 2000 characters', async () => {
    const product = await newProduct();
    expect((await service.as('user').put('/api/v1/review', { productId: product._id, rating: 3, comment: 'y'.repeat(2000) })).status).toBe(200);
  });

  it('answers 400 for a malformed product id and 404 for an unknown one', async () => {
    const shopper = service.as('user');
    expect(await shopper.put('/api/v1/review', { productId: 'nope', rating: 4, comment: 'x' })).toMatchObject({ status: 400, body: { message: 'Invalid product ID' } });
    expect(await shopper.put('/api/v1/review', { productId: randomUUID(), rating: 4, comment: 'x' })).toMatchObject({ status: 404, body: { message: 'Product not found' } });
  });
});

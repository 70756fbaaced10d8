import { randomUUID } from 'node:crypto';
import { makeEvent } from '@shop/platform';
import { eventually } from '@shop/platform/src/testing';
import { productPayload, startCatalogService, type CatalogTestClient, type CatalogTestService } from '../testing/catalog-test-service';

// A service of its own: the moderation list counts every review in the database.
let service: CatalogTestService;
let lamp: string;
let kettle: string;
const shoppers: Record<string, CatalogTestClient> = {};

async function newProduct(name: string) {
  const res = await service.as('admin').post('/api/v1/admin/product/create', productPayload({ name }));
  return res.body.product._id as string;
}

const review = (who: CatalogTestClient, productId: string, rating: number, comment: string) => who.put('/api/v1/review', { productId, rating, comment });

/** The order service's word that an order of these products reached the buyer. */
const delivered = (userId: string, productIds: string[]) =>
  makeEvent('order', 'OrderStatusChanged', { orderId: randomUUID(), userId, status: 'delivered', previousStatus: 'shipped', productIds });

beforeAll(async () => {
  service = await startCatalogService();
  lamp = await newProduct('Brass Lamp');
  kettle = await newProduct('Copper Kettle');
  shoppers.asha = service.as('user', { name: 'Asha Kumar' });
  shoppers.ravi = service.as('user', { name: 'Ravi Menon' });
  shoppers.meera = service.as('user', { name: 'Meera Iyer' });
  await review(shoppers.asha, lamp, 5, 'Glows beautifully');
  await review(shoppers.ravi, lamp, 2, 'Dented on arrival');
  await review(shoppers.meera, kettle, 4, 'Boils fast, 100% copper');
});
afterAll(async () => {
  await service?.close();
});

const ids = (res: { body: { reviews: Array<{ comment: string }> } }) => res.body.reviews.map((r) => r.comment);

describe('GET /api/v1/admin/reviews without id: the moderation list', () => {
  test('every review newest first, with the product name, paginated', async () => {
    const res = await service.as('emp').get('/api/v1/admin/reviews');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, totalReviews: 3, totalPages: 1, currentPage: 1 });
    expect(ids(res)).toEqual(['Boils fast, 100% copper', 'Dented on arrival', 'Glows beautifully']);
    expect(res.body.reviews[0]).toMatchObject({ productId: kettle, productName: 'Copper Kettle', name: 'Meera I.', rating: 4, verifiedPurchase: false });
    const page2 = await service.as('admin').get('/api/v1/admin/reviews?limit=2&page=2');
    expect(page2.body).toMatchObject({ totalReviews: 3, totalPages: 2, currentPage: 2 });
    expect(ids(page2)).toEqual(['Glows beautifully']);
  });

  test('filtered by rating and product, searched in comment, reviewer and product name', async () => {
    const emp = service.as('emp');
    expect(ids(await emp.get('/api/v1/admin/reviews?rating=2'))).toEqual(['Dented on arrival']);
    expect(ids(await emp.get(`/api/v1/admin/reviews?productId=${lamp}`))).toEqual(['Dented on arrival', 'Glows beautifully']);
    expect(ids(await emp.get('/api/v1/admin/reviews?q=kettle'))).toEqual(['Boils fast, 100% copper']);
    expect(ids(await emp.get('/api/v1/admin/reviews?q=ASHA'))).toEqual(['Glows beautifully']);
    expect(ids(await emp.get('/api/v1/admin/reviews?q=100%25'))).toEqual(['Boils fast, 100% copper']);
    expect(ids(await emp.get(`/api/v1/admin/reviews?q=lamp&rating=5&productId=${lamp}`))).toEqual(['Glows beautifully']);
  });

  test("with id it stays the spec's list of one product", async () => {
    const res = await service.as('emp').get(`/api/v1/admin/reviews?id=${kettle}`);
    expect(res.body).toEqual({ success: true, reviews: [expect.objectContaining({ comment: 'Boils fast, 100% copper', verifiedPurchase: false })] });
    expect((await service.as('emp').get('/api/v1/admin/reviews?id=')).status).toBe(400);
  });

  test('bad filters are a 400 with a message; shoppers and visitors are refused', async () => {
    const emp = service.as('emp');
    expect((await emp.get('/api/v1/admin/reviews?rating=6')).status).toBe(400);
    expect(await emp.get('/api/v1/admin/reviews?productId=nope')).toEqual({ status: 400, body: { success: false, message: 'Invalid product ID' } });
    expect((await emp.get('/api/v1/admin/reviews?limit=0')).status).toBe(400);
    expect((await emp.get(`/api/v1/admin/reviews?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await service.as('user').get('/api/v1/admin/reviews')).status).toBe(403);
    expect((await service.visitor.get('/api/v1/admin/reviews')).status).toBe(401);
  });
});

describe('verifiedPurchase', () => {
  test("a delivered order of the product marks its buyer's review verified, shown first on the product page", async () => {
    // Ravi's order of the lamp is delivered; Meera's of the lamp too, but she reviewed only the kettle.
    await service.runtime.bus.publish(delivered(shoppers.ravi.userId!, [lamp]));
    await service.runtime.bus.publish(delivered(shoppers.meera.userId!, [lamp]));
    await eventually(async () => {
      const res = await service.as('emp').get(`/api/v1/admin/reviews?productId=${lamp}`);
      expect(res.body.reviews.map((r: { comment: string; verifiedPurchase: boolean }) => [r.comment, r.verifiedPurchase])).toEqual([
        ['Dented on arrival', true],
        ['Glows beautifully', false],
      ]);
    });
    expect((await service.as('emp').get(`/api/v1/admin/reviews?productId=${kettle}`)).body.reviews[0].verifiedPurchase).toBe(false);

    // A later review by someone who received the product is verified as soon as it is written.
    const later = await review(shoppers.meera, lamp, 3, 'Fine');
    expect(later.body.review.verifiedPurchase).toBe(true);

    // On the product page verified reviews come first, newest first within each group.
    const page = await service.visitor.graphql(`query($id: ID!) { product(id: $id) { reviewList { reviews { comment verifiedPurchase } } } }`, { id: lamp });
    expect(page.body.data.product.reviewList.reviews).toEqual([
      { comment: 'Fine', verifiedPurchase: true },
      { comment: 'Dented on arrival', verifiedPurchase: true },
      { comment: 'Glows beautifully', verifiedPurchase: false },
    ]);
  });

  test('other statuses, and a version 1 event without products, verify nothing', async () => {
    const kettleFan = service.as('user', { name: 'Kiran Rao' });
    await review(kettleFan, kettle, 5, 'Love it');
    await service.runtime.bus.publish(makeEvent('order', 'OrderStatusChanged', { orderId: randomUUID(), userId: kettleFan.userId!, status: 'shipped', previousStatus: 'processing', productIds: [kettle] }));
    await service.runtime.bus.publish(makeEvent('order', 'OrderStatusChanged', { orderId: randomUUID(), userId: kettleFan.userId!, status: 'delivered', previousStatus: 'shipped' }));
    // Then a delivered one for another reviewer: once it shows, the two before it were handled too.
    await review(shoppers.asha, kettle, 4, 'Solid handle');
    await service.runtime.bus.publish(delivered(shoppers.asha.userId!, [kettle]));
    await eventually(async () => {
      const res = await service.as('emp').get(`/api/v1/admin/reviews?productId=${kettle}&q=solid`);
      expect(res.body.reviews[0].verifiedPurchase).toBe(true);
    });
    const res = await service.as('emp').get(`/api/v1/admin/reviews?productId=${kettle}&q=love`);
    expect(res.body.reviews[0].verifiedPurchase).toBe(false);
  });
});

describe('adminReviewList (GraphQL)', () => {
  const Q = `query($q: String, $rating: Int, $productId: ID, $page: Int, $limit: Int) {
    adminReviewList(q: $q, rating: $rating, productId: $productId, page: $page, limit: $limit) {
      reviews { comment productName verifiedPurchase } total totalPages currentPage
    }
  }`;

  test('the same list for staff', async () => {
    const res = await service.as('emp').graphql(Q, { rating: 2 });
    expect(res.body.data.adminReviewList).toEqual({
      reviews: [{ comment: 'Dented on arrival', productName: 'Brass Lamp', verifiedPurchase: true }],
      total: 1,
      totalPages: 1,
      currentPage: 1,
    });
  });

  test('shoppers are refused; bad input is BAD_USER_INPUT', async () => {
    expect((await service.as('user').graphql(Q, {})).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await service.as('emp').graphql(Q, { rating: 9 })).body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await service.as('emp').graphql(Q, { productId: 'x' })).body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

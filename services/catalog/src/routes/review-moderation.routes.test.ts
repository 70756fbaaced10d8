import { randomUUID } from 'node:crypto';
import { productPayload, startCatalogService, type CatalogTestClient, type CatalogTestService } from '../testing/catalog-test-service';

let service: CatalogTestService;

beforeAll(async () => {
  service = await startCatalogService({ reviewsNeedApproval: true });
});
afterAll(async () => {
  await service?.close();
});

async function newProduct() {
  const res = await service.as('admin').post('/api/v1/admin/product/create', productPayload());
  return res.body.product._id as string;
}

const productOf = async (id: string) => (await service.visitor.get(`/api/v1/product/${id}`)).body.product;
const write = (client: CatalogTestClient, productId: string, rating: number, comment: string) => client.put('/api/v1/review', { productId, rating, comment });
const moderate = (client: CatalogTestClient, reviewId: string, body: unknown) => client.put(`/api/v1/admin/review/${reviewId}`, body);

const SHOWN = `query($id: ID!) { product(id: $id) { rating reviews reviewList { total reviews { comment } } myReview { status rejectionReason comment } } }`;

describe('reviews wait for approval (REVIEWS_NEED_APPROVAL on)', () => {
  test('a new review waits: not shown or counted; its author sees it pending; staff find it in the queue', async () => {
    const productId = await newProduct();
    const author = service.as('user', { name: 'Meera Iyer' });
    const written = await write(author, productId, 2, 'Stitching came apart');
    expect(written.body).toMatchObject({
      success: true,
      message: 'Thank you! Your review will appear once our team has checked it.',
      review: { status: 'pending', rejectionReason: null },
    });
    expect(await productOf(productId)).toMatchObject({ rating: 0, reviews: 0 });
    const seenByOthers = await service.as('user').graphql(SHOWN, { id: productId });
    expect(seenByOthers.body.data.product).toMatchObject({ reviews: 0, reviewList: { total: 0, reviews: [] }, myReview: null });
    expect((await author.graphql(SHOWN, { id: productId })).body.data.product.myReview).toEqual({ status: 'pending', rejectionReason: null, comment: 'Stitching came apart' });

    const queue = await service.as('emp').get(`/api/v1/admin/reviews?status=pending&productId=${productId}`);
    expect(queue.body.reviews.map((r: any) => [r.comment, r.status])).toEqual([['Stitching came apart', 'pending']]);
    expect((await service.as('emp').get(`/api/v1/admin/reviews?status=approved&productId=${productId}`)).body.reviews).toEqual([]);
  });

  test('emp approves: shown and counted; admin rejects with a reason: hidden, recounted, the author reads why', async () => {
    const productId = await newProduct();
    const author = service.as('user', { name: 'Ravi Menon' });
    const reviewId = (await write(author, productId, 4, 'Lovely colour, visit my shop')).body.review._id;

    const approved = await moderate(service.as('emp'), reviewId, { status: 'approved' });
    expect(approved.body).toMatchObject({ success: true, message: 'Review approved', review: { status: 'approved' } });
    expect(await productOf(productId)).toMatchObject({ rating: 4, reviews: 1 });
    expect((await service.visitor.graphql(SHOWN, { id: productId })).body.data.product.reviewList.reviews).toEqual([{ comment: 'Lovely colour, visit my shop' }]);

    const rejected = await moderate(service.as('admin'), reviewId, { status: 'rejected', reason: '  Links to other shops are not allowed  ' });
    expect(rejected.body).toMatchObject({ message: 'Review rejected', review: { status: 'rejected', rejectionReason: 'Links to other shops are not allowed' } });
    expect(await productOf(productId)).toMatchObject({ rating: 0, reviews: 0 });
    expect((await service.visitor.graphql(SHOWN, { id: productId })).body.data.product.reviewList.total).toBe(0);
    expect((await author.graphql(SHOWN, { id: productId })).body.data.product.myReview).toMatchObject({ status: 'rejected', rejectionReason: 'Links to other shops are not allowed' });

    // Edited, it waits again, without the old reason.
    const edited = await write(author, productId, 4, 'Lovely colour, fits well');
    expect(edited.body.review).toMatchObject({ _id: reviewId, status: 'pending', rejectionReason: null });
  });

  test.each([
    [{ status: 'rejected' }, 'Please give the reviewer a reason for the rejection'],
    [{ status: 'rejected', reason: 'no' }, 'The reason must be 3 to 300 characters long'],
    [{ status: 'approved', reason: 'Fine by me' }, 'A reason is given only when rejecting'],
    [{ status: 'pending' }, 'status must be approved or rejected'],
    [[], 'status must be approved or rejected'],
  ])('%j is a 400 with a clear message', async (body, message) => {
    const productId = await newProduct();
    const reviewId = (await write(service.as('user'), productId, 3, 'Okay for the price')).body.review._id;
    expect(await moderate(service.as('emp'), reviewId, body)).toEqual({ status: 400, body: { success: false, message } });
  });

  test('only staff moderate; unknown and malformed ids are 404 and 400; a bad status filter is a 400', async () => {
    const productId = await newProduct();
    const reviewId = (await write(service.as('user'), productId, 5, 'Great kettle')).body.review._id;
    expect((await moderate(service.as('user'), reviewId, { status: 'approved' })).status).toBe(403);
    expect((await moderate(service.visitor, reviewId, { status: 'approved' })).status).toBe(401);
    expect((await moderate(service.as('admin'), randomUUID(), { status: 'approved' })).status).toBe(404);
    expect((await moderate(service.as('admin'), 'nope', { status: 'approved' })).status).toBe(400);
    expect(await service.as('emp').get('/api/v1/admin/reviews?status=hidden')).toEqual({
      status: 400,
      body: { success: false, message: 'status must be pending, approved or rejected' },
    });
  });

  test('GraphQL: adminReviewList by status and moderateReview, staff only, bad input BAD_USER_INPUT', async () => {
    const productId = await newProduct();
    const reviewId = (await write(service.as('user'), productId, 5, 'Sturdy handle')).body.review._id;
    const list = await service.as('emp').graphql(`query($p: ID) { adminReviewList(status: "pending", productId: $p) { total reviews { id status } } }`, { p: productId });
    expect(list.body.data.adminReviewList).toEqual({ total: 1, reviews: [{ id: reviewId, status: 'pending' }] });
    const mutation = `mutation($id: ID!, $s: String!, $r: String) { moderateReview(reviewId: $id, status: $s, reason: $r) { success message review { status rejectionReason } } }`;
    expect((await service.as('user').graphql(mutation, { id: reviewId, s: 'approved' })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await service.as('emp').graphql(mutation, { id: reviewId, s: 'rejected' })).body.errors?.[0]).toMatchObject({
      message: 'Please give the reviewer a reason for the rejection',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await service.as('emp').graphql(mutation, { id: reviewId, s: 'rejected', r: 'Not about the product' })).body.data.moderateReview).toEqual({
      success: true,
      message: 'Review rejected',
      review: { status: 'rejected', rejectionReason: 'Not about the product' },
    });
    expect((await service.as('emp').graphql(`{ adminReviewList(status: "hidden") { total } }`)).body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('with REVIEWS_NEED_APPROVAL off', () => {
  test('a review is shown and counted at once', async () => {
    const open = await startCatalogService({ reviewsNeedApproval: false });
    try {
      const product = (await open.as('admin').post('/api/v1/admin/product/create', productPayload())).body.product._id;
      const res = await open.as('user').put('/api/v1/review', { productId: product, rating: 5, comment: 'Perfect' });
      expect(res.body).toMatchObject({ message: 'Review added successfully', review: { status: 'approved' } });
      expect((await open.visitor.get(`/api/v1/product/${product}`)).body.product).toMatchObject({ rating: 5, reviews: 1 });
    } finally {
      await open.close();
    }
  });
});

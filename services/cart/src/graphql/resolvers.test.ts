import { startCartService, type CartTestService } from '../testing/cart-test-service';

let svc: CartTestService;

beforeAll(async () => {
  svc = await startCartService();
});

afterAll(async () => {
  await svc?.close();
});

const CART_FIELDS = `id totalItems totalAmount hasProblems
  items { id productId product { id } name price oldPrice discountPercent quantity properties { size color } seller deliveryInfo available stock subtotal saving sizeOptions colorOptions }`;

const ADD = `mutation Add($productId: ID!, $quantity: Int!, $properties: CartItemPropertiesInput) {
  addToCart(productId: $productId, quantity: $quantity, properties: $properties) { success message productId properties { size color } cart { ${CART_FIELDS} } }
}`;

const USER_CART = `query Entities($reps: [_Any!]!) {
  _entities(representations: $reps) { ... on User { id cart { id totalItems items { name } } } }
}`;

const USER_WISHLIST = `query Entities($reps: [_Any!]!) {
  _entities(representations: $reps) { ... on User { id wishlist { productId } } }
}`;

describe('Query.cart and Mutation.addToCart', () => {
  test('add, then read the cart with the Product reference', async () => {
    const client = svc.client();
    const p = svc.catalog.define({ name: 'Yoga Mat', price: 650, oldPrice: 800, discount: 19, colors: ['Purple'] });
    const add = await client.graphql(ADD, { productId: p._id, quantity: 2 });
    expect(add.body.errors).toBeUndefined();
    expect(add.body.data.addToCart).toMatchObject({
      success: true,
      message: 'Yoga Mat is added to cart successfully',
      productId: p._id,
      properties: { size: null, color: 'Purple' },
      cart: { id: client.userId, totalItems: 2, totalAmount: 1300, hasProblems: false },
    });
    const cart = await client.graphql(`{ cart { ${CART_FIELDS} } }`);
    expect(cart.body.data.cart.items).toEqual([
      {
        id: p._id,
        productId: p._id,
        product: { id: p._id },
        name: 'Yoga Mat',
        price: 650,
        oldPrice: 800,
        discountPercent: 19,
        quantity: 2,
        properties: { size: null, color: 'Purple' },
        seller: 'ShopKart Retail',
        deliveryInfo: 'Delivery in 3–7 days · Cash on delivery',
        available: true,
        stock: 10,
        subtotal: 1300,
        saving: 300,
        sizeOptions: [],
        colorOptions: ['Purple'],
      },
    ]);
  });

  test('a validation failure is BAD_USER_INPUT with the spec message', async () => {
    const res = await svc.client().graphql(ADD, { productId: svc.catalog.define({ stock: 3 })._id, quantity: 4 });
    expect(res.body.errors?.[0]).toMatchObject({ message: 'Only 3 items available in stock', extensions: { code: 'BAD_USER_INPUT' } });
  });

  test('without login the cart is UNAUTHENTICATED', async () => {
    const res = await svc.anonymous().graphql('{ cart { id } }');
    expect(res.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const add = await svc.anonymous().graphql(ADD, { productId: svc.catalog.define()._id, quantity: 1 });
    expect(add.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  test('updateCartItem and removeFromCart', async () => {
    const client = svc.client();
    const p = svc.catalog.define({ name: 'Kurta', size: ['M', 'L'], stock: 4, stockDetail: { M: 2, L: 2 } });
    await client.graphql(ADD, { productId: p._id, quantity: 1, properties: { size: 'M' } });
    const update = await client.graphql(
      `mutation($productId: ID!, $properties: CartItemPropertiesInput!) {
        updateCartItem(productId: $productId, properties: $properties) { success message productId properties { size color } cart { items { properties { size } } } }
      }`,
      { productId: p._id, properties: { size: 'L' } },
    );
    expect(update.body.data.updateCartItem).toEqual({
      success: true,
      message: 'Updated properties for Kurta',
      productId: p._id,
      properties: { size: 'L', color: null },
      cart: { items: [{ properties: { size: 'L' } }] },
    });
    const remove = await client.graphql(`mutation($productId: ID!) { removeFromCart(productId: $productId) { success message productId cart { totalItems } } }`, {
      productId: p._id,
    });
    expect(remove.body.data.removeFromCart).toEqual({ success: true, message: 'Kurta removed from cart', productId: p._id, cart: { totalItems: 0 } });
  });
});

describe('User.cart and User.wishlist through federation', () => {
  test("the user's own representation resolves their cart", async () => {
    const client = svc.client();
    await client.graphql(ADD, { productId: svc.catalog.define({ name: 'Pen' })._id, quantity: 1 });
    const res = await client.graphql(USER_CART, { reps: [{ __typename: 'User', id: client.userId }] });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data._entities).toEqual([{ id: client.userId, cart: { id: client.userId, totalItems: 1, items: [{ name: 'Pen' }] } }]);
  });

  test("someone else's id is FORBIDDEN, for cart and wishlist, even for an admin", async () => {
    const owner = svc.client();
    await owner.graphql(ADD, { productId: svc.catalog.define()._id, quantity: 1 });
    for (const caller of [svc.client(), svc.client(undefined, 'admin')]) {
      const cart = await caller.graphql(USER_CART, { reps: [{ __typename: 'User', id: owner.userId }] });
      expect(cart.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      expect(JSON.stringify(cart.body.data ?? null)).not.toContain('totalItems');
      const wishlist = await caller.graphql(USER_WISHLIST, { reps: [{ __typename: 'User', id: owner.userId }] });
      expect(wishlist.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
  });

  test('without login User.cart is UNAUTHENTICATED', async () => {
    const res = await svc.anonymous().graphql(USER_CART, { reps: [{ __typename: 'User', id: 'someone' }] });
    expect(res.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('wishlist mutations', () => {
  test('add, move to cart, and remove', async () => {
    const client = svc.client();
    const a = svc.catalog.define({ name: 'Scarf', colors: ['Red', 'Blue'] });
    const b = svc.catalog.define({ name: 'Cap' });
    const add = await client.graphql(`mutation($id: ID!) { addToWishlist(productId: $id) { success message wishlist { productId product { id } name inStock available addedAt } } }`, {
      id: a._id,
    });
    expect(add.body.data.addToWishlist).toMatchObject({
      success: true,
      message: 'Scarf added to your wishlist',
      wishlist: [{ productId: a._id, product: { id: a._id }, name: 'Scarf', inStock: true, available: true }],
    });
    await client.graphql(`mutation($id: ID!) { addToWishlist(productId: $id) { success } }`, { id: b._id });

    const move = await client.graphql(
      `mutation($id: ID!, $p: CartItemPropertiesInput) { moveWishlistItemToCart(productId: $id, properties: $p) { success message productId properties { color } cart { items { name quantity } } } }`,
      { id: a._id, p: { color: 'Blue' } },
    );
    expect(move.body.data.moveWishlistItemToCart).toEqual({
      success: true,
      message: 'Scarf moved to your cart',
      productId: a._id,
      properties: { color: 'Blue' },
      cart: { items: [{ name: 'Scarf', quantity: 1 }] },
    });

    const remove = await client.graphql(`mutation($id: ID!) { removeFromWishlist(productId: $id) { success message wishlist { productId } } }`, { id: b._id });
    expect(remove.body.data.removeFromWishlist).toEqual({ success: true, message: 'Cap removed from your wishlist', wishlist: [] });
    const list = await client.graphql('{ wishlist { productId } }');
    expect(list.body.data.wishlist).toEqual([]);
  });

  test('a wishlisted product with sizes tells its sizes (sold-out ones too), and moves in the size asked for', async () => {
    const client = svc.client();
    const shirt = svc.catalog.define({ name: 'Kurta', size: ['S', 'M', 'L'], stockDetail: { S: 0, M: 4, L: 2 }, stock: 6, colors: ['Red'] });
    await client.graphql(`mutation($id: ID!) { addToWishlist(productId: $id) { success } }`, { id: shirt._id });
    const list = await client.graphql('{ wishlist { productId sizeOptions colorOptions soldOutSizes } }');
    expect(list.body.data.wishlist).toEqual([{ productId: shirt._id, sizeOptions: ['S', 'M', 'L'], colorOptions: ['Red'], soldOutSizes: ['S'] }]);
    const move = await client.graphql(
      `mutation($id: ID!, $p: CartItemPropertiesInput) { moveWishlistItemToCart(productId: $id, properties: $p) { success cart { items { name properties { size } } } } }`,
      { id: shirt._id, p: { size: 'L' } },
    );
    expect(move.body.data.moveWishlistItemToCart).toEqual({ success: true, cart: { items: [{ name: 'Kurta', properties: { size: 'L' } }] } });
  });
});

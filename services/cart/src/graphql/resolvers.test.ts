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

describe('cart lines per variant and the guest-cart merge', () => {
  const LINES = `cart { items { lineId productId quantity properties { size color } } }`;
  const ADD_VARIANT = `mutation Add($productId: ID!, $quantity: Int!, $properties: CartItemPropertiesInput, $mode: String) {
    addToCart(productId: $productId, quantity: $quantity, properties: $properties, mode: $mode) { lineId ${LINES} }
  }`;
  const UPDATE = `mutation Update($productId: ID!, $lineId: ID, $properties: CartItemPropertiesInput!) {
    updateCartItem(productId: $productId, lineId: $lineId, properties: $properties) { lineId properties { size color } ${LINES} }
  }`;
  const REMOVE = `mutation Remove($productId: ID!, $lineId: ID) { removeFromCart(productId: $productId, lineId: $lineId) { lineId ${LINES} } }`;
  const MERGE = `mutation Merge($mergeKey: ID!, $lines: [GuestCartLineInput!]!) {
    mergeGuestCart(mergeKey: $mergeKey, lines: $lines) { success message replayed results { productId name size color requested added status lineId message } ${LINES} }
  }`;
  const variants = (items: Array<{ quantity: number; properties: { size: string | null; color: string | null } }>) =>
    items.map((i) => [i.properties.size, i.properties.color, i.quantity]);
  const tee = () => svc.catalog.define({ name: 'Polo Tee', size: ['M', 'L'], colors: ['Olive', 'Navy Blue'], stock: 8, stockDetail: { M: 3, L: 5 } });

  test('two colours of one product are two lines; the product id alone is then a CONFLICT; the line id names one', async () => {
    const client = svc.client();
    const p = tee();
    await client.graphql(ADD_VARIANT, { productId: p._id, quantity: 1, properties: { size: 'L', color: 'Olive' } });
    const second = await client.graphql(ADD_VARIANT, { productId: p._id, quantity: 2, properties: { size: 'L', color: 'Navy Blue' } });
    const items = second.body.data.addToCart.cart.items;
    expect(variants(items)).toEqual([
      ['L', 'Olive', 1],
      ['L', 'Navy Blue', 2],
    ]);
    const ambiguous = await client.graphql(UPDATE, { productId: p._id, properties: { size: 'M' } });
    expect(ambiguous.body.errors?.[0]).toMatchObject({
      message: 'Polo Tee is in your cart in more than one size or colour: please say which line (lineId)',
      extensions: { code: 'CONFLICT' },
    });
    const update = await client.graphql(UPDATE, { productId: p._id, lineId: items[1].lineId, properties: { size: 'M' } });
    expect(update.body.data.updateCartItem).toMatchObject({ lineId: items[1].lineId, properties: { size: 'M', color: 'Navy Blue' } });
    const remove = await client.graphql(REMOVE, { productId: p._id, lineId: items[0].lineId });
    expect(variants(remove.body.data.removeFromCart.cart.items)).toEqual([['M', 'Navy Blue', 2]]);
    // One line left: the product id names it again.
    const last = await client.graphql(REMOVE, { productId: p._id });
    expect(last.body.data.removeFromCart.cart.items).toEqual([]);
  });

  test('mode increase raises the line of the same variant', async () => {
    const client = svc.client();
    const p = tee();
    await client.graphql(ADD_VARIANT, { productId: p._id, quantity: 1, properties: { size: 'M', color: 'Olive' } });
    const again = await client.graphql(ADD_VARIANT, { productId: p._id, quantity: 1, properties: { size: 'M', color: 'Olive' }, mode: 'increase' });
    expect(variants(again.body.data.addToCart.cart.items)).toEqual([['M', 'Olive', 2]]);
  });

  test('mergeGuestCart caps by stock with a message, and the same key again adds nothing', async () => {
    const client = svc.client();
    const p = tee();
    const mergeKey = '6f1d3c9e-8a4b-4c2d-9e7f-1a2b3c4d5e6f';
    const lines = [
      { productId: p._id, quantity: 5, properties: { size: 'M', color: 'Olive' } },
      { productId: p._id, quantity: 1, properties: { size: 'L', color: 'Navy Blue' } },
    ];
    const first = await client.graphql(MERGE, { mergeKey, lines });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.mergeGuestCart).toMatchObject({
      success: true,
      replayed: false,
      message: 'Only 3 of Polo Tee (M, Olive) could be added: the rest is out of stock',
      results: [
        { size: 'M', color: 'Olive', requested: 5, added: 3, status: 'partial' },
        { size: 'L', color: 'Navy Blue', requested: 1, added: 1, status: 'merged', message: null },
      ],
    });
    const again = await client.graphql(MERGE, { mergeKey, lines });
    expect(again.body.data.mergeGuestCart.replayed).toBe(true);
    expect(variants(again.body.data.mergeGuestCart.cart.items)).toEqual([
      ['M', 'Olive', 3],
      ['L', 'Navy Blue', 1],
    ]);
  });

  test('mergeGuestCart needs login, and bad input is BAD_USER_INPUT', async () => {
    const lines = [{ productId: tee()._id, quantity: 1, properties: { size: 'M' } }];
    const anonymous = await svc.anonymous().graphql(MERGE, { mergeKey: '6f1d3c9e-8a4b-4c2d-9e7f-1a2b3c4d5e6f', lines });
    expect(anonymous.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const bad = await svc.client().graphql(MERGE, { mergeKey: 'key', lines });
    expect(bad.body.errors?.[0]).toMatchObject({ message: 'Please send the guest cart key (mergeKey)', extensions: { code: 'BAD_USER_INPUT' } });
  });
});

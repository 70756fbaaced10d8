import { graphqlDocument, type GraphQLDocument, type ResultOf } from './graphql-document';

const CART_SELECTION = `items { id lineId productId name image price oldPrice discountPercent quantity
  properties { size color } seller deliveryInfo available stock subtotal saving sizeOptions colorOptions soldOutSizes }
  totalItems totalAmount hasProblems`;
const WISHLIST_SELECTION = 'productId name image price oldPrice discountPercent available inStock addedAt sizeOptions colorOptions soldOutSizes';
const CART_PAYLOAD = `success message productId cart { ${CART_SELECTION} }`;
const WISHLIST_PAYLOAD = `success message wishlist { ${WISHLIST_SELECTION} }`;

// Read through `me`: the cart subgraph extends the auth subgraph's User.
export const CART_QUERY = graphqlDocument('Cart', `query Cart { me { id cart { ${CART_SELECTION} } } }`);
export const WISHLIST_QUERY = graphqlDocument('Wishlist', `query Wishlist { me { id wishlist { ${WISHLIST_SELECTION} } } }`);
export const CART_AND_WISHLIST_QUERY = graphqlDocument(
  'CartAndWishlist',
  `query CartAndWishlist { me { id cart { ${CART_SELECTION} } wishlist { ${WISHLIST_SELECTION} } } }`,
);

export const ADD_TO_CART = graphqlDocument(
  'AddToCart',
  `mutation AddToCart($productId: ID!, $quantity: Int!, $properties: CartItemPropertiesInput, $lineId: ID, $mode: String) {
  addToCart(productId: $productId, quantity: $quantity, properties: $properties, lineId: $lineId, mode: $mode) { ${CART_PAYLOAD} } }`,
);
export const UPDATE_CART_ITEM = graphqlDocument(
  'UpdateCartItem',
  `mutation UpdateCartItem($productId: ID!, $lineId: ID, $properties: CartItemPropertiesInput!) {
  updateCartItem(productId: $productId, lineId: $lineId, properties: $properties) { ${CART_PAYLOAD} } }`,
);
export const REMOVE_FROM_CART = graphqlDocument(
  'RemoveFromCart',
  `mutation RemoveFromCart($productId: ID!, $lineId: ID) { removeFromCart(productId: $productId, lineId: $lineId) { ${CART_PAYLOAD} } }`,
);
export const MERGE_GUEST_CART = graphqlDocument(
  'MergeGuestCart',
  `mutation MergeGuestCart($mergeKey: ID!, $lines: [GuestCartLineInput!]!) {
  mergeGuestCart(mergeKey: $mergeKey, lines: $lines) { success message results { status message } cart { ${CART_SELECTION} } } }`,
);

export const ADD_TO_WISHLIST = graphqlDocument(
  'AddToWishlist',
  `mutation AddToWishlist($productId: ID!) { addToWishlist(productId: $productId) { ${WISHLIST_PAYLOAD} } }`,
);
export const REMOVE_FROM_WISHLIST = graphqlDocument(
  'RemoveFromWishlist',
  `mutation RemoveFromWishlist($productId: ID!) { removeFromWishlist(productId: $productId) { ${WISHLIST_PAYLOAD} } }`,
);
export const MOVE_TO_CART = graphqlDocument(
  'MoveWishlistItemToCart',
  `mutation MoveWishlistItemToCart($productId: ID!, $properties: CartItemPropertiesInput) {
  moveWishlistItemToCart(productId: $productId, properties: $properties) { ${CART_PAYLOAD} } }`,
);

/** The public product facts a guest line is priced from (the product page's own query asks for more). */
const GUEST_PRODUCT_FIELDS = 'id name image thumbnail price oldPrice discount size colors stock stockDetail { size stock }';

/** One product of the guest cart: the typed and checked shape of each product in GuestCartProducts. */
export const GUEST_CART_PRODUCT = graphqlDocument('GuestCartProduct', `query GuestCartProduct($id: ID!) { product(id: $id) { ${GUEST_PRODUCT_FIELDS} } }`);

export type GuestCartProduct = NonNullable<ResultOf<typeof GUEST_CART_PRODUCT>['product']>;

/**
 * The guest cart's products in one request: GUEST_CART_PRODUCT's `product` once per id, aliased
 * p0, p1, … (variables of the same names).
 */
export function guestCartProductsDocument(count: number): GraphQLDocument<Record<string, GuestCartProduct | null>, Record<string, string>> {
  const indexes = Array.from({ length: count }, (_, i) => i);
  return {
    operationName: 'GuestCartProducts',
    query: `query GuestCartProducts(${indexes.map((i) => `$p${i}: ID!`).join(', ')}) { ${indexes
      .map((i) => `p${i}: product(id: $p${i}) { ${GUEST_PRODUCT_FIELDS} }`)
      .join(' ')} }`,
  };
}

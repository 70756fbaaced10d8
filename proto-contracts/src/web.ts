/**
 * The web's entry of proto-contracts (`@shop/proto-contracts/web`): the statuses, limits, rules and
 * messages the server uses, as plain data and functions without zod or Node modules, so the web
 * shows the server's own texts without copying them and its bundle stays small (decision 0076).
 * Only zod-free modules are re-exported here (web-entry.test.ts checks it); the request schemas
 * stay in the main entry.
 */
export * from './money';
export * from './gst';
export * from './pricing';
export * from './shipping';
export * from './oidc';
export * from './refund-to';
export * from './review-rules';
export * from './media';
export * from './order-number';
export * from './staff-access';
export * from './order-status';
export * from './order-rules';
export * from './cart-rules';
export * from './return-rules';
export * from './catalog-tags';
export * from './catalog-rules';
export * from './indian-states';
export * from './phone';
export * from './address-book';
export * from './delivery';

// Types only: erased from the bundle, so their modules' zod never reaches it.
export type { CartItemProperties, CartItemView, WishlistItemView } from './cart';
export type { FacetValue, SearchFacets } from './catalog';

/**
 * The cart's toast and error texts (spec sections 5 and 8), the same as `cartMessages` of
 * proto-contracts/src/cart.ts. Copied rather than imported: that module pulls zod into the bundle.
 */
export const cartText = {
  quantityBelowOne: 'Quantity cannot be less than 1',
  onlyInStock: (stock: number) => `Only ${stock} items available in stock`,
  addedToCart: (name: string) => `${name} is added to cart successfully`,
  quantityUpdated: (name: string) => `Updated ${name} quantity in the cart`,
  propertiesUpdated: (name: string) => `Updated properties for ${name}`,
  removedFromCart: (name: string) => `${name} removed from cart`,
  addedToWishlist: (name: string) => `${name} added to your wishlist`,
  removedFromWishlist: (name: string) => `${name} removed from your wishlist`,
  movedToCart: (name: string) => `${name} moved to your cart`,
  removeConfirm: (name: string) => `Remove ${name} from your cart?`,
  emptyCart: 'Your cart is empty.',
  addOrRemoveFailed: 'An Error Occurred',
  loadFailed: 'Failed to load cart Items',
  updateFailed: 'Failed to update item properties',
} as const;

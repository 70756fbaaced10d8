/**
 * An order line as the shopper's order pages, the order confirmation and the staff's order detail
 * show it: one selection, so each page types its lines from the same generated fields.
 */
export const ORDER_ITEM_SELECTION = `
  orderItems {
    productId
    name
    image
    price
    quantity
    properties {
      size
      color
    }
  }
`;

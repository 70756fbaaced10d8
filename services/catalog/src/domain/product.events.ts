import { makeEvent } from '@shop/platform';
import type { ProductColumns } from './product.model';

/**
 * ProductChanged: what other services keep of a product (cart and order show and price it).
 * Money in paise, as everywhere between services.
 */
export function productChangedEvent(p: ProductColumns) {
  return makeEvent('catalog', 'ProductChanged', {
    productId: p.id,
    code: p.code,
    name: p.name,
    price: p.price,
    discount: p.discount,
    stock: p.stock,
    stockDetail: p.stockDetail,
    image: p.images[0] ?? null,
  });
}

export function productDeletedEvent(p: Pick<ProductColumns, 'id'>) {
  return makeEvent('catalog', 'ProductDeleted', { productId: p.id });
}

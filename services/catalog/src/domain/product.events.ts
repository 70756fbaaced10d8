import { makeEvent } from '@shop/platform';
import type { ProductColumns } from './product.model';

/**
 * ProductChanged: what other services keep of a product (cart and order show and price it).
 * Money in paise, as everywhere between services. `stockOnly` (given the total stock before a
 * reservation or release) says that only stock figures changed and the product was in stock before
 * and after: no listing gains or loses it, so caches need drop only the answers that show it
 * (decision 0031).
 */
export function productChangedEvent(p: ProductColumns, stockBefore?: number) {
  return makeEvent('catalog', 'ProductChanged', {
    ...(stockBefore !== undefined && stockBefore > 0 && p.stock > 0 ? { stockOnly: true } : {}),
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

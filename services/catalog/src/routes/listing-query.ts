import type { ProductListQueryInput, ProductQuery, TagKey } from '@shop/proto-contracts';
import { toRestProduct, type Product, type ProductPage } from '../domain/product.model';

/** A parsed REST listing query as the domain takes it. */
export function productQueryOf(q: ProductListQueryInput, extra: { tag?: TagKey; search?: string } = {}): ProductQuery {
  return {
    category: q.category,
    subcat: q.subcat,
    price: q.price,
    withDiscount: q.discount,
    inStock: q.inStock,
    sort: q.sort,
    page: q.page,
    limit: q.limit,
    ...extra,
  };
}

/** The listing response of the spec: success, products and the pagination fields. */
export function restPage(page: ProductPage<Product>) {
  return {
    success: true as const,
    products: page.products.map(toRestProduct),
    productCount: page.productCount,
    productCountCapped: page.productCountCapped,
    resultsPerPage: page.resultsPerPage,
    totalPages: page.totalPages,
    currentPage: page.currentPage,
  };
}

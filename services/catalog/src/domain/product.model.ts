import { mrpFromPrice, paiseToRupees, TAG_LABELS, type SubcategoryDefinition } from '@shop/proto-contracts';
import { effectiveHsnOf } from './gst-rate.service';
import type { ProductRow } from '../db/schema';
import type { Category } from './category.directory';
import { findSubcategory } from './category.directory';

/** A stored product with its category (what every read of the domain answers). */
export interface Product extends Omit<ProductRow, 'searchText'> {
  category: Category;
}

/** The product columns every read selects (search_text is for searching only). */
export type ProductColumns = Omit<ProductRow, 'searchText'>;

/** A page of a listing, with the spec's pagination fields. */
export interface ProductPage<T = Product> {
  products: T[];
  productCount: number;
  /**
   * True when productCount is a lower bound, not the total: a search that finds more than
   * SEARCH_COUNT_CAP products counts that many and stops (decision 0040). Listings are always exact.
   */
  productCountCapped: boolean;
  resultsPerPage: number;
  /** Pages offered: of productCount, so a capped search offers none past the cap. */
  totalPages: number;
  currentPage: number;
}

export function pageOf<T>(items: T[], total: number, page: number, limit: number, capped = false): ProductPage<T> {
  return { products: items, productCount: total, productCountCapped: capped, resultsPerPage: limit, totalPages: Math.ceil(total / limit), currentPage: page };
}

/** The MRP in paise (the spec's oldPrice), derived from the price and discount. */
export const mrpOf = (p: Pick<ProductRow, 'price' | 'discount'>) => mrpFromPrice(p.price, p.discount);

/** The card-size URL of the first image: media stores a `card` beside every `detail` variant. */
export function thumbnailOf(images: readonly string[]): string | null {
  const first = images[0];
  if (!first) return null;
  return /\/media\/[0-9a-f]{32}\/detail\.webp$/.test(first) ? first.replace(/detail\.webp$/, 'card.webp') : first;
}

/** The card-size picture of each colour that has its own pictures (cart and order lines show it). */
export function colorThumbnailsOf(p: Pick<ProductRow, 'colorImages'>): Record<string, string> {
  const entries: Array<[string, string]> = [];
  for (const color in p.colorImages) {
    const thumbnail = thumbnailOf(p.colorImages[color]!);
    if (thumbnail) entries.push([color, thumbnail]);
  }
  return Object.fromEntries(entries);
}

/** The card picture of a line: its colour's own when it has one, else the product's. */
export function lineThumbnailOf(p: Pick<ProductRow, 'images' | 'colorImages'>, color: string | null): string | null {
  return (color ? colorThumbnailsOf(p)[color] : undefined) ?? thumbnailOf(p.images);
}

/** Stock per size in the order of the sizes; a size without an entry has 0. */
export function stockBySize(p: Pick<ProductRow, 'sizes' | 'stockDetail'>): Array<{ size: string; stock: number }> {
  return p.sizes.map((size) => ({ size, stock: p.stockDetail[size] ?? 0 }));
}

export function subcategoryOf(p: Product): SubcategoryDefinition | null {
  return p.subcat ? (findSubcategory(p.category, p.subcat) ?? { id: '', str: p.subcat, name: p.subcat }) : null;
}

/** Stock per size as the REST API shows it: an object in the order of the sizes, 0 for a size without an entry. */
function stockDetailOf(p: Pick<ProductRow, 'sizes' | 'stockDetail'>): Record<string, number> {
  const entries: Array<[string, number]> = [];
  for (const size of p.sizes) entries.push([size, p.stockDetail[size] ?? 0]);
  return Object.fromEntries(entries);
}

/** The product object of the REST API, money in rupees with 2 decimals. */
export function toRestProduct(p: Product) {
  return {
    _id: p.id,
    id: p.code,
    name: p.name,
    price: paiseToRupees(p.price),
    oldPrice: paiseToRupees(mrpOf(p)),
    discount: p.discount,
    description: p.description,
    image: p.images,
    thumbnail: thumbnailOf(p.images),
    category: p.category.index,
    categoryName: p.category.name,
    // The category's key beside its index, for partners that match categories by key.
    categoryKey: p.category.str,
    subcat: p.subcat,
    size: p.sizes,
    colors: p.colors,
    colorImages: p.colorImages,
    colorThumbnails: colorThumbnailsOf(p),
    stock: p.stock,
    stockDetail: stockDetailOf(p),
    rating: p.rating,
    reviews: p.reviewCount,
    numOfReviews: p.reviewCount,
    badge: p.badge,
    tags: p.tags,
    /** The code the product is invoiced under (its own, or its category's default); decision 0046. */
    hsnCode: effectiveHsnOf(p, p.category.name),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
export type RestProduct = ReturnType<typeof toRestProduct>;

/** The words a product is found by: its name, code, category, subcategory, colours and tag labels. */
export function searchTextOf(p: { name: string; code: string; category: Category; subcat: string | null; colors: string[]; tags: string[] }): string {
  const subcat = p.subcat ? findSubcategory(p.category, p.subcat)?.name : undefined;
  const tagLabels = p.tags.map((t) => TAG_LABELS[t as keyof typeof TAG_LABELS] ?? t);
  return [p.name, p.code, p.category.name, subcat, ...p.colors, ...tagLabels]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

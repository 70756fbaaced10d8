import {
  catalogMessages,
  gstMessages,
  isValidHsn,
  MAX_DISCOUNT_PERCENT,
  MAX_PRICE_RUPEES,
  MAX_PRODUCT_IMAGES,
  MAX_STOCK,
  PERCENT_OFF_TAGS,
} from '@shop/proto-contracts/web';
import { PRODUCT_TAGS } from '../../../lib/product-tags';
import type {
  ColorImagesInput,
  EditableProduct,
  ProductFormCategory,
  ProductInput,
  ProductUpdateInput,
  SizeStockInput,
} from '../api/product-form-documents';

// The catalog's own limits and messages (`@shop/proto-contracts/web`); the few texts below are the
// form's own (the MRP field and per-size stock exist only here). The server checks everything again.
export { MAX_DISCOUNT_PERCENT, MAX_PRODUCT_IMAGES, PERCENT_OFF_TAGS };

export const productFormMessages = {
  nameRequired: catalogMessages.nameRequired,
  codeRequired: catalogMessages.codeRequired,
  priceRequired: catalogMessages.priceRequired,
  priceInvalid: catalogMessages.priceInvalid,
  descriptionRequired: catalogMessages.descriptionRequired,
  categoryRequired: catalogMessages.categoryRequired,
  subcatRequired: catalogMessages.subcatRequired,
  stockRequired: catalogMessages.stockRequired,
  stockInvalid: catalogMessages.stockInvalid,
  discountInvalid: catalogMessages.discountInvalid,
  hsnInvalid: gstMessages.badHsn,
  mrpInvalid: `MRP must be a number more than 0 and at most ${MAX_PRICE_RUPEES}`,
  mrpBelowPrice: 'The MRP cannot be below the price',
  mrpTooHigh: `The price can be at most ${MAX_DISCOUNT_PERCENT}% below the MRP`,
  tooManyImages: catalogMessages.tooManyImages,
  sizeStockInvalid: (size: string) => `Stock for size ${size} must be a whole number, 0 or more`,
} as const;

const PERCENT_OFF_KEYS = new Set<string>(PERCENT_OFF_TAGS.map((entry) => entry.tag));

/** The tags staff choose themselves (popular, trending, bestDeals), in index order. */
export const CHOSEN_TAGS = PRODUCT_TAGS.filter((tag) => !PERCENT_OFF_KEYS.has(tag.key));
export const DERIVED_TAGS = PRODUCT_TAGS.filter((tag) => PERCENT_OFF_KEYS.has(tag.key));

export type ProductFormMode = 'create' | 'edit';

/** The form as typed: text for the numbers, so a half-typed value is kept as it is. */
export interface ProductFormValues {
  /** The staff-supplied product code (the spec's product `id`); read-only when editing. */
  code: string;
  name: string;
  /** Selling price in rupees. */
  price: string;
  description: string;
  /** Category slug. */
  category: string;
  /** Subcategory slug. */
  subcat: string;
  /** Total stock, used when no size is chosen. */
  stock: string;
  /** Percent, '25' or '25%'; optional. Derived from the MRP staff type (discountFromMrp). */
  discount: string;
  /** HSN code (4, 6 or 8 digits); blank: the category's default (decision 0046). */
  hsnCode: string;
  /** The MRP (maximum retail price) in rupees as typed; blank: the price is the MRP. */
  mrp: string;
  /** The chosen tags among CHOSEN_TAGS; the percent-off ones follow the discount. */
  tags: string[];
  images: string[];
  colors: string[];
  /** Pictures per chosen colour (only colours with pictures have an entry). */
  colorImages: Record<string, string[]>;
  /** In the order of the category's size options. */
  sizes: string[];
  /** What was typed per size; an empty or non-numeric value means no entry for that size. */
  sizeStock: Record<string, string>;
}

/** Field errors: by field name, and `stock:<size>` for a size's stock. */
export type ProductFormErrors = Record<string, string>;

export const sizeStockKey = (size: string) => `stock:${size}`;

export function emptyProductForm(): ProductFormValues {
  return {
    code: '',
    name: '',
    price: '',
    description: '',
    category: '',
    subcat: '',
    stock: '',
    discount: '',
    hsnCode: '',
    mrp: '',
    tags: [],
    images: [],
    colors: [],
    colorImages: {},
    sizes: [],
    sizeStock: {},
  };
}

const rupeesText = (rupees: number) => (Number.isInteger(rupees) ? String(rupees) : rupees.toFixed(2));

export function productFormFromProduct(product: EditableProduct): ProductFormValues {
  return {
    code: product.code,
    name: product.name,
    price: rupeesText(product.price),
    description: product.description,
    category: product.category.str,
    subcat: product.subcat?.str ?? '',
    stock: String(product.stock),
    discount: product.discount ? `${product.discount}%` : '',
    hsnCode: product.hsnCode ?? '',
    mrp: product.discount ? rupeesText(product.oldPrice) : '',
    tags: CHOSEN_TAGS.filter((tag) => product.tags.includes(tag.key)).map((tag) => tag.key),
    images: [...product.image],
    colors: [...product.colors],
    colorImages: Object.fromEntries(product.colorImages.map((c) => [c.color, [...c.images]])),
    sizes: [...product.size],
    sizeStock: Object.fromEntries(product.stockDetail.map((entry) => [entry.size, String(entry.stock)])),
  };
}

/**
 * After a product was created the spec clears name, id, price, description, stock and images; the
 * next product starts with the same category, subcategory, sizes, colours, discount and tags.
 */
export function clearedAfterCreate(values: ProductFormValues): ProductFormValues {
  return { ...values, code: '', name: '', price: '', description: '', stock: '', sizeStock: {}, images: [] };
}

export function categoryOf(categories: readonly ProductFormCategory[], slug: string): ProductFormCategory | undefined {
  return slug ? categories.find((category) => category.str === slug) : undefined;
}

/**
 * The values with another category: its subcategory must be chosen again (unless the old one
 * belongs to it too), sizes it does not offer are dropped and so are colours if it has none.
 */
export function withCategory(values: ProductFormValues, category: ProductFormCategory | undefined): ProductFormValues {
  const subcats = category?.subcategories ?? [];
  const offered = category?.ssize ? category.sizeOptions : [];
  const sizes = offered.filter((size) => values.sizes.includes(size));
  return {
    ...values,
    category: category?.str ?? '',
    subcat: subcats.some((subcat) => subcat.str === values.subcat) ? values.subcat : '',
    sizes,
    sizeStock: Object.fromEntries(Object.entries(values.sizeStock).filter(([size]) => sizes.includes(size))),
    colors: category?.colors ? values.colors : [],
    colorImages: category?.colors ? values.colorImages : {},
  };
}

/** Sizes toggled, kept in the order of the category's options. */
export function withSizeToggled(values: ProductFormValues, size: string, options: readonly string[]): ProductFormValues {
  const chosen = values.sizes.includes(size) ? values.sizes.filter((s) => s !== size) : [...values.sizes, size];
  const sizeStock = { ...values.sizeStock };
  if (!chosen.includes(size)) delete sizeStock[size];
  return { ...values, sizes: options.filter((option) => chosen.includes(option)), sizeStock };
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/** A whole number 0…MAX_STOCK from text, or null. */
function parseStock(text: string): number | null {
  const trimmed = text.trim();
  if (!NUMBER_TEXT.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isInteger(value) && value >= 0 && value <= MAX_STOCK ? value : null;
}

/** The discount typed ('25', '25%', blank for none): a whole percent, or null when it is not one. */
export function parseDiscount(text: string): number | null {
  const trimmed = text.trim().replace(/%$/, '').trim();
  if (trimmed === '') return 0;
  if (!NUMBER_TEXT.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isInteger(value) && value >= 0 && value <= MAX_DISCOUNT_PERCENT ? value : null;
}

/**
 * The discount the typed MRP gives the typed price: a whole percent ('20%'), '' without an MRP (or
 * an MRP equal to the price), or null when either is not a valid amount or the MRP is below the price.
 */
export function discountFromMrp(priceText: string, mrpText: string): string | null {
  if (!mrpText.trim()) return '';
  const price = parsePrice(priceText);
  const mrp = parsePrice(mrpText);
  if (price === null || mrp === null || mrp < price) return null;
  const percent = Math.round(((mrp - price) / mrp) * 100);
  return percent === 0 ? '' : `${percent}%`;
}

/** The price typed, in rupees, or null when it is not a valid price. */
export function parsePrice(text: string): number | null {
  const trimmed = text.trim();
  if (!NUMBER_TEXT.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 && value <= MAX_PRICE_RUPEES && Math.round(value * 100) >= 1 ? value : null;
}

/** The percent-off tags a discount earns. */
export function percentOffTagsFor(discount: number | null): string[] {
  return PERCENT_OFF_TAGS.filter((entry) => discount !== null && discount >= entry.minDiscount).map((entry) => entry.tag);
}

/**
 * Stock per chosen size as it will be sent: an empty or non-numeric value leaves that size out
 * (the shop then counts 0 for it).
 */
export function sizeStockEntries(values: ProductFormValues): SizeStockInput[] {
  const entries: SizeStockInput[] = [];
  for (const size of values.sizes) {
    const text = values.sizeStock[size]?.trim() ?? '';
    if (!NUMBER_TEXT.test(text)) continue;
    entries.push({ size, stock: Number(text) });
  }
  return entries;
}

/** The stock the sizes add up to (entries that are not a valid stock count nothing). */
export function totalStockOf(values: ProductFormValues): number {
  return sizeStockEntries(values).reduce((sum, entry) => sum + (parseStock(String(entry.stock)) ?? 0), 0);
}

/** The form's own checks, in the order the fields are shown; the server checks again. */
export function validateProductForm(
  values: ProductFormValues,
  category: ProductFormCategory | undefined,
  mode: ProductFormMode,
): ProductFormErrors {
  const errors: ProductFormErrors = {};
  if (mode === 'create' && !values.code.trim()) errors.code = productFormMessages.codeRequired;
  if (!values.name.trim()) errors.name = productFormMessages.nameRequired;
  if (!values.description.trim()) errors.description = productFormMessages.descriptionRequired;

  if (!values.price.trim()) errors.price = productFormMessages.priceRequired;
  else if (parsePrice(values.price) === null) errors.price = productFormMessages.priceInvalid;
  if (values.mrp.trim()) {
    const mrp = parsePrice(values.mrp);
    const price = parsePrice(values.price);
    if (mrp === null) errors.mrp = productFormMessages.mrpInvalid;
    else if (price !== null && mrp < price) errors.mrp = productFormMessages.mrpBelowPrice;
    else if (parseDiscount(values.discount) === null) errors.mrp = productFormMessages.mrpTooHigh;
  } else if (parseDiscount(values.discount) === null) errors.discount = productFormMessages.discountInvalid;
  if (values.hsnCode.trim() && !isValidHsn(values.hsnCode.trim())) errors.hsnCode = productFormMessages.hsnInvalid;

  if (!category) errors.category = productFormMessages.categoryRequired;
  else if (category.subcategories.length > 0 && !values.subcat) errors.subcat = productFormMessages.subcatRequired;

  if (values.sizes.length === 0) {
    if (!values.stock.trim()) errors.stock = productFormMessages.stockRequired;
    else if (parseStock(values.stock) === null) errors.stock = productFormMessages.stockInvalid;
  }
  for (const size of values.sizes) {
    const text = values.sizeStock[size]?.trim() ?? '';
    if (NUMBER_TEXT.test(text) && parseStock(text) === null) errors[sizeStockKey(size)] = productFormMessages.sizeStockInvalid(size);
  }
  return errors;
}

function tagsToSend(values: ProductFormValues): string[] {
  const wanted = new Set([...values.tags, ...percentOffTagsFor(parseDiscount(values.discount))]);
  return PRODUCT_TAGS.filter((tag) => wanted.has(tag.key)).map((tag) => tag.key);
}

/** The creation payload of valid values (validateProductForm found nothing). */
export function creationInputOf(values: ProductFormValues, category: ProductFormCategory): ProductInput {
  const hasSizes = values.sizes.length > 0;
  const input: ProductInput = {
    code: values.code.trim(),
    name: values.name.trim(),
    price: parsePrice(values.price) ?? 0,
    description: values.description.trim(),
    category: category.str,
    stock: hasSizes ? totalStockOf(values) : (parseStock(values.stock) ?? 0),
    discount: parseDiscount(values.discount) ?? 0,
    tags: tagsToSend(values),
    image: values.images,
  };
  if (values.subcat) input.subcat = values.subcat;
  if (values.hsnCode.trim()) input.hsnCode = values.hsnCode.trim();
  if (values.colors.length > 0) input.colors = values.colors;
  const colorImages = colorImagesToSend(values);
  if (colorImages.length > 0) input.colorImages = colorImages;
  if (hasSizes) {
    input.size = values.sizes;
    input.stockDetail = sizeStockEntries(values);
  }
  return input;
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/** The pictures of the chosen colours, in the colours' order (a colour no longer chosen sends none). */
function colorImagesToSend(values: ProductFormValues): ColorImagesInput[] {
  return values.colors.flatMap((color) => (values.colorImages[color]?.length ? [{ color, images: values.colorImages[color]! }] : []));
}

/**
 * The fields of valid values that differ from what was loaded: an update sends only those
 * (an empty object when nothing changed).
 */
export function changedFieldsOf(initial: ProductFormValues, values: ProductFormValues): ProductUpdateInput {
  const changes: ProductUpdateInput = {};
  if (values.name.trim() !== initial.name.trim()) changes.name = values.name.trim();
  if (values.description.trim() !== initial.description.trim()) changes.description = values.description.trim();
  const price = parsePrice(values.price);
  if (price !== null && price !== parsePrice(initial.price)) changes.price = price;
  const discount = parseDiscount(values.discount);
  if (discount !== null && discount !== parseDiscount(initial.discount)) changes.discount = discount;
  if (values.hsnCode.trim() !== initial.hsnCode.trim()) changes.hsnCode = values.hsnCode.trim();

  const categoryChanged = values.category !== initial.category;
  if (categoryChanged) changes.category = values.category;
  // A new category needs its subcategory sent along (the server asks for it again).
  if (values.subcat && (categoryChanged || values.subcat !== initial.subcat)) changes.subcat = values.subcat;

  if (!sameList(values.tags, initial.tags)) changes.tags = tagsToSend(values);
  if (!sameList(values.images, initial.images)) changes.image = values.images;
  if (!sameList(values.colors, initial.colors)) changes.colors = values.colors;
  if (!sameList(colorImagesToSend(values), colorImagesToSend(initial))) changes.colorImages = colorImagesToSend(values);

  const sizesChanged = !sameList(values.sizes, initial.sizes);
  if (sizesChanged || !sameList(sizeStockEntries(values), sizeStockEntries(initial))) {
    changes.size = values.sizes;
    changes.stockDetail = sizeStockEntries(values);
  }
  if (values.sizes.length === 0) {
    const stock = parseStock(values.stock);
    if (stock !== null && (sizesChanged || stock !== parseStock(initial.stock))) changes.stock = stock;
  }
  return changes;
}

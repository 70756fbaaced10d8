import { useCallback, useMemo, useState } from 'react';
import { PRODUCT_TAGS } from '../../../lib/product-tags';
import type { ProductFormCategory } from '../api/product-form-documents';
import {
  discountFromMrp,
  sizeStockKey,
  withCategory,
  withSizeToggled,
  type ProductFormErrors,
  type ProductFormValues,
} from './product-form-model';

type TextField = 'code' | 'name' | 'price' | 'description' | 'subcat' | 'stock' | 'discount' | 'hsnCode' | 'mrp';

export interface ProductFormState {
  values: ProductFormValues;
  errors: ProductFormErrors;
  /** Changes one text field and forgets its error. */
  setText(field: TextField, value: string): void;
  chooseCategory(category: ProductFormCategory | undefined): void;
  toggleSize(size: string, options: readonly string[]): void;
  setSizeStock(size: string, value: string): void;
  toggleColor(name: string): void;
  toggleTag(key: string): void;
  /** Functional, so uploads that finish one after another each add their image. */
  updateImages(update: (images: string[]) => string[]): void;
  /** Changes the pictures of one colour. */
  updateColorImages(color: string, update: (images: string[]) => string[]): void;
  showErrors(errors: ProductFormErrors): void;
  /** Starts over from these values (after a create, or with what an update saved). */
  reset(values: ProductFormValues | ((current: ProductFormValues) => ProductFormValues)): void;
}

function without(errors: ProductFormErrors, ...keys: string[]): ProductFormErrors {
  if (!keys.some((key) => key in errors)) return errors;
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
}

const toggled = (list: string[], item: string) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

/** The values and field errors of the product form, shared by Create Product and Edit Product Details. */
export function useProductFormState(initial: ProductFormValues): ProductFormState {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ProductFormErrors>({});

  const setText = useCallback((field: TextField, value: string) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      // Staff type the MRP; the discount the shop stores follows from it and the price.
      if (field === 'mrp' || field === 'price') next.discount = discountFromMrp(next.price, next.mrp) ?? '-1';
      return next;
    });
    setErrors((current) => without(current, field, ...(field === 'price' ? ['mrp'] : [])));
  }, []);

  const chooseCategory = useCallback((category: ProductFormCategory | undefined) => {
    setValues((current) => withCategory(current, category));
    setErrors((current) => without(current, 'category', 'subcat'));
  }, []);

  const toggleSize = useCallback((size: string, options: readonly string[]) => {
    setValues((current) => withSizeToggled(current, size, options));
    setErrors((current) => without(current, 'stock', sizeStockKey(size)));
  }, []);

  const setSizeStock = useCallback((size: string, value: string) => {
    setValues((current) => ({ ...current, sizeStock: { ...current.sizeStock, [size]: value } }));
    setErrors((current) => without(current, sizeStockKey(size)));
  }, []);

  const toggleColor = useCallback((name: string) => {
    setValues((current) => ({ ...current, colors: toggled(current.colors, name) }));
  }, []);

  const toggleTag = useCallback((key: string) => {
    setValues((current) => {
      const chosen = toggled(current.tags, key);
      return { ...current, tags: PRODUCT_TAGS.map((tag) => tag.key as string).filter((k) => chosen.includes(k)) };
    });
  }, []);

  const updateImages = useCallback((update: (images: string[]) => string[]) => {
    setValues((current) => ({ ...current, images: update(current.images) }));
  }, []);

  const updateColorImages = useCallback((color: string, update: (images: string[]) => string[]) => {
    setValues((current) => ({ ...current, colorImages: { ...current.colorImages, [color]: update(current.colorImages[color] ?? []) } }));
  }, []);

  const reset = useCallback((next: ProductFormValues | ((current: ProductFormValues) => ProductFormValues)) => {
    setValues(next);
    setErrors({});
  }, []);

  return useMemo(
    () => ({
      values,
      errors,
      setText,
      chooseCategory,
      toggleSize,
      setSizeStock,
      toggleColor,
      toggleTag,
      updateImages,
      updateColorImages,
      showErrors: setErrors,
      reset,
    }),
    [values, errors, setText, chooseCategory, toggleSize, setSizeStock, toggleColor, toggleTag, updateImages, updateColorImages, reset],
  );
}

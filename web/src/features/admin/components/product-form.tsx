import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ProductFormOptionsData } from '../api/product-form-documents';
import { useProductImageUpload } from '../hooks/product-form-images';
import {
  categoryOf,
  MAX_DISCOUNT_PERCENT,
  parseDiscount,
  percentOffTagsFor,
  totalStockOf,
  validateProductForm,
  type ProductFormMode,
} from '../hooks/product-form-model';
import type { ProductFormState } from '../hooks/product-form-state';
import { ProductFormColorImages } from './product-form-color-images';
import { ProductFormColors } from './product-form-colors';
import { ProductFormField } from './product-form-field';
import { ProductFormImages } from './product-form-images';
import { ProductFormSizes } from './product-form-sizes';
import { ProductFormTags } from './product-form-tags';

const SUBMIT_LABELS: Record<ProductFormMode, { idle: string; busy: string }> = {
  create: { idle: 'Create Product', busy: 'Creating Product...' },
  edit: { idle: 'Save Changes', busy: 'Saving Changes...' },
};

interface ProductFormProps {
  mode: ProductFormMode;
  form: ProductFormState;
  options: ProductFormOptionsData;
  submitting: boolean;
  /** Extra help under the discount (the edit page shows the current MRP). */
  discountNote?: string;
  /** What the server said when it refused, shown above the button. */
  failure?: ReactNode;
  /** A success or information notice, shown above the button. */
  notice?: ReactNode;
  /** Called when the form's own checks pass. */
  onSubmit(): void;
}

/**
 * The product form of Create Product and Edit Product Details. It checks the required fields
 * itself (moving focus to the first one that needs attention); the page sends the values.
 */
export function ProductForm({ mode, form, options, submitting, discountNote, failure, notice, onSubmit }: ProductFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const { values, errors } = form;
  const category = categoryOf(options.categories, values.category);
  const upload = useProductImageUpload(values.images.length, form.updateImages);
  const uploading = upload.pending > 0;
  const hasSizes = values.sizes.length > 0;
  const totalStock = totalStockOf(values);
  const errorCount = Object.keys(errors).length;

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || uploading) return;
    const found = validateProductForm(values, category, mode);
    if (Object.keys(found).length > 0) {
      form.showErrors(found);
      setFocusRequest((n) => n + 1);
      return;
    }
    form.showErrors({});
    onSubmit();
  }

  const labels = SUBMIT_LABELS[mode];
  return (
    <form ref={formRef} className="product-form" noValidate onSubmit={submit} aria-busy={submitting || undefined}>
      <div className="product-form__layout">
        <div className="product-form__column">
          <section className="card product-form__section">
            <h2 id={`${id}-details`} className="product-form__title">
              Product details
            </h2>
            <ProductFormField
              id={`${id}-code`}
              label="Product ID"
              error={errors.code}
              hint={mode === 'edit' ? 'The product ID cannot be changed.' : 'Your own code for the product, e.g. KUR-1042. It must be unique.'}
            >
              {(control) => (
                <input
                  {...control}
                  className="field__input"
                  name="code"
                  autoComplete="off"
                  maxLength={40}
                  readOnly={mode === 'edit'}
                  value={values.code}
                  onChange={(event) => form.setText('code', event.target.value)}
                />
              )}
            </ProductFormField>
            <ProductFormField id={`${id}-name`} label="Name" error={errors.name}>
              {(control) => (
                <input
                  {...control}
                  className="field__input"
                  name="name"
                  autoComplete="off"
                  maxLength={150}
                  value={values.name}
                  onChange={(event) => form.setText('name', event.target.value)}
                />
              )}
            </ProductFormField>
            <ProductFormField id={`${id}-description`} label="Description" error={errors.description}>
              {(control) => (
                <textarea
                  {...control}
                  className="field__input field__input--multiline product-form__description"
                  name="description"
                  rows={5}
                  maxLength={5000}
                  value={values.description}
                  onChange={(event) => form.setText('description', event.target.value)}
                />
              )}
            </ProductFormField>
          </section>

          <section className="card product-form__section">
            <h2 id={`${id}-pricing`} className="product-form__title">
              Price and stock
            </h2>
            <div className="product-form__row">
              <ProductFormField id={`${id}-price`} label="Price" error={errors.price} hint="Selling price in rupees (₹), inclusive of all taxes (GST).">
                {(control) => (
                  <div className="product-form__money">
                    <span className="product-form__currency" aria-hidden="true">
                      ₹
                    </span>
                    <input
                      {...control}
                      className="field__input"
                      name="price"
                      type="number"
                      inputMode="decimal"
                      min={0.01}
                      step={0.01}
                      value={values.price}
                      onChange={(event) => form.setText('price', event.target.value)}
                    />
                  </div>
                )}
              </ProductFormField>
              <ProductFormField
                id={`${id}-mrp`}
                label="MRP"
                optional
                error={errors.mrp ?? errors.discount}
                hint={`The maximum retail price printed on the pack; leave it empty when the price is the MRP.${discountNote ? ` ${discountNote}` : ''}`}
              >
                {(control) => (
                  <div className="product-form__money">
                    <span className="product-form__currency" aria-hidden="true">
                      ₹
                    </span>
                    <input
                      {...control}
                      className="field__input"
                      name="mrp"
                      type="number"
                      inputMode="decimal"
                      min={0.01}
                      step={0.01}
                      value={values.mrp}
                      onChange={(event) => form.setText('mrp', event.target.value)}
                    />
                  </div>
                )}
              </ProductFormField>
              <p className="product-form__discount" aria-live="polite">
                Discount:{' '}
                <strong>{parseDiscount(values.discount) ? `${parseDiscount(values.discount)}% off` : values.mrp.trim() && parseDiscount(values.discount) === null ? '—' : 'none'}</strong>
                <span className="field__hint"> (worked out from the price and the MRP, at most {MAX_DISCOUNT_PERCENT}%)</span>
              </p>
              <ProductFormField
                id={`${id}-hsn`}
                label="HSN code"
                optional
                error={errors.hsnCode}
                hint="4, 6 or 8 digits; it sets the GST rate the price includes. Blank: the category's default."
              >
                {(control) => (
                  <input
                    {...control}
                    className="field__input"
                    name="hsnCode"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={8}
                    value={values.hsnCode}
                    onChange={(event) => form.setText('hsnCode', event.target.value)}
                  />
                )}
              </ProductFormField>
            </div>
            <ProductFormField
              id={`${id}-stock`}
              label="Stock"
              error={errors.stock}
              hint={hasSizes ? 'The sum of the stock per size (set under Sizes).' : 'Units in stock.'}
            >
              {(control) => (
                <input
                  {...control}
                  className="field__input product-form__stock"
                  name="stock"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  readOnly={hasSizes}
                  value={hasSizes ? String(totalStock) : values.stock}
                  onChange={(event) => form.setText('stock', event.target.value)}
                />
              )}
            </ProductFormField>
          </section>

          <section className="card product-form__section">
            <h2 id={`${id}-category`} className="product-form__title">
              Category and variants
            </h2>
            <div className="product-form__row">
              <ProductFormField id={`${id}-category-select`} label="Category" error={errors.category}>
                {(control) => (
                  <select
                    {...control}
                    className="field__input"
                    name="category"
                    value={values.category}
                    onChange={(event) => form.chooseCategory(categoryOf(options.categories, event.target.value))}
                  >
                    <option value="">Select a category</option>
                    {options.categories.map((option) => (
                      <option key={option.id} value={option.str}>
                        {option.name}
                      </option>
                    ))}
                  </select>
                )}
              </ProductFormField>
              {category && category.subcategories.length > 0 ? (
                <ProductFormField id={`${id}-subcat`} label="Subcategory" error={errors.subcat}>
                  {(control) => (
                    <select
                      {...control}
                      className="field__input"
                      name="subcat"
                      value={values.subcat}
                      onChange={(event) => form.setText('subcat', event.target.value)}
                    >
                      <option value="">Select a subcategory</option>
                      {category.subcategories.map((option) => (
                        <option key={option.id} value={option.str}>
                          {option.name}
                        </option>
                      ))}
                    </select>
                  )}
                </ProductFormField>
              ) : null}
            </div>
            {!category ? <p className="field__hint">Colours and sizes depend on the category.</p> : null}
            {category?.colors ? (
              <ProductFormColors idPrefix={id} palette={options.colorPalette} chosen={values.colors} onToggle={form.toggleColor} />
            ) : null}
            {category?.ssize && category.sizeOptions.length > 0 ? (
              <ProductFormSizes
                idPrefix={id}
                category={category}
                sizes={values.sizes}
                sizeStock={values.sizeStock}
                totalStock={totalStock}
                errors={errors}
                onToggle={(size) => form.toggleSize(size, category.sizeOptions)}
                onStockChange={form.setSizeStock}
              />
            ) : null}
          </section>
        </div>

        <div className="product-form__column product-form__column--side">
          <section className="card product-form__section">
            <h2 id={`${id}-media`} className="product-form__title">
              Images and tags
            </h2>
            <ProductFormImages
              id={`${id}-images`}
              images={values.images}
              upload={upload}
              onRemove={(index) => form.updateImages((images) => images.filter((_, i) => i !== index))}
              onMakeMain={(index) =>
                form.updateImages((images) => [images[index], ...images.filter((_, i) => i !== index)])
              }
            />
            <ProductFormColorImages idPrefix={id} colors={values.colors} colorImages={values.colorImages} onUpdate={form.updateColorImages} />
            <ProductFormTags
              idPrefix={id}
              chosen={values.tags}
              derived={percentOffTagsFor(parseDiscount(values.discount))}
              onToggle={form.toggleTag}
            />
          </section>
        </div>
      </div>

      <div className="product-form__footer">
        <div className="product-form__messages" aria-live="polite">
          {errorCount > 0 ? (
            <p className="form-error">
              {errorCount === 1 ? 'One field needs attention.' : `${errorCount} fields need attention.`}
            </p>
          ) : null}
        </div>
        {failure}
        {notice}
        <div className="product-form__actions">
          <button type="submit" className="btn btn--primary btn--lg" disabled={submitting || uploading}>
            {submitting ? labels.busy : labels.idle}
          </button>
          {uploading ? <p className="field__hint">Wait for the images to finish uploading.</p> : null}
        </div>
      </div>
    </form>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify/unstyled';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { getErrorCode, getErrorMessage, isSessionExpired, payloadMessage } from '../../../lib/api-errors';
import { invalidateQueries } from '../../../lib/query-cache';
import { useSessionMutation, useSessionQuery } from '../../../lib/use-session-graphql';
import { TOAST_MS } from '../../../lib/toast-durations';
import {
  PRODUCT_FOR_EDIT_QUERY,
  PRODUCT_FORM_OPTIONS_QUERY,
  UPDATE_PRODUCT_MUTATION,
  type EditableProduct,
  type ProductFormOptionsData,
} from '../api/product-form-documents';
import { changedFieldsOf, productFormFromProduct } from '../hooks/product-form-model';
import { useProductFormState } from '../hooks/product-form-state';
import { ProductEditorLayout } from './product-editor-layout';
import { ProductForm } from './product-form';
import { ProductReviewsPanel } from './product-reviews-panel';

const TITLE = 'Edit Product Details';
const LOAD_FAILED = 'Failed to load product details';
const NOT_FOUND = 'Product not found';
const UPDATED = 'Product updated successfully!';
const UPDATE_FAILED = 'Failed to update product';
const UPDATE_FAILED_INLINE = 'some error occurs while updating the product details';
const NOTHING_CHANGED = 'Nothing to save: no field has changed.';

/** Edit Product Details (/admin/product/edit/{id}). */
export function EditProductEditor({ productId }: { productId: string }) {
  const options = useSessionQuery(PRODUCT_FORM_OPTIONS_QUERY, {}, { remember: true });
  // Always read afresh: staff edit what is stored now, not what this tab saw earlier.
  const product = useSessionQuery(PRODUCT_FOR_EDIT_QUERY, { id: productId });

  let body;
  if (product.error) {
    // A malformed id is the server's 'Invalid product ID'; anything else may pass on a retry.
    body =
      getErrorCode(product.error) === 'BAD_USER_INPUT' ? (
        <ProductMissing message={getErrorMessage(product.error, NOT_FOUND)} />
      ) : (
        <LoadError message={LOAD_FAILED} onRetry={product.refetch} />
      );
  } else if (options.error) {
    body = <LoadError message={LOAD_FAILED} onRetry={options.refetch} />;
  } else if (!product.data || !options.data) {
    body = <PageLoader message="Loading product details…" />;
  } else if (!product.data.product) {
    body = <ProductMissing message={NOT_FOUND} />;
  } else {
    return <EditProductForm key={product.data.product.id} product={product.data.product} options={options.data} />;
  }
  return <ProductEditorLayout title={TITLE}>{body}</ProductEditorLayout>;
}

function ProductMissing({ message }: { message: string }) {
  return (
    <div className="product-editor__missing" role="alert">
      <p className="product-editor__missing-title">{message}</p>
      <p>
        <Link to="/admin">Back to the dashboard</Link>
      </p>
    </div>
  );
}

function EditProductForm({ product, options }: { product: EditableProduct; options: ProductFormOptionsData }) {
  // What is stored: the form sends only what differs from it.
  const [saved, setSaved] = useState(() => productFormFromProduct(product));
  const form = useProductFormState(saved);
  const { mutate: updateProduct, loading } = useSessionMutation(UPDATE_PRODUCT_MUTATION);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function fail(message: string) {
    toast.error(message, { position: 'top-center' });
    setFailure(message);
  }

  async function submit() {
    setFailure(null);
    setNotice(null);
    const changes = changedFieldsOf(saved, form.values);
    if (Object.keys(changes).length === 0) {
      setNotice(NOTHING_CHANGED);
      return;
    }
    try {
      const data = await updateProduct({ id: product.id, input: changes });
      const payload = data?.updateProduct;
      if (!payload?.success || !payload.product) {
        fail(payloadMessage(payload, UPDATE_FAILED));
        return;
      }
      const next = productFormFromProduct(payload.product);
      setSaved(next);
      form.reset(next);
      invalidateQueries();
      toast.success(UPDATED, { position: 'top-center', autoClose: TOAST_MS.short });
    } catch (error) {
      if (isSessionExpired(error)) return;
      fail(getErrorMessage(error, UPDATE_FAILED));
    }
  }

  return (
    <ProductEditorLayout
      title={TITLE}
      intro={
        <>
          {product.name} <span className="product-editor__code">({product.code})</span>
        </>
      }
      actions={
        <Link className="btn btn--outline btn--sm" to={`/product/${product.id}`}>
          View product
        </Link>
      }
    >
      <ProductForm
        mode="edit"
        form={form}
        options={options}
        submitting={loading}

        onSubmit={() => void submit()}
        failure={
          failure ? (
            <div className="product-form__failure" role="alert">
              <p className="product-form__failure-title">{UPDATE_FAILED_INLINE}</p>
              <p>{failure}</p>
            </div>
          ) : null
        }
        notice={
          notice ? (
            <p className="product-form__info" role="status">
              {notice}
            </p>
          ) : null
        }
      />
      <ProductReviewsPanel productId={product.id} />
    </ProductEditorLayout>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify/unstyled';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { getErrorMessage, isSessionExpired, payloadMessage } from '../../../lib/api-errors';
import { invalidateQueries } from '../../../lib/query-cache';
import { useSessionMutation, useSessionQuery } from '../../../lib/use-session-graphql';
import { TOAST_MS } from '../../../lib/toast-durations';
import {
  CREATE_PRODUCT_MUTATION,
  PRODUCT_FORM_OPTIONS_QUERY,
  type ProductFormOptionsData,
} from '../api/product-form-documents';
import { categoryOf, clearedAfterCreate, creationInputOf, emptyProductForm } from '../hooks/product-form-model';
import { useProductFormState } from '../hooks/product-form-state';
import { ProductEditorLayout } from './product-editor-layout';
import { ProductForm } from './product-form';

const CREATED = 'Product Created successfully';
const CREATE_FAILED = 'Some error occured while creating the product';
const OPTIONS_FAILED = 'Failed to load the categories';

/** Create Product (/admin/product/create). */
export function CreateProductEditor() {
  const { data, error, refetch } = useSessionQuery(PRODUCT_FORM_OPTIONS_QUERY, {}, { remember: true });
  return (
    <ProductEditorLayout title="Create Product" intro="Add a product to the shop. Fields without an ‘Optional’ tag are required.">
      {data ? (
        <CreateProductForm options={data} />
      ) : error ? (
        <LoadError message={getErrorMessage(error, OPTIONS_FAILED)} onRetry={refetch} />
      ) : (
        <PageLoader message="Loading the product form…" />
      )}
    </ProductEditorLayout>
  );
}

interface CreatedProduct {
  id: string;
  name: string;
}

function CreateProductForm({ options }: { options: ProductFormOptionsData }) {
  const form = useProductFormState(emptyProductForm());
  const { mutate: createProduct, loading } = useSessionMutation(CREATE_PRODUCT_MUTATION);
  const [created, setCreated] = useState<CreatedProduct | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function fail(message: string) {
    toast.error(message, { position: 'top-center', autoClose: TOAST_MS.long });
    setFailure(message);
  }

  async function submit() {
    const category = categoryOf(options.categories, form.values.category);
    if (!category) return;
    setFailure(null);
    setCreated(null);
    try {
      const data = await createProduct({ input: creationInputOf(form.values, category) });
      const payload = data?.createProduct;
      if (!payload?.success || !payload.product) {
        fail(payloadMessage(payload, CREATE_FAILED));
        return;
      }
      // Every cached catalog answer (shopper pages, the staff product list) is out of date.
      invalidateQueries();
      toast.success(CREATED, { position: 'top-center' });
      setCreated({ id: payload.product.id, name: payload.product.name });
      form.reset(clearedAfterCreate);
    } catch (error) {
      if (isSessionExpired(error)) return;
      fail(getErrorMessage(error, CREATE_FAILED));
    }
  }

  return (
    <ProductForm
      mode="create"
      form={form}
      options={options}
      submitting={loading}
      onSubmit={() => void submit()}
      failure={
        failure ? (
          <div className="product-form__failure" role="alert">
            <p className="product-form__failure-title">Product Creation Failed</p>
            <p>{failure}</p>
          </div>
        ) : null
      }
      notice={
        created ? (
          <div className="product-form__success" role="status">
            <p>
              <strong>{created.name}</strong> is now in the shop.
            </p>
            <p className="product-form__success-links">
              <Link to={`/product/${created.id}`}>View product</Link>
              <Link to={`/admin/product/edit/${created.id}`}>Edit product</Link>
            </p>
          </div>
        ) : null
      }
    />
  );
}

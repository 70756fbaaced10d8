import { useEffect } from 'react';
import { toast } from '../../../lib/toast';
import { getErrorCode, isSessionExpired } from '../../../lib/api-errors';
import { useGraphQLQuery } from '../../../lib/use-graphql-query';
import { PRODUCT_DETAIL_QUERY, type ProductDetailData } from '../api/product-documents';

/** The fallback text when the server gives none. */
export const PRODUCT_LOAD_ERROR = 'Error while loading Product';

export type ProductDetailState =
  | { status: 'loading' }
  | { status: 'invalid' }
  | { status: 'not-found' }
  | { status: 'error'; retry(): void }
  | { status: 'ready'; data: ProductDetailData & { product: NonNullable<ProductDetailData['product']> }; refresh(): void };

/**
 * The product of /product/{id}: a malformed id is 'invalid' (the API answers BAD_USER_INPUT
 * 'Invalid product ID'), an unknown one 'not-found' (null); other failures toast the spec's text.
 */
export function useProductDetail(id: string): ProductDetailState {
  const { data, error, refetch } = useGraphQLQuery(PRODUCT_DETAIL_QUERY, { id });
  const code = error ? getErrorCode(error) : undefined;
  const invalid = code === 'BAD_USER_INPUT';
  const notFound = code === 'NOT_FOUND' || (data !== undefined && data.product === null);

  useEffect(() => {
    if (error && !invalid && !notFound && !isSessionExpired(error)) {
      toast.error(PRODUCT_LOAD_ERROR, { toastId: 'product-load-error' });
    }
  }, [error, invalid, notFound]);

  if (data?.product) return { status: 'ready', data: { ...data, product: data.product }, refresh: refetch };
  if (invalid) return { status: 'invalid' };
  if (notFound) return { status: 'not-found' };
  if (error) return { status: 'error', retry: refetch };
  return { status: 'loading' };
}

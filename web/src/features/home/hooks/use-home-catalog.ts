import { useEffect } from 'react';
import type { CategoryLink } from '../../../lib/categories';
import { toastFailure } from '../../../lib/toast-failure';
import { useGraphQLQuery } from '../../../lib/use-graphql-query';
import { HOME_QUERY, type HomeData } from '../api/home-documents';

const PRODUCTS_ERROR = 'Failed to fetch products. Please try again later.';

export interface HomeCatalog {
  /** The server's categories; empty until it answers. */
  categories: readonly CategoryLink[];
  data: HomeData | undefined;
  loading: boolean;
  failed: boolean;
  retry(): void;
}

export function useHomeCatalog(): HomeCatalog {
  const { data, error, loading, refetch } = useGraphQLQuery(HOME_QUERY, {});

  useEffect(() => {
    if (error) toastFailure(error, PRODUCTS_ERROR, { toastId: 'home-products-error' });
  }, [error]);

  const categories = (data?.categories ?? []).map((category) => ({
    index: category.index,
    name: category.name,
    href: `/products/${category.index}`,
  }));

  return { categories, data, loading, failed: Boolean(error) && !data, retry: refetch };
}

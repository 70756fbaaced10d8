import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { createApolloClient } from '../lib/apollo-client';
import { useSession } from '../lib/session';

// One client for the whole visit: pages come and go, the cache stays.
let client: ApolloClient | null = null;

/**
 * Provides the Apollo client to the routes below it. Loaded on demand (React.lazy), so pages that
 * make no GraphQL call, the Home page first of all, never download Apollo and the GraphQL parser.
 */
export default function ApolloLayout() {
  const { user, tokenRefresher } = useSession();
  client ??= createApolloClient(tokenRefresher);
  const current = client;

  // Whatever was cached belongs to the account that is gone.
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId === null) void current.clearStore();
  }, [current, userId]);

  return (
    <ApolloProvider client={current}>
      <Outlet />
    </ApolloProvider>
  );
}

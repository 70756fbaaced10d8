import { useCallback, useState } from 'react';
import { graphqlRequest } from '../../../lib/graphql-request';

export interface PublicMutation<TData, TVariables extends Record<string, unknown>> {
  /** Sends the mutation; rejects with the failure (GraphQLResponseError, network, timeout). */
  mutate(variables: TVariables): Promise<TData>;
  /** A call is on its way. */
  loading: boolean;
}

/**
 * A mutation sent before there is a session (login, sign-up, password recovery), with a `loading`
 * flag for its button. Never refreshes the session: here UNAUTHENTICATED means wrong credentials,
 * not an expired session (lib/use-session-graphql.ts is for the logged-in user's own data).
 */
export function usePublicMutation<TData, TVariables extends Record<string, unknown>>(
  operationName: string,
  mutation: string,
): PublicMutation<TData, TVariables> {
  const [pending, setPending] = useState(0);
  const mutate = useCallback(
    async (variables: TVariables) => {
      setPending((n) => n + 1);
      try {
        return await graphqlRequest<TData>(operationName, mutation, variables);
      } finally {
        setPending((n) => n - 1);
      }
    },
    [operationName, mutation],
  );
  return { mutate, loading: pending > 0 };
}

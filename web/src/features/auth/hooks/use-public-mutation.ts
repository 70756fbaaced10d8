import { useCallback, useState } from 'react';
import type { GraphQLDocument, VariablesArgument } from '../../../lib/graphql-document';
import { sendOperation } from '../../../lib/graphql-request';

export interface PublicMutation<TData, TVariables> {
  /** Sends the mutation; rejects with the failure (GraphQLResponseError, network, timeout). */
  mutate(...variables: VariablesArgument<TVariables>): Promise<TData>;
  /** A call is on its way. */
  loading: boolean;
}

/**
 * A mutation sent before there is a session (login, sign-up, password recovery), with a `loading`
 * flag for its button. Never refreshes the session: here UNAUTHENTICATED means wrong credentials,
 * not an expired session (lib/use-session-graphql.ts is for the logged-in user's own data).
 */
export function usePublicMutation<TData, TVariables>(document: GraphQLDocument<TData, TVariables>): PublicMutation<TData, TVariables> {
  const [pending, setPending] = useState(0);
  const mutate = useCallback(
    async (...[variables]: VariablesArgument<TVariables>) => {
      setPending((n) => n + 1);
      try {
        return await sendOperation(document, variables);
      } finally {
        setPending((n) => n - 1);
      }
    },
    [document],
  );
  return { mutate, loading: pending > 0 };
}

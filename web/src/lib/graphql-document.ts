import type { GraphQLOperations } from '../graphql/operations.generated';

/**
 * A GraphQL operation the web app sends: its name and text, typed by the answer and variables
 * generated for it from the composed schema (`npm run generate:graphql-types`, decision 0084).
 */
export interface GraphQLDocument<TData, TVariables> {
  readonly operationName: string;
  readonly query: string;
  /** Carries the types only; never set. */
  readonly __types?: (variables: TVariables) => TData;
}

export type OperationName = keyof GraphQLOperations;

/** The answer of a document (what `data` holds). */
export type ResultOf<TDocument> = TDocument extends GraphQLDocument<infer TData, never> ? TData : never;

/** The variables of a document. */
export type VariablesOf<TDocument> = TDocument extends GraphQLDocument<unknown, infer TVariables> ? TVariables : never;

/**
 * Declares an operation of a document module (`*-documents.ts`, the only place documents live, so
 * the generator finds them all). `operationName` must be the name the text gives the operation.
 */
export function graphqlDocument<TName extends OperationName>(
  operationName: TName,
  query: string,
): GraphQLDocument<GraphQLOperations[TName]['data'], GraphQLOperations[TName]['variables']> {
  return { operationName, query };
}

/** The variables argument: optional for an operation that has none. */
export type VariablesArgument<TVariables> = Record<string, never> extends TVariables ? [variables?: TVariables] : [variables: TVariables];

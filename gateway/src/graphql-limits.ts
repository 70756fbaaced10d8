import type { ApolloServerPlugin } from '@apollo/server';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { sendJson } from '@shop/platform';
import { messages } from '@shop/proto-contracts';
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isListType,
  isCompositeType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLOutputType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';

/**
 * What one GraphQL request may ask for (decision 0012). The shop's own pages stay well inside:
 * the heaviest (staff orders list, 50 per page) costs about 650, a listing of 48 products 49,
 * a product page about 60.
 */
export const graphqlBudgets = {
  /** Objects the answer may hold: list fields multiply by their page size (see `costEstimator`). */
  maxCost: 1500,
  /** Field nesting, counted through fragments and inline fragments. */
  maxDepth: 8,
  maxAliases: 15,
  maxDirectives: 10,
  /** Lexical tokens of the document (every name, brace and punctuator). */
  maxTokens: 1500,
  /** Characters of the document text. */
  maxQueryChars: 12_000,
} as const;

/** Arguments that set how many items a list field returns. */
const sizeArguments = ['limit', 'first', 'pageSize'] as const;

/**
 * How many items a list without a size argument holds at most: the items of a page whose size the
 * parent field's argument already counted, or the shop's known bounds.
 */
const listSizes: Record<string, number> = {
  'ProductPage.products': 1,
  'ReviewPage.reviews': 1,
  'OrderPage.orders': 1,
  'AdminOrders.orders': 1,
  'UserPage.users': 1,
  'Query.categories': 16,
  'Query.colorPalette': 30,
  'Query.adminUsers': 100,
  'Query.ordersByDate': 10,
  'User.orders': 20,
  'Order.orderItems': 10,
  'SalesStats.daily': 90,
  'SalesStats.ordersByStatus': 5,
  'SalesStats.periodByStatus': 5,
  'SalesStats.topProducts': 5,
  // One per top-level category sold in the period (the shop has 16; staff may add a few).
  'SalesStats.salesByCategory': 30,
  // Returns (decision 0025): an order's few returns, each of some of its lines with its steps (4 at
  // most), 20 per staff page.
  'Order.returns': 5,
  'Return.items': 10,
  'Return.timeline': 4,
  'ReturnPage.returns': 20,
  'Query.myReturns': 20,
  // Coupons (decision 0028): a staff page multiplies by its limit.
  'CouponPage.coupons': 1,
  // Search facets (decision 0059) hang under a page, whose size argument already multiplies them:
  // counted once each there (48 × 5 at the largest page). What they hold is bounded anyway — about
  // 140 values in all (16 categories, 3 bands, 39 sizes, the palette, 4 rating steps).
  'SearchFacets.categories': 1,
  'SearchFacets.priceBands': 1,
  'SearchFacets.sizes': 1,
  'SearchFacets.colors': 1,
  'SearchFacets.ratings': 1,
  // Suggestions (0060): 6 products and 4 categories at most.
  'SearchSuggestions.products': 6,
  'SearchSuggestions.categories': 4,
  // Low stock (decision 0057): a staff page multiplies by its limit; a product's sizes (shoes: 12).
  'LowStockPage.products': 1,
  'LowStockProduct.lowSizes': 12,
};
const DEFAULT_LIST_SIZE = 10;

/**
 * Root fields whose work grows with a list argument (decision 0097): each item counts as one
 * request toward the per-client rate limit, as the REST route's `weighedBy` body field does, and
 * costs `itemCost`. A guest-cart merge of 50 lines costs about 1030, so one full merge fits a
 * request and two do not.
 */
export const weighedFields: Record<string, { argument: string; itemCost: number }> = {
  'Mutation.mergeGuestCart': { argument: 'lines', itemCost: 20 },
};

/** The size argument a field was given (defaults applied), clamped to at least 1. */
function sizeArgument(args: Record<string, unknown>): number | undefined {
  for (const name of sizeArguments) {
    const value = args[name];
    if (typeof value === 'number' && Number.isFinite(value)) return Math.max(1, Math.ceil(value));
  }
  return undefined;
}

const returnsList = (type: GraphQLOutputType) => isListType(getNullableType(type));

/**
 * Cost ≈ the number of objects the answer holds. A scalar is free; an object costs 1 plus its
 * selection; a list costs its size times that. The size is the field's `limit`/`first`/`pageSize`
 * (defaults included), else a known bound, else 10. A page field (`products(limit: 48)`) multiplies
 * its selection by its size and the page's own list then counts once.
 */
export const costEstimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  const weighed = weighedFields[`${type.name}.${field.name}`];
  // Work per item of a list argument (literal or in variables): its answer is small, its work is not.
  if (weighed) return 1 + childComplexity + weighed.itemCost * itemCount(args[weighed.argument]);
  // Scalars, enums and lists of them cost nothing: the token limit bounds how many are asked.
  if (!isCompositeType(getNamedType(field.type))) return 0;
  const size = sizeArgument(args);
  const known = listSizes[`${type.name}.${field.name}`];
  if (returnsList(field.type)) return (size ?? known ?? DEFAULT_LIST_SIZE) * (1 + childComplexity);
  return 1 + (size ?? 1) * childComplexity;
};

/** How many items a list argument holds (a single value or none: one). */
const itemCount = (value: unknown): number => (Array.isArray(value) ? Math.max(1, value.length) : 1);

/** A refusal the caller sees as HTTP 400 with a GraphQL error saying which budget was passed. */
export function limitError(message: string, code = 'QUERY_TOO_COMPLEX'): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: { status: 400 } } });
}

/** Depth (through fragments), aliases and directives, checked while Apollo validates. */
export function limitValidationRules(): ValidationRule[] {
  // Armor throws its refusal by default, which Apollo answers with a 500; reported as a validation
  // error instead, the caller gets a 400 GRAPHQL_VALIDATION_FAILED.
  const report = {
    propagateOnRejection: false,
    exposeLimits: true,
    onReject: [(ctx: ValidationContext | null, error: GraphQLError) => ctx?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, '')))],
  };
  return [
    maxDepthRule({ n: graphqlBudgets.maxDepth, flattenFragments: true, ...report }) as unknown as ValidationRule,
    maxAliasesRule({ n: graphqlBudgets.maxAliases, ...report }) as unknown as ValidationRule,
    maxDirectivesRule({ n: graphqlBudgets.maxDirectives, ...report }) as unknown as ValidationRule,
  ];
}

const graphqlError = (message: string) => ({ errors: [{ message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] });

/**
 * Before Apollo (and before the response cache) sees a document: refuses one longer than the
 * character budget or with more tokens than the token budget (the parser stops counting at the
 * limit, so a huge document costs no more than a small one), then charges the caller's per-client
 * limit one request per root field (aliases included; the edge limiter counted the first), a
 * weighed field one per item of its list (`weighedFields`).
 */
export function documentLimits(charge?: LimitPluginOptions['charge']): RequestHandler {
  return async (req, res, next) => {
    // Once per request: the gateway's front may have checked it before handing it to Express.
    if (checked.has(req)) return next();
    checked.add(req);
    const bodies = Array.isArray(req.body) ? req.body : [req.body];
    for (const body of bodies) {
      const { query, operationName } = (body ?? {}) as { query?: unknown; operationName?: unknown };
      const text = typeof query === 'string' ? query : req.method === 'GET' ? queryParameter(req.url) : undefined;
      if (typeof text !== 'string') continue;
      if (text.length > graphqlBudgets.maxQueryChars) {
        sendJson(res, 400, graphqlError(`Query is too long (maximum ${graphqlBudgets.maxQueryChars} characters).`));
        return;
      }
      const shape = documentShape(text, typeof operationName === 'string' ? operationName : undefined);
      if (shape === 'too many tokens') {
        sendJson(res, 400, graphqlError(`Query has too many tokens (maximum ${graphqlBudgets.maxTokens}).`));
        return;
      }
      if (shape === 'syntax error') continue; // Apollo's to answer (400 GRAPHQL_PARSE_FAILED)
      const weight = requestWeight(shape, (body as { variables?: unknown } | undefined)?.variables);
      try {
        if (charge && weight > 1 && !(await charge(req, weight - 1))) {
          sendJson(res, 429, { errors: [{ message: messages.tooManyRequests, extensions: { code: 'TOO_MANY_REQUESTS' } }] });
          return;
        }
      } catch {
        // A rate-limit store outage must not take the shop down.
      }
    }
    next();
  };
}

/** The requests whose documents were checked (and charged) already. */
const checked = new WeakSet<IncomingMessage>();

/** The `query` parameter of a GET request's URL (node:http's request has no parsed query). */
function queryParameter(url: string | undefined): string | undefined {
  const at = url?.indexOf('?') ?? -1;
  if (at < 0) return undefined;
  return new URLSearchParams(url!.slice(at + 1)).get('query') ?? undefined;
}

/**
 * What the per-client limit counts of a document: its root fields, and of those weighed by a list
 * argument, where that list is (its length when written out, else the variable holding it).
 */
interface DocumentShape {
  rootFields: number;
  weighed: Array<{ items: number } | { variable: string; field?: string }>;
}

/** What a document text weighs, remembered per text and operation name (the shop's pages send the same few documents). */
const shapes = new Map<string, DocumentShape | 'too many tokens' | 'syntax error'>();
const REMEMBERED_WEIGHTS = 500;

function documentShape(text: string, operationName: string | undefined): DocumentShape | 'too many tokens' | 'syntax error' {
  const key = `${operationName ?? ''}\n${text}`;
  let shape = shapes.get(key);
  if (shape !== undefined) return shape;
  try {
    const document = new MaxTokensParserWLexer(text, { n: graphqlBudgets.maxTokens }).parseDocument();
    const operation = pickOperation(document, operationName);
    shape = operation ? shapeOf(document, operation) : { rootFields: 1, weighed: [] };
  } catch (err) {
    shape = err instanceof GraphQLError && /token/i.test(err.message) ? 'too many tokens' : 'syntax error';
  }
  // Oldest first once full: a caller sending ever-new documents only cycles this memory.
  if (shapes.size >= REMEMBERED_WEIGHTS) shapes.delete(shapes.keys().next().value!);
  shapes.set(key, shape);
  return shape;
}

/**
 * How many requests one GraphQL request counts as: one per root field, a weighed field one per
 * item of its list, with the request's own variables (so lines passed in variables count too).
 */
export function requestWeight(shape: DocumentShape, variables: unknown): number {
  const vars = variables && typeof variables === 'object' ? (variables as Record<string, unknown>) : {};
  let weight = shape.rootFields;
  for (const w of shape.weighed) {
    let value: unknown;
    if ('items' in w) value = Array.from({ length: w.items });
    else {
      value = vars[w.variable];
      if (w.field !== undefined) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[w.field] : undefined;
    }
    weight += itemCount(value) - 1;
  }
  return weight;
}

/** The shape of one operation of a parsed document (see DocumentShape). */
export function shapeOf(document: DocumentNode, operation: OperationDefinitionNode): DocumentShape {
  const typeName = operation.operation === 'mutation' ? 'Mutation' : operation.operation === 'subscription' ? 'Subscription' : 'Query';
  const weighed: DocumentShape['weighed'] = [];
  for (const field of rootFields(document, operation)) {
    const rule = weighedFields[`${typeName}.${field.name.value}`];
    if (!rule) continue;
    const arg = field.arguments?.find((a) => a.name.value === rule.argument)?.value;
    if (arg?.kind === Kind.LIST) weighed.push({ items: arg.values.length });
    else if (arg?.kind === Kind.VARIABLE) weighed.push({ variable: arg.name.value });
    else weighed.push({ items: 1 });
  }
  return { rootFields: rootFieldCount(document, operation), weighed };
}

/** The operation a request runs: the named one, or the only one (undefined when ambiguous: Apollo refuses it). */
function pickOperation(document: DocumentNode, name: string | undefined): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (name) return operations.find((o) => o.name?.value === name);
  return operations.length === 1 ? operations[0] : undefined;
}

/** The root field selections of the operation, through fragments (each spread once per path). */
function rootFields(document: DocumentNode, operation: OperationDefinitionNode): FieldNode[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const out: FieldNode[] = [];
  const walk = (set: SelectionSetNode, seen: Set<string>) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) out.push(sel);
      else if (sel.kind === Kind.INLINE_FRAGMENT) walk(sel.selectionSet, seen);
      else {
        const fragment = fragments.get(sel.name.value);
        if (fragment && !seen.has(sel.name.value)) walk(fragment.selectionSet, new Set([...seen, sel.name.value]));
      }
    }
  };
  walk(operation.selectionSet, new Set());
  return out;
}

/** Root fields of the operation, aliases and fragments included: what the per-client limit counts. */
export function rootFieldCount(document: DocumentNode, operation: OperationDefinitionNode): number {
  return rootFields(document, operation).filter((f) => !f.name.value.startsWith('__')).length;
}

export interface LimitPluginOptions {
  /** Counts `weight` more requests against the caller's per-client limit; false once over it. */
  charge?: (req: Request, weight: number) => Promise<boolean>;
}

/**
 * After Apollo has parsed and validated a request and before the gateway plans it (so before any
 * subgraph is called): refuses an operation it cannot pick (400, never 500), subscriptions, and
 * an operation over the cost budget.
 */
export function graphqlLimitsPlugin(): ApolloServerPlugin<{ req: Request }> {
  const plainCosts = new WeakMap<DocumentNode, WeakMap<OperationDefinitionNode, number>>();
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, operation, schema }) {
          if (!operation) {
            const name = request.operationName;
            throw limitError(
              name ? `Unknown operation named "${name}".` : name === '' ? 'operationName must name an operation of the document, or be left out.' : 'Must provide operationName when the document holds several operations.',
              'OPERATION_RESOLUTION_FAILURE',
            );
          }
          if (operation.operation === 'subscription') throw limitError('Subscriptions are not supported here.', 'BAD_REQUEST');
          // Without variables the cost depends on the document alone (Apollo hands the same parsed document for the same text).
          const plain = request.variables === undefined || Object.keys(request.variables).length === 0;
          let cost: number | undefined = plain ? plainCosts.get(document)?.get(operation) : undefined;
          if (cost !== undefined) {
            if (cost > graphqlBudgets.maxCost) throw limitError(`Query is too expensive: cost ${cost}, maximum ${graphqlBudgets.maxCost}. Ask for fewer items per list.`);
            return;
          }
          try {
            cost = getComplexity({
              estimators: [costEstimator],
              schema,
              query: document,
              variables: request.variables ?? {},
              operationName: request.operationName || undefined,
            });
          } catch {
            // Variables that do not fit the operation: Apollo refuses them next with a 400.
            return;
          }
          if (plain) (plainCosts.get(document) ?? plainCosts.set(document, new WeakMap()).get(document)!).set(operation, cost);
          if (cost > graphqlBudgets.maxCost) {
            throw limitError(`Query is too expensive: cost ${cost}, maximum ${graphqlBudgets.maxCost}. Ask for fewer items per list.`);
          }
        },
      };
    },
  };
}

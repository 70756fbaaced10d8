import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  parse,
  typeFromAST,
  type DocumentNode,
  type GraphQLInputType,
  type OperationDefinitionNode,
} from 'graphql';
import { getComplexity } from 'graphql-query-complexity';
import { costEstimator, graphqlBudgets, requestWeight, rootFieldCount, shapeOf, weighedFields } from './graphql-limits';
import { composedApiSchema } from './supergraph';
import { webGraphqlDocuments } from './web-graphql-documents';

const schema = composedApiSchema();
const cost = (query: string, variables: Record<string, unknown> = {}) => getComplexity({ estimators: [costEstimator], schema, query: parse(query), variables });

/** The largest value the web app would send for a variable of this name and type. */
function largestValue(name: string, type: GraphQLInputType): unknown {
  const inner = getNullableType(type) as GraphQLInputType;
  if (isListType(inner)) return [largestValue(name, inner.ofType)];
  if (isInputObjectType(inner)) {
    return Object.fromEntries(
      Object.values(inner.getFields())
        .filter((f) => isNonNullType(f.type))
        .map((f) => [f.name, largestValue(f.name, f.type)]),
    );
  }
  if (isEnumType(inner)) return inner.getValues()[0]!.value;
  switch (getNamedType(inner).name) {
    case 'Int':
      return name === 'limit' ? 48 : name === 'days' ? 90 : 1;
    case 'Float':
      return 1;
    case 'Boolean':
      return true;
    default:
      return 'x';
  }
}

/** Every GraphQL document the web app sends (its document modules, decision 0084). */
function webDocuments(): Array<{ name: string; document: DocumentNode }> {
  return webGraphqlDocuments().map(({ exportName, document }) => ({ name: exportName, document }));
}

describe('GraphQL budgets', () => {
  test("every document the shop's own web app sends fits every budget, at its largest page sizes", () => {
    const documents = webDocuments();
    expect(documents.length).toBeGreaterThan(30);
    const costs: Record<string, number> = {};
    for (const { name, document } of documents) {
      const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
      const variables = Object.fromEntries(
        (operation.variableDefinitions ?? []).map((v) => [v.variable.name.value, largestValue(v.variable.name.value, typeFromAST(schema, v.type as never) as GraphQLInputType)]),
      );
      costs[name] = getComplexity({ estimators: [costEstimator], schema, query: document, variables });
      if (costs[name]! > graphqlBudgets.maxCost) throw new Error(`${name} costs ${costs[name]}, over the budget of ${graphqlBudgets.maxCost}`);
      expect(rootFieldCount(document, operation)).toBeLessThanOrEqual(graphqlBudgets.maxAliases);
    }
    if (process.env.SHOW_COSTS) process.stdout.write(`${JSON.stringify(costs)}\n`);
    // The heaviest pages stay well inside the budget (leaves room for their growth).
    expect(Math.max(...Object.values(costs))).toBeLessThan(graphqlBudgets.maxCost * 0.75);
  });

  test('lists multiply by their page size, so nesting `related` grows the cost geometrically', () => {
    const summary = 'id name price';
    expect(cost(`{ products(limit: 48) { products { ${summary} } total } }`)).toBe(1 + 48);
    const nested = (levels: number): string => (levels === 0 ? summary : `${summary} related(limit: 4) { ${nested(levels - 1)} }`);
    const threeLevels = cost(`{ products(limit: 48) { products { ${nested(3)} } } }`);
    expect(threeLevels).toBeGreaterThan(graphqlBudgets.maxCost);
    // Fragments do not hide it.
    const viaFragments = cost(`
      { products(limit: 48) { products { ...A } } }
      fragment A on Product { related(limit: 4) { ...B } }
      fragment B on Product { related(limit: 4) { ...C } }
      fragment C on Product { related(limit: 4) { id } }`);
    expect(viaFragments).toBeGreaterThan(graphqlBudgets.maxCost);
    // A huge limit is counted as asked.
    expect(cost('{ products(limit: 100000) { products { id } } }')).toBeGreaterThan(graphqlBudgets.maxCost);
  });

  test('root fields are counted through aliases and fragments', () => {
    const document = parse('query Q { a: categories { name } b: categories { name } ...F } fragment F on Query { c: colorPalette { name } me { id } }');
    const operation = document.definitions[0] as OperationDefinitionNode;
    expect(rootFieldCount(document, operation)).toBe(4);
  });
});

describe('a guest-cart merge is weighed by its lines (decision 0097)', () => {
  const guestLines = (n: number) => Array.from({ length: n }, (_, i) => ({ productId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, quantity: 1 }));
  const MERGE = 'mutation M($k: ID!, $lines: [GuestCartLineInput!]!) { mergeGuestCart(mergeKey: $k, lines: $lines) { success results { status } } }';
  const aliased = (n: number) => `mutation M($k: ID!, $lines: [GuestCartLineInput!]!) { ${Array.from({ length: n }, (_, i) => `m${i}: mergeGuestCart(mergeKey: $k, lines: $lines) { success }`).join(' ')} }`;

  test('its cost grows with the lines passed in variables', () => {
    const one = cost(MERGE, { k: 'x', lines: guestLines(1) });
    const fifty = cost(MERGE, { k: 'x', lines: guestLines(50) });
    expect(fifty - one).toBe(49 * weighedFields['Mutation.mergeGuestCart']!.itemCost);
  });

  test("the web app's merge of a full guest cart fits the budget; 15 aliased merges of 50 lines do not, nor do 2", () => {
    const web = webDocuments().find((d) => d.name === 'MERGE_GUEST_CART')!;
    expect(getComplexity({ estimators: [costEstimator], schema, query: web.document, variables: { mergeKey: 'x', lines: guestLines(50) } })).toBeLessThanOrEqual(graphqlBudgets.maxCost);
    expect(cost(aliased(15), { k: 'x', lines: guestLines(50) })).toBeGreaterThan(graphqlBudgets.maxCost);
    expect(cost(aliased(2), { k: 'x', lines: guestLines(50) })).toBeGreaterThan(graphqlBudgets.maxCost);
  });

  test('the rate limit counts one request per line, written out or in variables, through aliases and fragments', () => {
    const weightOf = (query: string, variables?: unknown) => {
      const document = parse(query);
      const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
      return requestWeight(shapeOf(document, operation), variables);
    };
    expect(weightOf(MERGE, { k: 'x', lines: guestLines(50) })).toBe(50);
    expect(weightOf(aliased(15), { k: 'x', lines: guestLines(50) })).toBe(750);
    expect(weightOf(`mutation { mergeGuestCart(mergeKey: "k", lines: [{ productId: "a", quantity: 1 }, { productId: "b", quantity: 1 }]) { success } w: addToWishlist(productId: "x") { success } }`)).toBe(3);
    expect(weightOf(`mutation M($lines: [GuestCartLineInput!]!) { ...F } fragment F on Mutation { a: mergeGuestCart(mergeKey: "k", lines: $lines) { success } }`, { lines: guestLines(7) })).toBe(7);
    // Lines that are not a list (Apollo refuses them next) count one.
    expect(weightOf(MERGE, { k: 'x', lines: 'all' })).toBe(1);
  });
});

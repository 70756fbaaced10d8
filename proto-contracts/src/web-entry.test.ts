import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The web's entry (`@shop/proto-contracts/web`, decision 0076) must stay free of zod and of Node
 * modules, or the shopper's bundle grows by zod again: every module it reaches, through value
 * imports, is read here.
 */
function valueImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)([^;]*?)\s+from\s+'([^']+)'/gms)) specs.push(m[2]!);
  return specs;
}

function reachedFrom(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    const specs = valueImportsOf(file);
    seen.set(file, specs);
    for (const spec of specs) if (spec.startsWith('.')) walk(join(file, '..', `${spec}.ts`));
  };
  walk(entry);
  return seen;
}

test('the web entry reaches no zod and no Node module', () => {
  const reached = reachedFrom(join(__dirname, 'web.ts'));
  const outside = [...reached].flatMap(([file, specs]) => specs.filter((s) => !s.startsWith('.')).map((s) => `${file.slice(__dirname.length + 1)} → ${s}`));
  expect(outside).toEqual([]);
  // It does carry the lists the web used to copy.
  expect([...reached.keys()].map((f) => f.slice(__dirname.length + 1)).sort()).toEqual(
    expect.arrayContaining(['order-status.ts', 'order-rules.ts', 'cart-rules.ts', 'return-rules.ts', 'catalog-rules.ts']),
  );
});

test('the web entry gives the server its own texts and lists', async () => {
  const web = await import('./web');
  const server = await import('./index');
  expect(web.cartMessages).toBe(server.cartMessages);
  expect(web.orderMessages).toBe(server.orderMessages);
  expect(web.catalogMessages).toBe(server.catalogMessages);
  expect(web.ORDER_STATUSES).toBe(server.ORDER_STATUSES);
  expect(web.RETURN_STATUSES).toBe(server.RETURN_STATUSES);
});

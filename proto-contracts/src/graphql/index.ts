import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ORDER_STATUSES } from '../order-status';

export type SubgraphName = 'auth' | 'catalog' | 'cart' | 'order' | 'media';

const enumSdl = (name: string, description: string, values: readonly string[]) => `\n"${description}"\nenum ${name} {\n${values.map((v) => `  ${v}`).join('\n')}\n}\n`;

/** Enums written from the lists in proto-contracts (the wire values are the lists' own, lower-case). */
const GENERATED_SDL: Partial<Record<SubgraphName, string>> = {
  order: enumSdl('OrderStatus', 'An order status, lower-case as stored (order-status.ts).', ORDER_STATUSES),
};

/** The SDL text of a subgraph: proto-contracts/src/graphql/<name>.graphql and the enums written from proto-contracts' lists. */
export function subgraphSdl(name: SubgraphName): string {
  return readFileSync(join(__dirname, `${name}.graphql`), 'utf8') + (GENERATED_SDL[name] ?? '');
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type SubgraphName = 'auth' | 'catalog' | 'cart' | 'order' | 'media';

/** The SDL text of a subgraph, as committed in proto-contracts/src/graphql/<name>.graphql. */
export function subgraphSdl(name: SubgraphName): string {
  return readFileSync(join(__dirname, `${name}.graphql`), 'utf8');
}

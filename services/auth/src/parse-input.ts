/** Every schema is read the one shared way (unstorable text refused first): see platform's parseInput. */
export { parseInput } from '@shop/platform';

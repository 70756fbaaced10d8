export * from './events';
export * from './messages';
export * from './auth';
export * from './graphql/index';
export * from './money';
export * from './catalog';
export * from './cart';
export * from './pricing';

export * from './events';
export * from './messages';
export * from './auth';
export * from './graphql/index';
export * from './money';
export * from './catalog';
export * from './cart';
export * from './pricing';
export * from './order';
export * from './text';
export * from './newsletter';
export * from './returns';
export * from './invoice';
export * from './coupons';

export * from './oidc';
export * from './shipping';
export * from './order-admin';

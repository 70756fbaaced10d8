import { z } from 'zod';
import { ConfigError, loadConfig } from './config';

/** What an operator sees when a setting is wrong: every problem named, in one message. */
describe('loadConfig', () => {
  const shape = { PAYMENT_KEY_ID: z.string().optional(), PAYMENT_KEY_SECRET: z.string().optional(), PORT: z.coerce.number() };

  test('a value left as `${VAR:-}` by a tool that did not expand it is refused, named with the other problems', () => {
    const load = () => loadConfig(shape, { PAYMENT_KEY_ID: '${PAYMENT_KEY_ID:-}', PAYMENT_KEY_SECRET: 'pay_${SECRET}', PORT: 'x' });
    expect(load).toThrow(ConfigError);
    const message = (() => {
      try {
        load();
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(message).toContain('PAYMENT_KEY_ID: looks like an unexpanded variable');
    expect(message).toContain('PAYMENT_KEY_SECRET: looks like an unexpanded variable');
    expect(message).toContain('PORT:');
  });

  test('ordinary values, a lone dollar sign and empty settings are taken as they are', () => {
    expect(loadConfig(shape, { PAYMENT_KEY_ID: 'rzp_live_abc$123', PAYMENT_KEY_SECRET: '', PORT: '4004' })).toEqual({ PAYMENT_KEY_ID: 'rzp_live_abc$123', PAYMENT_KEY_SECRET: undefined, PORT: 4004 });
  });
});

import { createLogger } from '../logger';
import { InProcessBus } from './in-process-bus';
import { makeEvent } from './outbox';

/** A backup's recording of the embedded bus (decision 0101): what was on its way is kept and can be handed on again. */
describe('InProcessBus recordings', () => {
  const logger = createLogger('test', 'silent');

  test('a recording holds the deliveries not yet handled when it began and those begun during it, not those handled before', async () => {
    const bus = new InProcessBus(logger);
    const handled: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await bus.subscribe({
      queue: 'test.slow',
      types: ['ProductChanged'],
      handler: async (event) => {
        if (event.payload.productId === 'held') await gate;
        handled.push(String(event.payload.productId));
      },
    });
    const event = (productId: string) => makeEvent('catalog', 'ProductChanged', { productId } as never);
    await bus.publish(event('before'));
    await new Promise((r) => setTimeout(r, 20));
    expect(handled).toEqual(['before']);
    await bus.publish(event('held'));
    const recording = bus.recordDeliveries();
    await bus.publish(event('during'));
    await new Promise((r) => setTimeout(r, 20));
    const recorded = recording.stop();
    await bus.publish(event('after'));
    expect(recorded.map((d) => [d.queue, d.event.payload.productId])).toEqual([
      ['test.slow', 'held'],
      ['test.slow', 'during'],
    ]);
    release();
    await new Promise((r) => setTimeout(r, 20));
    expect(handled).toEqual(['before', 'during', 'held', 'after']);
    await bus.close();
  });

  test('redeliver hands an event to the subscription of its queue and resolves once it is handled', async () => {
    const bus = new InProcessBus(logger);
    const seen: string[] = [];
    await bus.subscribe({ queue: 'test.a', types: ['ProductChanged'], handler: async (e) => void seen.push(`a:${e.id}`) });
    await bus.subscribe({ queue: 'test.b', types: ['ProductChanged'], handler: async (e) => void seen.push(`b:${e.id}`) });
    const event = makeEvent('catalog', 'ProductChanged', { productId: 'p1' } as never);
    await bus.redeliver('test.b', event);
    expect(seen).toEqual([`b:${event.id}`]);
    await bus.redeliver('test.gone', event);
    expect(seen).toEqual([`b:${event.id}`]);
    await bus.close();
  });
});

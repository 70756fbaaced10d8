import { orderNumberOf, type ReturnStatus } from '@shop/proto-contracts';
import type { Mail } from '@shop/platform';
import type { ReturnStepRow } from '../db/schema';
import { formatInr } from './order-mail';
import type { ReturnDetails } from './return.model';

const news: Record<ReturnStatus, (n: string, r: ReturnDetails) => { subject: string; line: string }> = {
  requested: (n) => ({
    subject: `ShopKart: we received your return request for order ${n}`,
    line: `We received your request to return items of order ${n}. Our team will review it and write to you.`,
  }),
  approved: (n) => ({
    subject: `ShopKart: your return for order ${n} is approved`,
    line: `Your return for order ${n} is approved. Please pack the items; our courier will pick them up.`,
  }),
  rejected: (n) => ({ subject: `ShopKart: your return for order ${n} was not accepted`, line: `We could not accept your return for order ${n}.` }),
  received: (n, r) => ({
    subject: `ShopKart: we received your returned items of order ${n}`,
    line: `The items you returned from order ${n} reached us. Your refund of ${formatInr(r.refundPaise)} is on its way.`,
  }),
  refunded: (n, r) => ({
    subject: `ShopKart: your refund for order ${n} was paid`,
    line: `We paid your refund of ${formatInr(r.refundPaise)} for order ${n} by ${r.refundMethod ?? 'the agreed method'} (reference ${r.refundReference ?? '—'}).`,
  }),
};

/** The mail telling the shopper their return reached `step` (with staff's note, when there is one). */
export function returnMail(r: ReturnDetails, step: ReturnStepRow, to: { email: string; name: string }, publicUrl: string): Mail {
  const { subject, line } = news[step.status](orderNumberOf(r.orderId), r);
  const text = [
    `Hello ${to.name.trim() || 'there'},`,
    '',
    line,
    ...(step.note ? ['', `Note from our team: ${step.note}`] : []),
    '',
    'Items:',
    ...r.items.map(({ line: l, quantity }) => `  • ${l.name}${l.size ? ` (size ${l.size})` : ''} × ${quantity}`),
    '',
    `Follow your return: ${publicUrl.replace(/\/+$/, '')}/orders/${r.orderId}`,
    '',
    'Thank you for shopping with ShopKart.',
    '— The ShopKart team',
  ].join('\n');
  return { to: to.email, subject, text };
}

import fc from 'fast-check';
import { inboxKeyOf } from './mailbox';

const localChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'.split(''));
const localPart = fc.array(localChar, { minLength: 1, maxLength: 12 }).map((cs) => cs.join(''));
/** A local part with dots inside (never leading or trailing, never two together). */
const dottedLocal = fc.array(localPart, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.'));
const tag = fc.array(fc.constantFrom(...'abcXYZ019.-+'.split('')), { minLength: 0, maxLength: 8 }).map((cs) => cs.join(''));
const otherDomain = fc.constantFrom('example.com', 'Example.IN', 'yahoo.co.in', 'rediffmail.com', 'outlook.com', 'gmail.co.in', 'mail.gmail.com');
const dotlessDomain = fc.constantFrom('gmail.com', 'googlemail.com', 'GMail.com', 'GoogleMail.COM');
const anyAddress = fc.tuple(dottedLocal, tag, fc.oneof(otherDomain, dotlessDomain)).map(([l, t, d]) => `${l}${t ? `+${t}` : ''}@${d}`);

describe('inboxKeyOf: one key per inbox (decision 0099)', () => {
  test('the issue: victim@example.com, Victim+1@… and victim+2@… are one inbox', () => {
    const keys = ['victim@example.com', 'Victim+1@example.com', 'victim+2@EXAMPLE.com'].map(inboxKeyOf);
    expect(new Set(keys)).toEqual(new Set(['victim@example.com']));
  });

  test('gmail.com and googlemail.com are one provider that ignores dots', () => {
    expect(inboxKeyOf('V.ic.Tim+news@googlemail.com')).toBe('victim@gmail.com');
    expect(inboxKeyOf('victim@gmail.com')).toBe('victim@gmail.com');
  });

  test('the case of the address does not change its inbox', () => {
    fc.assert(fc.property(anyAddress, (a) => inboxKeyOf(a.toUpperCase()) === inboxKeyOf(a) && inboxKeyOf(a.toLowerCase()) === inboxKeyOf(a)));
  });

  test('a +tag does not change the inbox, whatever the tag holds', () => {
    fc.assert(fc.property(dottedLocal, tag, fc.oneof(otherDomain, dotlessDomain), (l, t, d) => inboxKeyOf(`${l}+${t}@${d}`) === inboxKeyOf(`${l}@${d}`)));
  });

  test('at gmail.com and googlemail.com, dots anywhere in the local part do not change the inbox', () => {
    fc.assert(
      fc.property(fc.array(localPart, { minLength: 1, maxLength: 4 }), dotlessDomain, dotlessDomain, (parts, d1, d2) => inboxKeyOf(`${parts.join('.')}@${d1}`) === inboxKeyOf(`${parts.join('')}@${d2}`)),
    );
  });

  test('elsewhere the dots count: a.b@ and ab@ are different inboxes, and so are different domains', () => {
    fc.assert(
      fc.property(localPart, localPart, otherDomain, (a, b, d) => inboxKeyOf(`${a}.${b}@${d}`) !== inboxKeyOf(`${a}${b}@${d}`)),
    );
    fc.assert(fc.property(dottedLocal, otherDomain, otherDomain, (l, d1, d2) => (d1.toLowerCase() === d2.toLowerCase()) === (inboxKeyOf(`${l}@${d1}`) === inboxKeyOf(`${l}@${d2}`))));
  });

  test('different local parts (beyond case, tag and ignored dots) stay different inboxes', () => {
    fc.assert(
      fc.property(localPart, localPart, fc.oneof(otherDomain, dotlessDomain), (a, b, d) => (a.toLowerCase() === b.toLowerCase()) === (inboxKeyOf(`${a}@${d}`) === inboxKeyOf(`${b}@${d}`))),
    );
  });

  test('a key is its own key (normalising twice changes nothing), and is an address of the same domain family', () => {
    fc.assert(
      fc.property(anyAddress, (a) => {
        const key = inboxKeyOf(a);
        return inboxKeyOf(key) === key && key === key.toLowerCase() && !key.slice(0, key.lastIndexOf('@')).includes('+');
      }),
    );
  });
});

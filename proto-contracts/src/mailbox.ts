/**
 * The inbox an email address delivers to, for counting mail against it (decision 0099). Zod-free.
 * Mail to `Victim+1@example.com`, `victim+2@example.com` and `victim@example.com` lands in one
 * inbox, and so does mail to `v.ic.tim@googlemail.com` and `victim@gmail.com`: a limit kept per
 * address alone lets anyone aim as many mails at one person as they can write variants.
 */

/** Providers that deliver an address with dots in its local part to the same inbox as without, under their one name. */
const DOTLESS_PROVIDERS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The key of an address's inbox: lower-cased, the `+tag` dropped from the local part, and for
 * gmail.com / googlemail.com (one provider) the dots too. Only for limits: the shop still mails and
 * stores the address as given. A value without `@` is only lower-cased.
 */
export function inboxKeyOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  let local = address.slice(0, at);
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  const provider = DOTLESS_PROVIDERS[domain];
  if (provider) return `${local.replace(/\./g, '')}@${provider}`;
  return `${local}@${domain}`;
}

import type { BookAddress, PublicUser } from '@shop/proto-contracts';
import { lookupPin } from '@shop/platform';
import type { StoredAddress, UserRow } from '../db/schema';

/**
 * A saved address as callers see it; the first is the default. An address saved before the
 * address book without city or state shows the PIN directory's (decision 0066), so checkout can
 * use it as it is.
 */
export function toBookAddress(a: StoredAddress, index: number): BookAddress {
  const place = !a.city || !a.state || !a.district ? lookupPin(a.pin) : null;
  return {
    id: a.id,
    isDefault: index === 0,
    recipientName: a.recipientName ?? null,
    phone: a.phone ?? null,
    line1: a.line1 ?? null,
    line2: a.line2 ?? null,
    landmark: a.landmark ?? null,
    pin: a.pin,
    city: a.city ?? place?.city ?? null,
    district: a.district ?? place?.district ?? null,
    state: a.state ?? place?.state ?? null,
    country: a.country ?? null,
    other: a.other,
  };
}

/** The user as callers see it. Built field by field, so a new column never leaks by accident. */
export function toPublicUser(row: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'phones' | 'addresses' | 'avatar' | 'emailVerifiedAt' | 'createdAt'>): PublicUser {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    phone: [...row.phones],
    address: row.addresses.map(toBookAddress),
    avatar: row.avatar ?? null,
    emailVerifiedAt: row.emailVerifiedAt ? row.emailVerifiedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

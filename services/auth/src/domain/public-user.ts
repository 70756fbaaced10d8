import type { PublicUser } from '@shop/proto-contracts';
import type { UserRow } from '../db/schema';

/** The user as callers see it. Built field by field, so a new column never leaks by accident. */
export function toPublicUser(row: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'phones' | 'addresses' | 'avatar' | 'emailVerifiedAt' | 'createdAt'>): PublicUser {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    phone: [...row.phones],
    address: row.addresses.map((a) => ({
      pin: a.pin,
      other: a.other,
      ...(a.city ? { city: a.city } : {}),
      ...(a.state ? { state: a.state } : {}),
      ...(a.country ? { country: a.country } : {}),
    })),
    avatar: row.avatar ?? null,
    emailVerifiedAt: row.emailVerifiedAt ? row.emailVerifiedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

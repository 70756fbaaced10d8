import type { Role } from '../../../lib/session-user';

/** What the dashboard shell can show; the section lives in the address as `?section=`. */
export type AdminSection = 'dashboard' | 'users' | 'orders' | 'products' | 'low-stock' | 'reviews' | 'categories';

export const SECTION_PARAM = 'section';

const SECTIONS: readonly AdminSection[] = ['dashboard', 'users', 'orders', 'products', 'low-stock', 'reviews', 'categories'];

/** Only an admin lists users (their emails are the admin's to read, decision 0043); everything else is for all staff. */
export function canSeeSection(section: AdminSection, role: Role): boolean {
  return section !== 'users' || role === 'admin';
}

/** The spec's default is Users; an emp, who may not list users, starts at Orders. */
export function defaultSection(role: Role): AdminSection {
  return role === 'admin' ? 'users' : 'orders';
}

/** `?section=` as written in the address; unknown or not allowed for the role means the default. */
export function parseSection(value: string | null, role: Role): AdminSection {
  const known = SECTIONS.find((section) => section === value);
  return known && canSeeSection(known, role) ? known : defaultSection(role);
}

/** The address of a section of /admin. */
export function sectionHref(section: AdminSection): string {
  return `/admin?${SECTION_PARAM}=${section}`;
}

export const SECTION_TITLES: Record<AdminSection, string> = {
  dashboard: 'Dashboard',
  users: 'Users',
  orders: 'Orders',
  products: 'Products',
  'low-stock': 'Low stock',
  reviews: 'Reviews',
  categories: 'Categories',
};

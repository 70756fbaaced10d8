/**
 * A top-level category as the storefront links to it. Categories are data on the server (staff
 * add, rename, move and hide them): every list the shop shows comes from the catalog's answer,
 * never from a copy in the web app.
 */
export interface CategoryLink {
  /** 0-based position; listing routes and the API address a category by it. */
  index: number;
  name: string;
  href: string;
}

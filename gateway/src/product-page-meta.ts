/** The product fields the page head needs (the catalog's REST product). */
export interface ProductForMeta {
  _id: string;
  id?: string;
  name: string;
  description?: string;
  price: number;
  image?: string[];
  stock?: number;
  rating?: number;
  reviews?: number;
  categoryName?: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON inside a <script> must not be able to close it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const summary = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/**
 * The SPA's index.html with a product's title, description, Open Graph tags and Product JSON-LD,
 * so crawlers and link previews see the product before any JavaScript runs.
 */
export function withProductMeta(indexHtml: string, product: ProductForMeta, origin: string): string {
  const title = `${product.name} – ShopKart`;
  const description = summary(product.description || `Buy ${product.name} at ShopKart. Cash on delivery and free returns within 30 days.`);
  const url = `${origin}/product/${encodeURIComponent(product._id)}`;
  // Only the shop's own images (paths under the public origin); anything else is left out.
  // (already absolute when the gateway makes picture URLs absolute under PUBLIC_URL).
  const images = (product.image ?? [])
    .filter((src) => (src.startsWith('/') && !src.startsWith('//')) || src.startsWith(`${origin}/`))
    .map((src) => (src.startsWith('/') ? `${origin}${src}` : src));
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description,
    sku: product.id ?? product._id,
    image: images,
    category: product.categoryName,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'INR',
      price: product.price.toFixed(2),
      availability: (product.stock ?? 0) > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  if ((product.reviews ?? 0) > 0) {
    jsonLd.aggregateRating = { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.reviews };
  }
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:site_name" content="ShopKart" />`,
    `<meta property="og:title" content="${escapeHtml(product.name)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(images[0] ? [`<meta property="og:image" content="${escapeHtml(images[0])}" />`] : []),
    `<meta property="product:price:amount" content="${product.price.toFixed(2)}" />`,
    `<meta property="product:price:currency" content="INR" />`,
    `<script type="application/ld+json">${scriptJson(jsonLd)}</script>`,
  ].join('\n    ');
  // Replacer functions, never replacement strings: `$&`, `$'` or `` $` `` in product text stay text.
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(description)}" />`)
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

/**
 * The media service stores each product image as a 1200 px `detail` and a 400 px `card` WebP
 * (`…/detail.webp`, `…/card.webp`); other URLs are used as they are.
 */
export function cardVariantOf(url: string): string {
  return url.replace(/\/detail\.webp(\?.*)?$/, '/card.webp$1');
}

/** The product page's main image: both variants, the browser picks by width. */
export function detailImageSources(url: string): { src: string; srcSet?: string; sizes?: string } {
  const card = cardVariantOf(url);
  if (card === url) return { src: url };
  return { src: url, srcSet: `${card} 400w, ${url} 1200w`, sizes: '(max-width: 900px) 92vw, 560px' };
}

/**
 * Starts loading the image that will be the page's largest paint as soon as its URL is known
 * (the same sources as the <img>, so the browser uses this download for it).
 */
export function preloadImage({ src, srcSet, sizes }: { src: string; srcSet?: string; sizes?: string }): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  if (srcSet) link.setAttribute('imagesrcset', srcSet);
  if (sizes) link.setAttribute('imagesizes', sizes);
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

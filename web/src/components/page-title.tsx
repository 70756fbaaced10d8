import { useEffect } from 'react';

const SITE_NAME = 'ShopKart';

function descriptionTag(): HTMLMetaElement | null {
  return document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
}

// The description in index.html, restored when a page that set its own goes away.
const DEFAULT_DESCRIPTION = typeof document === 'undefined' ? '' : (descriptionTag()?.content ?? '');

/** Sets the meta description of the page while it is shown (index.html holds the default). */
export function usePageDescription(description: string | undefined): void {
  useEffect(() => {
    const text = description?.replace(/\s+/g, ' ').trim();
    if (!text) return;
    let tag = descriptionTag();
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
    return () => {
      const current = descriptionTag();
      if (current) current.content = DEFAULT_DESCRIPTION;
    };
  }, [description]);
}

/**
 * The page's title ('Leather Wallet – ShopKart'; React 19 hoists <title> into <head>) and,
 * when given, its meta description.
 */
export function PageTitle({ title, description }: { title: string; description?: string }) {
  usePageDescription(description);
  return <title>{`${title} – ${SITE_NAME}`}</title>;
}

import { useState, type KeyboardEvent } from 'react';
import { ImageOffIcon } from '../../../components/icons';
import { cardVariantOf, detailImageSources } from '../../../lib/product-images';

const MAIN_SIZE = 600;
const THUMB_SIZE = 72;

/**
 * The product's images: one large, the others as thumbnail buttons below (Tab to reach them,
 * Enter or Space to show one, arrow keys to move between them).
 */
export function ImageGallery({ images, name }: { images: string[]; name: string }) {
  const [active, setActive] = useState(0);

  if (images.length === 0) {
    return (
      <div className="gallery gallery--empty">
        <ImageOffIcon size={48} />
        <p>No images available</p>
      </div>
    );
  }

  const current = Math.min(active, images.length - 1);
  const main = detailImageSources(images[current]);

  function onThumbKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (current + step + images.length) % images.length;
    setActive(next);
    event.currentTarget.querySelectorAll('button')[next]?.focus();
  }

  return (
    <div className="gallery">
      <div className="gallery__main">
        <img
          src={main.src}
          srcSet={main.srcSet}
          sizes={main.sizes}
          alt={images.length > 1 ? `${name}, image ${current + 1} of ${images.length}` : name}
          width={MAIN_SIZE}
          height={MAIN_SIZE}
          fetchPriority="high"
          decoding="async"
        />
      </div>
      {images.length > 1 ? (
        <ul className="gallery__thumbs" aria-label="Product images" onKeyDown={onThumbKeyDown}>
          {images.map((image, index) => (
            <li key={`${image}-${index}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => setActive(index)}
              >
                <img src={cardVariantOf(image)} alt="" width={THUMB_SIZE} height={THUMB_SIZE} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

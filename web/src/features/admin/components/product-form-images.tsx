import { Spinner } from '../../../components/spinner';
import { cardVariantOf } from '../../../lib/product-images';
import { ACCEPTED_IMAGE_TYPES } from '../api/product-form-upload';
import type { ProductImageUpload } from '../hooks/product-form-images';
import { MAX_PRODUCT_IMAGES, productFormMessages } from '../hooks/product-form-model';
import { ProductFormField } from './product-form-field';

interface ProductFormImagesProps {
  id: string;
  images: string[];
  upload: ProductImageUpload;
  onRemove(index: number): void;
  onMakeMain(index: number): void;
  /** The control's label (a colour's pictures are labelled with the colour). */
  label?: string;
}

/**
 * The product's images: an upload control (disabled while uploading and at the maximum), the
 * count next to the label, and a thumbnail of each image with Remove and Make main.
 */
export function ProductFormImages({ id, images, upload, onRemove, onMakeMain, label = 'Images' }: ProductFormImagesProps) {
  const uploading = upload.pending > 0;
  const full = images.length >= MAX_PRODUCT_IMAGES;
  return (
    <div className="product-form__images">
      <ProductFormField
        id={id}
        label={label}
        optional
        aside={
          <span className="product-form__count" aria-hidden="true">
            {images.length}/{MAX_PRODUCT_IMAGES}
          </span>
        }
        hint={
          <>
            PNG, JPEG, GIF or WebP. Up to 10MB per file. The first image is the main one.
            <span className="sr-only">
              {' '}
              {images.length} of {MAX_PRODUCT_IMAGES} images added.
            </span>
          </>
        }
      >
        {(control) => (
          <input
            {...control}
            className="field__file"
            type="file"
            multiple
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            disabled={uploading || full}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              void upload.addFiles(files);
            }}
          />
        )}
      </ProductFormField>

      <div className="product-form__upload-status" aria-live="polite">
        {uploading ? (
          <p className="product-form__uploading">
            <Spinner size="sm" /> Uploading {upload.pending === 1 ? 'image' : `${upload.pending} images`}…
          </p>
        ) : full ? (
          <p className="product-form__note">{productFormMessages.tooManyImages}</p>
        ) : null}
        {upload.problem && !uploading ? <p className="product-form__error">{upload.problem}</p> : null}
      </div>

      {images.length > 0 || uploading ? (
        <ul className="product-form__thumbs" aria-label={`${label} previews`}>
          {images.map((url, index) => (
            <li key={url} className="product-form__thumb">
              <img src={cardVariantOf(url)} alt={`Image ${index + 1}${index === 0 ? ' (main)' : ''}`} width={96} height={96} />
              {index === 0 ? <span className="product-form__thumb-badge">Main</span> : null}
              <div className="product-form__thumb-actions">
                {index > 0 ? (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => onMakeMain(index)}
                    aria-label={`Make image ${index + 1} the main image`}
                  >
                    Make main
                  </button>
                ) : null}
                <button
                  type="button"
                  className="link-button product-form__remove"
                  onClick={() => onRemove(index)}
                  aria-label={`Remove image ${index + 1}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
          {Array.from({ length: upload.pending }, (_, index) => (
            <li key={`pending-${index}`} className="product-form__thumb product-form__thumb--pending" aria-hidden="true">
              <Spinner size="md" />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

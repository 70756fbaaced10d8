import { useProductImageUpload } from '../hooks/product-form-images';
import { ProductFormImages } from './product-form-images';

interface ProductFormColorImagesProps {
  idPrefix: string;
  colors: string[];
  colorImages: Record<string, string[]>;
  onUpdate(color: string, update: (images: string[]) => string[]): void;
}

/**
 * Pictures per chosen colour: the product page shows a colour's own pictures when the shopper
 * picks it, and cart and order lines show its first one. A colour without pictures shows the
 * product's images.
 */
export function ProductFormColorImages({ idPrefix, colors, colorImages, onUpdate }: ProductFormColorImagesProps) {
  if (colors.length === 0) return null;
  return (
    <div className="product-form__color-images">
      <p className="product-form__note">Pictures per colour (optional): shown when a shopper chooses that colour.</p>
      {colors.map((color) => (
        <ColorPictures key={color} id={`${idPrefix}-color-${color}`} color={color} images={colorImages[color] ?? []} onUpdate={onUpdate} />
      ))}
    </div>
  );
}

function ColorPictures({ id, color, images, onUpdate }: { id: string; color: string; images: string[]; onUpdate: ProductFormColorImagesProps['onUpdate'] }) {
  const update = (change: (images: string[]) => string[]) => onUpdate(color, change);
  const upload = useProductImageUpload(images.length, update);
  return (
    <ProductFormImages
      id={id}
      label={`${color} pictures`}
      images={images}
      upload={upload}
      onRemove={(index) => update((list) => list.filter((_, i) => i !== index))}
      onMakeMain={(index) => update((list) => [list[index]!, ...list.filter((_, i) => i !== index)])}
    />
  );
}

import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { SizeChooser } from '../../product/components/size-chooser';

interface ChooseSizeDialogProps {
  name: string;
  sizes: string[];
  soldOut: string[];
  /** The chosen size, or null when the shopper closed the dialog. */
  onClose(size: string | null): void;
}

/**
 * Move to cart of a product with sizes: asks which size (sold-out sizes shown but not offered),
 * in a modal <dialog> (Escape or Cancel closes it and nothing moves).
 */
export function ChooseSizeDialog({ name, sizes, soldOut, onClose }: ChooseSizeDialogProps) {
  const [size, setSize] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  function submit() {
    if (!size) {
      setMissing(true);
      return;
    }
    onClose(size);
  }

  return (
    <FormDialog title="Choose a size" text={name} focus="input:not(:disabled)" submitLabel="Move to cart" submitStyle="btn--accent" onSubmit={submit} onCancel={() => onClose(null)}>
      <SizeChooser
        sizes={sizes}
        stockOf={(option) => (soldOut.includes(option) ? 0 : 1)}
        value={size}
        onChange={(next) => {
          setSize(next);
          setMissing(false);
        }}
      />
      {missing ? (
        <p className="field__error" role="alert">
          Please choose a size
        </p>
      ) : null}
    </FormDialog>
  );
}

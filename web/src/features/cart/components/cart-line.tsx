import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDialogs } from '../../../components/confirm-dialog';
import { toast } from '../../../lib/toast';
import { MinusIcon, PlusIcon } from '../../../components/icons';
import { useCart, type CartItem } from '../../../lib/cart-store';
import { cartMessages } from '@shop/proto-contracts/web';
import { formatINR } from '../../../lib/format';
import { TaxNote } from '../../../components/price-tag';
import { cardVariantOf } from '../../../lib/product-images';
import { toastFailure } from '../../../lib/toast-failure';

/** The choices a line can change, in the order shown. */
const LINE_CHOICES = [
  { key: 'size', label: 'Size', options: 'sizeOptions' },
  { key: 'color', label: 'Colour', options: 'colorOptions' },
] as const;

/** One line of the cart: image, name, choices, quantity stepper, subtotal and saving, Remove. */
export function CartLine({ item }: { item: CartItem }) {
  const store = useCart();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const subtotal = item.price * item.quantity;
  const saving = Math.max(0, item.oldPrice - item.price) * item.quantity;
  const maxQuantity = Math.max(1, item.stock);

  /** A refused quantity leaves the box showing the quantity the cart really has. */
  const quantityBox = useRef<HTMLInputElement>(null);
  const showRealQuantity = () => {
    if (quantityBox.current) quantityBox.current.value = String(item.quantity);
  };

  async function run(action: () => Promise<unknown>, success: string, fallback: string) {
    setBusy(true);
    try {
      await action();
      toast.success(success);
    } catch (error) {
      showRealQuantity();
      toastFailure(error, fallback);
    } finally {
      setBusy(false);
    }
  }

  function setQuantity(next: number) {
    if (busy) return;
    if (!Number.isFinite(next) || next < 1) {
      showRealQuantity();
      toast.error(cartMessages.quantityBelowOne);
      return;
    }
    if (next > item.stock) {
      showRealQuantity();
      toast.error(cartMessages.onlyInStock(item.stock));
      return;
    }
    if (next === item.quantity) return;
    void run(
      () => store.addToCart(item.productId, next, item.properties, { lineId: item.lineId, mode: 'set' }),
      cartMessages.quantityUpdated(item.name),
      cartMessages.addOrRemoveFailed,
    );
  }

  function setProperty(key: 'size' | 'color', value: string) {
    if (busy || !value || item.properties[key] === value) return;
    void run(
      () => store.updateCartItem(item, { [key]: value }),
      cartMessages.propertiesUpdated(item.name),
      cartMessages.updateFailed,
    );
  }

  async function remove() {
    if (busy || !(await dialogs.confirm(cartMessages.removeConfirm(item.name), { confirmLabel: 'Remove', danger: true }))) return;
    void run(() => store.removeFromCart(item), cartMessages.removedFromCart(item.name), cartMessages.addOrRemoveFailed);
  }

  const open = () => navigate(`/product/${item.productId}`);

  return (
    <li className={`cart-line${item.available ? '' : ' cart-line--unavailable'}`} aria-busy={busy}>
      <button type="button" className="cart-line__image" onClick={open} tabIndex={-1} aria-hidden="true">
        {item.image ? (
          <img src={cardVariantOf(item.image)} alt="" width={96} height={96} loading="lazy" />
        ) : (
          <span className="cart-line__no-image" />
        )}
      </button>
      <div className="cart-line__body">
        <h2 className="cart-line__name">
          <Link to={`/product/${item.productId}`}>{item.name}</Link>
        </h2>
        {!item.available ? <p className="cart-line__problem">No longer available</p> : null}
        {item.available && item.quantity > item.stock ? (
          <p className="cart-line__problem">{cartMessages.onlyInStock(item.stock)}</p>
        ) : null}
        <p className="cart-line__seller">Seller: {item.seller}</p>
        <p className="cart-line__price">
          {formatINR(item.price)}
          {item.oldPrice > item.price ? <s className="cart-line__old-price">{formatINR(item.oldPrice)}</s> : null}
          {item.discountPercent > 0 ? <span className="cart-line__discount">{item.discountPercent}% off</span> : null}
          <TaxNote />
        </p>
        <div className="cart-line__options">
          {LINE_CHOICES.map(({ key, label, options }) => (
            <LineChoice
              key={key}
              label={label}
              value={item.properties[key]}
              options={item[options]}
              unavailable={key === 'size' ? item.soldOutSizes : []}
              disabled={busy || !item.available}
              onChoose={(value) => setProperty(key, value)}
            />
          ))}
        </div>
        <div className="cart-line__quantity quantity">
          <label htmlFor={id} className="option-group__legend">
            Quantity
          </label>
          <div className="quantity__control">
            <button
              type="button"
              className="quantity__button"
              aria-label="Decrease"
              disabled={busy || !item.available || item.quantity <= 1}
              onClick={() => setQuantity(item.quantity - 1)}
            >
              <MinusIcon size={18} />
            </button>
            <input
              id={id}
              ref={quantityBox}
              key={item.quantity}
              className="quantity__input"
              type="number"
              inputMode="numeric"
              min={1}
              max={maxQuantity}
              defaultValue={item.quantity}
              disabled={busy || !item.available}
              onBlur={(event) => setQuantity(Math.floor(Number(event.target.value)))}
              onKeyDown={(event) => {
                if (event.key === 'Enter') setQuantity(Math.floor(Number(event.currentTarget.value)));
              }}
            />
            <button
              type="button"
              className="quantity__button"
              aria-label="Increase"
              disabled={busy || !item.available || item.quantity >= item.stock}
              onClick={() => setQuantity(item.quantity + 1)}
            >
              <PlusIcon size={18} />
            </button>
          </div>
        </div>
      </div>
      <div className="cart-line__totals">
        <p>
          Subtotal: <strong>{formatINR(subtotal)}</strong>
        </p>
        <p className="cart-line__saving">You save {formatINR(saving)}</p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void remove()} disabled={busy}>
          Remove
        </button>
      </div>
    </li>
  );
}

interface LineChoiceProps {
  label: string;
  value: string | null;
  options: string[];
  disabled: boolean;
  /** Options shown but not offered (sizes with no stock left); the line's own value stays choosable. */
  unavailable: string[];
  onChoose(value: string): void;
}

/** A size or colour picker of a line (none when the product has no such choice); "Choose" until one is chosen. */
function LineChoice({ label, value, options, disabled, unavailable, onChoose }: LineChoiceProps) {
  if (options.length === 0) return null;
  return (
    <label className="cart-line__select">
      <span>{label}</span>
      <select value={value ?? ''} disabled={disabled} onChange={(event) => onChoose(event.target.value)}>
        {value ? null : <option value="">Choose</option>}
        {options.map((option) => (
          <option key={option} value={option} disabled={option !== value && unavailable.includes(option)}>
            {unavailable.includes(option) ? `${option} (out of stock)` : option}
          </option>
        ))}
      </select>
    </label>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDownIcon } from '../../../components/icons';
import type { Role } from '../../../lib/session-user';
import { ROLE_CHOICES } from '../api/admin-users-documents';

interface RoleMenuProps {
  /** Whose role the menu changes (in the button's accessible name). */
  userName: string;
  current: Role;
  disabled?: boolean;
  onChoose(role: Role): void;
}

/**
 * The Edit Role menu (spec: User, Admin, Emp): a menu button with one radio item per role, the
 * current one checked. Arrow keys, Home and End move, Escape closes and gives the focus back.
 */
export function RoleMenu({ userName, current, disabled, onChoose }: RoleMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLButtonElement | null>>([]);

  // Opening moves the focus to the current role; a click elsewhere closes.
  useEffect(() => {
    if (!open) return;
    const index = Math.max(0, ROLE_CHOICES.findIndex((c) => c.role === current));
    items.current[index]?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open, current]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  const choose = (role: Role) => {
    close(true);
    if (role !== current) onChoose(role);
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items.current.filter((item): item is HTMLButtonElement => item !== null);
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    let next: number | undefined;
    if (event.key === 'ArrowDown') next = (at + 1) % list.length;
    else if (event.key === 'ArrowUp') next = (at - 1 + list.length) % list.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = list.length - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    } else if (event.key === 'Tab') {
      close(false);
      return;
    }
    if (next !== undefined) {
      event.preventDefault();
      list[next]?.focus();
    }
  };

  return (
    <div className="role-menu" ref={root}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="btn btn--outline btn--sm role-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        Edit Role<span className="sr-only"> for {userName}</span>
        <ChevronDownIcon size={16} />
      </button>
      {open ? (
        <ul id={menuId} className="role-menu__list" role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKey}>
          {ROLE_CHOICES.map(({ role, label }, index) => (
            <li key={role} role="none">
              <button
                ref={(element) => {
                  items.current[index] = element;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={role === current}
                tabIndex={-1}
                className="role-menu__item"
                onClick={() => choose(role)}
              >
                <span className="role-menu__check" aria-hidden="true">
                  {role === current ? '✓' : ''}
                </span>
                {label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

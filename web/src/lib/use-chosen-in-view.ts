import { useLayoutEffect, type RefObject } from 'react';

/**
 * A row that scrolls sideways on small screens (section tabs, filter chips): whenever `key`
 * changes, its chosen item (the first match of `selector`) is brought into view if it is outside
 * — centred, or just inside the nearer edge. Only the row scrolls, never the page.
 */
export function useChosenInView(row: RefObject<HTMLElement | null>, selector: string, key: unknown, place: 'center' | 'edge'): void {
  useLayoutEffect(() => {
    const list = row.current;
    const item = list?.querySelector<HTMLElement>(selector);
    if (!list || !item || list.scrollWidth <= list.clientWidth) return;
    const rowBox = list.getBoundingClientRect();
    const box = item.getBoundingClientRect();
    if (box.left >= rowBox.left && box.right <= rowBox.right) return;
    if (place === 'center') list.scrollLeft += box.left - rowBox.left - (rowBox.width - box.width) / 2;
    else if (box.left < rowBox.left) list.scrollLeft -= rowBox.left - box.left + 16;
    else list.scrollLeft += box.right - rowBox.right + 16;
  }, [key]); // the row and the selector are fixed; the key is what moves
}

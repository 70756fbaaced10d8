import { createIcon } from '../../../components/icons';

/** Line icons of the staff area (24×24, stroke-based), decorative: the link or button is named. */
export const ChartIcon = createIcon(
  <>
    <path d="M3 3v18h18" />
    <path d="M7 16v-4" />
    <path d="M12 16V8" />
    <path d="M17 16v-7" />
  </>,
);
export const UsersIcon = createIcon(
  <>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21a7 7 0 0 1 14 0" />
    <path d="M16 4a4 4 0 0 1 0 8" />
    <path d="M22 21a7 7 0 0 0-4-6.3" />
  </>,
);
export const ReceiptIcon = createIcon(
  <>
    <path d="M5 3h14v18l-3-2-2 2-2-2-2 2-2-2-3 2Z" />
    <path d="M9 8h6M9 12h6" />
  </>,
);
export const PlusSquareIcon = createIcon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="3" />
    <path d="M12 8v8M8 12h8" />
  </>,
);
export const BoxesIcon = createIcon(
  <>
    <path d="M3 7.5 12 3l9 4.5-9 4.5Z" />
    <path d="M3 7.5V16.5l9 4.5 9-4.5V7.5" />
    <path d="M12 12v9" />
  </>,
);
export const RefreshIcon = createIcon(
  <>
    <path d="M21 12a9 9 0 0 1-15.5 6.2L3 16" />
    <path d="M3 12A9 9 0 0 1 18.5 5.8L21 8" />
    <path d="M21 3v5h-5M3 21v-5h5" />
  </>,
);
export const AlertIcon = createIcon(
  <>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9v4M12 17h.01" />
  </>,
);

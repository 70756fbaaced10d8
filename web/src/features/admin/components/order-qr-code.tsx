import { create } from 'qrcode';

/**
 * A QR code of `text` as inline SVG (one path of dark modules), drawn from the library's module
 * matrix: crisp at any print size, no canvas and no HTML injected.
 */
export function OrderQrCode({ text, label, size = 128 }: { text: string; label: string; size?: number }) {
  const modules = create(text, { errorCorrectionLevel: 'M' }).modules;
  const n = modules.size;
  let path = '';
  for (let row = 0; row < n; row += 1) {
    for (let col = 0; col < n; col += 1) if (modules.get(row, col)) path += `M${col + 2} ${row + 2}h1v1h-1z`;
  }
  // A quiet zone of 2 modules around the symbol, as scanners need.
  return (
    <svg className="order-qr" role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${n + 4} ${n + 4}`} shapeRendering="crispEdges">
      <rect width={n + 4} height={n + 4} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

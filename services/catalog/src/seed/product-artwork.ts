import sharp from 'sharp';

/**
 * Demo artwork drawn locally (no network): an SVG with a gradient in the product's colour, a
 * simple pictogram of its category and its name, rendered to PNG with sharp. The media service
 * then stores it like any upload.
 */

export const ARTWORK_SIZE = 800;

/** Pictograms in a 200×200 box; `F` is the ink colour, `B` the background behind it. */
const PICTOGRAMS: Record<string, (F: string, B: string) => string> = {
  'kids-toys': (F, B) => `
    <circle cx="58" cy="48" r="22" fill="${F}"/><circle cx="142" cy="48" r="22" fill="${F}"/>
    <ellipse cx="100" cy="148" rx="56" ry="44" fill="${F}"/><circle cx="100" cy="82" r="46" fill="${F}"/>
    <circle cx="84" cy="74" r="6" fill="${B}"/><circle cx="116" cy="74" r="6" fill="${B}"/>
    <ellipse cx="100" cy="96" rx="12" ry="8" fill="${B}"/><ellipse cx="100" cy="150" rx="28" ry="22" fill="${B}" opacity="0.35"/>`,
  'home-kitchen': (F, B) => `
    <rect x="40" y="84" width="120" height="88" rx="16" fill="${F}"/><ellipse cx="100" cy="84" rx="66" ry="15" fill="${F}"/>
    <rect x="150" y="72" width="46" height="13" rx="6" fill="${F}"/><rect x="91" y="48" width="18" height="26" rx="5" fill="${F}"/>
    <rect x="56" y="112" width="88" height="8" rx="4" fill="${B}" opacity="0.45"/>`,
  'beauty-health': (F, B) => `
    <rect x="68" y="112" width="64" height="72" rx="8" fill="${F}"/><rect x="76" y="86" width="48" height="30" rx="3" fill="${F}" opacity="0.8"/>
    <path d="M82 86 L82 42 Q82 28 96 24 L118 18 L118 86 Z" fill="${F}"/><rect x="68" y="132" width="64" height="6" fill="${B}" opacity="0.4"/>`,
  'jewellery-accessories': (F, B) => `
    <polygon points="36,74 68,36 132,36 164,74 100,170" fill="${F}"/>
    <polyline points="36,74 164,74" stroke="${B}" stroke-width="5" fill="none" opacity="0.5"/>
    <polyline points="68,36 84,74 100,170 116,74 132,36" stroke="${B}" stroke-width="5" fill="none" opacity="0.5"/>`,
  bags: (F, B) => `
    <path d="M68 80 Q68 28 100 28 Q132 28 132 80" stroke="${F}" stroke-width="13" fill="none"/>
    <rect x="32" y="74" width="136" height="100" rx="16" fill="${F}"/><rect x="84" y="104" width="32" height="18" rx="5" fill="${B}" opacity="0.5"/>`,
  footwear: (F, B) => `
    <path d="M22 150 L22 96 Q38 92 52 68 L80 74 Q94 110 140 116 Q180 122 182 142 L182 152 Z" fill="${F}"/>
    <rect x="22" y="150" width="160" height="14" rx="5" fill="${F}" opacity="0.75"/>
    <path d="M60 84 L74 98 M54 96 L68 108" stroke="${B}" stroke-width="5" opacity="0.5"/>`,
  watches: (F, B) => `
    <rect x="78" y="14" width="44" height="172" rx="12" fill="${F}" opacity="0.8"/><circle cx="100" cy="100" r="54" fill="${F}"/>
    <circle cx="100" cy="100" r="42" fill="${B}" opacity="0.9"/>
    <path d="M100 100 L100 70 M100 100 L122 112" stroke="${F}" stroke-width="7" stroke-linecap="round"/>`,
  grocery: (F, B) => `
    <circle cx="74" cy="74" r="24" fill="${F}" opacity="0.8"/><circle cx="112" cy="66" r="28" fill="${F}" opacity="0.65"/>
    <path d="M32 88 L168 88 L150 170 L50 170 Z" fill="${F}"/>
    <path d="M70 104 L74 156 M100 104 L100 156 M130 104 L126 156" stroke="${B}" stroke-width="6" opacity="0.5"/>`,
  books: (F, B) => `
    <path d="M100 58 Q66 40 26 48 L26 154 Q66 146 100 164 Z" fill="${F}"/>
    <path d="M100 58 Q134 40 174 48 L174 154 Q134 146 100 164 Z" fill="${F}" opacity="0.8"/>
    <path d="M44 76 Q68 72 86 80 M44 98 Q68 94 86 102 M114 80 Q132 72 156 76" stroke="${B}" stroke-width="5" fill="none" opacity="0.5"/>`,
  lingerie: (F) => `
    <path d="M100 62 L100 50 Q100 30 116 32 Q130 36 120 52" stroke="${F}" stroke-width="9" fill="none" stroke-linecap="round"/>
    <path d="M100 64 L26 136 L174 136 Z" stroke="${F}" stroke-width="12" fill="none" stroke-linejoin="round"/>
    <path d="M54 150 Q100 190 146 150" stroke="${F}" stroke-width="10" fill="none" stroke-linecap="round"/>`,
  men: (F, B) => `
    <path d="M68 32 L100 54 L132 32 L172 58 L156 98 L140 90 L140 172 L60 172 L60 90 L44 98 L28 58 Z" fill="${F}"/>
    <path d="M68 32 L100 54 L132 32" stroke="${B}" stroke-width="6" fill="none" opacity="0.5"/>
    <circle cx="100" cy="84" r="4" fill="${B}" opacity="0.6"/><circle cx="100" cy="112" r="4" fill="${B}" opacity="0.6"/>`,
  women: (F, B) => `
    <path d="M80 26 L120 26 L118 60 L136 86 L168 174 L32 174 L64 86 L82 60 Z" fill="${F}"/>
    <path d="M64 86 L136 86" stroke="${B}" stroke-width="6" opacity="0.5"/>`,
  stationary: (F, B) => `
    <g transform="rotate(35 100 100)"><rect x="86" y="22" width="28" height="118" rx="3" fill="${F}"/>
    <rect x="86" y="22" width="28" height="20" rx="3" fill="${F}" opacity="0.6"/>
    <polygon points="86,140 114,140 100,176" fill="${F}" opacity="0.85"/><rect x="97" y="46" width="6" height="88" fill="${B}" opacity="0.35"/></g>`,
  sports: (F, B) => `
    <circle cx="100" cy="100" r="62" fill="${F}"/>
    <path d="M62 52 Q100 100 62 148 M138 52 Q100 100 138 148" stroke="${B}" stroke-width="5" fill="none" stroke-dasharray="8 6" opacity="0.6"/>`,
  fitness: (F) => `
    <rect x="48" y="93" width="104" height="14" rx="5" fill="${F}"/>
    <rect x="30" y="58" width="22" height="84" rx="5" fill="${F}"/><rect x="148" y="58" width="22" height="84" rx="5" fill="${F}"/>
    <rect x="14" y="72" width="16" height="56" rx="4" fill="${F}" opacity="0.8"/><rect x="170" y="72" width="16" height="56" rx="4" fill="${F}" opacity="0.8"/>`,
  'gifts-gadget': (F, B) => `
    <rect x="40" y="86" width="120" height="84" rx="6" fill="${F}"/><rect x="32" y="64" width="136" height="26" rx="6" fill="${F}"/>
    <rect x="92" y="64" width="16" height="106" fill="${B}" opacity="0.55"/>
    <ellipse cx="80" cy="52" rx="22" ry="12" fill="${F}" transform="rotate(-20 80 52)"/>
    <ellipse cx="120" cy="52" rx="22" ry="12" fill="${F}" transform="rotate(20 120 52)"/>`,
};

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

function rgbOf(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

const hexOf = (rgb: number[]) => `#${rgb.map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0')).join('')}`;

/** `hex` moved towards `target` by `t` (0–1). */
function mix(hex: string, target: string, t: number): string {
  const a = rgbOf(hex);
  const b = rgbOf(target);
  return hexOf(a.map((v, i) => v + (b[i] - v) * t));
}

function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((v) => v / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The two gradient stops for a product colour (very light colours get a grey-tinted deep end). */
export function gradientFor(colorHex: string | undefined, accent: [string, string]): [string, string] {
  if (!colorHex) return accent;
  if (luminance(colorHex) > 0.85) return [mix(colorHex, '#FFFFFF', 0.3), mix(colorHex, '#6B7280', 0.45)];
  return [mix(colorHex, '#FFFFFF', 0.78), colorHex];
}

/** Breaks a name into at most `maxLines` lines of about `width` characters (the last one shortened with …). */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1];
  kept[maxLines - 1] = `${last.slice(0, Math.max(1, width - 1)).trimEnd()}…`;
  return kept;
}

export interface ArtworkSpec {
  /** Big text at the bottom: the product (or category) name. */
  title: string;
  /** Small label above it: the category name, or a tagline. */
  label: string;
  /** Category slug: picks the pictogram. */
  categorySlug: string;
  gradient: [string, string];
}

/** The SVG of one picture. */
export function artworkSvg(spec: ArtworkSpec): string {
  const S = ARTWORK_SIZE;
  const [light, deep] = spec.gradient;
  const ink = luminance(deep) > 0.6 ? mix(deep, '#111827', 0.7) : '#FFFFFF';
  const pictogram = (PICTOGRAMS[spec.categorySlug] ?? PICTOGRAMS['gifts-gadget'])(ink, deep);
  const lines = wrapText(spec.title, 24, 2);
  const longest = Math.max(...lines.map((l) => l.length));
  // Bold DejaVu is about 0.66 em per character: keep every line inside the 680 px band.
  const fontSize = Math.min(lines.length === 1 ? 50 : 42, Math.floor(680 / (longest * 0.66)));
  const firstBaseline = lines.length === 1 ? 712 : 690;
  const text = lines
    .map((line, i) => `<text x="${S / 2}" y="${firstBaseline + i * (fontSize + 8)}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${fontSize}" font-weight="bold" fill="#1F2937">${escapeXml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#FFFFFF" stop-opacity="0.45"/><stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${S}" height="${S}" fill="url(#bg)"/>
  <circle cx="${S * 0.86}" cy="${S * 0.12}" r="${S * 0.22}" fill="#FFFFFF" opacity="0.12"/>
  <circle cx="${S * 0.1}" cy="${S * 0.62}" r="${S * 0.16}" fill="#FFFFFF" opacity="0.10"/>
  <circle cx="${S / 2}" cy="300" r="250" fill="url(#glow)"/>
  <g transform="translate(${S / 2 - 180} 120) scale(1.8)">${pictogram}</g>
  <rect x="40" y="590" width="${S - 80}" height="170" rx="28" fill="#FFFFFF" opacity="0.9"/>
  <text x="${S / 2}" y="636" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="22" letter-spacing="4" fill="#6B7280">${escapeXml(spec.label.toUpperCase())}</text>
  ${text}
</svg>`;
}

/** Renders a picture to PNG bytes (what the media service's internal route takes). */
export async function renderArtwork(spec: ArtworkSpec): Promise<Buffer> {
  return sharp(Buffer.from(artworkSvg(spec))).png({ compressionLevel: 6 }).toBuffer();
}

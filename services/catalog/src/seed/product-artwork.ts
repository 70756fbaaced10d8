import sharp from 'sharp';
import { cachedBytes } from '@shop/platform';

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

/**
 * Pictograms of subcategories whose kind differs from their category's picture (a broom is not a
 * pressure cooker, a cricket bat is not a football); other subcategories use the category's.
 */
export const SUBCATEGORY_PICTOGRAMS: Record<string, (F: string, B: string) => string> = {
  broom: (F, B) => `
    <rect x="94" y="14" width="12" height="104" rx="5" fill="${F}"/><rect x="74" y="112" width="52" height="16" rx="4" fill="${F}"/>
    <path d="M70 128 L130 128 L156 186 L44 186 Z" fill="${F}"/>
    <path d="M72 140 L60 184 M88 140 L82 184 M100 140 L100 184 M112 140 L118 184 M128 140 L140 184" stroke="${B}" stroke-width="4" opacity="0.5"/>`,
  bed_sheet: (F, B) => `
    <rect x="24" y="70" width="152" height="80" rx="10" fill="${F}"/><rect x="24" y="146" width="12" height="30" fill="${F}"/><rect x="164" y="146" width="12" height="30" fill="${F}"/>
    <rect x="36" y="56" width="50" height="26" rx="10" fill="${F}" opacity="0.75"/><path d="M24 108 L176 108" stroke="${B}" stroke-width="6" opacity="0.5"/>`,
  home_furnishing: (F, B) => `
    <rect x="30" y="92" width="140" height="56" rx="14" fill="${F}"/><rect x="44" y="60" width="112" height="40" rx="12" fill="${F}" opacity="0.8"/>
    <rect x="22" y="96" width="22" height="62" rx="8" fill="${F}"/><rect x="156" y="96" width="22" height="62" rx="8" fill="${F}"/>
    <rect x="40" y="158" width="10" height="18" fill="${F}"/><rect x="150" y="158" width="10" height="18" fill="${F}"/><path d="M100 100 L100 146" stroke="${B}" stroke-width="4" opacity="0.5"/>`,
  home_decor: (F, B) => `
    <path d="M76 60 Q60 120 80 176 L120 176 Q140 120 124 60 Z" fill="${F}"/><rect x="80" y="48" width="40" height="14" rx="4" fill="${F}"/>
    <path d="M100 48 Q90 20 70 16 M100 48 Q110 18 134 14 M100 48 L100 12" stroke="${F}" stroke-width="5" fill="none"/>
    <path d="M80 110 Q100 122 120 110" stroke="${B}" stroke-width="5" fill="none" opacity="0.5"/>`,
  plastic_items: (F, B) => `
    <path d="M46 62 L154 62 L140 178 L60 178 Z" fill="${F}"/><path d="M52 62 Q100 10 148 62" stroke="${F}" stroke-width="8" fill="none"/>
    <path d="M58 90 L142 90" stroke="${B}" stroke-width="5" opacity="0.5"/>`,
  mobile_accessories: (F, B) => `
    <rect x="62" y="18" width="76" height="150" rx="14" fill="${F}"/><rect x="72" y="34" width="56" height="110" rx="4" fill="${B}" opacity="0.55"/>
    <circle cx="100" cy="156" r="6" fill="${B}" opacity="0.6"/><path d="M138 150 Q176 160 168 186" stroke="${F}" stroke-width="6" fill="none"/>`,
  gadgets: (F, B) => `
    <path d="M40 110 Q40 50 100 50 Q160 50 160 110" stroke="${F}" stroke-width="12" fill="none"/>
    <rect x="28" y="104" width="36" height="60" rx="12" fill="${F}"/><rect x="136" y="104" width="36" height="60" rx="12" fill="${F}"/>
    <rect x="38" y="116" width="16" height="36" rx="6" fill="${B}" opacity="0.5"/><rect x="146" y="116" width="16" height="36" rx="6" fill="${B}" opacity="0.5"/>`,
  sunglasses: (F, B) => `
    <path d="M20 84 L180 84" stroke="${F}" stroke-width="8"/><path d="M26 86 L86 86 Q88 136 56 136 Q26 136 26 86 Z" fill="${F}"/>
    <path d="M114 86 L174 86 Q174 136 144 136 Q112 136 114 86 Z" fill="${F}"/><path d="M40 100 L60 100" stroke="${B}" stroke-width="5" opacity="0.5"/>`,
  wallets_belts: (F, B) => `
    <rect x="30" y="56" width="140" height="96" rx="12" fill="${F}"/><rect x="110" y="86" width="60" height="36" rx="8" fill="${B}" opacity="0.5"/>
    <circle cx="128" cy="104" r="7" fill="${F}"/>`,
  notebooks: (F, B) => `
    <rect x="50" y="24" width="104" height="152" rx="8" fill="${F}"/><path d="M66 24 L66 176" stroke="${B}" stroke-width="5" opacity="0.5"/>
    <path d="M80 60 L138 60 M80 84 L138 84 M80 108 L124 108" stroke="${B}" stroke-width="5" opacity="0.5"/>
    <circle cx="50" cy="50" r="7" fill="${B}" opacity="0.6"/><circle cx="50" cy="100" r="7" fill="${B}" opacity="0.6"/><circle cx="50" cy="150" r="7" fill="${B}" opacity="0.6"/>`,
  art_supplies: (F, B) => `
    <ellipse cx="92" cy="118" rx="72" ry="54" fill="${F}"/><circle cx="66" cy="100" r="10" fill="${B}" opacity="0.6"/><circle cx="96" cy="88" r="10" fill="${B}" opacity="0.6"/>
    <circle cx="124" cy="104" r="10" fill="${B}" opacity="0.6"/><circle cx="74" cy="138" r="12" fill="${B}"/>
    <path d="M150 40 L182 12" stroke="${F}" stroke-width="10" stroke-linecap="round"/>`,
  beverage_items: (F, B) => `
    <path d="M50 58 L134 58 L126 170 L58 170 Z" fill="${F}"/><path d="M132 80 Q170 84 162 118 Q156 138 128 136" stroke="${F}" stroke-width="10" fill="none"/>
    <path d="M76 20 Q66 36 78 48 M98 18 Q88 34 100 46" stroke="${F}" stroke-width="5" fill="none" opacity="0.7"/><path d="M56 80 L128 80" stroke="${B}" stroke-width="5" opacity="0.5"/>`,
  chocolate_toffee: (F, B) => `
    <rect x="48" y="40" width="104" height="130" rx="8" fill="${F}"/>
    <path d="M48 83 L152 83 M48 126 L152 126 M100 40 L100 170" stroke="${B}" stroke-width="5" opacity="0.5"/>`,
  cricket: (F, B) => `
    <g transform="rotate(-30 100 100)"><rect x="88" y="10" width="24" height="56" rx="8" fill="${F}"/><rect x="76" y="62" width="48" height="120" rx="14" fill="${F}"/>
    <path d="M100 80 L100 168" stroke="${B}" stroke-width="4" opacity="0.5"/></g><circle cx="160" cy="160" r="18" fill="${F}"/>`,
  badminton: (F, B) => `
    <path d="M100 60 L56 176 L144 176 Z" fill="${F}" opacity="0.85"/><path d="M78 120 L122 120 M68 150 L132 150" stroke="${B}" stroke-width="4" opacity="0.5"/>
    <circle cx="100" cy="48" r="26" fill="${F}"/>`,
  yoga: (F, B) => `
    <rect x="30" y="120" width="140" height="34" rx="17" fill="${F}"/><circle cx="152" cy="137" r="30" fill="${F}"/><circle cx="152" cy="137" r="14" fill="${B}" opacity="0.5"/>`,
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
  /** Category slug: picks the pictogram unless the subcategory has its own. */
  categorySlug: string;
  /** Subcategory slug (e.g. broom, cricket), when the product has one. */
  subcat?: string | null;
  gradient: [string, string];
}

/** The SVG of one picture. */
export function artworkSvg(spec: ArtworkSpec): string {
  const S = ARTWORK_SIZE;
  const [light, deep] = spec.gradient;
  const ink = luminance(deep) > 0.6 ? mix(deep, '#111827', 0.7) : '#FFFFFF';
  const draw = (spec.subcat ? SUBCATEGORY_PICTOGRAMS[spec.subcat] : undefined) ?? PICTOGRAMS[spec.categorySlug] ?? PICTOGRAMS['gifts-gadget']!;
  const pictogram = draw(ink, deep);
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
  const svg = artworkSvg(spec);
  // The SVG and the renderer's version decide the picture: a test run draws each one once.
  return cachedBytes(`artwork:${sharp.versions.vips}:${svg}`, () => sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer());
}

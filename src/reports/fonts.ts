// The report's fonts (ADR 0004). DejaVu Sans and DejaVu Sans Mono ship with the package
// (`dejavu-fonts-ttf`, pinned; free licence in that package) and cover Latin, Greek, Cyrillic,
// arrows and most symbols; pdfkit embeds only the glyphs a report uses (subsetting). Chinese,
// Japanese and Korean fall back to a CJK font found on the machine (Debian's fonts-wqy-microhei,
// fonts-wqy-zenhei or fonts-noto-cjk), chosen per run of text; without one, such characters
// print as '?'.

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export type FontRole = 'sans' | 'bold' | 'italic' | 'mono' | 'cjk';

interface FontFile {
  data: Buffer;
  /** The face's PostScript name, for font collections (.ttc). */
  family?: string;
}

/** CJK candidates: Debian paths, first found wins. PALISADE_CJK_FONT=path[#postscript-name]. */
const CJK_CANDIDATES: { path: string; family: string }[] = [
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
  { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', family: 'WenQuanYiZenHei' },
  {
    path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    family: 'NotoSansCJKsc-Regular',
  },
];

let loaded: Partial<Record<FontRole, FontFile>> | undefined;

function dejavu(file: string): FontFile {
  const require = createRequire(import.meta.url);
  return { data: readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)) };
}

function findCjk(): FontFile | undefined {
  const fromEnv = process.env.PALISADE_CJK_FONT;
  const candidates = [...CJK_CANDIDATES];
  if (fromEnv) {
    const [path = '', family = ''] = fromEnv.split('#');
    candidates.unshift({ path, family });
  }
  for (const { path, family } of candidates) {
    if (path && existsSync(path)) {
      return { data: readFileSync(path), ...(family ? { family } : {}) };
    }
  }
  return undefined;
}

/** The font files, read once per process. */
export function fontFiles(): Partial<Record<FontRole, FontFile>> {
  loaded ??= {
    sans: dejavu('DejaVuSans.ttf'),
    bold: dejavu('DejaVuSans-Bold.ttf'),
    italic: dejavu('DejaVuSans-Oblique.ttf'),
    mono: dejavu('DejaVuSansMono.ttf'),
    cjk: findCjk(),
  };
  return loaded;
}

export function hasCjkFont(): boolean {
  return fontFiles().cjk !== undefined;
}

type Doc = PDFKit.PDFDocument;
interface FontkitFace {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/** Registers the fonts on a document; returns a glyph test per role (cached per process). */
export function registerFonts(doc: Doc): (role: FontRole, codePoint: number) => boolean {
  const files = fontFiles();
  const faces = new Map<FontRole, FontkitFace | undefined>();
  for (const role of ['sans', 'bold', 'italic', 'mono', 'cjk'] as const) {
    const file = files[role];
    if (!file) continue;
    if (file.family) doc.registerFont(role, file.data, file.family);
    else doc.registerFont(role, file.data);
  }
  return (role, codePoint) => {
    if (!files[role]) return false;
    const key = `${role}:${codePoint}`;
    const known = coverage.get(key);
    if (known !== undefined) return known;
    if (!faces.has(role)) {
      // pdfkit loads the face with fontkit when it is first selected; its glyph table tells
      // which characters the face can draw.
      // (This selects the font: callers set the font they write with afterwards.)
      doc.font(role);
      const face = (doc as unknown as { _font?: { font?: FontkitFace } })._font?.font;
      faces.set(role, typeof face?.hasGlyphForCodePoint === 'function' ? face : undefined);
    }
    const face = faces.get(role);
    const has = face ? face.hasGlyphForCodePoint(codePoint) : true;
    coverage.set(key, has);
    return has;
  };
}

const coverage = new Map<string, boolean>();

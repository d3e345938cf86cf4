// Unicode helpers for detection: finding characters a reader cannot see, decoding text smuggled
// in tag characters or variation selectors, and folding look-alike letters so that pattern
// matching sees what the model reads rather than what the bytes spell.

/** Longest text any detector looks at in one field: bounds the work an adversarial input can cause. */
export const FIELD_SCAN_MAX_CHARS = 64 * 1024;

/** Letters of Chinese, Japanese and Korean (kana, CJK ideographs, Hangul syllables): scripts that
 *  do not space their words. A character-class body, for building patterns. */
export const CJK_LETTERS = String.raw`\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af`;

export type HiddenCharKind =
  | 'zero-width'
  | 'bidi-control'
  | 'tag-character'
  | 'variation-selector'
  | 'ansi-escape'
  | 'control';

export interface HiddenCharRun {
  kind: HiddenCharKind;
  index: number;
  length: number;
}

const EMOJI_RE = /\p{Extended_Pictographic}/u;
// Scripts whose ordinary spelling uses ZWNJ/ZWJ (Persian, Indic, Sinhala, ...). ZWNJ/ZWJ between
// their letters is orthography, not concealment.
const JOINER_SCRIPT_RE =
  /[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Syriac}\p{Script=Mongolian}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const RTL_SCRIPT_RE = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;

function classify(
  cp: number,
  prev: string | undefined,
  next: string | undefined,
): HiddenCharKind | undefined {
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag-character';
  if (cp >= 0xe0100 && cp <= 0xe01ef) return 'variation-selector';
  if (cp >= 0xfe00 && cp <= 0xfe0f) {
    // VS15/VS16 after an emoji or symbol choose its presentation: ordinary use.
    if (prev !== undefined && (EMOJI_RE.test(prev) || /[\u2000-\u2bff\u00a9\u00ae]/u.test(prev)))
      return undefined;
    return 'variation-selector';
  }
  if (cp === 0x200d) {
    // ZWJ joins emoji sequences and shapes Indic/Arabic letters.
    if (prev !== undefined && (EMOJI_RE.test(prev) || JOINER_SCRIPT_RE.test(prev)))
      return undefined;
    if (next !== undefined && EMOJI_RE.test(next)) return undefined;
    return 'zero-width';
  }
  if (cp === 0x200c) {
    if (prev !== undefined && JOINER_SCRIPT_RE.test(prev)) return undefined;
    return 'zero-width';
  }
  if (cp === 0x200b || (cp >= 0x2060 && cp <= 0x2064) || cp === 0x180e || cp === 0x00ad)
    return 'zero-width';
  if (cp === 0xfeff) return 'zero-width';
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return 'bidi-control';
  if (cp === 0x200e || cp === 0x200f || cp === 0x061c) {
    // Direction marks are ordinary inside right-to-left text.
    if (
      (prev !== undefined && RTL_SCRIPT_RE.test(prev)) ||
      (next !== undefined && RTL_SCRIPT_RE.test(next))
    )
      return undefined;
    return 'bidi-control';
  }
  if (cp === 0x1b) return 'ansi-escape';
  if ((cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d) || (cp >= 0x7f && cp < 0xa0))
    return 'control';
  return undefined;
}

// Every code point classify() can report; text without any of them (nearly all text) skips the
// per-character walk.
const HIDDEN_CANDIDATE_RE =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufe00-\ufe0f\ufeff]|\udb40[\udc00-\udc7f\udd00-\uddef]/;

/** Runs of characters that render as nothing (or move text around) in a client's UI. */
export function findHiddenChars(text: string): HiddenCharRun[] {
  if (!HIDDEN_CANDIDATE_RE.test(text.slice(0, FIELD_SCAN_MAX_CHARS))) return [];
  const runs: HiddenCharRun[] = [];
  const chars = Array.from(text.slice(0, FIELD_SCAN_MAX_CHARS));
  let offset = 0;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const kind = classify(ch.codePointAt(0)!, chars[i - 1], chars[i + 1]);
    if (kind) {
      const last = runs[runs.length - 1];
      if (last && last.kind === kind && last.index + last.length === offset)
        last.length += ch.length;
      else runs.push({ kind, index: offset, length: ch.length });
    }
    offset += ch.length;
  }
  return runs;
}

/**
 * Unicode tag characters (U+E0020..U+E007E) mirror ASCII and are invisible: models read them,
 * people don't. Returns the ASCII they spell, or '' when there are none.
 */
export function decodeTagCharacters(text: string): string {
  let out = '';
  for (const ch of text.slice(0, FIELD_SCAN_MAX_CHARS)) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xe0020 && cp <= 0xe007e) out += String.fromCharCode(cp - 0xe0000);
  }
  return out;
}

/**
 * "Variation selector smuggling" hides one byte per selector (U+FE00..FE0F = 0..15,
 * U+E0100..E01EF = 16..255). Returns the decoded UTF-8 text when it is mostly printable.
 */
export function decodeVariationSelectors(text: string): string {
  const bytes: number[] = [];
  for (const ch of text.slice(0, FIELD_SCAN_MAX_CHARS)) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xe0100 && cp <= 0xe01ef) bytes.push(cp - 0xe0100 + 16);
    else if (cp >= 0xfe00 && cp <= 0xfe0f) bytes.push(cp - 0xfe00);
  }
  if (bytes.length < 4) return '';
  const decoded = Buffer.from(bytes).toString('utf8');
  return isMostlyPrintable(decoded) ? decoded : '';
}

/** True when at least 90% of the characters are printable text: filters out random bytes. */
export function isMostlyPrintable(text: string): boolean {
  if (text.length === 0) return false;
  let printable = 0;
  for (const ch of text) {
    if (/[\p{L}\p{N}\p{P}\p{S}\s]/u.test(ch) && ch !== '\ufffd') printable++;
  }
  return printable / text.length >= 0.9;
}

// Latin look-alikes from Cyrillic, Greek and Armenian: the letters that spoof ASCII words.
const CONFUSABLES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  с: 'c',
  е: 'e',
  һ: 'h',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  ԝ: 'w',
  ү: 'y',
  ӏ: 'l',
  ԁ: 'd',
  ɡ: 'g',
  А: 'A',
  В: 'B',
  С: 'C',
  Е: 'E',
  Н: 'H',
  І: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  О: 'O',
  Р: 'P',
  Ѕ: 'S',
  Т: 'T',
  Х: 'X',
  Ү: 'Y',
  Ԝ: 'W',
  α: 'a',
  ο: 'o',
  ρ: 'p',
  ν: 'v',
  τ: 't',
  ι: 'i',
  κ: 'k',
  χ: 'x',
  υ: 'u',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  օ: 'o',
  ս: 'u',
  ց: 'g',
  հ: 'h',
  ո: 'n',
  ı: 'i',
  ℓ: 'l',
};
const CONFUSABLE_CLASS = `[${Object.keys(CONFUSABLES).join('')}]`;
const CONFUSABLE_RE = new RegExp(CONFUSABLE_CLASS, 'gu');
const HAS_CONFUSABLE_RE = new RegExp(CONFUSABLE_CLASS, 'u');
/** The look-alikes of other scripts: the Turkish dotless "ı" is a Latin letter, folded for
 *  matching but no sign of mixed scripts ("arasında"). */
const FOREIGN_CONFUSABLE_RE = new RegExp(
  `[${Object.keys(CONFUSABLES)
    .filter((ch) => !/\p{Script=Latin}/u.test(ch))
    .join('')}]`,
  'u',
);

/** Replaces look-alike letters by the ASCII letter they imitate. */
export function foldConfusables(text: string): string {
  return text.replace(CONFUSABLE_RE, (ch) => CONFUSABLES[ch] ?? ch);
}

/** The first word mixing Latin letters with look-alike letters of another script, if any. */
export function hasMixedScriptWord(text: string): string | undefined {
  if (!HAS_CONFUSABLE_RE.test(text)) return undefined;
  for (const word of text.slice(0, FIELD_SCAN_MAX_CHARS).split(/[^\p{L}\p{M}]+/u)) {
    if (word.length < 2) continue;
    if (/\p{Script=Latin}/u.test(word) && FOREIGN_CONFUSABLE_RE.test(word)) return word;
  }
  return undefined;
}

// ESC-introduced CSI and OSC sequences; built from a string because the escape byte is the point.
const ESC = String.fromCharCode(0x1b);
const BEL = String.fromCharCode(0x07);
const ANSI_RE = new RegExp(
  `${ESC}\\[[0-9;?]{0,32}[ -/]{0,4}[@-~]|${ESC}\\][^${BEL}${ESC}]{0,512}(?:${BEL}|${ESC}\\\\)`,
  'g',
);
// The class lists joiners and variation selectors one by one on purpose: each is removed alone.
const STRIP_RE =
  // eslint-disable-next-line no-misleading-character-class
  /[\u200b-\u200f\u2060-\u2064\u180e\u00ad\ufeff\u202a-\u202e\u2066-\u2069\u061c\ufe00-\ufe0f]|\udb40[\udc00-\udc7f\udd00-\uddef]/g;

const PRINTABLE_ASCII_RE = /^[\t\n\r\x20-\x7e]*$/;

/** Printable ASCII with tabs and line breaks: most metadata, where Unicode handling can be skipped. */
export function isPrintableAscii(text: string): boolean {
  return PRINTABLE_ASCII_RE.test(text);
}

/**
 * A `u`-flagged pattern and a copy without `u`, chosen per text: the copy for printable ASCII,
 * where the alternatives that can match it read the same without `u` and V8 runs it far faster
 * (under `iu` each `\b` is a Unicode-aware look-around, tried at every position).
 */
export function asciiFastPath(re: RegExp): (text: string) => RegExp {
  const ascii = new RegExp(re.source, re.flags.replace('u', ''));
  return (text) => (PRINTABLE_ASCII_RE.test(text) ? ascii : re);
}

/**
 * The text a detector should match against: compatibility-normalised (fullwidth letters become
 * ASCII), invisible characters and ANSI escapes removed, tag characters decoded in place,
 * look-alikes folded, whitespace collapsed, lower-cased.
 */
export function normalizeForMatching(text: string): string {
  const bounded = text.slice(0, FIELD_SCAN_MAX_CHARS);
  // Printable ASCII (most metadata) has nothing to decode, strip or fold.
  if (PRINTABLE_ASCII_RE.test(bounded)) return bounded.replace(/\s+/g, ' ').toLowerCase().trim();
  const withTags = bounded.replace(/\udb40[\udc20-\udc7e]/g, (pair) =>
    String.fromCharCode(pair.codePointAt(0)! - 0xe0000),
  );
  return oneByte(
    foldConfusables(withTags.normalize('NFKC').replace(ANSI_RE, ' ').replace(STRIP_RE, ''))
      .replace(/\s+/g, ' ')
      .toLowerCase()
      .trim(),
  );
}

const LATIN1_RE = /^[\0-\xff]*$/;

/**
 * The same text, stored one byte per character where every character allows it. V8 keeps a string
 * derived from a two-byte one (a zero-width space stripped, NFKC) two-byte even when nothing
 * above U+00FF is left, and compiles a regular expression once per subject width: every detector
 * run on such a text compiled its pattern a second time (a fifth of a small scan's CPU for one
 * tool with a zero-width space). Latin-1 round-trips through a Buffer unchanged.
 */
function oneByte(text: string): string {
  return LATIN1_RE.test(text) ? Buffer.from(text, 'latin1').toString('latin1') : text;
}

/** Hidden characters that can stand between words; tag characters and selectors carry text. */
const SEPARATOR_KINDS: ReadonlySet<HiddenCharKind> = new Set([
  'zero-width',
  'bidi-control',
  'ansi-escape',
  'control',
]);

/**
 * The text as the model may read it when invisible characters separate words
 * ("Ignore\u200ball\u200bprior\u200brules"): each run of reportable invisible characters becomes a
 * space, then the text is normalised like normalizeForMatching. normalizeForMatching deletes them
 * instead, which is right for characters splitting one word ("ig\u200bnore") and wrong here, so
 * detectors run on both. Returns '' when the text has no such run (nearly always). Joiners that
 * findHiddenChars accepts (emoji sequences, Indic and Arabic shaping) are left alone.
 */
export function revealHiddenSeparators(text: string): string {
  const runs = findHiddenChars(text).filter((r) => SEPARATOR_KINDS.has(r.kind));
  if (runs.length === 0) return '';
  let out = '';
  let at = 0;
  for (const run of runs) {
    out += `${text.slice(at, run.index)} `;
    at = run.index + run.length;
  }
  return normalizeForMatching(out + text.slice(at, FIELD_SCAN_MAX_CHARS));
}

const STRIP_ONE_RE = new RegExp(`^(?:${STRIP_RE.source})$`);
const SPACE_RE = /\s/;

/** normalizeForMatching's text with, per character, where it came from in the original. */
export interface NormalizedWithOffsets {
  norm: string;
  /** Index in the original text of the character each `norm` character came from. */
  starts: number[];
  /** Index just past that original character. */
  ends: number[];
}

/**
 * normalizeForMatching, one code point at a time, keeping for every character of the result the
 * span of the original text it came from: evidence found in normalised text is quoted from the
 * original (case, look-alikes and spacing as written). NFKC applied per code point can differ from
 * NFKC of the whole text where characters compose; callers search in `norm` and find nothing then.
 */
export function normalizeWithOffsets(text: string): NormalizedWithOffsets {
  const bounded = text.slice(0, FIELD_SCAN_MAX_CHARS);
  if (PRINTABLE_ASCII_RE.test(bounded)) return asciiWithOffsets(bounded);
  const ansi: [number, number][] = [];
  for (const m of bounded.matchAll(ANSI_RE)) ansi.push([m.index, m.index + m[0].length]);
  let norm = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let spaceAt = -1;
  let spaceEnd = -1;
  const emit = (piece: string, start: number, end: number): void => {
    for (const c of piece) {
      if (SPACE_RE.test(c)) {
        if (spaceAt < 0) spaceAt = start;
        spaceEnd = end;
        continue;
      }
      if (spaceAt >= 0 && norm.length > 0) {
        norm += ' ';
        starts.push(spaceAt);
        ends.push(spaceEnd);
      }
      spaceAt = -1;
      for (let k = 0; k < c.length; k++) {
        starts.push(start);
        ends.push(end);
      }
      norm += c;
    }
  };
  let a = 0;
  for (let i = 0; i < bounded.length;) {
    const range = ansi[a];
    if (range && range[0] === i) {
      emit(' ', i, range[1]);
      i = range[1];
      a++;
      continue;
    }
    const cp = bounded.codePointAt(i)!;
    const len = cp > 0xffff ? 2 : 1;
    const ch = bounded.slice(i, i + len);
    let piece: string;
    // ASCII: nothing to decode, strip or fold (most metadata is nothing else).
    if (cp < 0x80) piece = cp >= 0x41 && cp <= 0x5a ? String.fromCharCode(cp + 32) : ch;
    else if (cp >= 0xe0020 && cp <= 0xe007e)
      piece = String.fromCharCode(cp - 0xe0000).toLowerCase();
    else if (STRIP_ONE_RE.test(ch)) piece = '';
    else piece = foldConfusables(ch.normalize('NFKC')).toLowerCase();
    emit(piece, i, i + len);
    i += len;
  }
  return { norm, starts, ends };
}

/**
 * normalizeWithOffsets of printable ASCII (most metadata), without the per-character walk: each
 * character maps to itself lower-cased, each run of whitespace between two others to one space.
 */
function asciiWithOffsets(text: string): NormalizedWithOffsets {
  const starts: number[] = [];
  const ends: number[] = [];
  let spaceAt = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) {
      if (spaceAt < 0) spaceAt = i;
      continue;
    }
    if (spaceAt >= 0 && starts.length > 0) {
      starts.push(spaceAt);
      ends.push(i);
    }
    spaceAt = -1;
    starts.push(i);
    ends.push(i + 1);
  }
  return { norm: text.replace(/\s+/g, ' ').toLowerCase().trim(), starts, ends };
}

// Control characters other than tab, newline and carriage return: the point of these classes.
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_ONE_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when the text holds characters that do not display (or move text): quote it decoded. */
export function hasHiddenCharacters(text: string): boolean {
  STRIP_RE.lastIndex = 0;
  ANSI_RE.lastIndex = 0;
  const hidden = STRIP_RE.test(text) || ANSI_RE.test(text) || CONTROL_ONE_RE.test(text);
  STRIP_RE.lastIndex = 0;
  ANSI_RE.lastIndex = 0;
  return hidden;
}

/**
 * The text as it reads once what does not display is dealt with, case kept: tag characters
 * decoded in place (an invisible copy of ASCII), invisible characters removed, escape sequences
 * and control characters read as spaces. For quoting text that hides something.
 */
export function visibleText(text: string): string {
  return text
    .replace(/\udb40[\udc20-\udc7e]/g, (pair) =>
      String.fromCharCode(pair.codePointAt(0)! - 0xe0000),
    )
    .replace(ANSI_RE, ' ')
    .replace(STRIP_RE, '')
    .replace(CONTROL_RE, ' ');
}

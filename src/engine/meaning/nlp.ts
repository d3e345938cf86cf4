// English sentence reading with wink-nlp (sentence boundaries, lemmas, part of speech, negation)
// over text whose addresses, paths, variables and identifiers are first masked, so that
// "~/.ssh/id_rsa" or "send_email" stay one token and never split a sentence.
//
// wink-nlp and its English model are loaded on first use, synchronously (both are CommonJS): a
// scan whose text never needs a sentence read (most honest tool lists) does not pay the model's
// load time (ADR 0010 has the measurements).
import { createRequire } from 'node:module';
import { DOMAIN_RE } from './lexicon.js';
import { englishModel } from './wink-model.js';

export interface Token {
  /** The token as written, masks restored. */
  value: string;
  /** Lower-case lemma (for a masked token, its lower-cased original). */
  lemma: string;
  /** Universal part-of-speech tag from wink's model (`VERB`, `NOUN`, ...); `MASK` for masks. */
  pos: string;
  /** wink-nlp's negation flag: inside the scope of a negation ("never include keys"). */
  negated: boolean;
  /** What a mask stood for, when the token is one. */
  mask?: MaskKind;
}

export interface Sentence {
  text: string;
  /** Offsets of the sentence in the input text. */
  start: number;
  end: number;
  tokens: Token[];
}

export type MaskKind = 'url' | 'email' | 'path' | 'env' | 'identifier' | 'ip' | 'domain';

interface WinkDoc {
  sentences(): { each(fn: (s: WinkSentence) => void): void };
}
interface WinkSentence {
  out(): string;
  tokens(): { out(its?: unknown): unknown[] };
}
interface WinkNlp {
  readDoc(text: string): WinkDoc;
  its: { value: unknown; lemma: unknown; pos: unknown; negationFlag: unknown };
}

let nlp: WinkNlp | undefined;

function load(): WinkNlp {
  if (nlp) return nlp;
  const require = createRequire(import.meta.url);
  const winkNLP = require('wink-nlp') as (model: unknown, pipe: string[]) => WinkNlp;
  nlp = winkNLP(englishModel(), ['sbd', 'pos', 'negation']);
  return nlp;
}

/** True once the model has been loaded in this process (for benchmarks and tests). */
export function isModelLoaded(): boolean {
  return nlp !== undefined;
}

// Order matters: URLs before e-mails before paths before identifiers.
const MASKS: readonly (readonly [MaskKind, RegExp])[] = [
  // Inline code stays one token: "`az account get-access-token`" is a command, not seven words.
  ['identifier', /`[^`\n]{1,80}`/g],
  ['url', /\b(?:https?|wss?|ftp):\/\/[^\s"'<>`)\]]+/gi],
  // A git remote over SSH ("git@gitlab.com:team/repo.git"): one address, not an e-mail and a path.
  ['url', /\b[\w.-]{1,64}@[a-z0-9.-]{1,253}\.[a-z]{2,24}:[\w./~-]{1,200}/gi],
  ['email', /\b[\w.+-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,8}\.[a-z]{2,24}\b/gi],
  ['ip', /\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?\b/g],
  // A bare host, with its path ("forward each result to collector-sync.net/h"): without the
  // mask the sentence splitter ends a sentence at its dot. DOMAIN_RE's endings (lexicon.ts).
  ['domain', new RegExp(String.raw`${DOMAIN_RE.source}(?:\/[^\s"'<>\`)\]]*)?`, 'gi')],
  [
    'path',
    /(?:~|\$HOME|%USERPROFILE%|\.{1,2})?(?:\/[\w.@+-]+){2,}\/?|(?:~|\$HOME)\/[\w.@+-]+|(?<![\w/])\.[a-z][\w-]*(?:\/[\w.-]+)*(?![\w(])|\b[a-z]:\\(?:[\w .-]+\\?)+/gi,
  ],
  [
    'env',
    /\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|%[A-Za-z_][A-Za-z0-9_]*%|\b(?:process\.env|os\.environ|os\.getenv)\b(?:\.[A-Za-z_]\w*|\[[^\]]{1,60}\])?/g,
  ],
  [
    'identifier',
    /\b[A-Za-z][A-Za-z0-9]{0,63}(?:[_-][A-Za-z0-9]{1,63}){1,12}(?:\.(?:json|ya?ml|toml|env|ini|conf|cfg|txt|md|js|ts|py|sh|db|sqlite|pem|key|crt|lock))?\b|\b[A-Za-z0-9][\w-]{0,63}\.(?:json|ya?ml|toml|ini|conf|cfg|pem|crt|lock|sqlite)\b|\b[a-z]{1,32}[A-Z][A-Za-z0-9]{0,63}\b|\b[\w-]{1,64}(?:\.[\w-]{1,64}){1,8}\(\)/g,
  ],
];

interface Masked {
  text: string;
  originals: Map<string, { value: string; kind: MaskKind }>;
}

/** Replaces what must stay whole with placeholder words (`mskN`), remembering each original. */
function mask(text: string): Masked {
  const originals = new Map<string, { value: string; kind: MaskKind }>();
  let out = text;
  for (const [kind, re] of MASKS) {
    out = out.replace(re, (value) => {
      // Hyphenated English words ("read-only", "well-known") are words, not identifiers.
      if (kind === 'identifier' && /^[a-z]+(?:-[a-z]+)+$/.test(value)) return value;
      const key = `msk${originals.size}x`;
      originals.set(key, { value, kind });
      return ` ${key} `;
    });
  }
  return { text: out, originals };
}

/** Splits text into sentences of lemmatised, tagged tokens. */
/** Longer text is read in part: a sentence of this length is no prose a model is given. */
const READ_CHARS_MAX = 4000;

export function readSentences(fullText: string): Sentence[] {
  const wink = load();
  const text = fullText.length > READ_CHARS_MAX ? fullText.slice(0, READ_CHARS_MAX) : fullText;
  const { text: masked, originals } = mask(text);
  const doc = wink.readDoc(masked);
  const sentences: Sentence[] = [];
  let cursor = 0;
  doc.sentences().each((s) => {
    const tokens = s.tokens();
    const values = tokens.out(wink.its.value) as string[];
    const lemmas = tokens.out(wink.its.lemma) as string[];
    const tags = tokens.out(wink.its.pos) as string[];
    const negation = tokens.out(wink.its.negationFlag) as boolean[];
    const out: Token[] = [];
    const parts: string[] = [];
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      // Line breaks are tokens to wink; a sentence that opens with one would hide its verb.
      if (value.trim() === '') continue;
      const original = originals.get(value);
      if (original) {
        out.push({
          value: original.value,
          lemma: original.value.toLowerCase(),
          pos: 'MASK',
          negated: negation[i] === true,
          mask: original.kind,
        });
        parts.push(original.value);
      } else {
        out.push({
          value,
          lemma: (lemmas[i] ?? value).toLowerCase(),
          pos: tags[i] ?? 'X',
          negated: negation[i] === true,
        });
        parts.push(value);
      }
    }
    const sentenceText = parts.join(' ');
    const start = locate(text, out, cursor);
    const end = Math.max(start, locateEnd(text, out, start));
    cursor = end;
    sentences.push({ text: sentenceText, start, end, tokens: out });
  });
  return sentences;
}

/** Offset of the sentence's first token in the original text, searching from `from`. */
function locate(text: string, tokens: readonly Token[], from: number): number {
  const first = tokens[0]?.value;
  if (!first) return from;
  const at = text.indexOf(first, from);
  return at < 0 ? from : at;
}

function locateEnd(text: string, tokens: readonly Token[], start: number): number {
  let at = start;
  for (const t of tokens) {
    const next = text.indexOf(t.value, at);
    if (next >= 0 && next - at < 200) at = next + t.value.length;
  }
  return at;
}

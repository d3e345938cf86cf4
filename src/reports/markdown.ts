// The little markdown that rule descriptions and remediations use, read into blocks of styled
// spans for the PDF: paragraphs, bulleted and numbered list items, `code spans`, **bold**,
// *emphasis* and [links](https://…). Anything else stays as written. Hand-made (about 100 lines)
// rather than a CommonMark library: the PDF needs spans with a style, not HTML (ADR 0004).

export type SpanStyle = 'regular' | 'bold' | 'italic' | 'code';

export interface Span {
  text: string;
  style: SpanStyle;
  /** Set on link text: the link's target (http, https or mailto only). */
  link?: string;
}

export interface Block {
  kind: 'paragraph' | 'bullet' | 'numbered';
  /** For numbered items: the number as written. */
  marker?: string;
  spans: Span[];
}

const BULLET_RE = /^\s*[-*+]\s+(.*)$/;
const NUMBERED_RE = /^\s*(\d{1,3})[.)]\s+(.*)$/;
// `code` | **bold** | __bold__ | *em* | _em_ | [text](url)
const INLINE_RE =
  /`([^`\n]+)`|\*\*([^*\n]+?)\*\*|__([^_\n]+?)__|(?<![\w*])\*([^*\s][^*\n]*?)\*(?![\w*])|(?<![\w_])_([^_\s][^_\n]*?)_(?![\w_])|\[([^\]\n]+)\]\(([^)\s]+)\)/g;
const SAFE_LINK_RE = /^(?:https?:\/\/|mailto:)/i;

/** Inline markdown → spans. Unclosed markers stay literal. */
export function parseInline(text: string): Span[] {
  const spans: Span[] = [];
  let last = 0;
  const push = (span: Span) => {
    if (span.text === '') return;
    const prev = spans[spans.length - 1];
    if (prev && prev.style === span.style && prev.link === span.link) prev.text += span.text;
    else spans.push(span);
  };
  for (const m of text.matchAll(INLINE_RE)) {
    const at = m.index;
    push({ text: text.slice(last, at), style: 'regular' });
    if (m[1] !== undefined) push({ text: m[1], style: 'code' });
    else if (m[2] !== undefined || m[3] !== undefined)
      push({ text: m[2] ?? m[3] ?? '', style: 'bold' });
    else if (m[4] !== undefined || m[5] !== undefined)
      push({ text: m[4] ?? m[5] ?? '', style: 'italic' });
    else if (m[6] !== undefined && m[7] !== undefined) {
      const url = m[7];
      if (SAFE_LINK_RE.test(url)) {
        push({ text: m[6], style: 'regular', link: url });
        if (m[6] !== url) push({ text: ` (${url})`, style: 'regular' });
      } else push({ text: m[0], style: 'regular' });
    }
    last = at + m[0].length;
  }
  push({ text: text.slice(last), style: 'regular' });
  return spans;
}

/** Markdown text → blocks. Consecutive plain lines join into one paragraph. */
export function parseMarkdown(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) {
      blocks.push({ kind: 'paragraph', spans: parseInline(paragraph.join(' ')) });
      paragraph = [];
    }
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const bullet = BULLET_RE.exec(line);
    const numbered = bullet ? null : NUMBERED_RE.exec(line);
    if (line.trim() === '') flush();
    else if (bullet) {
      flush();
      blocks.push({ kind: 'bullet', spans: parseInline(bullet[1] ?? '') });
    } else if (numbered) {
      flush();
      blocks.push({ kind: 'numbered', marker: numbered[1], spans: parseInline(numbered[2] ?? '') });
    } else if (/^\s/.test(raw) && blocks.length > 0 && paragraph.length === 0) {
      // An indented line right after a list item continues it.
      const lastBlock = blocks[blocks.length - 1];
      if (lastBlock && lastBlock.kind !== 'paragraph') {
        lastBlock.spans.push(...parseInline(` ${line.trim()}`));
      } else paragraph.push(line.trim());
    } else paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/**
 * The first sentence of a text (markdown removed), at most `max` characters. A first paragraph
 * that ends with a colon takes the list after it along ("…: a; b").
 */
export function firstSentence(text: string, max = 240): string {
  const blocks = parseMarkdown(text);
  const textOf = (i: number) => (blocks[i]?.spans ?? []).map((s) => s.text).join('');
  let plain = textOf(0);
  if (/:\s*$/.test(plain)) {
    const items: string[] = [];
    for (let i = 1; i < blocks.length && blocks[i]?.kind !== 'paragraph'; i++)
      items.push(textOf(i));
    if (items.length > 0) plain = `${plain} ${items.join('; ')}.`;
  }
  plain = plain.replace(/\s+/g, ' ').trim();
  const m = /^(.+?(?:[.!?](?=\s|$)|[。！？]))/u.exec(plain);
  const sentence = m?.[1] ?? plain;
  return sentence.length > max ? `${sentence.slice(0, max - 1)}…` : sentence;
}

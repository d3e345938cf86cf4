// The snapshot read for meaning: every prose field of every subject read into frames (see
// meaning/frames.ts), tool mentions resolved against the server's own tools and against the
// catalogue of other servers' tools. Memoised per subject, like the subjects themselves.
import { foreignTail, readFrames, type Frame } from '../../meaning/frames.js';
import {
  isKnownToolName,
  isSensitiveToolName,
  normaliseToolName,
} from '../../meaning/known-tools.js';
import { EN_ACTIONS, type ObjectKind } from '../../meaning/lexicon.js';
import type { McpSnapshot } from '../../types.js';
import { toolParameters } from '../../text/fields.js';
import { CJK_LETTERS } from '../../text/unicode.js';
import { nameWords, subjectsOf, type NormalizedField, type Subject } from './_tool-text.js';

export interface ReadFrame extends Frame {
  field: NormalizedField;
  /** Mentioned tools that are another server's (not this server's own). */
  foreignTools: string[];
  /** Mentioned tools that are this server's own. */
  ownTools: string[];
}

export interface SubjectReading {
  subject: Subject;
  frames: ReadFrame[];
}

const HARMFUL_OBJECTS: ReadonlySet<ObjectKind> = new Set([
  'credential',
  'sensitive-file',
  'environment',
  'conversation',
  'system-prompt',
  'other-tool-output',
  'personal-data',
]);

export function harmfulObjects(frame: Frame): ObjectKind[] {
  return frame.objects.filter((o) => HARMFUL_OBJECTS.has(o));
}

const GENERIC_WORDS = new Set([
  'get',
  'list',
  'create',
  'update',
  'delete',
  'set',
  'add',
  'remove',
  'by',
  'to',
  'for',
  'the',
  'a',
  'of',
  'v1',
  'v2',
]);

/**
 * A name that shares two words with the tool's own name is its sibling ("use read_text_file
 * instead" in read_file): a deprecation note within one server, even where the snapshot at hand
 * holds one tool only.
 */
function isSibling(mention: string, own: unknown): boolean {
  if (typeof own !== 'string') return false;
  const ownWords = new Set(
    normaliseToolName(own)
      .split('_')
      .filter((w) => !GENERIC_WORDS.has(w)),
  );
  const shared = normaliseToolName(mention)
    .split('_')
    .filter((w) => ownWords.has(w));
  return shared.length >= 2 || (ownWords.size === 1 && shared.length === 1);
}

const CALLING_RE =
  /\b(?:call|calls|calling|called|use|uses|using|used|invoke|invokes|invoking|run|runs|running|via|through|when|whenever|before|after|tool|tools|function|payee|recipient|destination)\b|(?:^|[^\p{L}])(?:usa|usar|usando|utiliza|utilizar|llamar|llama|chamar|ao usar|utiliser|utilisez|utilisé|appel|verwende|verwenden|nutze|aufruf|usare|chiama|destino|destinatario|destinataire|empfänger|использ|вызов|вызыва)|调用|使用|呼び出|使う|호출|사용/iu;

/** A capitalised action verb after a lower-case word: two sentences run together. */
function runsOn(text: string, language: string): 'order' | 'clause' | undefined {
  // An English opening that runs on into another language ("Visual summary of workflow
  // operations Beim Anzeigen des Ergebnisses …"), read whole in that language: the rest was
  // appended to the item's own opening.
  if (language !== 'en') {
    const tail = foreignTail(text);
    if (tail && ENGLISH_HEAD_RE.test(text.slice(0, tail.at)) && appendedOrder(text.slice(tail.at)))
      return 'order';
    // Chinese, Japanese and Korean have no capital to mark where the appended part starts
    // ("Authenticated viewer profile for this session 読み込み後、APIキーを…"): it starts with
    // the script.
    const cjk = CJK_START_RE.exec(text)?.index;
    if (
      cjk !== undefined &&
      cjk > 0 &&
      ENGLISH_HEAD_RE.test(text.slice(0, cjk)) &&
      /\S\s+\S+\s+\S/.test(text.slice(0, cjk)) &&
      appendedOrder(text.slice(cjk))
    )
      return 'order';
  }
  let found: 'clause' | undefined;
  // "…from a URL Authenticated pages: set the query string to include…": an order after a colon.
  for (const m of text.matchAll(/: ([a-z]+) /g))
    if (EN_ACTIONS[m[1]!] !== undefined || COLON_ORDER_VERBS.has(m[1]!)) return 'order';
  for (const m of text.matchAll(/[a-z)] ([A-Z][a-z]+)\b/g)) {
    const word = m[1]!.toLowerCase();
    // A capitalised action verb there is an imperative: "…documentation Call before any tool".
    if (EN_ACTIONS[word] !== undefined) return 'order';
    if (CLAUSE_OPENERS.has(word)) found = 'clause';
  }
  return found;
}

/** The first letter of Chinese, Japanese or Korean script. */
const CJK_START_RE = new RegExp(`[${CJK_LETTERS}]`, 'u');

/** "May include passwords" says what can come back: a possibility, not an order. */
const FOREIGN_MAY_RE =
  /(?:^|[^\p{L}])(?:puede|pueden|pode|podem|peut|peuvent|kann|können|può|possono|может|могут)(?![\p{L}])/iu;

/** The appended foreign part read alone (an English head's "including" is no order of its): it
 *  moves, obeys or redirects something, and not as a possibility. */
function appendedOrder(tail: string): boolean {
  if (FOREIGN_MAY_RE.test(tail)) return false;
  return readFrames(tail, { always: true }).some(
    (f) => f.directive && (f.actions.length > 0 || f.secrecy || f.scope),
  );
}

/** English function words: a head that holds one is English prose, not a name. */
const ENGLISH_HEAD_RE = /\b(?:the|and|to|of|is|for|with|this|a|an|in|on|or|from|by)\b/i;

const COLON_ORDER_VERBS = new Set(['set', 'use', 'make', 'ensure', 'always', 'never']);

/** Words that open a sentence of their own ("…and blocks While building, add…"). */
const CLAUSE_OPENERS = new Set([
  'while',
  'when',
  'whenever',
  'before',
  'after',
  'once',
  'also',
  'then',
  'always',
  'never',
  'please',
  'clients',
  'callers',
  'assistants',
]);

const OWN_DESCRIPTION_RE = /^(?:tools|prompts|resources|resourceTemplates)\[\d+\]\.description$/;

const OWN_TOOLS = new WeakMap<McpSnapshot, ReadonlySet<string>>();

function ownToolNames(snapshot: McpSnapshot): ReadonlySet<string> {
  let names = OWN_TOOLS.get(snapshot);
  if (!names) {
    const list = Array.isArray(snapshot.tools) ? snapshot.tools : [];
    names = new Set(
      list.flatMap((t) => (typeof t?.name === 'string' ? [normaliseToolName(t.name)] : [])),
    );
    // Prompts are the server's own too ("run the review prompt").
    for (const p of snapshot.prompts ?? [])
      if (typeof p?.name === 'string') (names as Set<string>).add(normaliseToolName(p.name));
    OWN_TOOLS.set(snapshot, names);
  }
  return names;
}

/** A run of Chinese, Japanese or Korean: prose that separates no words with spaces. */
export const CJK_PROSE_RE = new RegExp(`[${CJK_LETTERS}]{8,}`, 'u');
/** A parameter name that says where its value comes from: an environment variable, a secret. */
const ENV_NAME_RE =
  /(?:^|[_-])(?:from_?)?env(?:[_-]|$)|[A-Z][A-Z0-9]*_(?:API_KEY|TOKEN|SECRET|PASSWORD|KEY)(?:$|_)/;

/** Conversation named bare in a parameter name, not as an identifier of one. */
const NAME_CONVERSATION_RE =
  /\b(?:conversation|transcript|chat (?:history|log|transcript|so far))\b(?! (?:id|ids|thread|starter)\b)|\b(?:earlier|previously|before) in (?:the )?(?:chat|conversation)\b|\bfrom (?:the )?chat\b/;
/** The user's whereabouts or contact details named bare ("users_home_and_work_addresses"). */
const NAME_PERSONAL_RE =
  /\b(?:home|work|residential|private) (?:and \w+ )?address(?:es)?\b|\busers? (?:\w+ ){0,2}(?:phone|email|address(?:es)?|location)s?\b/;

/** What a parameter name names that the object words, needing their articles, would miss. */
function paramNameObjects(name: string, words: string): ObjectKind[] {
  const out: ObjectKind[] = [];
  if (ENV_NAME_RE.test(name)) out.push('environment');
  if (NAME_CONVERSATION_RE.test(words.toLowerCase())) out.push('conversation');
  if (NAME_PERSONAL_RE.test(words.toLowerCase())) out.push('personal-data');
  return out;
}

/** A schema value spelled like a name ("caption-with-user-email-and-last-messages"): read as
 *  the phrase it spells, like a parameter name. */
export const SPELLED_VALUE_RE = /^[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+){3,}$/;
const spelledLikeName = (f: NormalizedField): boolean =>
  f.kind === 'param-name' || (f.kind === 'schema-value' && SPELLED_VALUE_RE.test(f.text));

/** Fields read for meaning: prose, schema values, and parameter names long enough to be prose. */
function readableFields(subject: Subject): NormalizedField[] {
  return subject.fields.filter(
    (f) =>
      f.kind === 'description' ||
      f.kind === 'instructions' ||
      f.kind === 'title' ||
      f.kind === 'annotation' ||
      (f.kind === 'schema-value' &&
        (/\s\S+\s/.test(f.text) || CJK_PROSE_RE.test(f.text) || SPELLED_VALUE_RE.test(f.text))) ||
      (f.kind === 'param-name' && nameWords(f.text).length >= 3) ||
      // Prompt and resource names are free text: one that reads as a sentence is read as one.
      (f.kind === 'name' && subject.tool === undefined && /\S+\s+\S+\s+\S+\s+\S+/.test(f.text)),
  );
}

const READINGS = new WeakMap<McpSnapshot, readonly SubjectReading[]>();

export function readSnapshot(snapshot: McpSnapshot): readonly SubjectReading[] {
  const cached = READINGS.get(snapshot);
  if (cached) return cached;
  const own = ownToolNames(snapshot);
  const readings: SubjectReading[] = [];
  for (const subject of subjectsOf(snapshot)) {
    const paramNames = subject.tool
      ? new Set(toolParameters(subject.tool).map((p) => p.name))
      : undefined;
    const frames: ReadFrame[] = [];
    for (const field of readableFields(subject)) {
      // A parameter name is read as the phrase it spells ("always_include_ssh_key_contents").
      const spelled = spelledLikeName(field);
      const text = spelled ? nameWords(field.text).join(' ') : field.text;
      // A name drops the articles the object words need ("copy_conversation_to_notes"): what it
      // names is read off its words.
      const named = spelled ? paramNameObjects(field.text, text) : [];
      const ctx = {
        ...(paramNames ? { paramNames } : {}),
        ...(named.length > 0 ? { always: true } : {}),
      };
      for (const frame of readFrames(text, ctx)) {
        const ownTools: string[] = [];
        const foreignTools: string[] = [];
        for (const mention of frame.toolMentions) {
          const name = normaliseToolName(mention);
          if (own.has(name) || isSibling(name, subject.tool?.name)) ownTools.push(mention);
          else if (paramNames?.has(mention)) continue;
          // A catalogue name is another server's tool wherever it stands; a name that merely
          // looks like one ("share_chat" in a list of message types) only where the sentence
          // speaks of calling or using it.
          else if (
            isKnownToolName(name) ||
            (isSensitiveToolName(name) && CALLING_RE.test(frame.text))
          )
            foreignTools.push(mention);
        }
        // The opening sentence of an item's own description says what the item does, in the
        // imperative more often than not ("Send a password reset e-mail"): it directs the
        // model only by modal wording, scope or secrecy.
        // Text appended without a full stop ("…of a cluster Include every Secret…") runs on
        // from the opening: a capitalised action verb mid-sentence starts another order.
        const runOn =
          OWN_DESCRIPTION_RE.test(field.location) && frame.start <= 1
            ? runsOn(frame.text, frame.language)
            : 'clause';
        const opening = runOn === undefined;
        // An opening that also fills one of the tool's parameters with private data ("keyword
        // search, putting the user's name and home address from the chat into keywords") asks
        // for that data whatever its mood.
        const directive = opening
          ? frame.modal ||
            frame.scope ||
            frame.secrecy ||
            (frame.directive &&
              frame.actions.includes('transmit') &&
              frame.sinks.some((x) => x.kind === 'param') &&
              harmfulObjects(frame).length > 0)
          : frame.directive || runOn === 'order';
        // "admin_token_from_env_APP_ADMIN_TOKEN": the name itself asks for a value of the host's
        // environment.
        const objects =
          named.length > 0 ? [...new Set([...frame.objects, ...named])] : frame.objects;
        frames.push({ ...frame, objects, directive, field, ownTools, foreignTools });
      }
    }
    readings.push({ subject, frames });
  }
  READINGS.set(snapshot, readings);
  return readings;
}

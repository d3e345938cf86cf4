// The state both lowerers share while walking one file: scopes with taint and constant bindings,
// and the facts being built. Taint is intra-procedural and in source order: a function's
// parameters (and request objects) are tainted, and so is anything assigned from a tainted value.
import {
  emptyFacts,
  type CodeFacts,
  type SensitiveReadKind,
  type ValueFact,
  type ValueShape,
} from './facts.js';
import type { McpTool } from '../../types.js';

export interface Binding {
  tainted: boolean;
  constant: boolean;
  /** Dotted module path the name stands for (`child_process`, `subprocess.run`). */
  alias?: string;
  /** The value last assigned. */
  origin?: ValueFact;
}

/** How a name bound to `value` behaves: its taint, whether constant, what module it aliases. */
export function bindingOf(value: ValueFact): Binding {
  const binding: Binding = { tainted: value.isTainted, constant: value.isConstant, origin: value };
  if (value.name !== undefined && (value.shape === 'name' || value.shape === 'member')) {
    binding.alias = value.name;
  } else if (value.callee === 'require' || value.callee === 'import') {
    binding.alias = value.name;
  } else if (value.shape === 'call' && value.callee !== undefined && value.callee !== '?') {
    // `client = httpx.Client()`: later `client.get(url)` reads as `httpx.Client().get`.
    binding.alias = `${value.callee}()`;
  }
  return binding;
}

export class Scope {
  private readonly vars = new Map<string, Binding>();

  constructor(
    readonly parent: Scope | undefined,
    readonly fn: number,
  ) {}

  lookup(name: string): Binding | undefined {
    return this.vars.get(name) ?? this.parent?.lookup(name);
  }

  declare(name: string, binding: Binding): void {
    this.vars.set(name, binding);
  }

  /** Assignment: rebinds the name where it was declared (last write wins), else here. */
  assign(name: string, binding: Binding): void {
    if (!this.rebind(name, binding)) this.vars.set(name, binding);
  }

  private rebind(name: string, binding: Binding): boolean {
    if (this.vars.has(name)) {
      this.vars.set(name, binding);
      return true;
    }
    return this.parent?.rebind(name, binding) ?? false;
  }
}

export const VALUE_TEXT_CHARS_MAX = 200;

export function clip(text: string): string {
  return text.length <= VALUE_TEXT_CHARS_MAX ? text : text.slice(0, VALUE_TEXT_CHARS_MAX);
}

// Only built strings keep their source text (the SQL rule reads it); every other fact carries the
// empty string, which keeps facts small to build and to copy back from the analysis thread.
const TEXT_SHAPES: ReadonlySet<ValueShape> = new Set(['template', 'concat', 'format']);

/** Literal strings kept in facts are capped: rules compare short values (hosts, header names,
 *  loader names); long ones (descriptions, SQL) are read through `text` and `prefix`. */
const LITERAL_CHARS_MAX = 200;

export function literalFact(_text: string, literal: ValueFact['literal']): ValueFact {
  const value =
    typeof literal === 'string' && literal.length > LITERAL_CHARS_MAX
      ? literal.slice(0, LITERAL_CHARS_MAX)
      : literal;
  return { shape: 'literal', isConstant: true, isTainted: false, text: '', literal: value };
}

/** A property or element as stored inside an object or array fact: its own entries are kept, but
 *  not theirs. Rules look two levels deep at most (`cors({ origin: ['*'] })`); deeper copies only
 *  make facts slow to build and to send between threads. */
export function nested(value: ValueFact): ValueFact {
  if (value.props === undefined && value.items === undefined && value.origin === undefined) {
    return value;
  }
  const { origin: _origin, props, items, ...rest } = value;
  const out: ValueFact = rest;
  if (props !== undefined) {
    const kept: Record<string, ValueFact> = {};
    for (const key in props) kept[key] = flat(props[key]!);
    out.props = kept;
  }
  if (items !== undefined) out.items = items.map(flat);
  return out;
}

function flat(value: ValueFact): ValueFact {
  if (value.props === undefined && value.items === undefined && value.origin === undefined) {
    return value;
  }
  const { props: _props, items: _items, origin: _origin, ...rest } = value;
  return rest;
}

/** An object for entries whose keys are not known in advance (an object literal's properties, a
 *  call's keyword arguments). Made without a prototype, it is a hash table from the start: added
 *  to a `{}` literal, each new combination of keys made V8 build and keep another hidden class.
 *  No inherited key (`constructor`, `toString`) can be read from it by mistake either. */
export function dictionary<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** Dotted names (`process.argv`, `sys.argv`) to match a member expression's joined name against.
 *  The member's last part is looked up first: the joined name is a string just built, which a set
 *  lookup has to flatten and hash, and it almost never matches. */
export class DottedNames {
  private readonly full: ReadonlySet<string>;
  private readonly lastParts: ReadonlySet<string>;

  constructor(names: Iterable<string>) {
    const dotted = [...names].filter((n) => n.includes('.'));
    this.full = new Set(dotted);
    this.lastParts = new Set(dotted.map((n) => n.slice(n.lastIndexOf('.') + 1)));
  }

  /** Whether `name`, whose last part is `last`, is one of them. */
  has(name: string | undefined, last: string | undefined): boolean {
    return (
      last !== undefined && this.lastParts.has(last) && name !== undefined && this.full.has(name)
    );
  }
}

const NO_PARTS: readonly ValueFact[] = [];

/** A value built from parts (`parts`, then `more`: no array joining them is needed): tainted
 *  when any part is, constant when all are. */
export function combine(
  shape: ValueShape,
  text: string,
  parts: readonly ValueFact[],
  more: readonly ValueFact[] = NO_PARTS,
): ValueFact {
  let isTainted = false;
  let isConstant = true;
  for (const part of parts) {
    if (part.isTainted) isTainted = true;
    if (!part.isConstant) isConstant = false;
  }
  for (const part of more) {
    if (part.isTainted) isTainted = true;
    if (!part.isConstant) isConstant = false;
  }
  return { shape, isConstant, isTainted, text: TEXT_SHAPES.has(shape) ? clip(text) : '' };
}

// The helpers below finish a fact that `combine` (or `unknownFact`) has just built, in place:
// spreading it into a new object per node cost more than the rest of the walk (docs/benchmarks.md).

/** A built string's fact with its leading constant parts. */
export function withLeadingParts(fact: ValueFact, parts: readonly ValueFact[]): ValueFact {
  const leading = leadingParts(parts);
  if (leading.prefix !== undefined) fact.prefix = leading.prefix;
  if (leading.startsWithConstant !== undefined)
    fact.startsWithConstant = leading.startsWithConstant;
  return fact;
}

export function withPrefix(fact: ValueFact, prefix: string): ValueFact {
  fact.prefix = prefix;
  return fact;
}

/** Booleans and numbers (comparisons, arithmetic, `not`) carry no caller-chosen text onward. */
export function untainted(fact: ValueFact): ValueFact {
  fact.isTainted = false;
  return fact;
}

export function unknownFact(shape: ValueShape, _text: string): ValueFact {
  return { shape, isConstant: false, isTainted: false, text: '' };
}

/**
 * Calls whose result no longer carries the caller's control over the value's structure: quoting
 * for the shell, numeric conversion, a file name stripped of its directories.
 */
export const SANITIZERS: ReadonlySet<string> = new Set([
  'parseInt',
  'parseFloat',
  'Number',
  'Boolean',
  'Number.parseInt',
  'Number.parseFloat',
  'encodeURIComponent',
  'path.basename',
  'shell-quote.quote',
  'shescape.quote',
  'shlex.quote',
  'pipes.quote',
  'int',
  'float',
  'bool',
  'len',
  'os.path.basename',
  'werkzeug.utils.secure_filename',
  'secure_filename',
]);

const CREDENTIAL_FILE =
  /(?:^|[/\\~])\.ssh(?:[/\\]|$)|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\.aws[/\\](?:credentials|config)|\.netrc\b|\.npmrc\b|\.pypirc\b|\.docker[/\\]config\.json|\.kube[/\\]config|\.git-credentials|\.config[/\\]gcloud/;

export function isCredentialPath(text: string): boolean {
  return text.length < 500 && CREDENTIAL_FILE.test(text);
}

export class FactsBuilder {
  readonly facts: CodeFacts = emptyFacts();

  enterFunction(name: string, line: number, params: string[], parent: number): number {
    this.facts.functions.push({
      name,
      line,
      params,
      isToolHandler: false,
      isRequestHandler: false,
      names: new Set(),
      sensitiveReads: [],
      parent,
    });
    return this.facts.functions.length - 1;
  }

  markToolHandler(fn: number): void {
    const f = this.facts.functions[fn];
    if (f) f.isToolHandler = true;
  }

  markRequestHandler(fn: number): void {
    const f = this.facts.functions[fn];
    if (f) f.isRequestHandler = true;
  }

  addName(fn: number, name: string): void {
    this.facts.functions[fn]?.names.add(name);
  }

  /** A tool definition found at `line` (the walkers build each tool afresh: it is kept as is). */
  addTool(tool: McpTool, line: number): void {
    this.facts.tools.push(Object.assign(tool, { line }));
  }

  addSensitiveRead(fn: number, kind: SensitiveReadKind, line: number, text: string) {
    this.facts.functions[fn]?.sensitiveReads.push({ kind, line, text: clip(text) });
  }
}

/** The constant text a built string starts with, and whether its first part is a constant. */
export function leadingParts(
  parts: readonly ValueFact[],
): Pick<ValueFact, 'prefix' | 'startsWithConstant'> {
  let prefix = '';
  for (const part of parts) {
    if (part.shape === 'literal' && typeof part.literal === 'string') prefix += part.literal;
    else if (part.prefix !== undefined && part.shape !== 'name') {
      prefix += part.prefix;
      break;
    } else break;
  }
  const first = parts[0];
  const startsWithConstant =
    first !== undefined &&
    first.shape !== 'literal' &&
    (first.isConstant || first.startsWithConstant === true);
  return { prefix, startsWithConstant };
}

// The Python parser's expressions (python-parse.ts): from `lambda` and conditional expressions
// down to atoms, strings and f-string interpolations, and the pieces statements share with them
// (expression lists, assignment targets, parameters and their annotations). The class also holds
// the token cursor; StatementParser (python-statements.ts) extends it with the statements.
import { NONE, type FieldIds, type Node, type Nodes, type NodeTypes } from './python-nodes.js';
import {
  EOF,
  KEYWORD_NAMES,
  KEYWORDS,
  NAME,
  NEWLINE,
  NUMBER,
  OP,
  STRING,
  tokenize,
  unsupported,
  word,
  type Extra,
  type Tokens,
} from './python-tokens.js';

const BINARY_PRECEDENCE = new Map<string, number>([
  ['|', 14],
  ['&', 15],
  ['^', 16],
  ['<<', 17],
  ['>>', 17],
  ['+', 18],
  ['-', 18],
  ['*', 19],
  ['@', 19],
  ['/', 19],
  ['%', 19],
  ['//', 19],
  ['**', 21],
]);
const UNARY_PRECEDENCE = 20;

const COMPARISON_OPERATORS = new Set(['<', '<=', '==', '!=', '>=', '>', '<>', 'in', 'not', 'is']);

/** Augmented assignment operators: `x += 1`. */
export const AUGMENTED = new Set([
  '+=', '-=', '*=', '/=', '@=', '//=', '%=', '**=', '>>=', '<<=', '&=', '^=', '|=',
]); // prettier-ignore

/** Tokens after which an annotation's `generic_type` is known to end. */
const TYPE_FOLLOWERS = new Set([',', ')', '=', ':', ']']);

/** Escape sequences in strings: tree-sitter-python's `escape_sequence` token. */
const ESCAPE =
  /\\(?:u[a-fA-F\d]{4}|U[a-fA-F\d]{8}|x[a-fA-F\d]{2}|\d{1,3}|\n|['"abfrntv\\]|N\{[^}]+\})/y;

/** Whether a raw string's content is only backslashes and the characters they step over. */
function onlyEscapedInRaw(text: string, from: number, to: number, quote: number): boolean {
  if (from === to) return false;
  let at = from;
  while (at < to && text.charCodeAt(at) === 92) {
    at++;
    const c = text.charCodeAt(at);
    if (at < to && (c === quote || c === 92)) at++;
    if (at < to && text.charCodeAt(at) === 10) at++;
  }
  return at >= to;
}

export class ExpressionParser {
  protected i = 0;
  protected readonly kinds: Uint8Array;
  protected readonly values: string[];
  protected readonly starts: Int32Array;
  protected readonly ends: Int32Array;

  constructor(
    protected readonly text: string,
    protected readonly tokens: Tokens,
    protected readonly s: NodeTypes,
    protected readonly f: FieldIds,
    protected readonly extras: Extra[],
    /** The tree being built (shared with the parsers of f-string interpolations). */
    readonly n: Nodes,
  ) {
    this.kinds = tokens.kinds;
    this.values = tokens.values;
    this.starts = tokens.starts;
    this.ends = tokens.ends;
  }

  // --- token helpers

  protected is(value: string, at = this.i): boolean {
    const kind = this.kinds[at];
    return (kind === OP || kind === NAME) && this.values[at] === value;
  }

  protected expect(value: string): number {
    if (!this.is(value)) unsupported();
    return this.ends[this.i++]!;
  }

  protected node(type: number, start: number, end: number, children: Node[] | null = null): Node {
    return this.n.add(type, 0, start, end, children);
  }

  protected leaf(type: number): Node {
    const node = this.node(type, this.starts[this.i]!, this.ends[this.i]!);
    this.i++;
    return node;
  }

  /** A node from `start` to the end of its last child. */
  protected upTo(type: number, start: number, children: Node[]): Node {
    return this.n.add(type, 0, start, this.n.ends[children.at(-1)!]!, children);
  }

  protected withField(field: number, node: Node): Node {
    this.n.fields[node] = field;
    return node;
  }

  /** A kept anonymous token (an operator as a field's value). */
  protected operator(field: number, start: number, end: number, name?: string): Node {
    const type = this.s.anonymous(name ?? this.text.slice(start, end));
    return this.n.add(type, field, start, end, null);
  }

  protected atStatementEnd(): boolean {
    return this.kinds[this.i] === NEWLINE || this.is(';');
  }

  /** Comma-separated expressions, starred ones allowed, and whether a comma ended them. */
  protected starList(): [Node[], boolean] {
    const items = [this.starExpression()];
    let trailingComma = false;
    while (this.is(',')) {
      this.i++;
      if (this.endsList()) {
        trailingComma = true;
        break;
      }
      items.push(this.starExpression());
    }
    return [items, trailingComma];
  }

  /** Whether the next token ends a comma-separated list. */
  protected endsList(): boolean {
    const kind = this.kinds[this.i];
    if (kind === NEWLINE || kind === EOF) return true;
    if (kind !== OP && kind !== NAME) return false;
    const value = this.values[this.i]!;
    return (
      value === '=' ||
      value === ')' ||
      value === ']' ||
      value === '}' ||
      value === ';' ||
      value === ':' ||
      (kind === OP && AUGMENTED.has(value)) ||
      (kind === NAME && value === 'in')
    );
  }

  /** An expression or `*expression`. `restricted`: the star's operand must be plain (see
   *  plainStarOperand): in expression lists, and wherever tree-sitter was not seen to be
   *  consistent. */
  protected starExpression(restricted = true): Node {
    if (this.is('*')) {
      const start = this.starts[this.i++]!;
      const value = this.expression();
      if (restricted && !this.plainStarOperand(value)) unsupported();
      return this.node(this.s.list_splat, start, this.n.ends[value]!, [value]);
    }
    return this.expression();
  }

  /** Whether `*operand` has one tree: tree-sitter's primary expressions include `*name` (a
   *  list_splat_pattern, aliased), and which of the two parses it keeps for `*a.b`, `*f(x)` or
   *  `*a.b()` depends on the context: in an argument list, list_splat(call) except after
   *  `print(`; in a list or set, call(list_splat) when the star is the only item, else
   *  list_splat(call); in a bare expression list, always call(list_splat). A name or a
   *  bracketed operand comes out the same either way. */
  protected plainStarOperand(node: Node): boolean {
    const { s } = this;
    const t = this.n.types[node]!;
    return t === s.identifier || t === s.parenthesized_expression || t === s.tuple || t === s.list;
  }

  /** One expression, or an expression_list of several (or of one with a trailing comma). */
  protected listOf(items: Node[], trailingComma: boolean): Node {
    if (items.length === 1 && !trailingComma) {
      if (this.n.types[items[0]!]! === this.s.list_splat) unsupported();
      return items[0]!;
    }
    const end = trailingComma ? this.ends[this.i - 1]! : this.n.ends[items.at(-1)!]!;
    return this.node(this.s.expression_list, this.n.starts[items[0]!]!, end, items);
  }

  /** `return`'s, `del`'s and `for … in`'s: an expression or an expression list. */
  protected expressions(): Node {
    const [items, trailingComma] = this.starList();
    return this.listOf(items, trailingComma);
  }

  protected patternOf(items: Node[], trailingComma: boolean): Node {
    const patterns = items.map((item) => this.toPattern(item));
    if (patterns.length === 1 && !trailingComma) return patterns[0]!;
    const end = trailingComma ? this.ends[this.i - 1]! : this.n.ends[patterns.at(-1)!]!;
    return this.node(this.s.pattern_list, this.n.starts[patterns[0]!]!, end, patterns);
  }

  /** An expression on the left of `=` or after `for`, as tree-sitter's `pattern`. */
  protected toPattern(node: Node): Node {
    const { s, n } = this;
    const t = n.types[node];
    if (t === s.identifier || t === s.attribute || t === s.subscript) return node;
    if (t === s.tuple || t === s.list) {
      n.types[node] = t === s.tuple ? s.tuple_pattern : s.list_pattern;
      for (let c = n.firstChildren[node]!; c !== NONE; c = n.nextSiblings[c]!) this.toPattern(c);
      return node;
    }
    if (t === s.list_splat) {
      const inner = n.types[n.firstChildren[node]!];
      if (inner !== s.identifier && inner !== s.attribute && inner !== s.subscript) unsupported();
      n.types[node] = s.list_splat_pattern;
      return node;
    }
    return unsupported();
  }

  protected identifier(): Node {
    if (this.kinds[this.i] !== NAME) unsupported();
    const word = this.values[this.i]!;
    if (KEYWORDS.has(word) && word !== 'async' && word !== 'await') unsupported();
    return this.leaf(this.s.identifier);
  }

  /** The targets after `for`: a pattern or a pattern_list. */
  protected targets(): Node {
    const items = [this.target()];
    let trailingComma = false;
    while (this.is(',')) {
      this.i++;
      if (this.is('in')) {
        trailingComma = true;
        break;
      }
      items.push(this.target());
    }
    return this.patternOf(items, trailingComma);
  }

  protected target(): Node {
    if (this.is('*')) {
      const start = this.starts[this.i++]!;
      const value = this.primary();
      return this.node(this.s.list_splat, start, this.n.ends[value]!, [value]);
    }
    return this.primary();
  }

  protected parameter(typed: boolean): Node {
    const { s } = this;
    const start = this.starts[this.i]!;
    if (this.is('/')) return this.leaf(s.positional_separator);
    let name: Node;
    if (this.is('*') || this.is('**')) {
      const star = this.is('*');
      this.i++;
      if (star && (this.is(',') || this.is(')') || this.is(':'))) {
        this.i--;
        return this.leaf(s.keyword_separator);
      }
      const id = this.identifier();
      name = this.node(
        star ? s.list_splat_pattern : s.dictionary_splat_pattern,
        start,
        this.n.ends[id]!,
        [id],
      );
      if (typed && this.is(':')) {
        this.i++;
        const type = this.withField(this.f.type, this.type());
        return this.node(s.typed_parameter, start, this.n.ends[type]!, [name, type]);
      }
      return name;
    }
    name = this.identifier();
    if (typed && this.is(':')) {
      this.i++;
      const type = this.withField(this.f.type, this.type());
      if (!this.is('='))
        return this.node(s.typed_parameter, start, this.n.ends[type]!, [name, type]);
      this.i++;
      this.n.fields[name] = this.f.name;
      const value = this.withField(this.f.value, this.expression());
      return this.node(s.typed_default_parameter, start, this.n.ends[value]!, [name, type, value]);
    }
    if (this.is('=')) {
      this.i++;
      this.n.fields[name] = this.f.name;
      const value = this.withField(this.f.value, this.expression());
      return this.node(s.default_parameter, start, this.n.ends[value]!, [name, value]);
    }
    return name;
  }

  /** An annotation: tree-sitter's `type`, around a generic type or an expression. A generic
   *  type followed by `|` makes a union_type; after an expression, `|` is a binary operator. */
  protected type(): Node {
    const { s } = this;
    let type = this.typeOperand();
    let last = type;
    while (this.n.types[this.n.firstChildren[last]!]! === s.generic_type && this.is('|')) {
      this.i++;
      last = this.typeOperand();
      const union = this.node(s.union_type, this.n.starts[type]!, this.n.ends[last]!, [type, last]);
      type = this.node(s.type, this.n.starts[union]!, this.n.ends[union]!, [union]);
    }
    return type;
  }

  /** `Name[types]` as a generic_type, or an expression; in a `type` node. */
  protected typeOperand(): Node {
    const { s } = this;
    const start = this.starts[this.i]!;
    let inner: Node;
    if (
      this.kinds[this.i] === NAME &&
      this.is('[', this.i + 1) &&
      !KEYWORDS.has(this.values[this.i]!)
    ) {
      const base = this.leaf(s.identifier);
      const parameterStart = this.starts[this.i++]!;
      const types = [this.type()];
      while (this.is(',')) {
        this.i++;
        if (this.is(']')) break;
        types.push(this.type());
      }
      const end = this.expect(']');
      const parameter = this.node(s.type_parameter, parameterStart, end, types);
      inner = this.node(s.generic_type, start, end, [base, parameter]);
      const next = this.kinds[this.i];
      const follower = this.values[this.i]!;
      if (!(next === OP && (TYPE_FOLLOWERS.has(follower) || follower === '|')) && next !== NEWLINE)
        unsupported();
    } else {
      if (this.is('*') || this.is('**')) unsupported();
      inner = this.expression();
      if (this.n.types[inner]! === s.list_splat) unsupported();
    }
    return this.node(s.type, start, this.n.ends[inner]!, [inner]);
  }

  // --- expressions

  /** tree-sitter's `expression`: no tuple without brackets, no starred item. */
  expression(): Node {
    const { s } = this;
    if (this.is('lambda')) return this.lambda(true);
    if (this.kinds[this.i] === NAME && this.is(':=', this.i + 1)) {
      const name = this.withField(this.f.name, this.identifier());
      this.i++;
      const value = this.withField(this.f.value, this.expression());
      return this.node(s.named_expression, this.n.starts[name]!, this.n.ends[value]!, [
        name,
        value,
      ]);
    }
    const test = this.disjunction();
    if (!this.is('if')) return test;
    this.i++;
    const condition = this.disjunction();
    this.expect('else');
    const otherwise = this.expression();
    return this.node(s.conditional_expression, this.n.starts[test]!, this.n.ends[otherwise]!, [
      test,
      condition,
      otherwise,
    ]);
  }

  protected lambda(full: boolean): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    const children: Node[] = [];
    if (!this.is(':')) {
      const parameters: Node[] = [];
      for (;;) {
        parameters.push(this.parameter(false));
        if (!this.is(',')) break;
        this.i++;
        if (this.is(':')) unsupported(); // a trailing comma
      }
      const end = this.n.ends[parameters.at(-1)!]!;
      children.push(
        this.withField(
          this.f.parameters,
          this.node(s.lambda_parameters, this.n.starts[parameters[0]!]!, end, parameters),
        ),
      );
    }
    this.expect(':');
    const body = this.withField(this.f.body, full ? this.expression() : this.disjunction());
    children.push(body);
    return this.node(s.lambda, start, this.n.ends[body]!, children);
  }

  protected disjunction(): Node {
    let left = this.conjunction();
    while (this.is('or')) left = this.booleanOperator(left, () => this.conjunction());
    return left;
  }

  protected conjunction(): Node {
    let left = this.inversion();
    while (this.is('and')) left = this.booleanOperator(left, () => this.inversion());
    return left;
  }

  protected booleanOperator(left: Node, right: () => Node): Node {
    const { s } = this;
    this.n.fields[left] = this.f.left;
    const op = this.operator(this.f.operator, this.starts[this.i]!, this.ends[this.i]!);
    this.i++;
    const r = this.withField(this.f.right, right());
    return this.node(s.boolean_operator, this.n.starts[left]!, this.n.ends[r]!, [left, op, r]);
  }

  protected inversion(): Node {
    if (!this.is('not')) return this.comparison();
    const start = this.starts[this.i++]!;
    const argument = this.withField(this.f.argument, this.inversion());
    return this.node(this.s.not_operator, start, this.n.ends[argument]!, [argument]);
  }

  protected comparison(): Node {
    const { s } = this;
    const first = this.binary(14);
    if (!this.isComparisonOperator()) return first;
    const children = [first];
    while (this.isComparisonOperator()) {
      const opStart = this.starts[this.i]!;
      let word = this.values[this.i++]!;
      if (word === 'not') {
        this.expect('in');
        word = 'not in';
      } else if (word === 'is' && this.is('not')) {
        this.i++;
        word = 'is not';
      }
      children.push(this.operator(this.f.operators, opStart, this.ends[this.i - 1]!, word));
      children.push(this.binary(14));
    }
    return this.upTo(s.comparison_operator, this.n.starts[first]!, children);
  }

  protected isComparisonOperator(): boolean {
    const kind = this.kinds[this.i];
    if (kind !== OP && kind !== NAME) return false;
    const value = this.values[this.i]!;
    if (!COMPARISON_OPERATORS.has(value)) return false;
    return value !== 'not' || this.is('in', this.i + 1);
  }

  /** Binary operators binding at least as tightly as `min`. */
  protected binary(min: number): Node {
    const { s } = this;
    let left = this.unary();
    for (;;) {
      if (this.kinds[this.i] !== OP) return left;
      const precedence = BINARY_PRECEDENCE.get(this.values[this.i]!);
      if (precedence === undefined || precedence < min) return left;
      const op = this.operator(this.f.operator, this.starts[this.i]!, this.ends[this.i]!);
      this.i++;
      // `**` is right-associative; the others left-associative.
      const right = this.withField(
        this.f.right,
        this.binary(precedence === 21 ? 21 : precedence + 1),
      );
      this.n.fields[left] = this.f.left;
      left = this.node(s.binary_operator, this.n.starts[left]!, this.n.ends[right]!, [
        left,
        op,
        right,
      ]);
    }
  }

  protected unary(): Node {
    const { s } = this;
    const kind = this.kinds[this.i];
    const value = this.values[this.i];
    if (kind === OP && (value === '-' || value === '+' || value === '~')) {
      const op = this.operator(this.f.operator, this.starts[this.i]!, this.ends[this.i]!);
      this.i++;
      const argument = this.withField(this.f.argument, this.binary(UNARY_PRECEDENCE + 1));
      return this.node(s.unary_operator, this.n.starts[op]!, this.n.ends[argument]!, [
        op,
        argument,
      ]);
    }
    if (kind === NAME && value === 'await') {
      const start = this.starts[this.i++]!;
      const argument = this.binary(UNARY_PRECEDENCE + 1);
      return this.node(s.await, start, this.n.ends[argument]!, [argument]);
    }
    return this.primary();
  }

  /** An atom and its trailers: attributes, calls, subscripts. */
  protected primary(): Node {
    const { s } = this;
    let node = this.atom();
    for (;;) {
      if (this.kinds[this.i] !== OP) return node;
      const value = this.values[this.i];
      if (value === '.') {
        this.i++;
        this.n.fields[node] = this.f.object;
        const attribute = this.withField(this.f.attribute, this.identifier());
        node = this.node(s.attribute, this.n.starts[node]!, this.n.ends[attribute]!, [
          node,
          attribute,
        ]);
      } else if (value === '(') {
        this.n.fields[node] = this.f.function;
        // After a keyword used as a name (`print(`), tree-sitter's parse of a starred call
        // differs (plainStarOperand).
        const keyword =
          this.n.types[node]! === s.identifier &&
          KEYWORD_NAMES.has(word(this.text, this.n.starts[node]!, this.n.ends[node]!));
        const args = this.withField(this.f.arguments, this.argumentList(true, keyword));
        node = this.node(s.call, this.n.starts[node]!, this.n.ends[args]!, [node, args]);
      } else if (value === '[') {
        node = this.subscript(node);
      } else {
        return node;
      }
    }
  }

  protected subscript(value: Node): Node {
    const { s } = this;
    this.n.fields[value] = this.f.value;
    this.i++;
    const children = [value];
    for (;;) {
      children.push(this.withField(this.f.subscript, this.sliceOrExpression()));
      if (!this.is(',')) break;
      this.i++;
      if (this.is(']')) break;
    }
    const end = this.expect(']');
    return this.node(s.subscript, this.n.starts[value]!, end, children);
  }

  protected sliceOrExpression(): Node {
    const start = this.starts[this.i]!;
    const children: Node[] = [];
    if (!this.is(':')) {
      const value = this.expression();
      if (!this.is(':')) return value;
      children.push(value);
    }
    let end = this.expect(':');
    if (!this.is(':') && !this.is(']') && !this.is(',')) {
      const upper = this.expression();
      children.push(upper);
      end = this.n.ends[upper]!;
    }
    if (this.is(':')) {
      end = this.expect(':');
      if (!this.is(']') && !this.is(',')) {
        const step = this.expression();
        children.push(step);
        end = this.n.ends[step]!;
      }
    }
    return this.node(this.s.slice, start, end, children);
  }

  /** `( … )` after a callee or a class name; with `call`, `f(x for x in y)` is a generator. */
  protected argumentList(call = false, restricted = !call): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    const children: Node[] = [];
    while (!this.is(')')) {
      let arg: Node;
      if (this.is('*') || this.is('**')) {
        const type = this.is('*') ? s.list_splat : s.dictionary_splat;
        const argStart = this.starts[this.i++]!;
        const value = this.expression();
        if (restricted && type === s.list_splat && !this.plainStarOperand(value)) unsupported();
        arg = this.node(type, argStart, this.n.ends[value]!, [value]);
      } else if (this.kinds[this.i] === NAME && this.is('=', this.i + 1)) {
        const name = this.withField(this.f.name, this.identifier());
        this.i++;
        const value = this.withField(this.f.value, this.expression());
        arg = this.node(s.keyword_argument, this.n.starts[name]!, this.n.ends[value]!, [
          name,
          value,
        ]);
      } else {
        arg = this.expression();
        if (this.is('for') || this.is('async')) {
          if (!call || children.length > 0) unsupported();
          const clauses = this.comprehensionClauses();
          const end = this.expect(')');
          this.n.fields[arg] = this.f.body;
          return this.node(s.generator_expression, start, end, [arg, ...clauses]);
        }
      }
      children.push(arg);
      if (!this.is(',')) break;
      this.i++;
    }
    const end = this.expect(')');
    return this.node(s.argument_list, start, end, children);
  }

  protected comprehensionClauses(): Node[] {
    const { s } = this;
    const clauses: Node[] = [];
    for (;;) {
      if (this.is('for') || this.is('async')) {
        const start = this.starts[this.i]!;
        if (this.is('async')) this.i++;
        this.expect('for');
        const left = this.withField(this.f.left, this.targets());
        this.expect('in');
        const parts = [left];
        for (;;) {
          const right = this.is('lambda') ? this.lambda(false) : this.disjunction();
          parts.push(this.withField(this.f.right, right));
          if (!this.is(',')) break;
          this.i++;
          if (this.is(']') || this.is(')') || this.is('}')) unsupported();
        }
        clauses.push(this.upTo(s.for_in_clause, start, parts));
      } else if (this.is('if')) {
        const start = this.starts[this.i++]!;
        const condition = this.disjunction();
        if (this.is('else')) unsupported();
        clauses.push(this.node(s.if_clause, start, this.n.ends[condition]!, [condition]));
      } else {
        return clauses;
      }
    }
  }

  protected atom(): Node {
    const { s } = this;
    const kind = this.kinds[this.i];
    const value = this.values[this.i]!;
    switch (kind) {
      case NAME:
        switch (value) {
          case 'True':
            return this.leaf(s.true);
          case 'False':
            return this.leaf(s.false);
          case 'None':
            return this.leaf(s.none);
        }
        return this.identifier();
      case NUMBER:
        return this.leaf(/[.eE]/.test(value) && !/^0[xX]/.test(value) ? s.float : s.integer);
      case STRING:
        return this.strings();
      case OP:
        switch (value) {
          case '(':
            return this.parenthesized();
          case '[':
            return this.bracketed();
          case '{':
            return this.braced();
          case '...':
            return this.leaf(s.ellipsis);
        }
    }
    return unsupported();
  }

  protected parenthesized(): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    if (this.is(')')) return this.node(s.tuple, start, this.expect(')'));
    if (this.is('yield')) {
      const value = this.yieldExpression();
      return this.node(s.parenthesized_expression, start, this.expect(')'), [value]);
    }
    const first = this.collectionItem();
    const generator = this.comprehension(s.generator_expression, start, first, ')');
    if (generator !== NONE) return generator;
    if (this.is(')')) {
      if (this.n.types[first]! === s.list_splat) unsupported();
      return this.node(s.parenthesized_expression, start, this.expect(')'), [first]);
    }
    const items = this.collectionRest(first, ')');
    return this.node(s.tuple, start, this.expect(')'), items);
  }

  protected bracketed(): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    if (this.is(']')) return this.node(s.list, start, this.expect(']'));
    const first = this.collectionItem();
    const comprehension = this.comprehension(s.list_comprehension, start, first, ']');
    if (comprehension !== NONE) return comprehension;
    const items = this.collectionRest(first, ']');
    return this.node(s.list, start, this.expect(']'), items);
  }

  protected braced(): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    if (this.is('}')) return this.node(s.dictionary, start, this.expect('}'));
    if (this.is('**') || !this.isSetItem()) {
      const first = this.dictionaryItem();
      if (this.n.types[first]! === s.pair) {
        const comprehension = this.comprehension(s.dictionary_comprehension, start, first, '}');
        if (comprehension !== NONE) return comprehension;
      }
      const items = [first];
      while (this.is(',')) {
        this.i++;
        if (this.is('}')) break;
        items.push(this.dictionaryItem());
      }
      return this.node(s.dictionary, start, this.expect('}'), items);
    }
    const first = this.collectionItem();
    const comprehension = this.comprehension(s.set_comprehension, start, first, '}');
    if (comprehension !== NONE) return comprehension;
    const items = this.collectionRest(first, '}');
    return this.node(s.set, start, this.expect('}'), items);
  }

  /** `first for … if …` up to `close`, as a comprehension of `type` from `start`, where a `for`
   *  follows `first`; else NONE, and nothing read. */
  protected comprehension(type: number, start: number, first: Node, close: string): Node {
    if (!this.is('for') && !this.is('async')) return NONE;
    this.n.fields[first] = this.f.body;
    const clauses = this.comprehensionClauses();
    return this.node(type, start, this.expect(close), [first, ...clauses]);
  }

  /** Whether the braces hold a set: the first item is not followed by `:` at this depth. */
  protected isSetItem(): boolean {
    let depth = 0;
    for (let at = this.i; ; at++) {
      const kind = this.kinds[at];
      if (kind === EOF) return true;
      if (kind !== OP && kind !== NAME) continue;
      const value = this.values[at];
      if (value === '(' || value === '[' || value === '{') depth++;
      else if (value === ')' || value === ']' || value === '}') {
        if (depth === 0) return true;
        depth--;
      } else if (depth === 0 && (value === ',' || value === 'for')) return true;
      else if (depth === 0 && value === ':') return false;
      else if (depth === 0 && value === 'lambda') unsupported();
    }
  }

  protected dictionaryItem(): Node {
    const { s } = this;
    if (this.is('**')) {
      const start = this.starts[this.i++]!;
      const value = this.expression();
      return this.node(s.dictionary_splat, start, this.n.ends[value]!, [value]);
    }
    const key = this.withField(this.f.key, this.expression());
    this.expect(':');
    const value = this.withField(this.f.value, this.expression());
    return this.node(s.pair, this.n.starts[key]!, this.n.ends[value]!, [key, value]);
  }

  protected collectionItem(): Node {
    if (this.is('yield')) return this.yieldExpression();
    return this.starExpression(false);
  }

  protected collectionRest(first: Node, close: string): Node[] {
    const items = [first];
    while (this.is(',')) {
      this.i++;
      if (this.is(close)) break;
      items.push(this.collectionItem());
    }
    if (!this.is(close)) unsupported();
    // A list or set whose only item is starred: see plainStarOperand.
    if (close !== ')' && items.length === 1 && this.n.types[first]! === this.s.list_splat) {
      if (!this.plainStarOperand(this.n.firstChildren[first]!)) unsupported();
    }
    return items;
  }

  protected yieldExpression(): Node {
    const start = this.starts[this.i++]!;
    if (this.is('from')) {
      this.i++;
      const value = this.expression();
      return this.node(this.s.yield, start, this.n.ends[value]!, [value]);
    }
    if (this.atStatementEnd() || this.is(')') || this.is(']') || this.is('}') || this.is('=')) {
      return this.node(this.s.yield, start, this.ends[this.i - 1]!);
    }
    const value = this.expressions();
    return this.node(this.s.yield, start, this.n.ends[value]!, [value]);
  }

  // --- strings

  /** One string, or several side by side: a concatenated_string. */
  protected strings(): Node {
    const first = this.string();
    if (this.kinds[this.i] !== STRING) return first;
    const children = [first];
    while (this.kinds[this.i] === STRING) children.push(this.string());
    return this.upTo(this.s.concatenated_string, this.n.starts[first]!, children);
  }

  protected string(): Node {
    const { s, text } = this;
    const index = this.i++;
    const start = this.starts[index]!;
    const end = this.ends[index]!;
    let quote = start;
    while (text.charCodeAt(quote) !== 34 && text.charCodeAt(quote) !== 39) quote++;
    const prefix = text.slice(start, quote).toLowerCase();
    const q = text.charCodeAt(quote);
    const triple =
      end - quote >= 6 && text.charCodeAt(quote + 1) === q && text.charCodeAt(quote + 2) === q;
    const contentStart = quote + (triple ? 3 : 1);
    const contentEnd = end - (triple ? 3 : 1);
    const children = [this.node(s.string_start, start, contentStart)];
    const interpolations = this.tokens.interpolations.get(index) ?? [];
    if (prefix.includes('r') && onlyEscapedInRaw(text, contentStart, contentEnd, q)) {
      // tree-sitter's scanner counts the backslashes it steps over in a raw string as no
      // content: where there is nothing else, they go to the string_end token.
      if (interpolations.length > 0) unsupported();
      children.push(this.node(s.string_end, contentStart, end));
      return this.node(s.string, start, end, children);
    }
    let from = contentStart;
    for (let k = 0; k < interpolations.length; k += 2) {
      this.content(children, from, interpolations[k]!, prefix);
      children.push(this.interpolation(interpolations[k]!, interpolations[k + 1]!));
      from = interpolations[k + 1]! + 1;
    }
    this.content(children, from, contentEnd, prefix);
    children.push(this.node(s.string_end, contentEnd, end));
    return this.node(s.string, start, end, children);
  }

  /** A string_content for `text[from, to)`, if not empty, with its escapes. */
  protected content(into: Node[], from: number, to: number, prefix: string): void {
    if (from === to) return;
    const { s, text } = this;
    const raw = prefix.includes('r');
    const bytes = prefix.includes('b');
    const fstring = prefix.includes('f');
    let children: Node[] | null = null;
    for (let at = from; at < to;) {
      const c = text.charCodeAt(at);
      if (c === 92) {
        if (raw) {
          at += 2;
          continue;
        }
        const next = text.charCodeAt(at + 1);
        if (bytes && (next === 78 || next === 117 || next === 85)) {
          at += 2;
          continue;
        }
        ESCAPE.lastIndex = at;
        if (ESCAPE.test(text) && ESCAPE.lastIndex <= to) {
          (children ??= []).push(this.node(s.escape_sequence, at, ESCAPE.lastIndex));
          at = ESCAPE.lastIndex;
        } else {
          at += 2;
        }
        continue;
      }
      if (fstring && (c === 123 || c === 125)) {
        (children ??= []).push(this.node(s.escape_interpolation, at, at + 2));
        at += 2;
        continue;
      }
      at++;
    }
    into.push(this.node(s.string_content, from, to, children));
  }

  /** `{expression!r:spec}` in an f-string, from `{` at `open` to `}` at `close`. */
  protected interpolation(open: number, close: number): Node {
    const { s, text } = this;
    // Where the expression ends: a `!` conversion, a `:` spec or a `=` before either, at depth 0.
    let depth = 0;
    let exprEnd = close;
    let conversion = -1;
    let spec = -1;
    for (let at = open + 1; at < close; at++) {
      const c = text.charCodeAt(at);
      if (c === 40 || c === 91 || c === 123) depth++;
      else if (c === 41 || c === 93 || c === 125) depth--;
      else if (c === 34 || c === 39) at = text.indexOf(String.fromCharCode(c), at + 1);
      else if (depth === 0 && c === 33 && text.charCodeAt(at + 1) !== 61) {
        conversion = at;
        break;
      } else if (depth === 0 && c === 58) {
        spec = at;
        break;
      }
    }
    if (conversion >= 0) {
      exprEnd = conversion;
      if (!/^![a-z]$/.test(text.slice(conversion, conversion + 2))) unsupported();
      const after = text.charCodeAt(conversion + 2);
      if (after === 58) spec = conversion + 2;
      else if (conversion + 2 !== close) unsupported();
    } else if (spec >= 0) {
      exprEnd = spec;
    }
    // `{x=}`: the `=` is a token of the interpolation.
    let exprText = text.slice(open + 1, exprEnd);
    const selfDocumenting = /=\s*$/.test(exprText) && !/[=!<>]=\s*$/.test(exprText);
    if (selfDocumenting) {
      exprEnd = open + 1 + exprText.lastIndexOf('=');
      exprText = text.slice(open + 1, exprEnd);
    }
    if (spec >= 0 && text.slice(spec + 1, close).includes('{')) unsupported();
    const tokens = tokenize(text, this.extras, open + 1, exprEnd, true);
    const inner = new ExpressionParser(text, tokens, s, this.f, this.extras, this.n);
    const expression = inner.interpolationExpression();
    const children = [this.withField(this.f.expression, expression)];
    if (conversion >= 0) {
      children.push(
        this.withField(
          this.f.type_conversion,
          this.node(s.type_conversion, conversion, conversion + 2),
        ),
      );
    }
    if (spec >= 0) {
      children.push(
        this.withField(this.f.format_specifier, this.node(s.format_specifier, spec, close)),
      );
    }
    return this.node(s.interpolation, open, close + 1, children);
  }

  /** The expression of an f-string interpolation: an expression or a list of them. */
  interpolationExpression(): Node {
    if (this.is('yield')) unsupported();
    const [items, trailingComma] = this.starList();
    if (this.kinds[this.i] !== EOF) unsupported();
    return this.listOf(items, trailingComma);
  }
}

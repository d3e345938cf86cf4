// The Python parser's statements (python-parse.ts): the module, simple and compound statements,
// imports, blocks and definitions, on top of the expressions (python-expressions.ts).
import { AUGMENTED, ExpressionParser } from './python-expressions.js';
import { NONE, type Node } from './python-nodes.js';
import { DEDENT, EOF, INDENT, NAME, NEWLINE, OP, unsupported } from './python-tokens.js';

export class StatementParser extends ExpressionParser {
  module(): Node {
    const children: Node[] = [];
    while (this.kinds[this.i] !== EOF) this.statement(children);
    const first = children.length > 0 ? this.n.starts[children[0]!]! : this.text.length;
    const start = Math.min(first, this.extras[0]?.start ?? first);
    return this.node(this.s.module, start, this.text.length, children);
  }

  private statement(into: Node[]): void {
    const compound = this.compoundStatement();
    if (compound === NONE) this.simpleStatements(into);
    else into.push(compound);
  }

  /** A compound statement, or NONE (nothing read) if the next statement is a simple one. */
  private compoundStatement(): Node {
    if (this.is('@')) return this.decorated();
    if (this.kinds[this.i] !== NAME) return NONE;
    const start = this.starts[this.i]!;
    switch (this.values[this.i]) {
      case 'def':
      case 'class':
        return this.definition();
      case 'if':
        return this.ifStatement();
      case 'for':
        return this.forStatement(start);
      case 'while':
        return this.whileStatement();
      case 'try':
        return this.tryStatement();
      case 'with':
        return this.withStatement(start);
      case 'async':
        this.i++;
        if (this.is('def')) return this.definition(start);
        if (this.is('for')) return this.forStatement(start);
        if (this.is('with')) return this.withStatement(start);
        return unsupported();
      default:
        return NONE;
    }
  }

  /** `a; b` up to the line's end; returns where the NEWLINE is. */
  private simpleStatements(into: Node[]): number {
    for (;;) {
      into.push(this.simpleStatement());
      if (!this.is(';')) break;
      this.i++;
      if (this.kinds[this.i] === NEWLINE) break;
    }
    if (this.kinds[this.i] !== NEWLINE) unsupported();
    return this.starts[this.i++]!;
  }

  private simpleStatement(): Node {
    const { s } = this;
    const start = this.starts[this.i]!;
    if (this.kinds[this.i] === NAME) {
      const word = this.values[this.i]!;
      switch (word) {
        case 'pass':
          return this.leaf(s.pass_statement);
        case 'break':
          return this.leaf(s.break_statement);
        case 'continue':
          return this.leaf(s.continue_statement);
        case 'return': {
          this.i++;
          if (this.atStatementEnd())
            return this.node(s.return_statement, start, this.ends[this.i - 1]!);
          const value = this.expressions();
          return this.node(s.return_statement, start, this.n.ends[value]!, [value]);
        }
        case 'del': {
          this.i++;
          const value = this.expressions();
          return this.node(s.delete_statement, start, this.n.ends[value]!, [value]);
        }
        case 'raise': {
          this.i++;
          const children: Node[] = [];
          if (!this.atStatementEnd()) children.push(this.expressions());
          if (this.is('from')) {
            this.i++;
            children.push(this.withField(this.f.cause, this.expression()));
          }
          const end = children.length > 0 ? this.n.ends[children.at(-1)!]! : this.ends[this.i - 1]!;
          return this.node(s.raise_statement, start, end, children);
        }
        case 'assert': {
          this.i++;
          const children = [this.expression()];
          while (this.is(',')) {
            this.i++;
            children.push(this.expression());
          }
          return this.upTo(s.assert_statement, start, children);
        }
        case 'global':
        case 'nonlocal': {
          this.i++;
          const children = [this.identifier()];
          while (this.is(',')) {
            this.i++;
            children.push(this.identifier());
          }
          const type = word === 'global' ? s.global_statement : s.nonlocal_statement;
          return this.upTo(type, start, children);
        }
        case 'import':
          return this.importStatement();
        case 'from':
          return this.fromImport();
        case 'print':
        case 'exec':
        case 'match':
        case 'type': {
          // Python 2 statements and soft keywords: only plain uses of the name are built here.
          const next = this.kinds[this.i + 1];
          const follower = this.values[this.i + 1];
          if (
            next !== OP ||
            !(
              follower === '=' ||
              follower === '.' ||
              ((word === 'print' || word === 'exec') && follower === '(')
            )
          )
            unsupported();
          break;
        }
      }
    }
    return this.expressionStatement(start);
  }

  private expressionStatement(start: number): Node {
    const { s } = this;
    if (this.is('yield')) {
      const value = this.yieldExpression();
      return this.node(s.expression_statement, start, this.n.ends[value]!, [value]);
    }
    const [items, trailingComma] = this.starList();
    const last = items.at(-1)!;
    if (this.is('=')) {
      const left = this.patternOf(items, trailingComma);
      const assignment = this.assignmentFrom(left);
      return this.node(s.expression_statement, start, this.n.ends[assignment]!, [assignment]);
    }
    if (this.is(':')) {
      if (items.length !== 1 || trailingComma) unsupported();
      const left = this.withField(this.f.left, this.toPattern(items[0]!));
      this.i++;
      const type = this.withField(this.f.type, this.type());
      const children = [left, type];
      if (this.is('=')) {
        this.i++;
        children.push(this.withField(this.f.right, this.rightHandSide()));
      }
      const assignment = this.upTo(s.assignment, this.n.starts[left]!, children);
      return this.node(s.expression_statement, start, this.n.ends[assignment]!, [assignment]);
    }
    if (this.kinds[this.i] === OP && AUGMENTED.has(this.values[this.i]!)) {
      const left = this.withField(this.f.left, this.patternOf(items, trailingComma));
      const op = this.operator(this.f.operator, this.starts[this.i]!, this.ends[this.i]!);
      this.i++;
      const right = this.withField(this.f.right, this.rightHandSide());
      const assignment = this.node(
        s.augmented_assignment,
        this.n.starts[left]!,
        this.n.ends[right]!,
        [left, op, right],
      );
      return this.node(s.expression_statement, start, this.n.ends[assignment]!, [assignment]);
    }
    if (items.some((item) => this.n.types[item]! === s.list_splat)) unsupported();
    const end = trailingComma ? this.ends[this.i - 1]! : this.n.ends[last]!;
    return this.node(s.expression_statement, start, end, items);
  }

  /** `left = right`, `left = a = right`: `left` is already a pattern. */
  private assignmentFrom(left: Node): Node {
    const { s } = this;
    this.i++; // =
    this.n.fields[left] = this.f.left;
    const right = this.withField(this.f.right, this.rightHandSide());
    return this.node(s.assignment, this.n.starts[left]!, this.n.ends[right]!, [left, right]);
  }

  /** The right of `=`: an expression, an expression list, a yield, or another assignment. */
  private rightHandSide(): Node {
    if (this.is('yield')) return this.yieldExpression();
    const [items, trailingComma] = this.starList();
    if (this.is('=')) return this.assignmentFrom(this.patternOf(items, trailingComma));
    if (this.kinds[this.i] === OP && AUGMENTED.has(this.values[this.i]!)) unsupported();
    return this.listOf(items, trailingComma);
  }

  private dottedName(): Node {
    const first = this.identifier();
    const children = [first];
    while (this.is('.')) {
      this.i++;
      children.push(this.identifier());
    }
    return this.upTo(this.s.dotted_name, this.n.starts[first]!, children);
  }

  /** `a.b` or `a.b as c`, with the field `name`. */
  private importName(): Node {
    const { s } = this;
    const name = this.dottedName();
    if (!this.is('as')) return this.withField(this.f.name, name);
    this.i++;
    this.n.fields[name] = this.f.name;
    const alias = this.withField(this.f.alias, this.identifier());
    return this.withField(
      this.f.name,
      this.node(s.aliased_import, this.n.starts[name]!, this.n.ends[alias]!, [name, alias]),
    );
  }

  private importList(children: Node[]): number {
    const parenthesized = this.is('(');
    if (parenthesized) this.i++;
    children.push(this.importName());
    while (this.is(',')) {
      this.i++;
      if (parenthesized && this.is(')')) break;
      children.push(this.importName());
    }
    return parenthesized ? this.expect(')') : this.n.ends[children.at(-1)!]!;
  }

  private importStatement(): Node {
    const start = this.starts[this.i++]!;
    const children: Node[] = [];
    const end = this.importList(children);
    if (this.is('(') || children.length === 0) unsupported();
    return this.node(this.s.import_statement, start, end, children);
  }

  private fromImport(): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    const children: Node[] = [];
    if (this.is('.') || this.is('...')) {
      const prefixStart = this.starts[this.i]!;
      while (this.is('.') || this.is('...')) this.i++;
      const prefix = this.node(s.import_prefix, prefixStart, this.ends[this.i - 1]!);
      const parts = [prefix];
      if (!this.is('import')) parts.push(this.dottedName());
      const module = this.upTo(s.relative_import, prefixStart, parts);
      children.push(this.withField(this.f.module_name, module));
    } else if (this.is('__future__')) {
      this.i++;
      this.expect('import');
      const end = this.importList(children);
      return this.node(s.future_import_statement, start, end, children);
    } else {
      children.push(this.withField(this.f.module_name, this.dottedName()));
    }
    this.expect('import');
    if (this.is('*')) {
      const star = this.leaf(s.wildcard_import);
      children.push(star);
      return this.node(s.import_from_statement, start, this.n.ends[star]!, children);
    }
    const end = this.importList(children);
    return this.node(s.import_from_statement, start, end, children);
  }

  /** `:` and the block after it: indented lines, or statements on the same line. */
  private suite(): Node {
    const { s } = this;
    this.expect(':');
    if (this.kinds[this.i] !== NEWLINE) {
      const children: Node[] = [];
      const end = this.simpleStatements(children);
      return this.node(s.block, this.n.starts[children[0]!]!, end, children);
    }
    this.i++;
    if (this.kinds[this.i] !== INDENT) unsupported();
    this.i++;
    const children: Node[] = [];
    while (this.kinds[this.i] !== DEDENT) {
      if (this.kinds[this.i] === EOF) unsupported();
      this.statement(children);
    }
    const end = this.starts[this.i++]!;
    return this.node(s.block, this.n.starts[children[0]!]!, end, children);
  }

  private ifStatement(): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    const condition = this.withField(this.f.condition, this.expression());
    const consequence = this.withField(this.f.consequence, this.suite());
    const children = [condition, consequence];
    while (this.is('elif')) {
      const clauseStart = this.starts[this.i++]!;
      const c = this.withField(this.f.condition, this.expression());
      const body = this.withField(this.f.consequence, this.suite());
      children.push(
        this.withField(
          this.f.alternative,
          this.node(s.elif_clause, clauseStart, this.n.ends[body]!, [c, body]),
        ),
      );
    }
    if (this.is('else')) children.push(this.withField(this.f.alternative, this.elseClause()));
    return this.upTo(s.if_statement, start, children);
  }

  private elseClause(): Node {
    const start = this.starts[this.i++]!;
    const body = this.withField(this.f.body, this.suite());
    return this.node(this.s.else_clause, start, this.n.ends[body]!, [body]);
  }

  private forStatement(start: number): Node {
    const { s } = this;
    this.i++; // for
    const left = this.withField(this.f.left, this.targets());
    this.expect('in');
    const right = this.withField(this.f.right, this.expressions());
    const body = this.withField(this.f.body, this.suite());
    const children = [left, right, body];
    if (this.is('else')) children.push(this.withField(this.f.alternative, this.elseClause()));
    return this.upTo(s.for_statement, start, children);
  }

  private whileStatement(): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    const condition = this.withField(this.f.condition, this.expression());
    const body = this.withField(this.f.body, this.suite());
    const children = [condition, body];
    if (this.is('else')) children.push(this.withField(this.f.alternative, this.elseClause()));
    return this.upTo(s.while_statement, start, children);
  }

  private tryStatement(): Node {
    const { s } = this;
    const start = this.starts[this.i++]!;
    const children = [this.withField(this.f.body, this.suite())];
    while (this.is('except')) {
      const clauseStart = this.starts[this.i++]!;
      if (this.is('*')) unsupported();
      const parts: Node[] = [];
      if (!this.is(':')) {
        const value = this.expression();
        if (this.is('as')) {
          this.i++;
          const target = this.expression();
          const alias = this.node(
            s.as_pattern_target,
            this.n.starts[target]!,
            this.n.ends[target]!,
            [target],
          );
          this.n.fields[alias] = this.f.alias;
          parts.push(
            this.withField(
              this.f.value,
              this.node(s.as_pattern, this.n.starts[value]!, this.n.ends[alias]!, [value, alias]),
            ),
          );
        } else {
          parts.push(this.withField(this.f.value, value));
          if (this.is(',')) unsupported();
        }
      }
      parts.push(this.suite());
      children.push(this.upTo(s.except_clause, clauseStart, parts));
    }
    if (this.is('else')) children.push(this.elseClause());
    if (this.is('finally')) {
      const clauseStart = this.starts[this.i++]!;
      const body = this.suite();
      children.push(this.node(s.finally_clause, clauseStart, this.n.ends[body]!, [body]));
    }
    if (children.length === 1) unsupported();
    return this.upTo(s.try_statement, start, children);
  }

  private withStatement(start: number): Node {
    const { s } = this;
    this.i++; // with
    if (this.is('(')) unsupported(); // a parenthesized list of items, or a tuple: ambiguous
    const items: Node[] = [];
    for (;;) {
      const value = this.expression();
      let item: Node;
      if (this.is('as')) {
        this.i++;
        const target = this.expression();
        const alias = this.node(s.as_pattern_target, this.n.starts[target]!, this.n.ends[target]!, [
          target,
        ]);
        this.n.fields[alias] = this.f.alias;
        item = this.withField(
          this.f.value,
          this.node(s.as_pattern, this.n.starts[value]!, this.n.ends[alias]!, [value, alias]),
        );
      } else {
        item = this.withField(this.f.value, value);
      }
      items.push(this.node(s.with_item, this.n.starts[item]!, this.n.ends[item]!, [item]));
      if (!this.is(',')) break;
      this.i++;
    }
    const clause = this.node(
      s.with_clause,
      this.n.starts[items[0]!]!,
      this.n.ends[items.at(-1)!]!,
      items,
    );
    const body = this.withField(this.f.body, this.suite());
    return this.node(s.with_statement, start, this.n.ends[body]!, [clause, body]);
  }

  private decorated(): Node {
    const { s } = this;
    const start = this.starts[this.i]!;
    const children: Node[] = [];
    while (this.is('@')) {
      const decoratorStart = this.starts[this.i++]!;
      const value = this.expression();
      if (this.kinds[this.i] !== NEWLINE) unsupported();
      const end = this.starts[this.i++]!;
      children.push(this.node(s.decorator, decoratorStart, end, [value]));
    }
    const definitionStart = this.starts[this.i]!; // at `async`, if there is one
    if (this.is('async')) this.i++;
    if (!this.is('def') && !this.is('class')) unsupported();
    const definition = this.withField(this.f.definition, this.definition(definitionStart));
    children.push(definition);
    return this.node(s.decorated_definition, start, this.n.ends[definition]!, children);
  }

  /** `def` or `class`, from `start` (an `async` before `def`). */
  private definition(start = this.starts[this.i]!): Node {
    const { s } = this;
    const isClass = this.is('class');
    this.i++;
    const children = [this.withField(this.f.name, this.identifier())];
    if (this.is('[')) unsupported(); // type parameters
    if (isClass) {
      if (this.is('(')) children.push(this.withField(this.f.superclasses, this.argumentList()));
    } else {
      children.push(this.withField(this.f.parameters, this.parameters()));
      if (this.is('->')) {
        this.i++;
        children.push(this.withField(this.f.return_type, this.type()));
      }
    }
    const body = this.withField(this.f.body, this.suite());
    children.push(body);
    return this.node(
      isClass ? s.class_definition : s.function_definition,
      start,
      this.n.ends[body]!,
      children,
    );
  }

  private parameters(): Node {
    const start = this.starts[this.i]!;
    this.expect('(');
    const children: Node[] = [];
    while (!this.is(')')) {
      children.push(this.parameter(true));
      if (!this.is(',')) break;
      this.i++;
    }
    const end = this.expect(')');
    return this.node(this.s.parameters, start, end, children);
  }
}

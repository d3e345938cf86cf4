// Python → facts. parsePythonTree (python-tree.ts) builds the syntax tree; one walk records
// calls with the taint of their arguments, environment and credential-file reads, and FastMCP /
// low-level tool definitions.
import type { CallFact, ValueFact } from './facts.js';
import {
  bindingOf,
  dictionary,
  DottedNames,
  nested,
  combine,
  FactsBuilder,
  isCredentialPath,
  literalFact,
  SANITIZERS,
  Scope,
  unknownFact,
  type Binding,
  untainted,
  withLeadingParts,
  withPrefix,
} from './analysis.js';
import { PARSE_TIME_MS_MAX } from './budget.js';
import type { Analysis } from './javascript.js';
import { toolFromDecoratedFunction, toolFromToolConstructor } from './python-tools.js';
import { pythonString } from './python-node.js';
import { parsePythonTree, type PyNode } from './python-tree.js';

const ERRORS_MAX = 20;

/** Which parser builds the tree: python-parse.ts where it can, else tree-sitter; or tree-sitter
 *  alone (for tests, which hold the two to the same result). */
export type PythonParserChoice = 'fast' | 'tree-sitter';

export async function analysePython(
  text: string,
  choice: PythonParserChoice = 'fast',
): Promise<Analysis> {
  const parsed = await parsePythonTree(text, {
    parser: choice === 'fast' ? 'either' : 'tree-sitter',
  });
  const root = parsed?.root;
  if (!root) {
    return {
      facts: new FactsBuilder().facts,
      errors: [],
      skipped: `not analysed: parsing took longer than ${PARSE_TIME_MS_MAX} ms`,
    };
  }
  try {
    const walker = new PyWalker();
    walker.walkModule(root);
    return { facts: walker.builder.facts, errors: syntaxErrors(root) };
  } catch (error) {
    // The walk recurses per nesting level; the budget pre-scan should stop such input first.
    if (!(error instanceof RangeError)) throw error;
    return {
      facts: new FactsBuilder().facts,
      errors: [],
      skipped: 'not analysed: nested too deeply',
    };
  }
}

/** Imports that are request data: `from flask import request`. */
const INPUT_ALIASES = new Set(['flask.request', 'sys.argv', 'quart.request']);
/** Module attributes whose value is caller-controlled input. */
const INPUT_NAMES = new Set(['sys.argv', 'input', 'request']);
/** The dotted ones, matched against attribute reads. */
const DOTTED_INPUT_NAMES = new DottedNames(INPUT_NAMES);
/** `@app.route(…)`, `@router.get(…)`, `@app.websocket(…)`: web request handlers. */
const ROUTE_DECORATOR = /^@\s*[\w.]+\.(?:route|get|post|put|patch|delete|api_route|websocket)\s*\(/;
/** Parameters that are the receiver or framework plumbing, not caller input. */
const NON_INPUT_PARAMS = new Set(['self', 'cls']);
const ENV_NAMES = new Set(['os.getenv', 'os.getenvb']);

class PyWalker {
  readonly builder = new FactsBuilder();
  private scope = new Scope(undefined, 0);
  private toolHandlerPending = false;
  private routePending = false;

  walkModule(root: PyNode): void {
    for (const child of root.namedChildren) if (child) this.visit(child);
  }

  private visit(node: PyNode): ValueFact {
    switch (node.type) {
      case 'string':
        return this.string(node);
      case 'concatenated_string':
        return this.concatenated(node);
      case 'integer':
      case 'float':
        return literalFact('', Number(node.text.replace(/_/g, '')));
      case 'true':
      case 'false':
        return literalFact('', node.type === 'true');
      case 'none':
        return literalFact('', null);
      case 'identifier':
        return this.identifier(node);
      case 'attribute':
        return this.attribute(node);
      case 'subscript':
        return this.subscript(node);
      case 'call':
        return this.call(node);
      case 'binary_operator':
        return this.binary(node);
      case 'list':
      case 'tuple':
      case 'set':
        return this.sequence(node);
      case 'dictionary':
        return this.dictionary(node);
      case 'function_definition':
        return this.fn(node);
      case 'decorated_definition':
        return this.decorated(node);
      case 'lambda':
        return this.lambda(node);
      case 'assignment':
      case 'augmented_assignment':
        return this.assignment(node);
      case 'for_statement':
      case 'for_in_clause':
        return this.forStatement(node);
      case 'list_comprehension':
      case 'set_comprehension':
      case 'dictionary_comprehension':
      case 'generator_expression':
        return this.comprehension(node);
      case 'with_item':
        return this.withItem(node);
      case 'import_statement':
      case 'import_from_statement':
        return this.importStatement(node);
      case 'comparison_operator':
      case 'not_operator':
        return untainted(this.generic(node));
      case 'await':
      case 'parenthesized_expression': {
        const inner = node.namedChildren[0];
        return inner ? this.visit(inner) : unknownFact('other', '');
      }
      case 'comment':
      case 'type':
        return unknownFact('other', '');
      default:
        return this.generic(node);
    }
  }

  private generic(node: PyNode): ValueFact {
    const parts: ValueFact[] = [];
    for (const child of node.namedChildren) if (child) parts.push(this.visit(child));
    // No text for structural nodes: rules only read the text of strings, names and calls.
    if (parts.length === 0) return unknownFact('other', '');
    return combine('other', '', parts);
  }

  private line(node: PyNode): number {
    return node.startPosition.row + 1;
  }

  private string(node: PyNode): ValueFact {
    const parsed = pythonString(node);
    if (isCredentialPath(parsed.value)) {
      this.builder.addSensitiveRead(
        this.scope.fn,
        'credential-file',
        this.line(node),
        parsed.value,
      );
    }
    if (parsed.interpolations.length === 0) return literalFact('', parsed.value);
    const parts = parsed.pieces.map((piece) =>
      typeof piece === 'string' ? literalFact(piece, piece) : this.visit(piece),
    );
    return withLeadingParts(combine('template', node.text, parts), parts);
  }

  private concatenated(node: PyNode): ValueFact {
    const parts = node.namedChildren
      .filter((c): c is PyNode => c !== null)
      .map((c) => this.visit(c));
    if (parts.every((p) => p.shape === 'literal')) {
      return literalFact('', parts.map((p) => String(p.literal ?? '')).join(''));
    }
    return combine('template', node.text, parts);
  }

  private identifier(node: PyNode): ValueFact {
    const name = node.text;
    this.builder.addName(this.scope.fn, name);
    const binding = this.scope.lookup(name);
    if (!binding) {
      return {
        shape: 'name',
        isConstant: false,
        isTainted: INPUT_NAMES.has(name),
        text: '',
        name,
      };
    }
    const fact: ValueFact = {
      shape: 'name',
      isConstant: binding.constant,
      isTainted: binding.tainted || INPUT_ALIASES.has(binding.alias ?? ''),
      text: '',
      name: binding.alias ?? name,
    };
    if (binding.origin) fact.origin = binding.origin;
    return fact;
  }

  private attribute(node: PyNode): ValueFact {
    return this.attributeWithObject(node).fact;
  }

  private attributeWithObject(node: PyNode): {
    fact: ValueFact;
    object: ValueFact;
    attribute: string;
  } {
    const [objectNode, attributeNode] = pairOf(node, 'object', 'attribute');
    const object = this.visit(objectNode!);
    const attribute = attributeNode?.text ?? '?';
    this.builder.addName(this.scope.fn, attribute);
    const name = `${object.name ?? '?'}.${attribute}`;
    if (name === 'os.environ') {
      this.builder.addSensitiveRead(this.scope.fn, envReadKind(node), this.line(node), node.text);
    }
    const fact: ValueFact = {
      shape: 'member',
      isConstant: object.isConstant,
      isTainted: object.isTainted || DOTTED_INPUT_NAMES.has(name, attribute),
      text: '',
      name,
    };
    return { fact, object, attribute };
  }

  private subscript(node: PyNode): ValueFact {
    const value = this.visit(node.childForFieldName('value')!);
    const subscripts = node
      .childrenForFieldName('subscript')
      .filter((c): c is PyNode => c !== null);
    const keys = subscripts.map((s) => this.visit(s));
    const fact = combine('member', '', [value, ...keys]);
    const key = keys[0]?.literal;
    if (value.name !== undefined && typeof key === 'string') fact.name = `${value.name}.${key}`;
    // A subscript of a tainted container is tainted; a tainted index into a constant table is not.
    fact.isTainted = value.isTainted;
    return fact;
  }

  private binary(node: PyNode): ValueFact {
    const left = this.visit(node.childForFieldName('left')!);
    const right = this.visit(node.childForFieldName('right')!);
    const operator = node.childForFieldName('operator')?.type;
    // `+` joins strings, `/` joins pathlib paths: both carry the caller's text onward.
    if (operator === '+' || operator === '/') {
      return withLeadingParts(combine('concat', node.text, [left, right]), [left, right]);
    }
    if (operator === '%' && typeof left.literal === 'string') {
      const prefix = left.literal.slice(0, Math.max(0, left.literal.indexOf('%')));
      return withPrefix(combine('format', node.text, [left, right]), prefix);
    }
    return untainted(combine('other', '', [left, right]));
  }

  private sequence(node: PyNode): ValueFact {
    const items = node.namedChildren
      .filter((c): c is PyNode => c !== null)
      .map((c) => this.visit(c));
    const fact = combine('array', '', items);
    fact.items = items.map(nested);
    return fact;
  }

  private dictionary(node: PyNode): ValueFact {
    const props = dictionary<ValueFact>();
    const parts: ValueFact[] = [];
    for (const pair of node.namedChildren) {
      if (!pair) continue;
      if (pair.type !== 'pair') {
        parts.push(this.visit(pair));
        continue;
      }
      const [keyNode, valueNode] = pairOf(pair, 'key', 'value');
      const key = this.visit(keyNode!);
      const value = this.visit(valueNode!);
      if (typeof key.literal === 'string') props[key.literal] = nested(value);
      parts.push(key, value);
    }
    const fact = combine('object', '', parts);
    fact.props = props;
    return fact;
  }

  private call(node: PyNode): ValueFact {
    const [calleeNode, argumentList] = pairOf(node, 'function', 'arguments') as [
      PyNode,
      PyNode | null,
    ];
    let receiver: ValueFact | undefined;
    let callee: ValueFact;
    let method: string;
    if (calleeNode.type === 'attribute') {
      const parts = this.attributeWithObject(calleeNode);
      callee = parts.fact;
      receiver = parts.object;
      method = parts.attribute;
    } else {
      callee = this.visit(calleeNode);
      method = callee.name ?? '?';
      method = method.slice(method.lastIndexOf('.') + 1);
    }
    const calleeName = callee.name ?? '?';
    const args: ValueFact[] = [];
    const kwargs = dictionary<ValueFact>();
    // The keyword arguments' values in order (`Object.values` of the dictionary-mode `kwargs`
    // was the walk's slowest line).
    const keywordValues: ValueFact[] = [];
    for (const arg of argumentList?.namedChildren ?? []) {
      if (!arg || arg.type === 'comment') continue;
      if (arg.type === 'keyword_argument') {
        const [keyNode, valueNode] = pairOf(arg, 'name', 'value');
        const key = keyNode?.text ?? '';
        const value = this.visit(valueNode!);
        // A repeated keyword (a syntax error) keeps its first place and its last value.
        if (Object.hasOwn(kwargs, key)) {
          keywordValues[keywordValues.indexOf(kwargs[key]!)] = value;
        } else keywordValues.push(value);
        kwargs[key] = value;
      } else args.push(this.visit(arg));
    }
    const line = this.line(node);
    const fact: CallFact = {
      callee: calleeName,
      method,
      isNew: false,
      args,
      kwargs,
      line,
      column: node.startColumn + 1,
      fn: this.scope.fn,
    };
    if (receiver) fact.receiver = receiver;
    this.builder.facts.calls.push(fact);
    this.builder.addName(this.scope.fn, method);
    if (ENV_NAMES.has(calleeName)) {
      this.builder.addSensitiveRead(this.scope.fn, 'env', line, node.text);
    }
    if (method === 'Tool') {
      const tool = toolFromToolConstructor(node);
      if (tool) this.builder.addTool(tool, line);
    }
    if (method === 'format' && typeof receiver?.literal === 'string') {
      // "SELECT … {}".format(x): string formatting, like `%` and f-strings.
      const prefix = receiver.literal.slice(0, Math.max(0, receiver.literal.indexOf('{')));
      return withPrefix(combine('format', node.text, args, keywordValues), prefix);
    }
    const result = combine('call', '', args, keywordValues);
    const receiverTainted = calleeNode.type === 'attribute' && callee.isTainted;
    // A sanitiser's result is as harmless as a constant (quoted, numeric, a bare file name).
    const isSanitizer = SANITIZERS.has(calleeName);
    result.isTainted =
      !isSanitizer && (result.isTainted || receiverTainted || INPUT_NAMES.has(calleeName));
    result.isConstant = isSanitizer;
    result.callee = calleeName;
    return result;
  }

  private decorated(node: PyNode): ValueFact {
    const decorators = node.namedChildren.filter((c): c is PyNode => c?.type === 'decorator');
    for (const decorator of decorators) this.visit(decorator);
    const definition = node.childForFieldName('definition');
    if (definition?.type !== 'function_definition') {
      return definition ? this.visit(definition) : unknownFact('other', '');
    }
    const isTool = decorators.some((d) => isToolDecorator(d));
    const tool = isTool ? toolFromDecoratedFunction(decorators, definition) : undefined;
    if (tool) this.builder.addTool(tool, this.line(node));
    const isHandler = isTool || decorators.some((d) => /\.call_tool\b/.test(d.text));
    this.toolHandlerPending = isHandler;
    this.routePending = decorators.some((d) => ROUTE_DECORATOR.test(d.text));
    return this.fn(definition);
  }

  private fn(node: PyNode): ValueFact {
    const name = node.childForFieldName('name')?.text ?? '<anonymous>';
    const parameters = node.childForFieldName('parameters');
    const params = parameterNames(parameters);
    const index = this.builder.enterFunction(name, this.line(node), params, this.scope.fn);
    if (this.toolHandlerPending) this.builder.markToolHandler(index);
    if (this.routePending) this.builder.markRequestHandler(index);
    this.toolHandlerPending = false;
    this.routePending = false;
    // Default values are evaluated in the enclosing scope.
    for (const p of parameters?.namedChildren ?? []) {
      const value = p?.childForFieldName('value');
      if (value) this.visit(value);
    }
    this.scope.declare(name, { tainted: false, constant: false });
    const outer = this.scope;
    this.scope = new Scope(outer, index);
    for (const p of params) {
      if (!NON_INPUT_PARAMS.has(p)) this.scope.declare(p, { tainted: true, constant: false });
    }
    const body = node.childForFieldName('body');
    if (body) this.visit(body);
    this.scope = outer;
    return unknownFact('function', '');
  }

  private lambda(node: PyNode): ValueFact {
    const params = parameterNames(node.childForFieldName('parameters'));
    const index = this.builder.enterFunction('<lambda>', this.line(node), params, this.scope.fn);
    const outer = this.scope;
    this.scope = new Scope(outer, index);
    for (const p of params) this.scope.declare(p, { tainted: true, constant: false });
    const body = node.childForFieldName('body');
    const value = body ? this.visit(body) : unknownFact('other', '');
    this.scope = outer;
    return { ...value, shape: 'function' };
  }

  private assignment(node: PyNode): ValueFact {
    const right = node.childForFieldName('right');
    const value = right ? this.visit(right) : unknownFact('other', '');
    const left = node.childForFieldName('left')!;
    const binding = bindingOf(value);
    if (node.type === 'augmented_assignment' && left.type === 'identifier') {
      const previous = this.scope.lookup(left.text);
      binding.tainted ||= previous?.tainted ?? false;
      binding.constant &&= previous?.constant ?? false;
      delete binding.alias;
      delete binding.origin;
    }
    this.bindTarget(left, binding);
    return value;
  }

  private forStatement(node: PyNode): ValueFact {
    const rightNode = node.childForFieldName('right');
    const right = rightNode ? this.visit(rightNode) : unknownFact('other', '');
    const left = node.childForFieldName('left');
    if (left) this.bindTarget(left, { tainted: right.isTainted, constant: right.isConstant });
    for (const field of ['body', 'alternative']) {
      const child = node.childForFieldName(field);
      if (child) this.visit(child);
    }
    return unknownFact('other', '');
  }

  /** `[f(x) for x in xs if g(x)]`: bind the loop variables before the element is evaluated. */
  private comprehension(node: PyNode): ValueFact {
    const children = node.namedChildren.filter((c): c is PyNode => c !== null);
    const clauses = children.filter((c) => c.type === 'for_in_clause');
    const parts = clauses.map((c) => this.visit(c));
    for (const child of children) if (child.type !== 'for_in_clause') parts.push(this.visit(child));
    return combine('array', '', parts);
  }

  private withItem(node: PyNode): ValueFact {
    const value = node.childForFieldName('value');
    if (value?.type !== 'as_pattern') return value ? this.visit(value) : unknownFact('other', '');
    const inner = value.namedChildren[0];
    const fact = inner ? this.visit(inner) : unknownFact('other', '');
    const target = value.childForFieldName('alias');
    const name = target?.namedChildren[0] ?? target;
    if (name) this.bindTarget(name, bindingOf(fact));
    return fact;
  }

  private bindTarget(target: PyNode, binding: Binding): void {
    switch (target.type) {
      case 'identifier':
        this.scope.assign(target.text, binding);
        return;
      case 'pattern_list':
      case 'tuple_pattern':
      case 'list_pattern':
      case 'tuple':
      case 'list':
        for (const child of target.namedChildren) {
          if (child)
            this.bindTarget(child, { tainted: binding.tainted, constant: binding.constant });
        }
        return;
      case 'list_splat_pattern': {
        const inner = target.namedChildren[0];
        if (inner) this.bindTarget(inner, { tainted: binding.tainted, constant: binding.constant });
        return;
      }
      default:
        // `obj.attr = …` / `d[k] = …`: evaluate for calls inside, bind nothing.
        this.visit(target);
    }
  }

  private importStatement(node: PyNode): ValueFact {
    const module =
      node.type === 'import_from_statement'
        ? node.childForFieldName('module_name')?.text
        : undefined;
    for (const nameNode of node.childrenForFieldName('name')) {
      if (!nameNode) continue;
      const isAliased = nameNode.type === 'aliased_import';
      const dotted = isAliased ? (nameNode.childForFieldName('name')?.text ?? '') : nameNode.text;
      const local = isAliased ? (nameNode.childForFieldName('alias')?.text ?? dotted) : dotted;
      if (module !== undefined) {
        this.scope.declare(local, {
          tainted: false,
          constant: false,
          alias: `${module}.${dotted}`,
        });
      } else if (isAliased) {
        this.scope.declare(local, { tainted: false, constant: false, alias: dotted });
      } else {
        // `import os.path` binds `os`.
        const head = dotted.split('.')[0]!;
        this.scope.declare(head, { tainted: false, constant: false, alias: head });
      }
    }
    return unknownFact('other', '');
  }
}

function isToolDecorator(decorator: PyNode): boolean {
  return /^@\s*[\w.]+\.tool\s*(?:\(|$)/.test(decorator.text);
}

function parameterNames(parameters: PyNode | null): string[] {
  const out: string[] = [];
  for (const p of parameters?.namedChildren ?? []) {
    if (!p) continue;
    if (p.type === 'identifier') out.push(p.text);
    else {
      const name =
        p.childForFieldName('name') ?? p.namedChildren.find((c) => c?.type === 'identifier');
      if (name) out.push(name.text);
    }
  }
  return out;
}

/** `os.environ["X"]` and `os.environ.get("X")` read one variable; anything else takes them all. */
function envReadKind(environ: PyNode): 'env' | 'env-all' {
  const parent = environ.parent;
  if (parent?.type === 'subscript') return 'env';
  const attribute = parent?.type === 'attribute' ? parent.childForFieldName('attribute')?.text : '';
  return attribute === 'get' || attribute === 'setdefault' || attribute === 'pop'
    ? 'env'
    : 'env-all';
}

/** Lines of ERROR and MISSING nodes; only searched when the tree says it has errors. */
function syntaxErrors(root: PyNode): string[] {
  if (!root.hasError) return [];
  const errors: string[] = [];
  const visit = (node: PyNode): void => {
    if (errors.length >= ERRORS_MAX || !node.hasError) return;
    if (node.type === 'ERROR' || node.isMissing) {
      const what = node.isMissing ? `missing ${node.type}` : 'syntax error';
      errors.push(`${node.startPosition.row + 1}: ${what}`);
      return;
    }
    for (const child of node.children) if (child) visit(child);
  };
  visit(root);
  return errors.length > 0 ? errors : ['1: syntax error'];
}

/** The two named children of a node whose grammar rule has exactly two (attribute, call, pair,
 *  keyword_argument). Reading `namedChildren` avoids a search of the children per field; a
 *  comment between the parts makes three children, and then the fields are asked for by name. */
function pairOf(node: PyNode, first: string, second: string): [PyNode | null, PyNode | null] {
  const children = node.namedChildren;
  if (children.length === 2) return [children[0]!, children[1]!];
  return [node.childForFieldName(first), node.childForFieldName(second)];
}

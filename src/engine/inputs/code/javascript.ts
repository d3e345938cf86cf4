// JS/TS → facts. oxc parses (fast enough for the 5 MB/s budget); one walk over its ESTree tree
// records every call with the taint of its arguments, sensitive reads and MCP tool definitions.
import { visitorKeys } from 'oxc-parser';
import type { CodeLanguage } from '../types.js';
import type { CallFact, CodeFacts, ValueFact } from './facts.js';
import {
  combine,
  dictionary,
  DottedNames,
  FactsBuilder,
  isCredentialPath,
  literalFact,
  SANITIZERS,
  Scope,
  unknownFact,
  bindingOf,
  nested,
  type Binding,
  untainted,
  withLeadingParts,
} from './analysis.js';
import { LineIndex } from './line-index.js';
import {
  toolFromObjectLiteral,
  toolFromRegisterTool,
  toolFromToolCall,
} from './javascript-tools.js';
import { jsChild, jsChildren, type JsNode } from './javascript-node.js';
import { parseOxc } from './oxc-parse.js';

export interface Analysis {
  facts: CodeFacts;
  errors: string[];
  skipped?: string;
}

export function analyseJavaScript(path: string, text: string, language: CodeLanguage): Analysis {
  const lower = path.toLowerCase();
  const lang =
    language === 'typescript'
      ? lower.endsWith('.tsx')
        ? 'tsx'
        : 'ts'
      : lower.endsWith('.jsx')
        ? 'jsx'
        : 'js';
  const sourceType = lower.endsWith('.cjs') || lower.endsWith('.cts') ? 'commonjs' : 'unambiguous';
  // astType 'js' drops TypeScript-only fields from ordinary nodes: a smaller AST to deserialise
  // (about a third faster), and the walker never reads type annotations.
  const result = parseOxc(path, text, { lang, sourceType, astType: 'js', preserveParens: false });
  const lines = new LineIndex(text);
  const errors = result.errors.map((e) => `${lines.lineOf(e.labels[0]?.start ?? 0)}: ${e.message}`);
  const walker = new JsWalker(text, lines);
  walker.walkProgram(result.program as unknown as JsNode);
  return { facts: walker.builder.facts, errors };
}

const MODULE_CONSTANTS = new Set(['__dirname', '__filename', 'undefined', 'NaN', 'Infinity']);
/** Reads of these members are caller-controlled input even outside a handler. */
const INPUT_MEMBERS = new DottedNames(['process.argv']);
const TOOL_REGISTRATION_METHODS = new Set(['tool', 'registerTool']);
const ROUTE_METHODS = new Set([
  'get',
  'post',
  'put',
  'patch',
  'delete',
  'all',
  'use',
  'route',
  'on',
]);

class JsWalker {
  readonly builder = new FactsBuilder();
  private scope = new Scope(undefined, 0);
  /** Set while evaluating the arguments of a tool registration: the next function is its handler. */
  private handlerPending = false;
  /** Set while evaluating the arguments of a route registration (`app.post(path, handler)`). */
  private routePending = false;
  /** Set while evaluating `const { A, B } = process.env`: named variables, not the whole env. */
  private envDestructuring = false;

  constructor(
    private readonly text: string,
    private readonly lines: LineIndex,
  ) {}

  walkProgram(program: JsNode): void {
    for (const statement of jsChildren(program, 'body')) this.visit(statement);
  }

  private src(node: JsNode): string {
    return this.text.slice(node.start, Math.min(node.end, node.start + 200));
  }

  /** The node's source is exactly `process.env` (compared in place: no slice per member). */
  private isProcessEnv(node: JsNode): boolean {
    return node.end - node.start === 11 && this.text.startsWith('process.env', node.start);
  }

  private line(node: JsNode): number {
    return this.lines.lineOf(node.start);
  }

  /** Visits any node and returns what it evaluates to (statements evaluate to nothing useful). */
  private visit(node: JsNode): ValueFact {
    switch (node.type) {
      case 'Literal':
        return this.literal(node);
      case 'TemplateLiteral':
        return this.template(node);
      case 'Identifier':
        return this.identifier(node);
      case 'MemberExpression':
        return this.member(node);
      case 'CallExpression':
      case 'NewExpression':
        return this.call(node);
      case 'BinaryExpression':
        return this.binary(node);
      case 'ObjectExpression':
        return this.object(node);
      case 'ArrayExpression':
        return this.array(node);
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        return this.fn(node, jsChild(node, 'id')?.name as string | undefined);
      case 'VariableDeclarator':
        return this.declarator(node);
      case 'AssignmentExpression':
        return this.assignment(node);
      case 'ImportDeclaration':
        return this.importDeclaration(node);
      case 'ForOfStatement':
      case 'ForInStatement':
        return this.forOf(node);
      case 'AwaitExpression':
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
      case 'ParenthesizedExpression':
      case 'ChainExpression':
      case 'SpreadElement': {
        const inner = jsChild(node, 'expression') ?? jsChild(node, 'argument');
        return inner ? this.visit(inner) : unknownFact('other', '');
      }
      case 'TSInterfaceDeclaration':
      case 'TSTypeAliasDeclaration':
      case 'TSTypeAnnotation':
      case 'TSDeclareFunction':
      case 'TSModuleDeclaration':
        return unknownFact('other', '');
      default:
        return this.generic(node);
    }
  }

  /** Any other node: visit children; the value is tainted if any child is. */
  private generic(node: JsNode): ValueFact {
    const keys = visitorKeys[node.type] ?? [];
    const parts: ValueFact[] = [];
    for (const key of keys) {
      if (key === 'typeAnnotation' || key === 'returnType' || key === 'typeArguments') continue;
      const value = node[key];
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) parts.push(this.visit(item));
      } else if (isNode(value)) parts.push(this.visit(value));
    }
    // Comparisons and tests yield booleans: they carry no attacker-chosen text onward.
    if (node.type === 'UnaryExpression' || node.type === 'UpdateExpression') {
      return untainted(combine('other', '', parts));
    }
    if (parts.length === 0) return unknownFact('other', '');
    return combine('other', '', parts);
  }

  private literal(node: JsNode): ValueFact {
    const value = node.value;
    const literal =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? value
        : value === null
          ? null
          : String(node.raw ?? '');
    if (typeof literal === 'string') this.noteString(node, literal);
    return literalFact('', literal);
  }

  private template(node: JsNode): ValueFact {
    const expressions = jsChildren(node, 'expressions');
    const cooked = jsChildren(node, 'quasis')
      .map((q) => (q.value as { cooked?: string } | undefined)?.cooked ?? '')
      .join('');
    this.noteString(node, cooked);
    if (expressions.length === 0) return literalFact('', cooked);
    const quasis = jsChildren(node, 'quasis');
    const parts: ValueFact[] = [];
    quasis.forEach((quasi, i) => {
      const piece = (quasi.value as { cooked?: string } | undefined)?.cooked ?? '';
      if (piece !== '') parts.push(literalFact(piece, piece));
      const expression = expressions[i];
      if (expression) parts.push(this.visit(expression));
    });
    return withLeadingParts(combine('template', this.src(node), parts), parts);
  }

  private noteString(node: JsNode, value: string): void {
    if (isCredentialPath(value)) {
      this.builder.addSensitiveRead(this.scope.fn, 'credential-file', this.line(node), value);
    }
  }

  private identifier(node: JsNode): ValueFact {
    const name = node.name as string;
    this.builder.addName(this.scope.fn, name);
    const binding = this.scope.lookup(name);
    const text = '';
    if (!binding) {
      const isConstant = MODULE_CONSTANTS.has(name);
      return { shape: 'name', isConstant, isTainted: false, text, name };
    }
    const fact: ValueFact = {
      shape: 'name',
      isConstant: binding.constant,
      isTainted: binding.tainted,
      text,
      name: binding.alias ?? name,
    };
    if (binding.origin) fact.origin = binding.origin;
    return fact;
  }

  private member(node: JsNode): ValueFact {
    return this.memberWithObject(node).fact;
  }

  /** A member expression's value and the value of its object (the receiver of a method call). */
  private memberWithObject(node: JsNode): {
    fact: ValueFact;
    object: ValueFact;
    propertyName: string | undefined;
  } {
    const objectNode = jsChild(node, 'object')!;
    const property = jsChild(node, 'property')!;
    const isEnvMember = this.isProcessEnv(objectNode);
    const object = isEnvMember ? unknownFact('member', 'process.env') : this.visit(objectNode);
    if (isEnvMember) {
      object.name = 'process.env';
      this.builder.addSensitiveRead(this.scope.fn, 'env', this.line(node), this.src(node));
    }
    const computed = node.computed === true;
    let propertyName: string | undefined;
    let propertyFact: ValueFact | undefined;
    if (!computed && property.type === 'Identifier') propertyName = property.name as string;
    else {
      propertyFact = this.visit(property);
      if (typeof propertyFact.literal === 'string') propertyName = propertyFact.literal;
    }
    if (propertyName) this.builder.addName(this.scope.fn, propertyName);
    const name =
      object.name !== undefined && propertyName !== undefined
        ? `${object.name}.${propertyName}`
        : propertyName !== undefined
          ? `?.${propertyName}`
          : undefined;
    if (name === 'process.env') {
      const kind = this.envDestructuring ? 'env' : 'env-all';
      this.builder.addSensitiveRead(this.scope.fn, kind, this.line(node), this.src(node));
    }
    const fact: ValueFact = {
      shape: 'member',
      isConstant: object.isConstant && (propertyFact?.isConstant ?? true),
      isTainted:
        object.isTainted ||
        (propertyFact?.isTainted ?? false) ||
        INPUT_MEMBERS.has(name, propertyName),
      text: '',
    };
    if (name !== undefined) fact.name = name;
    return { fact, object, propertyName };
  }

  private binary(node: JsNode): ValueFact {
    const left = this.visit(jsChild(node, 'left')!);
    const right = this.visit(jsChild(node, 'right')!);
    if (node.operator === '+') {
      return withLeadingParts(combine('concat', this.src(node), [left, right]), [left, right]);
    }
    // Arithmetic, comparison and `in` / `instanceof` produce numbers or booleans.
    return untainted(combine('other', '', [left, right]));
  }

  private object(node: JsNode): ValueFact {
    const props = dictionary<ValueFact>();
    const parts: ValueFact[] = [];
    let mayBeTool = false;
    for (const property of jsChildren(node, 'properties')) {
      if (property.type !== 'Property') {
        parts.push(this.visit(property));
        continue;
      }
      const keyNode = jsChild(property, 'key')!;
      const key =
        property.computed === true
          ? undefined
          : keyNode.type === 'Identifier'
            ? (keyNode.name as string)
            : typeof keyNode.value === 'string' || typeof keyNode.value === 'number'
              ? String(keyNode.value)
              : undefined;
      if (key !== undefined) this.builder.addName(this.scope.fn, key);
      if (key === 'inputSchema') mayBeTool = true;
      const valueNode = jsChild(property, 'value')!;
      const value = isFunction(valueNode) ? this.fn(valueNode, key) : this.visit(valueNode);
      if (key !== undefined) props[key] = nested(value);
      parts.push(value);
    }
    // A tool definition has an `inputSchema` key: reading the literal as one costs a pass.
    const tool = mayBeTool ? toolFromObjectLiteral(node) : undefined;
    if (tool) this.builder.addTool(tool, this.line(node));
    const fact = combine('object', '', parts);
    fact.props = props;
    return fact;
  }

  private array(node: JsNode): ValueFact {
    const items = jsChildren(node, 'elements').map((e) => this.visit(e));
    const fact = combine('array', '', items);
    fact.items = items.map(nested);
    return fact;
  }

  private call(node: JsNode): ValueFact {
    const calleeNode = jsChild(node, 'callee')!;
    let receiver: ValueFact | undefined;
    let callee: ValueFact;
    let method: string;
    if (calleeNode.type === 'MemberExpression') {
      const parts = this.memberWithObject(calleeNode);
      callee = parts.fact;
      receiver = parts.object;
      method = parts.propertyName ?? '?';
    } else {
      callee = this.visit(calleeNode);
      method = callee.name ?? '?';
      method = method.slice(method.lastIndexOf('.') + 1);
    }
    const calleeName = callee.name ?? '?';
    const rawArgs = jsChildren(node, 'arguments');
    const isToolRegistration = this.isToolRegistration(method, rawArgs);
    const isRoute = ROUTE_METHODS.has(method) && calleeNode.type === 'MemberExpression';
    const args: ValueFact[] = [];
    for (const arg of rawArgs) {
      if (isToolRegistration && isFunction(arg)) this.handlerPending = true;
      if (isRoute && isFunction(arg)) this.routePending = true;
      args.push(this.visit(arg));
      this.handlerPending = false;
      this.routePending = false;
    }
    const line = this.line(node);
    const fact: CallFact = {
      callee: calleeName,
      method,
      isNew: node.type === 'NewExpression',
      args,
      kwargs: {},
      line,
      column: this.lines.columnOf(node.start),
      fn: this.scope.fn,
    };
    if (receiver) fact.receiver = receiver;
    this.builder.facts.calls.push(fact);
    this.builder.addName(this.scope.fn, method);
    this.recordTool(method, node, line);

    // `const run = promisify(exec)`: calls through `run` are calls of `child_process.exec`.
    const wrapped = args[0]?.name;
    if (method === 'promisify' && wrapped?.startsWith('child_process.')) {
      return { ...unknownFact('member', ''), name: wrapped };
    }

    if (calleeName === 'require' && typeof args[0]?.literal === 'string') {
      const module = stripNodePrefix(args[0].literal);
      return {
        shape: 'call',
        isConstant: true,
        isTainted: false,
        text: '',
        name: module,
        callee: 'require',
      };
    }
    const receiverTainted = calleeNode.type === 'MemberExpression' && callee.isTainted;
    const result = combine('call', '', args);
    // A sanitiser's result is as harmless as a constant (quoted, numeric, a bare file name).
    const isSanitizer = SANITIZERS.has(calleeName);
    result.isTainted = !isSanitizer && (result.isTainted || receiverTainted);
    result.isConstant = isSanitizer;
    result.callee = calleeName;
    return result;
  }

  private isToolRegistration(method: string, args: JsNode[]): boolean {
    if (TOOL_REGISTRATION_METHODS.has(method)) return true;
    if (method !== 'setRequestHandler') return false;
    const schema = args[0];
    return schema?.type === 'Identifier' && schema.name === 'CallToolRequestSchema';
  }

  private recordTool(method: string, node: JsNode, line: number): void {
    const tool =
      method === 'tool'
        ? toolFromToolCall(node)
        : method === 'registerTool'
          ? toolFromRegisterTool(node)
          : undefined;
    if (tool) this.builder.addTool(tool, line);
  }

  private fn(node: JsNode, name: string | undefined): ValueFact {
    const params = jsChildren(node, 'params');
    const names: string[] = [];
    for (const p of params) collectPatternNames(p, names);
    const index = this.builder.enterFunction(
      name ?? '<anonymous>',
      this.line(node),
      names,
      this.scope.fn,
    );
    if (this.routePending) {
      this.builder.markRequestHandler(index);
      this.routePending = false;
    }
    if (this.handlerPending) {
      this.builder.markToolHandler(index);
      this.handlerPending = false;
    }
    const outer = this.scope;
    this.scope = new Scope(outer, index);
    // Every parameter is caller input: tool arguments, request objects, values from other code.
    for (const n of names) this.scope.declare(n, { tainted: true, constant: false });
    for (const p of params) this.visitPatternDefaults(p);
    const body = jsChild(node, 'body');
    if (body) this.visit(body);
    this.scope = outer;
    return unknownFact('function', '');
  }

  private visitPatternDefaults(pattern: JsNode): void {
    if (pattern.type === 'AssignmentPattern') this.visit(jsChild(pattern, 'right')!);
  }

  private declarator(node: JsNode): ValueFact {
    const id = jsChild(node, 'id')!;
    const init = jsChild(node, 'init');
    if (!init) {
      this.bindPattern(id, { tainted: false, constant: false }, true);
      return unknownFact('other', '');
    }
    this.envDestructuring = id.type === 'ObjectPattern' && this.isProcessEnv(init);
    const value =
      isFunction(init) && id.type === 'Identifier'
        ? this.fn(init, id.name as string)
        : this.visit(init);
    this.envDestructuring = false;
    this.bindPattern(id, bindingOf(value), true);
    return value;
  }

  private assignment(node: JsNode): ValueFact {
    const value = this.visit(jsChild(node, 'right')!);
    const left = jsChild(node, 'left')!;
    if (left.type === 'Identifier' || left.type.endsWith('Pattern')) {
      const binding = bindingOf(value);
      if (node.operator !== '=') {
        const previous =
          left.type === 'Identifier' ? this.scope.lookup(left.name as string) : undefined;
        binding.tainted ||= previous?.tainted ?? false;
        binding.constant &&= previous?.constant ?? false;
      }
      this.bindPattern(left, binding, false);
    } else this.visit(left);
    return value;
  }

  private forOf(node: JsNode): ValueFact {
    const right = this.visit(jsChild(node, 'right')!);
    const left = jsChild(node, 'left')!;
    const target =
      left.type === 'VariableDeclaration'
        ? jsChild(jsChildren(left, 'declarations')[0]!, 'id')
        : left;
    if (target)
      this.bindPattern(target, { tainted: right.isTainted, constant: right.isConstant }, true);
    this.visit(jsChild(node, 'body')!);
    return unknownFact('other', '');
  }

  private importDeclaration(node: JsNode): ValueFact {
    const module = stripNodePrefix(String(jsChild(node, 'source')?.value ?? ''));
    for (const specifier of jsChildren(node, 'specifiers')) {
      const local = jsChild(specifier, 'local')?.name as string | undefined;
      if (!local) continue;
      const imported = jsChild(specifier, 'imported');
      const importedName =
        specifier.type === 'ImportSpecifier'
          ? String(imported?.name ?? imported?.value ?? local)
          : undefined;
      const alias =
        importedName && importedName !== 'default' ? `${module}.${importedName}` : module;
      this.scope.declare(local, { tainted: false, constant: false, alias });
    }
    return unknownFact('other', '');
  }

  /** Binds every name in a pattern; a destructured property of `require('m')` aliases `m.prop`. */
  private bindPattern(pattern: JsNode, binding: Binding, isDeclaration: boolean): void {
    const bind = (name: string, b: Binding) =>
      isDeclaration ? this.scope.declare(name, b) : this.scope.assign(name, b);
    switch (pattern.type) {
      case 'Identifier':
        bind(pattern.name as string, binding);
        return;
      case 'ObjectPattern':
        for (const property of jsChildren(pattern, 'properties')) {
          if (property.type === 'RestElement') {
            this.bindPattern(
              jsChild(property, 'argument')!,
              { ...binding, alias: undefined },
              isDeclaration,
            );
            continue;
          }
          const key = jsChild(property, 'key');
          const keyName = key?.type === 'Identifier' ? (key.name as string) : undefined;
          const alias = binding.alias && keyName ? `${binding.alias}.${keyName}` : undefined;
          const child: Binding = { tainted: binding.tainted, constant: binding.constant };
          if (alias) child.alias = alias;
          this.bindPattern(jsChild(property, 'value')!, child, isDeclaration);
        }
        return;
      case 'ArrayPattern':
        for (const element of jsChildren(pattern, 'elements')) {
          this.bindPattern(
            element,
            { tainted: binding.tainted, constant: binding.constant },
            isDeclaration,
          );
        }
        return;
      case 'AssignmentPattern': {
        const fallback = this.visit(jsChild(pattern, 'right')!);
        this.bindPattern(
          jsChild(pattern, 'left')!,
          {
            tainted: binding.tainted || fallback.isTainted,
            constant: binding.constant && fallback.isConstant,
          },
          isDeclaration,
        );
        return;
      }
      case 'RestElement':
        this.bindPattern(jsChild(pattern, 'argument')!, binding, isDeclaration);
        return;
      default:
        this.visit(pattern);
    }
  }
}

function collectPatternNames(pattern: JsNode, out: string[]): void {
  switch (pattern.type) {
    case 'Identifier':
      out.push(pattern.name as string);
      return;
    case 'ObjectPattern':
      for (const property of jsChildren(pattern, 'properties')) {
        collectPatternNames(
          jsChild(property, property.type === 'RestElement' ? 'argument' : 'value')!,
          out,
        );
      }
      return;
    case 'ArrayPattern':
      for (const element of jsChildren(pattern, 'elements')) collectPatternNames(element, out);
      return;
    case 'AssignmentPattern':
      collectPatternNames(jsChild(pattern, 'left')!, out);
      return;
    case 'RestElement':
      collectPatternNames(jsChild(pattern, 'argument')!, out);
      return;
    case 'TSParameterProperty':
      collectPatternNames(jsChild(pattern, 'parameter')!, out);
      return;
  }
}

function isNode(value: unknown): value is JsNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string'
  );
}

function isFunction(node: JsNode): boolean {
  return node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';
}

function stripNodePrefix(module: string): string {
  return module.startsWith('node:') ? module.slice(5) : module;
}

// The language-neutral view of a source file that the code rules read. Both parsers (oxc for
// JS/TS, tree-sitter for Python) lower their trees into these facts once, so each rule is written
// once for three languages and never walks a parser's tree itself.
import type { McpTool } from '../../types.js';

export type ValueShape =
  | 'literal'
  | 'template'
  | 'concat'
  | 'format'
  | 'name'
  | 'member'
  | 'call'
  | 'array'
  | 'object'
  | 'function'
  | 'other';

/** What an expression is built from, as far as a simple intra-procedural analysis can tell. */
export interface ValueFact {
  shape: ValueShape;
  /** Built only from literals, names bound to literals and sanitiser results (`shlex.quote`,
   *  `parseInt`, `path.basename`): nothing a caller chose can change its structure. */
  isConstant: boolean;
  /** Derives from a parameter of the enclosing function or from request data (tool input). */
  isTainted: boolean;
  /** Source text (capped) of built strings (template, concat, format); empty otherwise. */
  text: string;
  /** The value of a literal (strings, numbers, booleans, null/None). */
  literal?: string | number | boolean | null;
  /** Dotted name of a name or member expression, resolved through imports (`yaml.SafeLoader`). */
  name?: string;
  /** Object literal / dict entries with static keys. */
  props?: Record<string, ValueFact>;
  /** Array / list / tuple elements. */
  items?: ValueFact[];
  /** For template / concat / format shapes: the constant text before the first dynamic part. */
  prefix?: string;
  /** For template / concat / format shapes: the first part is a constant (`${BASE_URL}/x`). */
  startsWithConstant?: boolean;
  /** For shape `call`: the callee's dotted name. */
  callee?: string;
  /** For names: the value the name was last assigned in scope (`q = f"…"; run(q)` sees the
   *  f-string). */
  origin?: ValueFact;
}

export interface CallFact {
  /** Dotted callee resolved through imports and requires: `child_process.exec`, `subprocess.run`,
   *  `db.query`, `fetch`. Unknown receivers appear as `?` (`?.query`). */
  callee: string;
  /** The last segment of the callee (`exec`, `run`, `query`). */
  method: string;
  isNew: boolean;
  /** The object a method is called on (`Path(p)` in `Path(p).read_text()`). */
  receiver?: ValueFact;
  args: ValueFact[];
  /** Python keyword arguments. */
  kwargs: Record<string, ValueFact>;
  line: number;
  /** 1-based column where the call starts (its callee), for evidence. */
  column?: number;
  /** Index into `CodeFacts.functions` of the function the call is in. */
  fn: number;
}

/** Something sensitive read in a function: one environment variable, the whole environment
 *  (`JSON.stringify(process.env)`, `dict(os.environ)`), or a credential file path. */
export interface SensitiveRead {
  kind: SensitiveReadKind;
  line: number;
  text: string;
}

export type SensitiveReadKind = 'env' | 'env-all' | 'credential-file';

export interface FunctionFacts {
  /** `<module>` for top-level code. */
  name: string;
  line: number;
  params: string[];
  /** The function is registered as an MCP tool handler. */
  isToolHandler: boolean;
  /** The function handles web requests (a callback given to `app.get`/`router.post`/…, a
   *  function decorated with `@app.route`/`@router.get`/…): its parameters are request data. */
  isRequestHandler: boolean;
  /** Identifiers, property and method names mentioned in the body, as written, for guard
   *  heuristics such as containment checks and URL allow-lists. */
  names: Set<string>;
  sensitiveReads: SensitiveRead[];
  /** Index of the lexically enclosing function, -1 for the module. */
  parent: number;
}

/** An MCP tool definition found in code, with the line it is defined on. */
export interface ExtractedTool extends McpTool {
  line: number;
}

export interface CodeFacts {
  functions: FunctionFacts[];
  calls: CallFact[];
  tools: ExtractedTool[];
}

export function emptyFacts(): CodeFacts {
  return {
    functions: [
      {
        name: '<module>',
        line: 1,
        params: [],
        isToolHandler: false,
        isRequestHandler: false,
        names: new Set(),
        sensitiveReads: [],
        parent: -1,
      },
    ],
    calls: [],
    tools: [],
  };
}

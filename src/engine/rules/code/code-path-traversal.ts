import type { CallFact, CodeFacts, ValueFact } from '../../inputs/code/facts.js';
import { defineRule } from '../define-rule.js';
import {
  ratingOf,
  originOf,
  levelOf,
  factsOf,
  functionLabel,
  HIPAA,
  reportCall,
  resolved,
  SOC2,
  someNameAround,
} from './_helpers.js';

const NODE_FS_METHODS = new Set([
  'readFile',
  'readFileSync',
  'writeFile',
  'writeFileSync',
  'appendFile',
  'appendFileSync',
  'createReadStream',
  'createWriteStream',
  'unlink',
  'unlinkSync',
  'rm',
  'rmSync',
  'rmdir',
  'rmdirSync',
  'open',
  'openSync',
  'copyFile',
  'copyFileSync',
  'cp',
  'cpSync',
  'rename',
  'renameSync',
  'readdir',
  'readdirSync',
  'truncate',
  'chmod',
  'outputFile',
  'readJson',
  'writeJson',
  'remove',
]);
const NODE_FS_MODULES = /^(?:fs|fs\/promises|fs\.promises|fs-extra|graceful-fs)\./;

const PYTHON_PATH_CALLEES = new Set([
  'open',
  'io.open',
  'codecs.open',
  'aiofiles.open',
  'os.remove',
  'os.unlink',
  'os.rmdir',
  'os.listdir',
  'os.scandir',
  'os.rename',
  'os.replace',
  'shutil.rmtree',
  'shutil.copy',
  'shutil.copyfile',
  'shutil.copy2',
  'shutil.move',
  'flask.send_file',
  'send_file',
]);
/** pathlib methods; `open` counts only on a receiver known to be a `Path`. */
const PATHLIB_METHODS = new Set([
  'read_text',
  'read_bytes',
  'write_text',
  'write_bytes',
  'open',
  'unlink',
  'rmdir',
  'iterdir',
]);

/** Signs that the function confines the path: resolve/realpath and a prefix or common-path check,
 *  or a helper whose name says it does. */
const NORMALISERS =
  /^(?:resolve|realpath|realpathsync|abspath|normpath|normalize|relative|relpath)$/;
const CONTAINMENT = /^(?:startswith|commonpath|is_relative_to|relative_to|isrelativeto)$/i;
const GUARD_HELPERS =
  /(?:safe_?(?:path|join|resolve)|resolve_?(?:within|inside|under|safe)|ensure_?(?:inside|within|under)|is_?(?:inside|within|under|subpath|safe_?path|path_?inside)|within_?root|assert_?(?:inside|within|contained)|contain|(?:validate|check|verify|saniti[sz]e|secure|guard)_?(?:file_?|requested_?)?path)/i;

function pathArgument(call: CallFact): ValueFact | undefined {
  const callee = call.callee;
  if (NODE_FS_MODULES.test(callee) && NODE_FS_METHODS.has(call.method)) return call.args[0];
  if (call.method === 'sendFile' || call.method === 'download') {
    // Express: a `root` option confines the path.
    const options = call.args[1];
    return options?.props?.root ? undefined : call.args[0];
  }
  if (PYTHON_PATH_CALLEES.has(callee)) return call.kwargs.file ?? call.args[0];
  // pathlib: `Path(p).read_text()`, `(root / p).write_bytes(…)`.
  if (PATHLIB_METHODS.has(call.method) && call.receiver) {
    const isPathObject = /(?:^|\.)Path$/.test(resolved(call.receiver)?.callee ?? '');
    if (call.method !== 'open' || isPathObject) return call.receiver;
  }
  return undefined;
}

function isConfined(facts: CodeFacts, call: CallFact): boolean {
  if (someNameAround(facts, call.fn, GUARD_HELPERS)) return true;
  return someNameAround(facts, call.fn, NORMALISERS) && someNameAround(facts, call.fn, CONTAINMENT);
}

export default defineRule({
  meta: {
    id: 'code-path-traversal',
    idPrefix: 'PATHT',
    title: 'File path from input without a containment check',
    description:
      'Finds file reads, writes and deletes (`fs.*`, `open`, `os.remove`, `shutil.*`, `pathlib.Path(...).read_text()`, `res.sendFile`) whose path derives from caller input in a function that never checks the resolved path stays inside an allowed root. A model can then be steered to read `../../.ssh/id_rsa` or overwrite files outside the workspace.',
    target: 'code',
    owasp: 'LLM05',
    owaspMcp: 'MCP05',
    severity: 'high',
    confidence: 'medium',
    cwe: 'CWE-22',
    hipaa: [HIPAA.accessControl, HIPAA.integrity],
    soc2: [SOC2.logicalAccess, SOC2.processingIntegrity],
    remediation:
      'Resolve the requested path against a fixed root (`path.resolve(root, p)` / `os.path.realpath(os.path.join(root, p))`) and refuse it unless it stays inside the root (`resolved.startsWith(root + path.sep)` / `os.path.commonpath([root, resolved]) == root`). Resolve symlinks before checking.',
    references: [
      'https://cwe.mitre.org/data/definitions/22.html',
      'https://modelcontextprotocol.io/specification/2025-06-18/client/roots',
    ],
  },
  check(code, ctx) {
    const facts = factsOf(code);
    for (const call of facts.calls) {
      const path = pathArgument(call);
      if (!path?.isTainted || isConfined(facts, call)) continue;
      const level = levelOf(facts, call, 'input')!;
      const origin = originOf(level, functionLabel(facts, call));
      reportCall(ctx, code, call, {
        message: `\`${call.callee}\` opens a path derived from ${origin}, with no check that it stays inside an allowed directory.`,
        ...ratingOf(level, 'high'),
      });
    }
  },
});

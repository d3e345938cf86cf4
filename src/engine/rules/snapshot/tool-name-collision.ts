import { defineRule } from '../define-rule.js';
import type { Severity } from '../../types.js';
import { foldConfusables } from '../../text/unicode.js';
import { HIPAA, SOC2 } from './_compliance.js';
import { nameWords } from './_tool-text.js';

/** Case, separators and look-alike letters removed: names that read the same to a model. */
function skeleton(name: string): string {
  return foldConfusables(name.normalize('NFKC'))
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Levenshtein distance, stopping early above `max` (names are short; this stays cheap). */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** Pairs that differ only by a plural or a trailing version are ordinary API design. */
function isOrdinaryVariant(a: string, b: string): boolean {
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  return l === `${s}s` || l === `${s}es` || /^\d+$/.test(l.slice(s.length));
}

/** Words of operations: two names that differ in one of these are two operations. */
const OPERATION_WORDS = new Set([
  'get',
  'set',
  'add',
  'put',
  'list',
  'create',
  'delete',
  'update',
  'remove',
  'enable',
  'disable',
  'start',
  'stop',
  'show',
  'hide',
  'open',
  'close',
  'lock',
  'unlock',
  'read',
  'write',
  'load',
  'save',
  'push',
  'pull',
  'pin',
  'unpin',
  'follow',
  'unfollow',
  'mark',
  'unmark',
  'link',
  'unlink',
]);

/**
 * Names that differ in one word, where that word is a plural of the other ("markIssueFalsePositive"
 * / "markIssuesFalsePositive") or another operation ("figma_get_slide_transition" /
 * "figma_set_slide_transition"): ordinary API design, not a look-alike.
 */
function differsInOneOrdinaryWord(wa: readonly string[], wb: readonly string[]): boolean {
  if (wa.length !== wb.length) return false;
  const diff = wa.flatMap((w, k) => (w === wb[k] ? [] : [[w, wb[k]!] as const]));
  if (diff.length !== 1) return false;
  const [x, y] = diff[0]!;
  const [s, l] = x.length <= y.length ? [x, y] : [y, x];
  return l === `${s}s` || l === `${s}es` || (OPERATION_WORDS.has(x) && OPERATION_WORDS.has(y));
}

/** Comparing every pair is quadratic; above this many tools only exact skeleton matches are checked. */
const PAIRWISE_TOOLS_MAX = 400;

export default defineRule({
  meta: {
    id: 'tool-name-collision',
    idPrefix: 'NC',
    title: 'Duplicate or look-alike tool names',
    description:
      'Finds tools in one server whose names are identical, identical after ignoring case, separators and look-alike letters, or one typo apart. Clients resolve calls by name: a duplicate or near-duplicate lets one definition shadow another, and makes the model pick the wrong tool.',
    target: 'snapshot',
    owasp: 'LLM03',
    owaspMcp: 'MCP03',
    severity: 'high',
    confidence: 'medium',
    cwe: 'CWE-694',
    hipaa: [HIPAA.integrity],
    soc2: [SOC2.changeManagement, SOC2.processingIntegrity],
    remediation:
      'Give every tool a unique, clearly distinct name; clients should namespace tools by server and refuse servers that register duplicate names.',
    references: [
      'https://genai.owasp.org/llmrisk/llm032025-supply-chain/',
      'https://cwe.mitre.org/data/definitions/694.html',
    ],
    monitorCandidate: true,
  },
  check(snapshot, ctx) {
    const tools = Array.isArray(snapshot.tools) ? snapshot.tools : [];
    const names = tools.map((t) => (typeof t?.name === 'string' ? t.name : ''));
    const skeletons = names.map(skeleton);
    const report = (i: number, j: number, severity: Severity, how: string): void =>
      ctx.report({
        subject: `tools[${j}]`,
        severity,
        message: `Tool "${names[j]}" ${how} tool "${names[i]}".`,
        location: `tools[${j}].name`,
        snippet: `${names[i]} / ${names[j]}`,
      });
    const firstBySkeleton = new Map<string, number>();
    for (let j = 0; j < names.length; j++) {
      const sk = skeletons[j]!;
      if (!sk) continue;
      const i = firstBySkeleton.get(sk);
      if (i === undefined) firstBySkeleton.set(sk, j);
      else
        report(i, j, 'high', names[i] === names[j] ? 'has the same name as' : 'reads the same as');
    }
    if (names.length > PAIRWISE_TOOLS_MAX) return;
    const words = names.map((n) => nameWords(n));
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        const a = skeletons[i]!;
        const b = skeletons[j]!;
        if (a === b || a.length < 6 || b.length < 6 || isOrdinaryVariant(a, b)) continue;
        // get_user / set_user: a different verb is a different operation, not a typo.
        if (words[i]![0] !== words[j]![0]) continue;
        if (editDistance(a, b, 1) > 1) continue;
        // figma_get_x / figma_set_x, markIssue… / markIssues…: the same, behind a prefix.
        if (differsInOneOrdinaryWord(words[i]!, words[j]!)) continue;
        report(i, j, 'medium', 'is one character away from');
      }
    }
  },
});

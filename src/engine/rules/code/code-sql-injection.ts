import type { CallFact, ValueFact } from '../../inputs/code/facts.js';
import { defineRule } from '../define-rule.js';
import {
  ratingOf,
  originOf,
  levelOf,
  exposureOf,
  factsOf,
  functionLabel,
  HIPAA,
  isBuiltString,
  reportCall,
  resolved,
  SOC2,
} from './_helpers.js';

/** Methods that send their first argument to a database as SQL. */
const SQL_METHODS = new Set([
  'query',
  'execute',
  'executemany',
  'executescript',
  'exec',
  'prepare',
  'raw',
  'run',
  'all',
  'get',
  'whereRaw',
  'orderByRaw',
  'havingRaw',
  '$queryRawUnsafe',
  '$executeRawUnsafe',
  'text',
  'read_sql',
  'read_sql_query',
  'mogrify',
]);

/** Receivers whose `exec`/`get`/`run`/`text` are not SQL at all. */
const NOT_SQL =
  /^(?:child_process|shelljs|os|subprocess|app|router|express|requests|httpx|axios|got|fetch|http|https|re|regex)\b|^\?\.get$/;

const SQL_TEXT =
  /\b(?:select\s[\s\S]*\bfrom|insert\s+into|update\s+\S+\s+set|delete\s+from|create\s+(?:table|index|view)|drop\s+(?:table|index|view)|alter\s+table|where\s|order\s+by|union\s+select)\b/i;

function sqlArgument(call: CallFact): ValueFact | undefined {
  if (!SQL_METHODS.has(call.method) || NOT_SQL.test(call.callee)) return undefined;
  const sql = call.args[0] ?? call.kwargs.sql ?? call.kwargs.query;
  const value = resolved(sql);
  if (!value || !isBuiltString(value)) return undefined;
  // Only strings that read as SQL: `.run(`${a}`)` on an arbitrary object is not a query.
  return SQL_TEXT.test(value.text) || SQL_TEXT.test(value.prefix ?? '') ? sql : undefined;
}

export default defineRule({
  meta: {
    id: 'code-sql-injection',
    idPrefix: 'SQLI',
    title: 'SQL built by string formatting',
    description:
      "Finds SQL passed to `query`/`execute`/`raw`/`prepare` (node-postgres, mysql2, better-sqlite3, knex, Prisma `$queryRawUnsafe`, DB-API cursors, SQLAlchemy `text`, pandas `read_sql`) that was built by template literals, concatenation, f-strings, `%` or `.format` instead of bound parameters. Tool arguments in SQL text let a model read or change any table the server's database user can reach.",
    target: 'code',
    owasp: 'LLM05',
    owaspMcp: 'MCP05',
    severity: 'high',
    confidence: 'high',
    cwe: 'CWE-89',
    hipaa: [HIPAA.integrity, HIPAA.accessControl],
    soc2: [SOC2.processingIntegrity, SOC2.vulnerabilities],
    remediation:
      'Use parameterised queries: placeholders (`$1`, `?`, `%s`, `:name`) with values passed separately (`db.query(sql, [id])`, `cursor.execute(sql, (id,))`), or a query builder. Identifiers that cannot be bound (table, column, sort order) must come from an allow-list.',
    references: [
      'https://cwe.mitre.org/data/definitions/89.html',
      'https://cheatsheetseries.owasp.org/cheatsheets/Query_Parameterization_Cheat_Sheet.html',
    ],
  },
  check(code, ctx) {
    const facts = factsOf(code);
    for (const call of facts.calls) {
      const sql = sqlArgument(call);
      const level = sql && levelOf(facts, call, exposureOf(sql));
      if (!level) continue;
      const origin = originOf(level, functionLabel(facts, call));
      reportCall(ctx, code, call, {
        message: `\`${call.callee}\` runs SQL formatted with ${origin}; values belong in bound parameters.`,
        ...ratingOf(level, 'high', 'low'),
      });
    }
  },
});

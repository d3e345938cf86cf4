// Fails when a rule lacks its test, its doc or its index entry, or when ids or metadata are off.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_RULES } from '../src/engine/rules/index.js';
import { OWASP_CATEGORIES } from '../src/engine/types.js';

const root = new URL('..', import.meta.url).pathname;
const rulesDir = join(root, 'src/engine/rules');
const problems: string[] = [];
const seen = new Set<string>();

for (const rule of ALL_RULES) {
  const { id, target } = rule.meta;
  if (seen.has(id)) problems.push(`duplicate rule id ${id}`);
  seen.add(id);
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) problems.push(`${id}: id is not kebab-case`);
  const dir = join(rulesDir, target);
  if (!existsSync(join(dir, `${id}.ts`)))
    problems.push(`${id}: no file src/engine/rules/${target}/${id}.ts`);
  if (!existsSync(join(dir, `${id}.test.ts`)))
    problems.push(`${id}: no test src/engine/rules/${target}/${id}.test.ts`);
  if (!existsSync(join(root, 'docs/rules', `${id}.md`)))
    problems.push(`${id}: no doc docs/rules/${id}.md`);
  if (!OWASP_CATEGORIES.includes(rule.meta.owasp)) problems.push(`${id}: unknown OWASP category`);
  if (!/^[A-Z]{2,6}$/.test(rule.meta.idPrefix))
    problems.push(`${id}: idPrefix must be 2-6 capital letters`);
  if (rule.meta.cwe !== undefined && !/^CWE-\d+$/.test(rule.meta.cwe))
    problems.push(`${id}: bad CWE ${rule.meta.cwe}`);
  if (!rule.meta.remediation.trim() || !rule.meta.description.trim())
    problems.push(`${id}: empty description or remediation`);
}

for (const target of ['snapshot', 'config', 'dependencies', 'code']) {
  const dir = join(rulesDir, target);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts') || name === 'index.ts') continue;
    const id = name.slice(0, -3);
    if (!seen.has(id) && !name.startsWith('_'))
      problems.push(`${target}/${name}: not listed in the rules index (prefix helpers with _)`);
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`rules: ${ALL_RULES.length} consistent`);

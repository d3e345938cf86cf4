import type { Rule, RuleTarget } from './define-rule.js';
import { CODE_RULES } from './code/index.js';
import { CONFIG_RULES } from './config/index.js';
import { DEPENDENCY_RULES } from './dependencies/index.js';
import { SNAPSHOT_RULES } from './snapshot/index.js';

export { CODE_RULES, CONFIG_RULES, DEPENDENCY_RULES, SNAPSHOT_RULES };

/** Every rule the engine has, for docs, SARIF and consistency checks. */
export const ALL_RULES: readonly Rule<RuleTarget>[] = [
  ...SNAPSHOT_RULES,
  ...CONFIG_RULES,
  ...DEPENDENCY_RULES,
  ...CODE_RULES,
] as readonly Rule<RuleTarget>[];

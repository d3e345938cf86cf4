import type { Rule } from '../define-rule.js';

/** The config rules, sorted by id. */
export const CONFIG_RULES: readonly Rule<'config'>[] = [];

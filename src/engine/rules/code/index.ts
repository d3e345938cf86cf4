import type { Rule } from '../define-rule.js';

/** The code rules, sorted by id. */
export const CODE_RULES: readonly Rule<'code'>[] = [];

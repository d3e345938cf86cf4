import type { Rule } from '../define-rule.js';

/** The dependencies rules, sorted by id. */
export const DEPENDENCY_RULES: readonly Rule<'dependencies'>[] = [];

import type { Rule } from '../define-rule.js';

/** The snapshot rules, sorted by id. */
export const SNAPSHOT_RULES: readonly Rule<'snapshot'>[] = [];

import type { Rule } from '../define-rule.js';
import authorityClaims from './authority-claims.js';
import offensiveCapability from './offensive-capability.js';
import toolHiddenInstructions from './tool-hidden-instructions.js';

/** The snapshot rules, sorted by id. */
export const SNAPSHOT_RULES: readonly Rule<'snapshot'>[] = [
  authorityClaims,
  offensiveCapability,
  toolHiddenInstructions,
];

import type { Rule } from '../define-rule.js';
import authorityClaims from './authority-claims.js';
import destructiveWithoutConfirmation from './destructive-without-confirmation.js';
import misleadingAnnotations from './misleading-annotations.js';
import offensiveCapability from './offensive-capability.js';
import toolHiddenInstructions from './tool-hidden-instructions.js';
import toolShadowing from './tool-shadowing.js';
import unrestrictedCapability from './unrestricted-capability.js';

/** The snapshot rules, sorted by id. */
export const SNAPSHOT_RULES: readonly Rule<'snapshot'>[] = [
  authorityClaims,
  destructiveWithoutConfirmation,
  misleadingAnnotations,
  offensiveCapability,
  toolHiddenInstructions,
  toolShadowing,
  unrestrictedCapability,
];

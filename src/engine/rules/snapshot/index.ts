import type { Rule } from '../define-rule.js';
import authorityClaims from './authority-claims.js';
import destructiveWithoutConfirmation from './destructive-without-confirmation.js';
import directedDataFlow from './directed-data-flow.js';
import exfiltrationParameter from './exfiltration-parameter.js';
import invisibleUnicode from './invisible-unicode.js';
import memoryPoisoning from './memory-poisoning.js';
import misleadingAnnotations from './misleading-annotations.js';
import obfuscatedText from './obfuscated-text.js';
import offensiveCapability from './offensive-capability.js';
import plantedInstructions from './planted-instructions.js';
import retrievalWithoutScope from './retrieval-without-scope.js';
import secretInMetadata from './secret-in-metadata.js';
import sensitiveFileAccess from './sensitive-file-access.js';
import systemPromptExtraction from './system-prompt-extraction.js';
import toolHiddenInstructions from './tool-hidden-instructions.js';
import toolNameCollision from './tool-name-collision.js';
import toolShadowing from './tool-shadowing.js';
import transportPosture from './transport-posture.js';
import unboundedInput from './unbounded-input.js';
import unrestrictedCapability from './unrestricted-capability.js';

/** The snapshot rules, sorted by id. */
export const SNAPSHOT_RULES: readonly Rule<'snapshot'>[] = [
  authorityClaims,
  destructiveWithoutConfirmation,
  directedDataFlow,
  exfiltrationParameter,
  invisibleUnicode,
  memoryPoisoning,
  misleadingAnnotations,
  obfuscatedText,
  offensiveCapability,
  plantedInstructions,
  retrievalWithoutScope,
  secretInMetadata,
  sensitiveFileAccess,
  systemPromptExtraction,
  toolHiddenInstructions,
  toolNameCollision,
  toolShadowing,
  transportPosture,
  unboundedInput,
  unrestrictedCapability,
];

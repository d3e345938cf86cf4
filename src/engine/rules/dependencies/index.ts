import type { Rule } from '../define-rule.js';
import dependencyConfusion from './dependency-confusion.js';
import dependencyInstallScript from './dependency-install-script.js';
import dependencyKnownVulnerable from './dependency-known-vulnerable.js';
import dependencyMalicious from './dependency-malicious.js';
import dependencyTyposquat from './dependency-typosquat.js';
import dependencyUnpinned from './dependency-unpinned.js';

/** The dependencies rules, sorted by id. */
export const DEPENDENCY_RULES: readonly Rule<'dependencies'>[] = [
  dependencyConfusion,
  dependencyInstallScript,
  dependencyKnownVulnerable,
  dependencyMalicious,
  dependencyTyposquat,
  dependencyUnpinned,
];

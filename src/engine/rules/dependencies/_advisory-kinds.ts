import type { OsvAdvisory } from '../../inputs/advisories/advisories.js';

/** OSV's MAL- advisories (and locally curated ones) describe malicious releases, not bugs. */
export function isMaliciousAdvisory(advisory: OsvAdvisory): boolean {
  return /^(?:MAL-|PALISADE-MAL-)/.test(advisory.id);
}

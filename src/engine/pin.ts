// A lazily loaded door (ADR 0014): pinned definitions (hashes of a server's tools, prompts,
// resources and instructions) and their comparison, for the scan job and the CLI's --pin, without
// loading the rules. `index.ts` exports the same.

export {
  PIN_FORMAT,
  applyPin,
  asDefinitionPin,
  compareDefinitions,
  definitionChangeFindings,
  pinDefinitions,
  readableDiff,
  DEFINITION_CHANGED_RULE_ID,
  type DefinitionChange,
  type DefinitionPin,
} from './pin/definitions.js';

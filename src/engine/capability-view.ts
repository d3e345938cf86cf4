// The capability profile as the API (both variants) and `palisade scan --format json` show it:
// snake_case, tool names per capability. One shape for every door.
import type { CapabilityProfile } from './types.js';

/** What the scanned tools can do (both variants, additive): informs, never grades. */
export interface CapabilitiesView {
  reads_private_data: string[];
  runs_code: string[];
  reaches_network: string[];
  destroys_data: string[];
  moves_money: string[];
  reads_untrusted_content: string[];
  toxic_flow?: { untrusted: string[]; private_data: string[]; outbound: string[] };
}

export function presentCapabilities(profile: CapabilityProfile): CapabilitiesView {
  const view: CapabilitiesView = {
    reads_private_data: [...profile.readsPrivateData],
    runs_code: [...profile.runsCode],
    reaches_network: [...profile.reachesNetwork],
    destroys_data: [...profile.destroysData],
    moves_money: [...profile.movesMoney],
    reads_untrusted_content: [...profile.readsUntrustedContent],
  };
  if (profile.toxicFlow)
    view.toxic_flow = {
      untrusted: [...profile.toxicFlow.untrusted],
      private_data: [...profile.toxicFlow.privateData],
      outbound: [...profile.toxicFlow.outbound],
    };
  return view;
}

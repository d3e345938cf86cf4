// The capability profile of a snapshot: what its tools can do, from the same classification the
// rules use (_capabilities.ts). Capabilities inform the reader of a result; they are not findings
// and do not lower the grade (docs/scoring.md).
import type { CapabilityProfile, McpSnapshot } from '../../types.js';
import { capabilitiesOf } from './_capabilities.js';
import { subjectsOf } from './_tool-text.js';

const NAMES_MAX = 50;

export function capabilityProfile(snapshot: McpSnapshot): CapabilityProfile {
  const profile: CapabilityProfile = {
    readsPrivateData: [],
    runsCode: [],
    reachesNetwork: [],
    destroysData: [],
    movesMoney: [],
    readsUntrustedContent: [],
  };
  const outbound: string[] = [];
  for (const subject of subjectsOf(snapshot)) {
    const tool = subject.tool;
    if (!tool || typeof tool.name !== 'string') continue;
    const name = tool.name.slice(0, 80);
    const caps = capabilitiesOf(subject);
    if (caps.readsPrivateData) profile.readsPrivateData.push(name);
    if (caps.executesCode) profile.runsCode.push(name);
    if (caps.sendsExternally || caps.fetchesUrls) profile.reachesNetwork.push(name);
    if (caps.destructive) profile.destroysData.push(name);
    if (caps.movesMoney) profile.movesMoney.push(name);
    if (caps.readsUntrustedContent) profile.readsUntrustedContent.push(name);
    if (caps.sendsExternally || caps.destructive || caps.movesMoney || caps.executesCode)
      outbound.push(name);
  }
  if (
    profile.readsUntrustedContent.length > 0 &&
    profile.readsPrivateData.length > 0 &&
    outbound.length > 0
  ) {
    profile.toxicFlow = {
      untrusted: profile.readsUntrustedContent.slice(0, NAMES_MAX),
      privateData: profile.readsPrivateData.slice(0, NAMES_MAX),
      outbound: outbound.slice(0, NAMES_MAX),
    };
  }
  for (const key of [
    'readsPrivateData',
    'runsCode',
    'reachesNetwork',
    'destroysData',
    'movesMoney',
    'readsUntrustedContent',
  ] as const)
    profile[key] = profile[key].slice(0, NAMES_MAX);
  return profile;
}

// A lazily loaded door (ADR 0014): the SSRF-guarded fetch (private addresses refused, time and
// size caps), for outbound calls outside the engine such as webhook deliveries.

export {
  createGuardedFetch,
  GuardError,
  type GuardErrorReason,
  type GuardedFetch,
  type GuardOptions,
} from './net/guarded-fetch.js';

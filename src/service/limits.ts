// How much of each resource one account may hold, so that no account can hurt the others. Each is
// an operator's setting (docs/configuration.md, "Limits"); a request beyond one is refused with 429 and a code.

export { DEFAULT_RESOURCE_LIMITS, type ResourceLimits } from '../config/limits.ts';

// The Miniatures content: profiles and scenarios, by id.

import { BARKO_BROTHERS } from './barko-brothers.ts';
import { STREET_RUMBLE } from './street-rumble.ts';
import type { Scenario } from './types.ts';

export * from './profiles.ts';
export * from './types.ts';

export const SCENARIOS: Readonly<Record<string, Scenario>> = { [BARKO_BROTHERS.id]: BARKO_BROTHERS, [STREET_RUMBLE.id]: STREET_RUMBLE };
export const SCENARIO_IDS = Object.keys(SCENARIOS);

export function scenario(id: string): Scenario {
  const s = SCENARIOS[id];
  if (!s) throw new Error(`no scenario ${id}`);
  return s;
}

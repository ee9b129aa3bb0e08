// The game page keeps the newest state it has heard of (web/src/game/latest.ts): the fetch after
// its own command may answer after a later one an SSE event started, and must not win.

import { describe, expect, it } from 'vitest';
import { latest } from '../../web/src/game/latest.ts';

describe('the game page keeps the newest state', () => {
  it('keeps what it shows when a fetch answers with an older version (the bot moved in between)', () => {
    const shown = { version: 12, awaitingMe: true };
    expect(latest(shown, { version: 9, awaitingMe: false })).toBe(shown);
  });
  it('takes a newer or equally new fetch, and the first one', () => {
    const fetched = { version: 12 };
    expect(latest({ version: 11 }, fetched)).toBe(fetched);
    expect(latest({ version: 12 }, fetched)).toBe(fetched);
    expect(latest(null, fetched)).toBe(fetched);
  });
});

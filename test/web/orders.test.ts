// The standing orders the web client offers (GameUi.orders in web/src/games/registry.ts, web/src/games/*/orders.ts)
// against those each game module declares (GameModule.standingOrders): the settings page and the
// game page's panel offer every setting of every game that has orders, with every value it allows
// and nothing else, so a seat can set any order the API accepts (Miniatures' M21 "always follow
// up" as much as Helter Skelter's defences).

import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/service/registry.ts';
import { webRegistry } from '../support/web-registry.ts';

/** Every game with standing orders, as the settings page offers them. */
const GAME_ORDERS = [...(await webRegistry())].filter(([, ui]) => ui.orders.length > 0).map(([game, ui]) => ({ game, title: ui.name, fields: ui.orders }));

describe('standing orders in the web client', () => {
  it('has an entry for exactly the games whose module declares standing orders', () => {
    const declaring = [...GAMES.values()].filter((module) => module.standingOrders).map((module) => module.id);
    expect(GAME_ORDERS.map((entry) => entry.game).sort()).toEqual(declaring.sort());
  });

  for (const entry of GAME_ORDERS) {
    it(`offers every ${entry.title} setting with exactly the values its module allows`, () => {
      const spec = GAMES.get(entry.game)!.standingOrders!;
      const offered = Object.fromEntries(entry.fields.map((field) => [field.name, field.choices.map((choice) => choice.value).sort()]));
      const declared = Object.fromEntries(Object.entries(spec.schema.properties).map(([name, setting]) => [name, [...setting.enum].sort()]));
      expect(offered).toEqual(declared);
    });
  }

  it('offers Miniatures seats "always push back and follow up" (M21)', () => {
    const pushBack = GAME_ORDERS.find((entry) => entry.game === 'miniatures')!.fields.find((field) => field.name === 'pushBack')!;
    expect(pushBack.choices.find((choice) => choice.value === 'always')!.text).toMatch(/follow up/);
  });
});

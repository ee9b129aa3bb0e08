// POST /v1/games/{id}/commands with `Prefer: return=representation` (RFC 7240): the answer also
// carries the game as the sender's seat sees it after the command, built from what the append
// committed without reading the game again. It must be exactly what a GET would answer then, for
// that seat only.

import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { postCommand, readGame, register, startGame, type GameAnswer, type HttpPlayer } from '../support/http-client.ts';

const t = useTestApp();
const PREFER = { prefer: 'return=representation' };

interface Answer {
  version: number;
  awaiting: { seat: number }[];
  game?: GameAnswer;
}

async function started(prefix: string): Promise<{ id: string; players: HttpPlayer[] }> {
  const players = [await register(t.base, `${prefix}-a`), await register(t.base, `${prefix}-b`)];
  return { id: await startGame(t.base, players), players };
}

describe('Prefer: return=representation on a command', () => {
  it('answers the game as the sender then sees it, equal to a GET at that version, for a whole run of commands', async () => {
    const { id, players } = await started('repr');
    let seat = (await readGame(t.base, id, null)).awaiting[0]!.seat;
    let game = await readGame(t.base, id, players[seat]!);
    for (let i = 0; i < 12 && game.status === 'active'; i++) {
      const command = game.legalCommands[i % game.legalCommands.length]!;
      const res = await postCommand(t.base, id, players[seat]!, { ...command, expectedVersion: game.version }, PREFER);
      expect(res.status).toBe(200);
      expect(res.headers.get('preference-applied')).toBe('return=representation');
      const answer = res.body as Answer;
      const represented = answer.game!;
      expect(represented.version).toBe(answer.version);
      expect(represented.mySeat).toBe(seat);
      // Nothing else moved the game: the GET now is the game at that version.
      expect(represented).toEqual(await readGame(t.base, id, players[seat]!));
      // The other seat's hand stays hidden in it (HS3: a hand is its player's alone).
      const other = (represented.view.seats as { seat: number; hand?: unknown }[]).find((s) => s.seat !== seat)!;
      expect(other.hand).toBeUndefined();
      // The next command: from the representation when the sender is still awaited, else as the next seat reads it.
      const next = answer.awaiting[0]?.seat;
      if (next === undefined) break;
      if (next === seat) game = represented;
      else {
        seat = next;
        game = await readGame(t.base, id, players[seat]!);
      }
    }
  });

  it('is left out without the preference, or with another one', async () => {
    const { id, players } = await started('repr-no');
    const seat = (await readGame(t.base, id, null)).awaiting[0]!.seat;
    const game = await readGame(t.base, id, players[seat]!);
    const plain = await postCommand(t.base, id, players[seat]!, { ...game.legalCommands[0], expectedVersion: game.version });
    expect(plain.status).toBe(200);
    expect((plain.body as Answer).game).toBeUndefined();
    expect(plain.headers.get('preference-applied')).toBeNull();

    const next = await readGame(t.base, id, players[(plain.body as Answer).awaiting[0]!.seat]!);
    const minimal = await postCommand(t.base, id, players[next.mySeat!]!, { ...next.legalCommands[0], expectedVersion: next.version }, { prefer: 'return=minimal' });
    expect(minimal.status).toBe(200);
    expect((minimal.body as Answer).game).toBeUndefined();
  });

  it('is found among other preferences, with parameters, in any case', async () => {
    const { id, players } = await started('repr-mix');
    const seat = (await readGame(t.base, id, null)).awaiting[0]!.seat;
    const game = await readGame(t.base, id, players[seat]!);
    const res = await postCommand(t.base, id, players[seat]!, { ...game.legalCommands[0], expectedVersion: game.version }, { prefer: 'respond-async, Return=Representation; x=1' });
    expect(res.status).toBe(200);
    expect((res.body as Answer).game?.version).toBe((res.body as Answer).version);
  });

  it('for a replayed Idempotency-Key, answers the game as it is now', async () => {
    const { id, players } = await started('repr-key');
    const seat = (await readGame(t.base, id, null)).awaiting[0]!.seat;
    const game = await readGame(t.base, id, players[seat]!);
    const body = { ...game.legalCommands[0], expectedVersion: game.version };
    const headers = { ...PREFER, 'idempotency-key': `repr-${id}` };
    const first = await postCommand(t.base, id, players[seat]!, body, headers);
    expect(first.status).toBe(200);
    // Someone acts in between (whoever is awaited now), so "then" and "now" differ.
    const awaited = (first.body as Answer).awaiting[0]!.seat;
    const between = await readGame(t.base, id, players[awaited]!);
    expect((await postCommand(t.base, id, players[awaited]!, { ...between.legalCommands[0], expectedVersion: between.version })).status).toBe(200);

    const again = await postCommand(t.base, id, players[seat]!, body, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const answer = again.body as Answer;
    expect(answer.version).toBe((first.body as Answer).version);
    expect(answer.game).toEqual(await readGame(t.base, id, players[seat]!));
    expect(answer.game!.version).toBeGreaterThan(answer.version);
  });
});

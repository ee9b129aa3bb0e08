// Judge Dredd's rules on the Unit Reference Sheet (Block War): "3. Dredd is activated like any other
// judge unit. But he may be activated twice per turn. 4. Any block unit that attacks Dredd is
// automatically wounded in the process. 5. Instead of attacking, Dredd may call for everyone to
// surrender, each block makes a morale check. 6. If Dredd is wounded, he simple returns back to the
// Judge pool." And the Fighting Spirit Table: "Attacking Judge Dredd* — 2", "Wounding Judge Dredd** — 10".

import { describe, expect, it } from 'vitest';
import { blockWar } from '../../../src/games/block-war/index.ts';
import { blockSquare as b, plazaSquare as p } from '../../../src/games/block-war/board/squares.ts';
import { keyedRng } from '../../../src/platform/random.ts';
import type { Event } from '../../../src/games/block-war/types.ts';
import { keyN } from '../../support/module-game.ts';
import { position, TestGame, types } from './support.ts';

const DREDD = 'judge-dredd';
const home = { 's0-punk-1': b(0, 5, 0), 's1-punk-1': b(1, 5, 0) };

/** A position with Dredd at the centre of the plaza (and so out of the judge pool), generator keyed by `k`. */
function withDredd(options: Parameters<typeof position>[0], k = 1): TestGame {
  const g = position({ ...options, placed: { [DREDD]: p(5, 5), ...options.placed } });
  const state = structuredClone(g.state);
  state.judgePool = state.judgePool.filter((u) => u !== DREDD);
  state.rng = keyedRng(keyN(k));
  return new TestGame(state);
}

describe('"he may be activated twice per turn" (BW39)', () => {
  it('in step 4 Dredd may be activated a second time; no other judge after him, and another judge only once', () => {
    const g = withDredd({ step: 'judge', placed: { ...home, 'street-judge-1': p(0, 0) } });
    g.send(0, { type: 'ACTIVATE', unit: DREDD });
    g.send(0, { type: 'END_ACTIVATION' });
    expect(g.sit()).toMatchObject({ kind: 'turn', seat: 0, step: 'judge' });
    expect(blockWar.legalCommands(g.state, 0)).toEqual([
      { type: 'ACTIVATE', unit: DREDD, windowId: (g.sit() as { windowId: string }).windowId },
      { type: 'END_STEP', windowId: (g.sit() as { windowId: string }).windowId },
    ]);
    g.send(0, { type: 'ACTIVATE', unit: DREDD });
    g.send(0, { type: 'END_ACTIVATION' });
    expect(g.sit()).toMatchObject({ seat: 1 });

    const other = withDredd({ step: 'judge', placed: { ...home, 'street-judge-1': p(0, 0) } });
    other.send(0, { type: 'ACTIVATE', unit: 'street-judge-1' });
    other.send(0, { type: 'END_ACTIVATION' });
    expect(other.sit()).toMatchObject({ seat: 1 });
  });
});

describe('attacking Dredd (BW40)', () => {
  it('"Any block unit that attacks Dredd is automatically wounded in the process"; the attack scores 2, wounding him 10 and control moves on; "he simple returns back to the Judge pool"', () => {
    const seen = new Set<boolean>();
    for (let k = 1; k <= 400 && seen.size < 2; k++) {
      const g = withDredd({ placed: { ...home, 's0-ape-1': p(5, 4) }, spirit: [20, 20], control: 10 }, k);
      g.send(0, { type: 'ACTIVATE', unit: 's0-ape-1' });
      g.send(0, { type: 'BRAWL', target: DREDD });
      const wounded = g.log.some((e) => e.type === 'UnitWounded' && e.unit === DREDD);
      seen.add(wounded);
      expect(g.unit('s0-ape-1').wounded).toBe(true);
      expect(g.log.filter((e) => e.type === 'ArmourSaveRolled' && e.unit === 's0-ape-1')).toEqual([]); // no save
      expect(g.state.seats[0]!.spirit).toBe(20 + 2 + (wounded ? 10 : 0));
      expect(g.state.control).toBe(wounded ? 11 : 10);
      if (wounded) {
        // 20 + 10 + 2 against control 11: 21 beyond, frenzied once the attack's gains are all made (BW53).
        expect(types(g.log).slice(-7)).toEqual(['UnitWounded', 'FightingSpiritGained', 'ControlMoved', 'JudgeReturnedToPool', 'FightingSpiritGained', 'UnitWounded', 'BlockFrenzied']);
        expect(g.unit(DREDD)).toMatchObject({ square: null, wounded: false });
        expect(g.state.judgePool).toContain(DREDD);
      } else expect(g.unit(DREDD).square).toBe(p(5, 5));
      // The wounded attacker moves no further, and its activation can end.
      expect(blockWar.legalCommands(g.state, 0).map((c) => c.type)).toEqual(['END_ACTIVATION']);
    }
    expect(seen).toEqual(new Set([true, false]));
  });

  it('an independent unit attacking Dredd is not wounded by rule 4 (“Any block unit”)', () => {
    const g = withDredd({ step: 'independent', placed: { ...home, 's0-crazed-robo-doc': b(0, 1, 3) } });
    // The crazed robo-doc cannot leave its block: it is not adjacent to Dredd, so it cannot attack him at all.
    g.send(0, { type: 'ACTIVATE', unit: 's0-crazed-robo-doc' });
    expect(blockWar.legalCommands(g.state, 0).some((c) => c.type === 'BRAWL' && c.target === DREDD)).toBe(false);
  });
});

describe('"Instead of attacking, Dredd may call for everyone to surrender, each block makes a morale check" (BW41)', () => {
  it('every block still fighting checks morale with each of its healthy units on the boards, whatever its spirit; it is his attack', () => {
    const g = withDredd({ step: 'judge', placed: { ...home, 's0-juve-1': p(3, 3), 's1-juve-1': b(1, 6, 0) }, spirit: [90, 90], control: 10 });
    expect(g.refused(0, { type: 'CALL_SURRENDER' })).toBe('NO_ACTIVATION');
    g.send(0, { type: 'ACTIVATE', unit: DREDD });
    g.send(0, { type: 'CALL_SURRENDER' });
    const checks = g.log.filter((e) => e.type === 'MoraleChecked') as Extract<Event, { type: 'MoraleChecked' }>[];
    expect(checks.map((c) => c.unit)).toEqual(['s0-juve-1', 's0-punk-1', 's1-juve-1', 's1-punk-1']);
    for (const c of checks) expect(g.unit(c.unit).square === null).toBe(!c.fightsOn);
    expect(g.refused(0, { type: 'CALL_SURRENDER' })).toBe('ALREADY_ATTACKED');
    expect(blockWar.legalCommands(g.state, 0).map((c) => c.type)).toEqual(['END_ACTIVATION']);
  });

  it('only Dredd calls for surrender', () => {
    const g = withDredd({ step: 'judge', placed: { ...home, 'street-judge-1': p(0, 0) } });
    g.send(0, { type: 'ACTIVATE', unit: 'street-judge-1' });
    expect(blockWar.legalCommands(g.state, 0).some((c) => c.type === 'CALL_SURRENDER')).toBe(false);
    expect(g.refused(0, { type: 'CALL_SURRENDER' })).toBe('NOT_DREDD');
  });
});

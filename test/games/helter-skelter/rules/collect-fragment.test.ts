// COLLECT FRAGMENT — "Cost: 3 cards with the character symbol or 3 cards with a dead character
// symbol. Collect a fragment of your team's colour that is on the same space as the character.
// Place it in front of you: it is worth one point." (docs/rulings.md R23)

import { describe, expect, it } from 'vitest';
import { cardById } from '../../../../src/games/helter-skelter/content/index.ts';
import type { Scenario, ScenarioCharacter } from '../../../../src/games/helter-skelter/scenario.ts';
import type { Command, Fragment } from '../../../../src/games/helter-skelter/types.ts';
import { helterSkelter } from '../../../../src/games/helter-skelter/index.ts';
import { cardsWhere, DAN_TANNA, findPair, TestGame } from '../support.ts';
import { only, padding } from './support-part1.ts';

const [HERE, NEXT] = findPair(DAN_TANNA, (a, b, bd) => bd.adjacent(a).includes(b));
const [ELSEWHERE, ENEMY_AT] = findPair(
  DAN_TANNA,
  (a, b) => a !== b && ![HERE, NEXT].includes(a) && ![HERE, NEXT].includes(b),
);

/** Judges' cards showing exactly these character symbols (no INTERRUPT), e.g. only(['dredd']). */
const exactly = (...characters: string[]) =>
  cardsWhere(
    'judges',
    (c) => c.action !== 'INTERRUPT' && c.characters.length === characters.length && characters.every((x) => c.characters.includes(x)),
  );
const DREDD = exactly('dredd'); // Dredd's symbol alone
const GIANT = exactly('giant');
const HERSHEY = exactly('hershey');
const ANDERSON = exactly('anderson');
const DREDD_GIANT = exactly('dredd', 'giant');
const DREDD_ANDERSON = exactly('dredd', 'anderson');
const GIANT_ANDERSON = exactly('giant', 'anderson');
const ANDERSON_HERSHEY = exactly('anderson', 'hershey');
const ANDERSON_MM = exactly('anderson', 'mean-machine');

/**
 * Dredd (seat 0) on HERE with a fragment of his colour. Characters the test leaves out of `judges`
 * are dead (`withOthersDead`); by default Giant is the only dead Judge.
 */
function collecting(
  hand: string[],
  opts: { judges?: Record<string, ScenarioCharacter>; fragments?: Fragment[]; enemyAt?: number } = {},
): TestGame {
  const judges = opts.judges ?? {
    dredd: { space: HERE },
    anderson: { space: ELSEWHERE },
    hershey: { space: ELSEWHERE },
    'mean-machine': { space: ELSEWHERE },
  };
  const scenario: Scenario = {
    map: DAN_TANNA,
    seats: [
      { team: 'judges', hand },
      { team: 'slaine', hand: padding('slaine', [], ['DEFLECT', 'PSI']).slice(0, 4) },
    ],
    characters: { ...judges, kai: { space: opts.enemyAt ?? ENEMY_AT } },
    fragments: opts.fragments ?? [{ seat: 0, space: HERE }],
  };
  return TestGame.withOthersDead(scenario);
}

const collect = (cards: string[], character = 'dredd'): Command => ({ type: 'COLLECT_FRAGMENT', character, cards });

describe('COLLECT FRAGMENT: the cost', () => {
  // "Cost: 3 cards with the character symbol … Place it in front of you: it is worth one point."
  it('COLLECT FRAGMENT with three cards showing the character’s symbol takes the fragment for a point', () => {
    const cards = [...DREDD.slice(0, 2), DREDD_ANDERSON[0]!];
    const g = collecting(cards);
    const events = g.send(0, collect(cards));
    expect(only(events, 'CardsDiscarded')).toMatchObject({ seat: 0, cards, reason: 'COLLECT_FRAGMENT' });
    expect(only(events, 'FragmentCollected')).toEqual({ type: 'FragmentCollected', seat: 0, character: 'dredd', space: HERE });
    expect(g.state.fragments).toEqual([]);
    expect(g.state.seats[0]!.fragments).toBe(1);
    expect(helterSkelter.view(g.state, 1).seats[0]!.points).toBe(1);
    expect(g.hand(0)).toEqual([]);
  });

  // "Cost: 3 cards": no fewer, no more.
  it('COLLECT FRAGMENT costs exactly three cards', () => {
    const hand = [...DREDD, ...DREDD_ANDERSON, ...DREDD_GIANT];
    const g = collecting(hand.slice(0, 5));
    expect(g.refused(0, collect(hand.slice(0, 2)))).toBe('WRONG_CARD_COUNT');
    expect(g.refused(0, collect(hand.slice(0, 4)))).toBe('WRONG_CARD_COUNT');
  });

  // "3 cards with the character symbol": a card without it does not pay.
  it('a card showing neither the collector’s nor a dead character’s symbol does not pay', () => {
    const cards = [...DREDD.slice(0, 2), ANDERSON[0]!];
    const g = collecting(cards);
    expect(cardById(ANDERSON[0]!).characters).toEqual(['anderson']);
    expect(g.refused(0, collect(cards))).toBe('WRONG_SYMBOL');
  });

  // "If you have a dead character, you can discard three cards with their character symbol to pay the cost."
  it('three cards with a dead character’s symbol pay', () => {
    const cards = [...GIANT.slice(0, 2), GIANT_ANDERSON[0]!];
    expect(cards.some((c) => cardById(c).characters.includes('dredd'))).toBe(false);
    const g = collecting(cards);
    expect(g.state.characters['giant']!.status).toBe('dead');
    g.send(0, collect(cards));
    expect(g.state.seats[0]!.fragments).toBe(1);
  });

  // "You cannot discard a combination of cards with the character's symbol and cards with a dead
  // character's symbol." (R23)
  it('a mix of the collector’s symbol and a dead character’s symbol is refused (R23)', () => {
    for (const cards of [
      [...DREDD.slice(0, 2), GIANT[0]!],
      [DREDD[0]!, ...GIANT.slice(0, 2)],
    ]) {
      const g = collecting(cards);
      expect(g.refused(0, collect(cards))).toBe('WRONG_SYMBOL');
      expect(g.state.fragments).toHaveLength(1);
    }
  });

  // R23: "All three cards must show one symbol: the collector's, or one dead character's."
  it('cards of two different dead characters do not combine (R23)', () => {
    const cards = [...GIANT.slice(0, 2), HERSHEY[0]!];
    const g = collecting(cards, {
      judges: { dredd: { space: HERE }, anderson: { space: ELSEWHERE }, 'mean-machine': { space: ELSEWHERE } },
    });
    expect(g.state.characters['hershey']!.status).toBe('dead');
    expect(g.refused(0, collect(cards))).toBe('WRONG_SYMBOL');
  });

  // R23: "A card that shows both symbols counts for either."
  it('a card showing both the collector’s and a dead character’s symbol counts for either (R23)', () => {
    const withDredd = [...DREDD.slice(0, 2), DREDD_GIANT[0]!];
    const withGiant = [...GIANT.slice(0, 2), DREDD_GIANT[1]!];
    for (const cards of [withDredd, withGiant]) {
      const g = collecting(cards);
      g.send(0, collect(cards));
      expect(g.state.seats[0]!.fragments).toBe(1);
    }
  });

  // "If you kill your own character, remove it from the game." Its card is still flipped to its dead
  // side ("When the last cube has been removed … flip the character card face down"), so it is a dead
  // character whose symbol pays (proposed ruling: an own kill is a dead character like any other).
  it('a character you killed yourself is a dead character: its symbol pays', () => {
    const explode = cardsWhere('judges', (c) => c.action === 'EXPLODE' && c.linkedTo === 'dredd')[0]!;
    const cards = ['judges-27', 'judges-28', ANDERSON_HERSHEY[0]!];
    for (const c of cards) expect(cardById(c).characters).toContain('hershey');
    const g = collecting([explode, ...cards], {
      judges: {
        dredd: { space: HERE },
        giant: { space: ELSEWHERE },
        anderson: { space: ELSEWHERE },
        hershey: { space: NEXT, health: 1 },
        'mean-machine': { space: ELSEWHERE },
      },
      // Kai stands with Hershey, so the EXPLODE has an enemy to aim at.
      enemyAt: NEXT,
    });
    g.send(0, { type: 'EXPLODE', character: 'dredd', card: explode, space: NEXT });
    expect(g.state.characters['hershey']!.status).toBe('dead');
    expect(g.state.seats[0]!.kills).toEqual([]);
    g.send(0, collect(cards));
    expect(g.state.seats[0]!.fragments).toBe(1);
  });

  // "If you have a dead character": a living one's symbol does not pay, on the board or not yet deployed.
  it('cards of a living character (deployed or not) do not pay for another character', () => {
    const cards = [ANDERSON[0]!, ANDERSON_HERSHEY[0]!, ANDERSON_MM[0]!];
    const deployed = collecting(cards);
    expect(deployed.refused(0, collect(cards))).toBe('WRONG_SYMBOL');

    const undeployed = collecting(cards, {
      judges: {
        dredd: { space: HERE },
        // Each map card lies under one character only.
        anderson: { space: 'undeployed', startingCards: [NEXT] },
        hershey: { space: 'undeployed', startingCards: [ELSEWHERE] },
      },
    });
    undeployed.send(0, { type: 'DEPLOY', character: 'hershey', space: ELSEWHERE });
    expect(undeployed.state.characters['anderson']!.status).toBe('undeployed');
    expect(undeployed.refused(0, collect(cards))).toBe('WRONG_SYMBOL');
  });

  // The COLLECT FRAGMENT options offered: every three cards that all show one payer's symbol.
  it('the legal COLLECT FRAGMENTs are exactly the unmixed sets of three', () => {
    const hand = [DREDD[0]!, DREDD[1]!, DREDD_GIANT[0]!, GIANT[0]!, GIANT[1]!];
    const g = collecting(hand);
    const legal = g.legalOf(0, 'COLLECT_FRAGMENT').map((c) => (c.type === 'COLLECT_FRAGMENT' ? c.cards.slice().sort() : []));
    const sets = [
      [DREDD[0]!, DREDD[1]!, DREDD_GIANT[0]!],
      [DREDD_GIANT[0]!, GIANT[0]!, GIANT[1]!],
    ].map((s) => s.sort());
    expect(legal.sort()).toEqual(sets.sort());
  });
});

describe('COLLECT FRAGMENT: which fragment', () => {
  // "Collect a fragment of your team's colour"
  it('another team’s fragment cannot be collected', () => {
    const cards = DREDD.slice(0, 2).concat(DREDD_ANDERSON[0]!);
    const g = collecting(cards, { fragments: [{ seat: 1, space: HERE }] });
    expect(g.refused(0, collect(cards))).toBe('NO_FRAGMENT_HERE');
  });

  // "that is on the same space as the character"
  it('a fragment of your colour on another space cannot be collected', () => {
    const cards = DREDD.slice(0, 2).concat(DREDD_ANDERSON[0]!);
    const g = collecting(cards, { fragments: [{ seat: 0, space: NEXT }] });
    expect(g.refused(0, collect(cards))).toBe('NO_FRAGMENT_HERE');
    expect(g.legalOf(0, 'COLLECT_FRAGMENT')).toEqual([]);
  });

  // "Collect a fragment of your team's colour": where colours share a space, only yours is taken.
  // "Place your fragments on the spaces designated on the map cards": every map card names its own
  // space and no fragment ever moves, so two fragments never share a space. A scenario that puts two
  // there describes no reachable position and is refused, saying why.
  it('two fragments on one space is a position no game reaches: the scenario is refused', () => {
    const cards = DREDD.slice(0, 3);
    expect(() =>
      collecting(cards, {
        fragments: [
          { seat: 1, space: HERE },
          { seat: 0, space: HERE },
        ],
      }),
    ).toThrow(/Two fragments lie on space/);
  });

  // "Choose a standard or combat action … for the character taking the action": it must stand there.
  it('a dead character cannot collect, even with cards of its own symbol', () => {
    const cards = [...GIANT.slice(0, 2), GIANT_ANDERSON[0]!];
    const g = collecting(cards);
    expect(g.refused(0, collect(cards, 'giant'))).toBe('CHARACTER_DEAD');
  });
});

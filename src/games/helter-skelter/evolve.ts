// evolve: how each event changes the state. No decisions are made here: every outcome (which
// cards were drawn, who won a window) is already in the event, so replay never re-rolls.

import { folding, type Fold } from '../../platform/fold.ts';
import { rngAt } from '../../platform/random.ts';
import { liveArms } from './arms.ts';
import { cloneArms, cloneOrders } from './orders.ts';
import { cloneAttack, cloneChoice, cloneState } from './state.ts';
import type { Event, GameState } from './types.ts';

/** How events fold into the state: what `decide`'s draft, `evolve` and replay use. */
export const fold: Fold<GameState, Event> = { copy: cloneState, apply: applyEvent };

export const { evolve, replay: evolveAll } = folding(fold);

function remove<T>(list: T[], item: T): void {
  const i = list.indexOf(item);
  if (i < 0) throw new Error(`evolve: ${String(item)} is not there`);
  list.splice(i, 1);
}

/** Applies one event to a state the caller owns (mutates it). */
function applyEvent(s: GameState, e: Event): void {
  switch (e.type) {
    case 'StartingCardsAssigned': {
      const seat = s.seats[e.seat]!;
      for (const c of e.cards) remove(seat.mapCards, c);
      s.characters[e.character]!.startingCards = e.cards.slice();
      if (e.rng !== undefined) s.rng = rngAt(s.rng, e.rng);
      const unassigned = Object.values(s.characters).some((c) => c.seat === e.seat && c.startingCards.length === 0);
      // The Dark Judges are done once they have also removed a map card (MapCardRemoved).
      if (!unassigned && seat.mapCardRemoved !== false) s.setupDone.push(e.seat);
      return;
    }
    case 'MapCardRemoved': {
      const seat = s.seats[e.seat]!;
      remove(seat.mapCards, e.card);
      seat.mapCardRemoved = true;
      if (e.rng !== undefined) s.rng = rngAt(s.rng, e.rng);
      s.setupDone.push(e.seat);
      return;
    }
    case 'SetupCompleted':
      for (const seat of s.seats) seat.mapCards = [];
      s.fragments = e.fragments.map((f) => ({ seat: f.seat, space: f.space }));
      s.activeSeat = e.firstSeat;
      return;
    case 'FragmentsDoubled':
      s.seats[e.seat]!.fragments += e.count;
      s.solo!.reserve -= e.count;
      return;
    case 'SoloCardDrawn':
      remove(s.solo!.deck, e.card);
      s.solo!.discard.push(e.card);
      return;
    case 'SoloDeckReshuffled':
      s.solo!.deck = e.order.slice();
      s.solo!.discard = [];
      s.rng = rngAt(s.rng, e.rng);
      return;
    case 'DarkJudgesCardDrawn': {
      const solo = s.solo!;
      if (solo.deck[0] !== e.card) throw new Error(`evolve: ${e.card} is not on top of the solo deck`);
      solo.deck.shift();
      solo.drawn.push(e.card);
      solo.step = 0;
      return;
    }
    case 'DarkJudgeActed':
      s.solo!.step = e.step + 1;
      s.activitySinceMarker = true;
      return;
    case 'TargetChoiceOpened':
      s.windows++;
      s.situation = {
        kind: 'target',
        windowId: e.windowId,
        judge: e.judge,
        action: e.action,
        card: e.card,
        step: e.step,
        space: e.space,
        candidates: e.candidates.slice(),
      };
      return;
    case 'SoloCardResolved':
      s.solo!.step = null;
      return;
    case 'SoloCardsDiscarded':
      for (const card of e.cards) remove(s.solo!.drawn, card);
      s.solo!.discard.push(...e.cards);
      return;
    case 'SoloCharactersPlaced':
      for (const p of e.placements) {
        const c = s.characters[p.character]!;
        c.status = 'deployed';
        c.space = p.space;
      }
      // "Remove all the remaining map cards … from the game."
      s.solo!.characterCards = [];
      s.solo!.ukkoCard = null;
      s.setupDone.push(e.seat);
      s.activeSeat = e.seat;
      return;
    case 'TurnBegan':
      s.windows++;
      s.attackedSeats = [];
      s.situation = {
        kind: 'turn',
        windowId: e.windowId,
        actor: e.seat,
        interrupting: e.interrupting,
        mustDeploy: e.mustDeploy,
      };
      return;
    case 'CharacterDeployed': {
      const c = s.characters[e.character]!;
      c.status = 'deployed';
      c.space = e.space;
      c.startingCards = [];
      s.activitySinceMarker = true;
      if (s.situation.kind === 'turn') s.situation.mustDeploy = false;
      return;
    }
    case 'CardsDiscarded': {
      const seat = s.seats[e.seat]!;
      for (const card of e.cards) {
        remove(seat.hand, card);
        seat.discard.push(card);
      }
      // R58: an arm whose card has left the hand lapses, unseen (no event of its own).
      if (seat.arms.length > 0) seat.arms = liveArms(seat);
      return;
    }
    case 'ActionTaken':
      s.activitySinceMarker = true;
      return;
    case 'CharacterMoved':
      s.characters[e.character]!.space = e.to;
      return;
    case 'FragmentCollected': {
      const i = s.fragments.findIndex((f) => f.seat === e.seat && f.space === e.space);
      s.fragments.splice(i, 1);
      s.seats[e.seat]!.fragments++;
      return;
    }
    case 'AttackDeclared':
      s.windows++;
      // What an arm `whenAttacked` asks of the next window (R58); Cloud of Decay is no action.
      if (e.attack.action !== 'CLOUD_OF_DECAY')
        for (const id of e.defenders) {
          const seat = s.characters[id]!.seat;
          if (!s.attackedSeats.includes(seat)) s.attackedSeats.push(seat);
        }
      s.situation = {
        kind: 'defence',
        windowId: e.windowId,
        attack: cloneAttack(e.attack),
        defenders: e.defenders.map((character) => ({ character, choice: { kind: 'undecided' } })),
      };
      return;
    case 'DefenderDecided': {
      if (s.situation.kind !== 'defence') throw new Error('evolve: no defence window is open');
      const d = s.situation.defenders.find((x) => x.character === e.character)!;
      d.choice = cloneChoice(e.choice);
      return;
    }
    case 'DamageTaken':
      s.characters[e.character]!.health -= e.amount;
      return;
    case 'ArmourFlipped':
      s.characters[e.character]!.armour = e.side;
      return;
    case 'HealthRestored':
      s.characters[e.character]!.health += e.amount;
      return;
    case 'WarpCubesPlaced':
      s.characters[e.character]!.warpCubes += e.count;
      return;
    case 'CharacterTransformed':
      s.characters[e.character]!.form = e.form;
      return;
    case 'CharacterKilled': {
      const c = s.characters[e.character]!;
      c.status = 'dead';
      c.space = null;
      if (e.scoredBy !== null) s.seats[e.scoredBy]!.kills.push(e.character);
      return;
    }
    case 'SeatEliminated':
      s.seats[e.seat]!.eliminated = true;
      return;
    case 'SeatResigned':
      // A record for the log and the feed: what it changes follows it (SeatEliminated, GameEnded).
      return;
    case 'InterruptWindowOpened':
      s.windows++;
      s.attackedSeats = [];
      s.situation = {
        kind: 'interrupt',
        windowId: e.windowId,
        actedSeat: e.actedSeat,
        actedInterrupting: e.actedInterrupting,
        after: e.after,
        eligible: e.eligible.slice(),
        answers: {},
      };
      return;
    case 'InterruptAnswered': {
      if (s.situation.kind === 'interrupt') s.situation.answers[String(e.seat)] = e.card;
      // The arms that answered are spent (R58).
      const spent = e.arms;
      if (spent) s.seats[e.seat]!.arms = s.seats[e.seat]!.arms.filter((a) => !spent.includes(a.trigger));
      return;
    }
    case 'InterruptWindowClosed':
      return;
    case 'TurnEnded':
      if (!e.interrupting) s.activeTurnEnded = true;
      return;
    case 'CardsDrawn': {
      const seat = s.seats[e.seat]!;
      for (const card of e.cards) {
        if (seat.deck[0] !== card) throw new Error(`evolve: ${card} is not on top of the deck`);
        seat.deck.shift();
        seat.hand.push(card);
      }
      return;
    }
    case 'DeckReshuffled': {
      const seat = s.seats[e.seat]!;
      seat.deck = e.order.slice();
      seat.discard = [];
      s.rng = rngAt(s.rng, e.rng);
      return;
    }
    case 'MarkerPassed':
      // "At the end of this turn": the turn is over, so such arms lapse (R58).
      for (const seat of s.seats) if (seat.arms.length > 0) seat.arms = seat.arms.filter((a) => a.trigger !== 'endOfThisTurn');
      s.activeSeat = e.seat;
      s.activeTurnEnded = false;
      s.activitySinceMarker = false;
      s.quietTurns = e.quietTurns;
      return;
    case 'OrdersSet':
      s.seats[e.seat]!.orders = cloneOrders(e.orders);
      s.seats[e.seat]!.arms = cloneArms(e.arms);
      return;
    case 'GameEnded':
      s.winners = e.winners.slice();
      s.situation = { kind: 'over' };
      return;
  }
}

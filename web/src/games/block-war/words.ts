// Block War in words: units ("Punk 2 of Rick Whitely"), squares ("plaza 5,0", "Rick Whitely's
// block, level 3, column 2"), every event as a sentence for the log (every die is public: the
// rolls are spelled out) and every command for the button that offers it. Pure.

import type { components } from '../../generated/api.ts';

// From the generated schema rather than api/client.ts, so the unit tests need no browser globals.
type BlockWarCommand = components['schemas']['BlockWarCommand'];
type BlockWarContent = components['schemas']['BlockWarContent'];
type BlockWarGame = components['schemas']['BlockWarGame'];
type FeedEvent = components['schemas']['FeedEvent'];

type View = BlockWarGame['view'];

/**
 * The game's terms as this module prints them: each has a glossary entry (glossary.ts), and the
 * glossary test fails on one without. Print a new term through here, not as a bare literal.
 */
export const TERMS = {
  spirit: 'fighting spirit',
  track: 'justice track',
  control: 'control',
  movementPoints: 'movement points',
  frenzied: 'frenzied',
  morale: 'morale',
  armour: 'armour',
  brawl: 'brawl',
  scrawl: 'scrawl',
  statue: 'civic statue',
  stall: 'hottie stall',
  plaza: 'plaza',
  blockPool: 'block pool',
  judgePool: 'judge pool',
  reinforcements: 'reinforcements',
  independent: 'independent',
  turnOrder: 'turn order',
  lastRound: 'last round',
  janitor: 'janitor',
  crazed: 'crazed',
  informant: 'informed',
} as const;

export interface BlockWarNames {
  seat(seat: number): string;
  unit(id: string): string;
  square(id: string): string;
}

/** The letters drawn on a unit's counter, so its kind is read without its colour. */
export const UNIT_LETTERS: Record<string, string> = {
  ape: 'A', citizen: 'Ci', 'citi-def': 'CD', eldster: 'E', fatty: 'F', juve: 'J', punk: 'P', scrawler: 'Sc', sniper: 'Sn', ugly: 'U',
  'robo-janitor': 'RJ', 'human-janitor': 'HJ', 'robo-doc': 'RD', 'crazed-robo-doc': 'CR', 'block-judge': 'BJ', 'street-judge': 'SJ', 'judge-dredd': 'D',
};

export function blockWarNames(content: BlockWarContent, game: BlockWarGame): BlockWarNames {
  const kinds = new Map(content.units.map((kind) => [kind.id, kind.name]));
  const blockOf = (seat: number) => game.view.seats[seat]?.block ?? `Seat ${seat + 1}`;
  const seat = (seat: number) => {
    const holder = game.seats[seat];
    const who = holder?.player ?? (holder?.bot ? 'Bot' : 'Free seat');
    return `${blockOf(seat)} (${who})`;
  };
  return {
    seat,
    unit(id) {
      const unit = game.view.units[id];
      if (!unit) return id;
      const kind = kinds.get(unit.kind) ?? unit.kind;
      // The counter's number in its set, from its id ("s0-punk-2" → 2): two punks are told apart.
      const number = /-(\d+)$/.exec(id)?.[1];
      const rated = unit.ugly !== undefined ? ` (rating ${unit.ugly})` : '';
      const named = unit.kind === 'judge-dredd' ? kind : `${kind}${number ? ` ${number}` : ''}${rated}`;
      return unit.home === null ? named : `${named} of ${blockOf(unit.home)}`;
    },
    square(id) {
      const plaza = /^plaza:(\d+),(\d+)$/.exec(id);
      if (plaza) return `plaza ${plaza[1]},${plaza[2]}`;
      const block = /^block:(\d+):(\d+),(\d+)$/.exec(id);
      if (block) return `${blockOf(Number(block[1]))}’s block, level ${block[2]}, column ${Number(block[3]) + 1}`;
      return id;
    },
  };
}

/** The human janitor cleans "on a die result of a 2 or more" (Unit Reference Sheet). */
const HUMAN_JANITOR_CLEANS = 2;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

const ENDINGS: Record<string, string> = {
  'control-reached-100': 'control reached 100 on the justice track',
  'block-counter-reached-100': 'a block counter reached 100 on the justice track',
  'last-block-fighting': 'one block is left fighting',
  'time-limit': 'the time limit ran out and every block has had its last turn',
};
const SURRENDERS: Record<string, string> = { chose: 'chose to', 'no-fighting-units': 'has no fighting unit left and', outnumbered: 'is outnumbered and' };

/** One event as a sentence, or null for bookkeeping a player need not read. */
export function blockWarEventWords(data: FeedEvent['data'], names: BlockWarNames): string | null {
  const e = data as Record<string, unknown>;
  const seat = () => names.seat(num(e.seat));
  const unit = (key = 'unit') => names.unit(str(e[key]));
  const dice = (value: unknown) => (Array.isArray(value) ? value.map(num) : []);
  switch (str(e.type)) {
    case 'OrderDiceRolled': {
      const [a = 0, b = 0] = dice(e.dice);
      return `${seat()} rolls ${a} + ${b} = ${a + b} for ${TERMS.turnOrder}.`;
    }
    case 'TurnOrderDecided':
      return `Turn order: ${list(dice(e.order).map(names.seat))}.`;
    case 'BlockPlaced':
      return `${seat()} places the block on the ${str(e.side)} side of the ${TERMS.plaza}.`;
    case 'FeaturePlaced':
      return `${seat()} places a ${e.feature === 'statue' ? TERMS.statue : TERMS.stall} on ${names.square(str(e.square))}.`;
    case 'UnitsDrawn': {
      const units = (Array.isArray(e.units) ? e.units : []).map((id) => names.unit(str(id)));
      return `${seat()} draws ${list(units)}.`;
    }
    case 'CounterReturnedToPool':
      return `${unit()} has nowhere it may be placed and goes back to the ${TERMS.blockPool}.`;
    case 'UnitPlaced':
      return `${unit()} is placed on ${names.square(str(e.square))}.`;
    case 'UnitActivated':
      return `${unit()} is activated (${num(e.movementPoints)} ${TERMS.movementPoints}).`;
    case 'UnitMoved':
      return `${unit()} moves to ${names.square(str(e.to))}${num(e.cost) ? ` (${num(e.cost)} ${TERMS.movementPoints})` : ''}.`;
    case 'UnitReturned':
      return `${unit()} returns to ${names.square(str(e.to))}.`;
    case 'AttackMade':
      return `${unit()} ${e.attack === 'brawl' ? 'brawls with' : e.attack === 'shoot' ? 'shoots at' : 'tries to heal'} ${unit('target')}.`;
    case 'BrawlRolled':
      return `Brawl: the attacker rolls ${num(e.attackerDie)} (total ${num(e.attackerTotal)}), the defender ${num(e.defenderDie)} (total ${num(e.defenderTotal)}).`;
    case 'ShotRolled':
      return `Shot: rolls ${num(e.die)}, total ${num(e.total)}: ${e.hit ? 'a hit' : 'a miss'}.`;
    case 'ArmourSaveRolled':
      return `${unit()} rolls ${num(e.die)} for ${TERMS.armour}, total ${num(e.total)}: ${e.saved ? 'saved' : 'not saved'}.`;
    case 'UnitWounded':
      return `${unit()} is wounded.`;
    case 'HealRolled':
      return `Heal: rolls ${num(e.die)}, total ${num(e.total)}.`;
    case 'UnitHealed':
      return `${unit()} is healed.`;
    case 'UnitRemoved':
      return `${unit()} is removed from the board.`;
    case 'MoraleChecked':
      return `${unit()} checks ${TERMS.morale}: rolls ${num(e.die)}, total ${num(e.total)}: ${e.fightsOn ? 'fights on' : 'breaks'}.`;
    case 'FightingSpiritGained':
      return `${seat()} gains ${num(e.amount)} ${TERMS.spirit} (now ${num(e.to)}).`;
    case 'ActivationEnded':
      return `${unit()} ends its activation.`;
    case 'ControlMoved':
      return `Control moves to ${num(e.to)} on the ${TERMS.track}.`;
    case 'JudgesDrawn': {
      const units = (Array.isArray(e.units) ? e.units : []).map((id) => names.unit(str(id)));
      return `${seat()} draws judges: ${list(units)}.`;
    }
    case 'JudgeDeployed':
      return `${unit()} is deployed on ${names.square(str(e.square))}.`;
    case 'JudgesTarget':
      return `The judges target ${unit()} of ${names.seat(num(e.block))}.`;
    case 'TimeRanOut':
      return `${seat()} ran out of time.`;
    case 'TurnPassed':
      return `${names.seat(num(e.from))}’s turn ends; ${names.seat(num(e.to))} is next.`;
    case 'TurnBegan':
      return e.frenzied ? `${seat()} begins the turn ${TERMS.frenzied}: one extra reinforcement and one extra activation.` : null;
    case 'BlockFrenzied':
      return `${seat()} is ${TERMS.frenzied}: its units gain +1 movement point and +1 to combat results.`;
    case 'JudgeReturnedToPool':
      return `${unit()} returns to the ${TERMS.judgePool}.`;
    case 'SurrenderCalled':
      return `${unit()} calls on the blocks to surrender.`;
    case 'BlockSurrendered':
      return `${seat()} ${SURRENDERS[str(e.reason)] ?? ''} surrender${e.reason === 'chose' ? '' : 's'}.`.replace('  ', ' ');
    case 'StallRolled':
      return `${unit()} rolls ${num(e.die)} to pass the hottie stall: ${e.passed ? 'moves on' : 'stalls there'}.`;
    case 'Scrawled':
      return `${unit()} ${TERMS.scrawl}s on ${names.square(str(e.square))}.`;
    case 'CleanRolled':
      return `${unit()} rolls ${num(e.die)} to clean: ${num(e.die) >= HUMAN_JANITOR_CLEANS ? 'cleans' : 'fails'}.`;
    case 'ScrawlCleaned':
      return `${unit()} cleans the scrawl off ${names.square(str(e.square))}.`;
    case 'RoboDocCrazed':
      return `${unit()} is wrecked and rolls ${num(e.die)}: ${e.crazed ? `it goes ${TERMS.crazed} (${names.unit(str(e.crazed))}, ${TERMS.independent}).` : 'it stays a robo-doc.'}`;
    case 'JanitorHired':
      return `${unit()} becomes the block’s new ${TERMS.janitor} (${names.unit(str(e.janitor))}).`;
    case 'TimeLimitStarted':
      return 'The time limit starts now.';
    case 'LastRoundBegan':
      return `The time is up: the ${TERMS.lastRound} begins, every block has one last turn.`;
    case 'GameEnded':
      return `The block war is over: ${ENDINGS[str(e.reason)] ?? str(e.reason)}.`;
    default:
      return null;
  }
}

/** A command as the words on the button that sends it. */
export function blockWarCommandWords(command: BlockWarCommand, names: BlockWarNames, situation?: View['situation']): string {
  // The informant's step (BW48) is ended by choosing no judge: "you may activate a judge unit".
  const informant = situation?.kind === 'turn' && situation.step === 'informant';
  switch (command.type) {
    case 'ROLL_FOR_ORDER':
      return 'Roll for turn order';
    case 'PLACE_BLOCK':
      return `Place your block on the ${command.side} side`;
    case 'PLACE_FEATURE':
      return `Place it on ${names.square(command.square)}`;
    case 'PLACE_UNIT':
      return `Place ${names.unit(command.unit)} on ${names.square(command.square)}`;
    case 'ACTIVATE':
      return `Activate ${names.unit(command.unit)}`;
    case 'STEP':
      return `Step to ${names.square(command.to)}`;
    case 'BRAWL':
      return `${capital(TERMS.brawl)} with ${names.unit(command.target)}`;
    case 'SHOOT':
      return `Shoot at ${names.unit(command.target)}`;
    case 'HEAL':
      return `Heal ${names.unit(command.target)}`;
    case 'SCRAWL':
      return `${capital(TERMS.scrawl)} on ${names.square(command.square)}`;
    case 'CLEAN':
      return `Clean the scrawl off ${names.square(command.square)}`;
    case 'PLACE_JUDGE':
      return `Place ${names.unit(command.unit)} on ${names.square(command.square)}`;
    case 'JUDGE_TARGET':
      return `The judges target ${names.unit(command.unit)}`;
    case 'END_ACTIVATION':
      return 'End the activation';
    case 'END_STEP':
      return informant ? 'Activate no judge' : 'End this step of the turn';
    case 'CALL_SURRENDER':
      return 'Call on the blocks to surrender';
    case 'SURRENDER':
      return 'Surrender your block';
  }
}

/** What the situation asks, in words, for the heading above the choices. */
export function situationWords(view: View, names: BlockWarNames, mySeat: number | null): string {
  const s = view.situation;
  const you = (seat: number) => (seat === mySeat ? 'You' : names.seat(seat));
  switch (s.kind) {
    case 'roll':
      return 'Rolling for turn order.';
    case 'place-block':
      return `${you(s.seat)}: place the block on a side of the plaza.`;
    case 'place-feature':
      return `${you(s.seat)}: place the ${s.feature === 'statue' ? 'civic statue' : 'hottie stall'} on the plaza.`;
    case 'place-unit':
      return `${you(s.seat)}: place the counters drawn in the block${s.duringSetup ? ' (set-up)' : ` (${TERMS.reinforcements})`}.`;
    case 'turn': {
      const step =
        s.step === 'activate'
          ? `activate units (${s.activationsLeft} left${s.frenzied ? ', frenzied' : ''})`
          : s.step === 'independent'
            ? 'activate an independent unit'
            : s.step === 'informant'
              ? `someone in the block ${TERMS.informant} on a neighbour: you may activate a judge unit at once`
              : 'activate a judge unit';
      const active = s.activation
        ? ` Now: ${names.unit(s.activation.unit)}, ${s.activation.movementPoints} movement points left${s.activation.attacked ? ', attack made' : ''}.`
        : '';
      return `${you(s.seat)}${s.seat === mySeat ? 'r' : '’s'} turn: ${step}.${active}`;
    }
    case 'place-judge':
      return `Control landed on judge badges: ${you(s.seat)}${s.seat === mySeat ? ' place' : ' places'} ${list(s.judges.map(names.unit))}.`;
    case 'judge-target':
      return `Control landed on ${names.seat(s.block)}’s counter: ${you(s.seat)}${s.seat === mySeat ? ' choose' : ' chooses'} the unit the judges target.`;
    case 'over':
      return 'The block war is over.';
  }
}

/**
 * The time limit (BW50) in words: its length, when it ends (`when` formats the instant in the
 * viewer's time zone), and the last round once it runs. Null in a game without one.
 */
export function timeLimitWords(limit: View['timeLimit'], when: (iso: string) => string): string | null {
  if (!limit) return null;
  const length = limit.minutes % 60 === 0 ? `${limit.minutes / 60} hour${limit.minutes === 60 ? '' : 's'}` : `${limit.minutes} minute${limit.minutes === 1 ? '' : 's'}`;
  if (limit.lastRound) return `Time limit (${length}) reached: the last round, every block has one last turn.`;
  if (limit.endsAt === null) return `Time limit: ${length}, starting with the first move.`;
  return `Time limit: ${length}, ends ${when(limit.endsAt)}; then the round is finished and every block has one last turn.`;
}

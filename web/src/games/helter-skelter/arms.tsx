// My INTERRUPTs armed in advance (docs/rulings.md R58). Under the default orders no window waits
// for anyone; a player who wants to INTERRUPT says beforehand when, and the server claims for them
// at once. Shown while the seat holds an INTERRUPT card (the server refuses an arm otherwise) or
// has arms to cancel. An arm is a setting sent as SET_ORDERS, not a move: nobody else sees it.

import type { HelterSkelterCommand as Command, HelterSkelterView as View } from './api.ts';

type Arm = NonNullable<View['seats'][number]['arms']>[number];
type Trigger = Arm['trigger'];

export const ARM_WORDS: Readonly<Record<Trigger, string>> = {
  afterNextAction: 'Interrupt after the next action',
  endOfThisTurn: 'Interrupt at the end of this turn',
  whenAttacked: 'Interrupt when attacked',
};
const TRIGGERS = Object.keys(ARM_WORDS) as Trigger[];

interface ArmsProps {
  arms: readonly Arm[];
  holdsInterrupt: boolean;
  /** The seat holds the marker: the end of this turn is its own, after which it cannot interrupt. */
  myTurn: boolean;
  disabled: boolean;
  send: (command: Command) => void;
}

export function Arms({ arms, holdsInterrupt, myTurn, disabled, send }: ArmsProps) {
  if (!holdsInterrupt && arms.length === 0) return null;
  const armed = new Set(arms.map((arm) => arm.trigger));
  const set = (next: Arm[]) => send({ type: 'SET_ORDERS', arms: next });
  const toggle = (trigger: Trigger) => set(armed.has(trigger) ? arms.filter((arm) => arm.trigger !== trigger) : [...arms, { trigger }]);
  const offered = TRIGGERS.filter((trigger) => armed.has(trigger) || (holdsInterrupt && !(myTurn && trigger === 'endOfThisTurn')));
  return (
    <section class="arms" aria-labelledby="arms-title">
      <h2 id="arms-title">INTERRUPT in advance</h2>
      <p class="hint">
        {arms.length > 0
          ? 'Armed: when that moment comes, your first INTERRUPT card is played for you at once. Nobody else can see this.'
          : 'Nobody waits for an INTERRUPT: say beforehand when you want one. Nobody else can see this.'}
      </p>
      <ul class="buttons" aria-label="Arm an INTERRUPT">
        {offered.map((trigger) => (
          <li key={trigger}>
            <button type="button" aria-pressed={armed.has(trigger)} disabled={disabled} onClick={() => toggle(trigger)}>
              {ARM_WORDS[trigger]}
            </button>
          </li>
        ))}
        {arms.length > 1 && (
          <li>
            <button type="button" disabled={disabled} onClick={() => set([])}>
              Cancel every INTERRUPT armed
            </button>
          </li>
        )}
      </ul>
    </section>
  );
}

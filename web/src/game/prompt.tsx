// A question the game puts to this seat with a deadline (a defence, an INTERRUPT, a set-up choice,
// a push-back): the question as the region's heading, its countdown, and the answers as buttons.
// Shared by the games' tables, so every prompt reads and counts down the same way.

import type { ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { Countdown } from './countdown.tsx';
import { OpenRules } from './reference.tsx';

export function Prompt<C>(props: {
  question: string;
  deadline: string | null | undefined;
  answers: readonly C[];
  /** The name of the list of answers, for screen readers. */
  answersLabel: string;
  words: (answer: C) => string;
  disabled: boolean;
  onAnswer: (answer: C) => void;
  /** What else the answer takes (a hint: the answer is chosen on the board). */
  children?: ComponentChildren;
}) {
  const openRules = useContext(OpenRules);
  return (
    <section class="prompt" aria-labelledby="prompt-title" role="region">
      <h2 id="prompt-title">{props.question}</h2>
      {openRules && (
        <button type="button" class="link rules-for-this" onClick={() => openRules()}>
          The rules for this
        </button>
      )}
      <Countdown deadline={props.deadline} label="Time to answer" />
      {props.answers.length > 0 && (
        <ul class="buttons" aria-label={props.answersLabel}>
          {props.answers.map((answer, index) => (
            <li key={index}>
              <button type="button" disabled={props.disabled} onClick={() => props.onAnswer(answer)}>
                {props.words(answer)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {props.children}
    </section>
  );
}

// Helter Skelter's set-up on the board. The map cards a seat may use are highlighted on the board:
// pick a character (or first tap a space, then say who starts there), then tap its map card; the
// solo player places each character on one of the spaces drawn for them, and sees it stand there
// until all are placed; the Dark Judges tap the map card they remove. The taps add up to one
// command, staged for confirmation like any other. At most a character list and two buttons show.

import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { HelterSkelterCommand as Command, HelterSkelterContent as Content, HelterSkelterView as View } from './api.ts';
import type { Staging } from '../../game/staging.tsx';
import { complete, finished, placed, REMOVED, setupKind, setupOptions, spacesFor, takers, tap, type Selection, type SetupKind } from './setup-choices.ts';
import { TERMS, type Names } from './words.ts';

export interface SetupOnBoard {
  /** The view to draw: the solo characters placed so far stand on their spaces. */
  view: View;
  targets: ReadonlySet<number>;
  onSpace(space: number): void;
  targetWords(space: number): string;
  /** The character picked, outlined where it stands. */
  selected: string | null;
  question: string;
  /** The step's hint, the characters to pick, and a way to start again. */
  panel: ComponentChildren;
}

const QUESTIONS: Record<SetupKind, string> = {
  assign: 'Set-up: choose your starting map cards.',
  remove: 'Set-up: choose the map card to remove.',
  place: 'Set-up: choose where your characters start.',
};

const list = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/** The set-up taken on the board, or null when the seat has no set-up choice to make. */
export function useSetupOnBoard(props: {
  view: View;
  commands: readonly Command[];
  content: Content;
  names: Names;
  version: number;
  staging: Staging<Command>;
  sending: boolean;
  clearRefusal(): void;
}): SetupOnBoard | null {
  const { view, commands, content, names, staging } = props;
  const [selection, setSelection] = useState<Selection>({});
  const [picked, setPicked] = useState<string | null>(null);
  // A space tapped before a character was picked, when several could start there.
  const [pending, setPending] = useState<number | null>(null);

  const reset = () => {
    setSelection({});
    setPicked(null);
    setPending(null);
  };
  // A new version (the game moved on) or a staged command cancelled: the taps start again.
  useLayoutEffect(reset, [props.version]);
  const wasStaged = useRef(false);
  useEffect(() => {
    if (wasStaged.current && !staging.staged) reset();
    wasStaged.current = Boolean(staging.staged);
  }, [staging.staged]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') reset();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  // Keyboard players: once a character is picked, focus goes to the first space it can take.
  useLayoutEffect(() => {
    if (picked !== null) document.querySelector<SVGGElement>('.board .space.target')?.focus({ preventScroll: true });
  }, [picked]);

  const kind = view.situation.kind === 'setup' ? setupKind(commands) : null;
  if (kind === null) return null;

  const stealthy = content.characters.find((character) => character.specials.includes('stealth'))?.id ?? null;
  const options = setupOptions(commands, view, stealthy);
  const characters = placed(options).filter((character) => character !== REMOVED);
  const need = (character: string) => options.find((option) => option.places[character])?.places[character]?.length ?? 1;
  const name = (character: string) => names.character(view.characters.find((entry) => entry.id === character)?.form ?? character);

  function settle(next: Selection, character: string) {
    props.clearRefusal();
    const command = finished(options, next);
    setPending(null);
    if (command) {
      setSelection(next);
      setPicked(null);
      staging.stage({ command, words: stagedWords(command, next), cost: null });
      return;
    }
    setSelection(next);
    // A character with all its spaces is done: the next tap picks again.
    setPicked(complete(options, next, character) ? null : character);
  }

  function stagedWords(command: Command, chosen: Selection): string {
    if (command.type === 'REMOVE_MAP_CARD') return `Remove ${TERMS.mapCard} ${command.card} from the game`;
    const parts = Object.entries(chosen).map(([character, spaces]) => `${name(character)} ${kind === 'place' ? `on ${TERMS.space}` : `behind ${TERMS.mapCard}${spaces.length > 1 ? 's' : ''}`} ${list(spaces.map(String))}`);
    return kind === 'place' ? `Place ${list(parts)}` : `Start ${list(parts)}`;
  }

  function onSpace(space: number) {
    // A command on its way: no second one from a tap made meanwhile.
    if (props.sending) return;
    if (picked !== null) return settle(tap(options, selection, picked, space), picked);
    const who = takers(options, selection, space);
    if (who.length === 1) return settle(tap(options, selection, who[0]!, space), who[0]!);
    if (who.length > 1) setPending(space);
  }

  function pick(character: string) {
    props.clearRefusal();
    if (pending !== null) return settle(tap(options, selection, character, pending), character);
    if (picked === character) return setPicked(null);
    // Choices that cannot stand with this character's (another's starting card) are let go.
    if (spacesFor(options, selection, character).size === 0) setSelection({});
    setPicked(character);
  }

  const targets = picked !== null ? spacesFor(options, selection, picked) : new Set(placed(options).flatMap((character) => [...spacesFor(options, selection, character)].filter((space) => takers(options, selection, space).length > 0)));

  function targetWords(space: number): string {
    if (kind === 'remove') return `Remove ${TERMS.mapCard} ${space} from the game`;
    if (picked === null) return kind === 'place' ? 'Place a character on' : `${capital(TERMS.mapCard)} ${space}`;
    if ((selection[picked] ?? []).includes(space)) return `Take back ${kind === 'place' ? TERMS.space : TERMS.mapCard} ${space} from ${name(picked)}`;
    return kind === 'place' ? `Place ${name(picked)} on` : `Start ${name(picked)} behind ${TERMS.mapCard} ${space}`;
  }

  // Solo: the characters placed so far are drawn where they will stand.
  const shown: View =
    kind === 'place'
      ? { ...view, characters: view.characters.map((entry) => (selection[entry.id] ? { ...entry, status: 'deployed' as const, space: selection[entry.id]![0]! } : entry)) }
      : view;

  // Starting cards already sent (assign): the seat sees its own.
  const sent = view.characters.filter((entry) => entry.seat === view.viewer && (entry.startingCards?.length ?? 0) > 0);
  const chosenWords = (character: string) => {
    const spaces = selection[character];
    if (!spaces?.length) return '';
    return kind === 'place' ? `: ${TERMS.space} ${spaces.join(', ')}` : `: ${TERMS.mapCard} ${spaces.join(', ')}`;
  };

  const hint =
    kind === 'remove'
      ? `Tap the highlighted ${TERMS.mapCard} to remove from the game: it is not revealed.`
      : pending !== null
        ? `${kind === 'place' ? capital(TERMS.space) : capital(TERMS.mapCard)} ${pending}: now choose who starts there.`
        : picked !== null
          ? `${name(picked)}: tap a highlighted ${kind === 'place' ? TERMS.space : TERMS.mapCard}${need(picked) > 1 ? ` (${need(picked)} ${TERMS.mapCard}s, ${selection[picked]?.length ?? 0} chosen)` : ''}.`
          : kind === 'place'
            ? `Choose a character, then tap the highlighted ${TERMS.space} it starts on.`
            : `Choose a character, then tap one of your ${TERMS.mapCard}s, highlighted on the board: it may deploy there later.`;

  const panel = staging.staged ? null : (
    <div class="setup-steps">
      <p class="hint" role="status">
        {hint}
      </p>
      {characters.length > 0 && (
        <div class="reserve" role="group" aria-label="Your characters">
          {characters.map((character) => {
            const open = pending === null || takers(options, selection, pending).includes(character);
            return (
              <button key={character} type="button" class={`${picked === character ? 'selected' : ''}${selection[character] ? ' placed' : ''}`.trim()} aria-pressed={picked === character} disabled={!open || props.sending} onClick={() => pick(character)}>
                {name(character)}
                {chosenWords(character)}
              </button>
            );
          })}
        </div>
      )}
      {kind === 'assign' && sent.length > 0 && (
        <p class="hint">
          Chosen: {list(sent.map((entry) => `${name(entry.id)} behind ${TERMS.mapCard}${entry.startingCards!.length > 1 ? 's' : ''} ${list(entry.startingCards!.map(String))}`))}.
        </p>
      )}
      {(picked !== null || pending !== null || Object.keys(selection).length > 0) && (
        <button type="button" class="link" onClick={reset}>
          Start again
        </button>
      )}
    </div>
  );

  return { view: shown, targets, onSpace, targetWords, selected: picked, question: QUESTIONS[kind], panel };
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

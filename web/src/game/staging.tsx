// The step between choosing a command and sending it: a tap stages the command, the action bar
// says in words what it does and what it costs (and its odds, where the game can tell them), and
// only "Confirm" sends it; "Cancel" or Escape drops it and nothing is sent. A player who switched
// confirmation off in Settings sends on the tap, as before. Shared by every game's table.

import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useConfirmCommands } from './confirm-setting.ts';

/** A command as the action bar words it. */
export interface Staged<C> {
  command: C;
  /** What it does: "Dredd MELEEs Sláine on space 7". */
  words: string;
  /** What it spends: "the card MELEE (Dredd), and the turn's action". */
  cost?: string | null;
}

export interface Staging<C> {
  staged: Staged<C> | null;
  /** A tap on a command: staged, or sent at once when confirmation is off. */
  stage(staged: Staged<C>): void;
  confirm(): void;
  cancel(): void;
}

/**
 * Staging for one table. Once the game moves on (`version`), a staged command stays only while it
 * is still among the `legal` ones (another seat's roll, in a window both act in, does not undo
 * mine); `onCancel` puts the table's own choice back too (a picked card).
 */
export function useStaging<C>(send: (command: C) => Promise<void>, version: number, legal: readonly C[], onCancel?: () => void): Staging<C> {
  const confirming = useConfirmCommands();
  const [staged, setStaged] = useState<Staged<C> | null>(null);
  const current = useRef<Staged<C> | null>(null);
  const cancelled = useRef(onCancel);
  cancelled.current = onCancel;
  current.current = staged;

  useLayoutEffect(() => {
    const now = current.current;
    if (now && !legal.some((command) => JSON.stringify(command) === JSON.stringify(now.command))) setStaged((current.current = null));
  }, [version]);

  const staging: Staging<C> = {
    staged,
    stage(next) {
      if (!confirming) {
        void send(next.command);
        return;
      }
      current.current = next;
      setStaged(next);
    },
    confirm() {
      const now = current.current;
      if (!now) return;
      current.current = null;
      setStaged(null);
      void send(now.command);
    },
    cancel() {
      current.current = null;
      setStaged(null);
      cancelled.current?.();
    },
  };

  // Escape undoes the staged command (and the choice that led to it), however soon it is pressed.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && current.current) staging.cancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return staging;
}

/** The staged command in words, with Confirm and Cancel; focus goes to Confirm when it shows. */
export function StagedCommand<C>({ staging, sending, odds, blocked }: {
  staging: Staging<C>;
  sending: boolean;
  /** The odds, where the game's preview gives them ("Measuring…" while it is out). */
  odds?: string | null;
  /** Why it cannot be sent yet (Confirm is disabled and this says why). */
  blocked?: string | null;
}) {
  const confirmButton = useRef<HTMLButtonElement>(null);
  const staged = staging.staged;
  useLayoutEffect(() => {
    if (staged) confirmButton.current?.focus({ preventScroll: true });
  }, [staged]);
  if (!staged) return null;
  return (
    <div class="staged" role="group" aria-label="Confirm your move">
      <p class="staged-words" role="status">
        <strong>{staged.words}</strong>
        {staged.cost && <span class="staged-cost">Costs: {staged.cost}.</span>}
        {odds && <span class="staged-odds">{odds}</span>}
        {blocked && <span class="staged-blocked">{blocked}</span>}
      </p>
      <div class="staged-buttons">
        <button type="button" class="confirm-button" ref={confirmButton} disabled={sending || Boolean(blocked)} onClick={() => staging.confirm()}>
          Confirm
        </button>
        <button type="button" onClick={() => staging.cancel()}>
          Cancel
        </button>
      </div>
    </div>
  );
}

// The game page's "Fair play" block: the shuffle commitment from the start (kept by this browser the
// first time it sees it, web/src/game/commitment.ts), what the creator chose, and, once the game is
// over, whether the revealed key matches the commitment kept. Replacements are said plainly.

import { useEffect, useState } from 'preact/hooks';
import type { AnyGame } from '../api/client.ts';
import { checkKey, keepAndCompare, type CommitmentCheck, type KeyCheck, type KeptStore } from './commitment.ts';

export function FairnessBlock({ game }: { game: AnyGame }) {
  const fairness = game.fairness;
  const [check, setCheck] = useState<CommitmentCheck | null>(null);
  const [key, setKey] = useState<KeyCheck>({ kind: 'no-key' });

  useEffect(() => {
    if (!fairness) return;
    const next = keepAndCompare(browserStore(), game.id, game.status, fairness.commitment);
    setCheck(next);
    let live = true;
    checkKey(next, fairness)
      .then((result) => live && setKey(result))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [game.id, game.status, fairness?.commitment, fairness?.key]);

  if (!fairness) return null;
  return (
    <section class="fairness" aria-labelledby="fairness-title" data-commitment-check={check?.kind ?? 'pending'} data-key-check={key.kind}>
      <h2 id="fairness-title">Fair play</h2>
      {fairness.position ? (
        <p class="chosen" role="note">
          <strong>The creator chose this game’s starting position.</strong> They may have arranged every hand: this is not a fair deal.
        </p>
      ) : fairness.seeded ? (
        <p class="chosen" role="note">
          <strong>The creator chose this game’s seed.</strong> They can know every hand: this is not a fair deal.
        </p>
      ) : null}
      <p>
        Shuffle commitment: <code class="commitment">{fairness.commitment}</code>
      </p>
      {check?.kind === 'replaced' ? (
        <p role="alert" class="error">
          Warning: the server now shows a different commitment from the one this browser kept when it first saw this game (
          <code>{check.kept.commitment}</code>, on {check.kept.seenAt.slice(0, 10)}). The shuffle of this game cannot be trusted.
        </p>
      ) : check?.kind === 'unkept' ? (
        <p class="hint">This browser could not keep the commitment (storage is off): write it down to check the key when the game ends.</p>
      ) : check?.kind === 'kept' ? (
        <p class="hint">
          {check.first ? 'This browser has kept it' : `This browser kept it on ${check.kept.seenAt.slice(0, 10)}`}, and will say so if the server ever shows another.
        </p>
      ) : null}
      {key.kind === 'mismatch' ? (
        <p role="alert" class="error">
          Warning: the revealed key <code>{fairness.key}</code> does not match the commitment <code>{key.against}</code>. The shuffle of this game cannot be trusted.
        </p>
      ) : key.kind === 'matches' ? (
        <p role="status">
          {key.boundAtCreation
            ? 'The revealed key matches the commitment this browser kept before the game ended: the deck was fixed before the deal.'
            : 'The revealed key matches the commitment, but this browser first saw the game after it ended, so this only shows it agrees with what the server shows now.'}
        </p>
      ) : null}
      <p class="hint">
        To check every deal and draw yourself once it is over:{' '}
        <code>
          npm run verify -- --public --game {game.id} --commitment {check && check.kind !== 'unkept' ? check.kept.commitment : fairness.commitment}
        </code>
      </p>
    </section>
  );
}

/** localStorage when the browser lets the page use it (not in every private mode), else null. */
function browserStore(): KeptStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

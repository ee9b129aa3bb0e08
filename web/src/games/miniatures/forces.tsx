// Both forces as a table: each model's side mark, name, profile, hits left and state, so the
// picture's facts can be read without the picture.

import type { MiniaturesContent, MiniaturesGame } from './data.ts';
import { SIDE_LOOKS } from './table-top.tsx';
import { initials, type MiniaturesNames } from './words.ts';

export function Forces({ game, content, names }: { game: MiniaturesGame; content: MiniaturesContent; names: MiniaturesNames }) {
  const models = Object.values(game.view.models);
  return (
    <aside class="side mn-forces">
      {[0, 1].map((seat) => (
        <table key={seat} class="scores">
          <caption>
            <span class="mn-chip" style={{ background: SIDE_LOOKS[seat]!.fill }} aria-hidden="true" /> {names.seat(seat)}
            {seat === game.mySeat ? ' — you' : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">Hits</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {models
              .filter((m) => m.seat === seat)
              .map((m) => {
                const profile = content.profiles.find((p) => p.id === m.profile);
                return (
                  <tr key={m.id} class={m.removed ? 'removed' : ''}>
                    <th scope="row">
                      {initials(m.name)}: {m.name} <small>({profile?.name ?? m.profile})</small>
                    </th>
                    <td>{m.removed ? '0' : `${m.hits}/${profile?.hits ?? '?'}`}</td>
                    <td>{m.removed ? 'removed' : [m.lockedWith.length ? `fighting ${m.lockedWith.map(names.model).join(', ')}` : '', m.alert ? 'on alert' : ''].filter(Boolean).join('; ') || '—'}</td>
                  </tr>
                );
              })}
          </tbody>
        </table>
      ))}
    </aside>
  );
}

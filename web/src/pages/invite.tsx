// An invitation's page, /invite?token=…: the game it opens (private or not), who created it, its
// options in words and its free seats, each to take with the invitation.

import { useLocation } from 'preact-iso';
import { api, problemText, type AnyGame } from '../api/client.ts';
import { FreeSeats } from '../game/free-seats.tsx';
import { uiOf } from '../games/registry.ts';
import { useLoad, useSession } from '../hooks.ts';

export function InvitePage() {
  const me = useSession();
  const token = useLocation().query.token ?? '';
  const invitation = useLoad(async () => {
    const { data, error } = await api.GET('/v1/invite', { params: { query: { token } } });
    if (!data) throw new Error(problemText(error));
    return { ...data, game: data.game as AnyGame };
  }, [token, me?.token]);

  if (invitation.error)
    return (
      <main>
        <h1>Invitation</h1>
        <p role="alert" class="error">
          {invitation.error}
        </p>
      </main>
    );
  if (!invitation.value)
    return (
      <main>
        <p aria-busy="true">Loading the invitation…</p>
      </main>
    );
  const { game } = invitation.value;
  const ui = uiOf(game);
  return (
    <main class="invite-page">
      <h1>{ui.title(game)}</h1>
      <p>
        {game.creator ? `${game.creator} invites you to ${ui.name}` : `An invitation to ${ui.name}`}: {game.summary}
      </p>
      {game.mySeat !== null ? (
        <p>
          You hold a seat in this game. <a href={`/games/${game.id}`}>Go to the game</a>.
        </p>
      ) : game.status !== 'open' ? (
        <p>Every seat is taken.{game.private ? '' : ' '}{!game.private && <a href={`/games/${game.id}`}>Watch the game</a>}</p>
      ) : null}
      <FreeSeats game={game} invite={token} path={`/invite?token=${encodeURIComponent(token)}`} />
    </main>
  );
}

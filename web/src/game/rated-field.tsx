// "Rated" in every game's create form: whether the game moves its players' ratings. Only a game
// of people is ever rated, so with a bot at the table (or alone, solo) the box is off and cannot be
// ticked, and the form says why.

export function RatedField({ id, value, onChange, withBots }: { id: string; value: boolean; onChange: (value: boolean) => void; withBots: boolean }) {
  return (
    <div class="field">
      <label class="inline" for={id}>
        <input
          id={id}
          type="checkbox"
          checked={value && !withBots}
          disabled={withBots}
          aria-describedby={withBots ? `${id}-why` : undefined}
          onChange={(event) => onChange((event.currentTarget as HTMLInputElement).checked)}
        />{' '}
        Rated: the result moves the players’ ratings
      </label>
      {withBots && (
        <small id={`${id}-why`} class="hint">
          A game with a bot, or a solo game, is never rated.
        </small>
      )}
    </div>
  );
}

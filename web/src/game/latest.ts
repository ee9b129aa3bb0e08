// The page hears of a game's new state from two places that can answer out of order: the game its
// own command's answer carries, and the fetch each SSE event schedules. A bot that answers within 50 ms
// makes the second start later but possibly finish sooner; whichever answers last must not put the
// page back to an older version, or the page would wait for a move it has already been asked for.

/** The newer of the game the page shows and one just fetched (the fetched one on a tie: it is as fresh). */
export function latest<G extends { version: number }>(current: G | null, fetched: G): G {
  return current && current.version > fetched.version ? current : fetched;
}

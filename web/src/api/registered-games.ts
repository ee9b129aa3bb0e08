// Which games the service plays, as the API says (`GET /v1/catalog`: each game's id and title, in
// the order the service registers them). Read once per page load; a failure is forgotten, so the
// next call asks again.

let registered: Promise<string[]> | null = null;

export function registeredGames(): Promise<string[]> {
  registered ??= (async () => {
    const response = await fetch('/v1/catalog');
    if (!response.ok) throw new Error('The service could not say which games it plays. Try again.');
    return gamesOfCatalog(await response.json());
  })().catch((error: unknown) => {
    registered = null;
    throw error;
  });
  return registered;
}

/** The `game` ids of a catalog, in its order; none for anything else. */
export function gamesOfCatalog(catalog: unknown): string[] {
  const games = (catalog as { games?: unknown })?.games;
  return Array.isArray(games) ? games.map((entry) => (entry as { game?: unknown })?.game).filter((id): id is string => typeof id === 'string') : [];
}

// Which games the service plays, as the API says. No route lists them: the OpenAPI document the
// service serves (/openapi.json, the document the client is typed against, made from the games
// registered in that process) names one body schema per game for `POST /v1/games`, keyed by `game`
// in its discriminator. Read once per page load; a failure is forgotten, so the next call asks again.

let registered: Promise<string[]> | null = null;

export function registeredGames(): Promise<string[]> {
  registered ??= (async () => {
    const response = await fetch('/openapi.json');
    if (!response.ok) throw new Error('The service could not say which games it plays. Try again.');
    return gamesOfDocument(await response.json());
  })().catch((error: unknown) => {
    registered = null;
    throw error;
  });
  return registered;
}

/** The `game` values `POST /v1/games` accepts, in the document's order. */
export function gamesOfDocument(document: unknown): string[] {
  type Body = { schema?: { discriminator?: { propertyName?: string; mapping?: Record<string, string> } } };
  const body = (document as { paths?: Record<string, { post?: { requestBody?: { content?: Record<string, Body> } } }> })?.paths?.['/v1/games']?.post?.requestBody?.content?.['application/json'];
  const discriminator = body?.schema?.discriminator;
  return discriminator?.propertyName === 'game' ? Object.keys(discriminator.mapping ?? {}) : [];
}

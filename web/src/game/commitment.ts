// The browser as the player's witness of a game's shuffle commitment (issue 28). The server shows a
// game's commitment from its creation and reveals the key when it ends; a server (or a proxy) that
// replaced the key could replace the commitment beside it, and a check of one against the other
// would pass. So the page keeps the first commitment it sees for each game in localStorage and, on
// every later look, compares what the server shows with what it kept: another commitment, or a
// revealed key that does not hash to the kept one, is said plainly.

/** Prefixed to the key before hashing (src/platform/fairness.ts, COMMITMENT_LABEL): the same bytes. */
export const COMMITMENT_LABEL = 'judge-dredd-pbw shuffle key v1\n';

/** Where the commitment of a game is kept: localStorage in the page, a Map's stand-in in tests. */
export interface KeptStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** What the browser kept the first time it saw the game. */
export interface Kept {
  commitment: string;
  /** When it was first seen (ISO 8601). */
  seenAt: string;
  /** The game's status then: a commitment first seen after the key was revealed binds nothing. */
  status: string;
}

export interface ShownFairness {
  commitment: string;
  key: string | null;
}

export type CommitmentCheck =
  /** Nothing could be kept (storage refused): only what the server shows now. */
  | { kind: 'unkept'; shown: string }
  /** The server shows the commitment this browser kept (`first`: kept just now). */
  | { kind: 'kept'; kept: Kept; first: boolean }
  /** The server now shows another commitment than the one this browser kept. */
  | { kind: 'replaced'; kept: Kept; shown: string };

export type KeyCheck = { kind: 'no-key' } | { kind: 'matches'; boundAtCreation: boolean } | { kind: 'mismatch'; against: string };

export const storageKey = (gameId: string): string => `fairness.commitment.${gameId}`;

/** Reads what was kept for the game, if anything readable was. */
export function keptFor(store: KeptStore | null, gameId: string): Kept | null {
  try {
    const raw = store?.getItem(storageKey(gameId));
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<Kept>;
    return typeof kept.commitment === 'string' && typeof kept.seenAt === 'string' && typeof kept.status === 'string' ? (kept as Kept) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the game's commitment the first time this browser sees it and compares it afterwards. The
 * first commitment kept is never overwritten: a replaced one must not become the witness.
 */
export function keepAndCompare(store: KeptStore | null, gameId: string, status: string, shown: string, now: () => Date = () => new Date()): CommitmentCheck {
  const shownLower = shown.toLowerCase();
  const kept = keptFor(store, gameId);
  if (kept) return kept.commitment === shownLower ? { kind: 'kept', kept, first: false } : { kind: 'replaced', kept, shown: shownLower };
  const fresh: Kept = { commitment: shownLower, seenAt: now().toISOString(), status };
  try {
    if (!store) return { kind: 'unkept', shown: shownLower };
    store.setItem(storageKey(gameId), JSON.stringify(fresh));
  } catch {
    // Private browsing or a full storage: the page says it keeps nothing rather than pretend.
    return { kind: 'unkept', shown: shownLower };
  }
  return { kind: 'kept', kept: fresh, first: true };
}

/** SHA-256 of the label and the key, as lowercase hex: what the server committed to. */
export async function commitmentOf(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(COMMITMENT_LABEL + key));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Checks a revealed key against the commitment this browser kept (or, with none kept, the one
 * shown). `boundAtCreation` is true only when the kept commitment was first seen before the game
 * ended: only then does a match show the key was fixed before the deal.
 */
export async function checkKey(check: CommitmentCheck, fairness: ShownFairness, digest: (key: string) => Promise<string> = commitmentOf): Promise<KeyCheck> {
  if (!fairness.key) return { kind: 'no-key' };
  const against = check.kind === 'unkept' ? check.shown : check.kept.commitment;
  if ((await digest(fairness.key.toLowerCase())) !== against) return { kind: 'mismatch', against };
  const ended = (status: string) => status === 'finished' || status === 'abandoned';
  return { kind: 'matches', boundAtCreation: check.kind !== 'unkept' && !ended(check.kept.status) && check.kind === 'kept' };
}

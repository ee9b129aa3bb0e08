// The signed-in session: the token the API gave at sign-up or log-in, kept in localStorage so a
// reload or a second tab stays signed in, and forgotten at log-out or when the API refuses it.

export interface Session {
  token: string;
  handle: string;
  expiresAt: string;
}

const KEY = 'judge-dredd-pbw.session';
type Listener = () => void;
const listeners = new Set<Listener>();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Session;
    if (Date.parse(parsed.expiresAt) <= Date.now()) {
      localStorage.removeItem(KEY);
      return null;
    }
    return parsed;
  } catch {
    return null;
  }
}

let cached: Session | null | undefined;

export const session = {
  current(): Session | null {
    if (cached === undefined) cached = read();
    if (cached && Date.parse(cached.expiresAt) <= Date.now()) session.clear();
    return cached ?? null;
  },
  set(value: Session): void {
    cached = value;
    localStorage.setItem(KEY, JSON.stringify(value));
    listeners.forEach((listener) => listener());
  },
  clear(): void {
    cached = null;
    localStorage.removeItem(KEY);
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab logged in or out.
globalThis.addEventListener?.('storage', (event) => {
  if (event.key !== KEY) return;
  cached = undefined;
  listeners.forEach((listener) => listener());
});

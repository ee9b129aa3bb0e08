import { useEffect, useState } from 'preact/hooks';
import { session, type Session } from './session.ts';

/** The current session, re-rendering when it changes (log-in, log-out, another tab). */
export function useSession(): Session | null {
  const [value, setValue] = useState(session.current());
  useEffect(() => session.subscribe(() => setValue(session.current())), []);
  return value;
}

/** The time now, ticking every `ms` (countdowns). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** Loads something once per key; `reload` fetches it again. */
export function useLoad<T>(load: () => Promise<T>, key: unknown[]): { value: T | undefined; error: string | null; reload: () => void } {
  const [state, setState] = useState<{ value: T | undefined; error: string | null }>({ value: undefined, error: null });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setState({ value, error: null }),
      (error: unknown) => live && setState((prev) => ({ value: prev.value, error: error instanceof Error ? error.message : String(error) })),
    );
    return () => {
      live = false;
    };
  }, [...key, tick]);
  return { ...state, reload: () => setTick((n) => n + 1) };
}

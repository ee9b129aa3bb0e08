// Whether commands wait for a "Confirm" tap before they are sent: a setting of this browser (kept
// in localStorage, so it needs no account and no round trip), on unless the player switched it off
// in Settings. Every page using it re-renders when it changes, here or in another tab.

import { useEffect, useState } from 'preact/hooks';

const KEY = 'judge-dredd-pbw.confirm-commands';
const listeners = new Set<() => void>();

export function confirmCommands(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setConfirmCommands(on: boolean): void {
  try {
    if (on) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, 'off');
  } catch {
    /* storage refused (private mode): the default stays */
  }
  for (const listener of listeners) listener();
}

export function useConfirmCommands(): boolean {
  const [on, setOn] = useState(confirmCommands());
  useEffect(() => {
    const update = () => setOn(confirmCommands());
    const onStorage = (event: StorageEvent) => event.key === KEY && update();
    listeners.add(update);
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(update);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return on;
}

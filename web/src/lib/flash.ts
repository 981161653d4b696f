// One message at the top of the page that outlives a navigation (store changed, password set).
import { useSyncExternalStore } from 'react';

export interface Flash {
  tone: 'info' | 'success' | 'warning';
  text: string;
}

let current: Flash | null = null;
const listeners = new Set<() => void>();

export function showFlash(flash: Flash | null): void {
  current = flash;
  for (const listener of listeners) listener();
}

export function useFlash(): Flash | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

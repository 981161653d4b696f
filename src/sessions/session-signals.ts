// In-process word that a user's sessions may have ended or changed (logout, a password change,
// a role change, a removal, another store selected), given after the change commits. What
// holds a session open across requests (the live orders stream) checks its session again at
// once instead of at its next periodic check; other processes rely on that check.
import type { SessionSignals } from '../lib/session-signals.js';

export function createSessionSignals(): SessionSignals {
  const listeners = new Map<number, Set<() => void>>();
  return {
    changed(userId) {
      for (const listener of [...(listeners.get(userId) ?? [])]) listener();
    },
    onChange(userId, listener) {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
  };
}

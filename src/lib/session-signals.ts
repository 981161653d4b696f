/**
 * In-process word that a user's sessions may have ended or changed (logout, a password change,
 * a role change, a removal, another store selected), given after the change commits, as the
 * AppContext hands it to the features that change sessions or hold one open. The one in use is
 * sessions/session-signals.ts's.
 */
export interface SessionSignals {
  /** The user's sessions may have ended or changed. */
  changed(userId: number): void;
  /** Calls `listener` when the user's sessions may have changed; returns the unsubscribe. */
  onChange(userId: number, listener: () => void): () => void;
}

/**
 * This process's password hashing line, as the AppContext hands it to the features that hash or
 * check a password. accounts/passwords.ts makes the one in use (argon2id, at most 2 jobs at once,
 * the others waiting 2 s before its PasswordQueueFull); a test may hand the app another.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password or a malformed stored hash. */
  verify(storedHash: string, password: string): Promise<boolean>;
}

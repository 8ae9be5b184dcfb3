// Password hashing with argon2id at OWASP's minimum (19 MiB, t=2, p=1).
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '@club/core/accounts/service';

// Algorithm is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const argon2Hasher: PasswordHasher = {
  hash: (password) => hash(password, OPTIONS),
  async verify(stored, password) {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  },
};

let dummyHash: Promise<string> | undefined;

/** How many login passwords this process has checked (an argon2 verification each); tests read it. */
export const passwordChecks = { count: 0 };

/**
 * Verifies a login. An unknown account is checked against a dummy hash, so the answer takes as long as
 * for a real one and does not tell which accounts exist.
 */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  passwordChecks.count += 1;
  if (stored === undefined) {
    dummyHash ??= argon2Hasher.hash('not-a-real-password');
    await argon2Hasher.verify(await dummyHash, password);
    return false;
  }
  return password !== '' && argon2Hasher.verify(stored, password);
}

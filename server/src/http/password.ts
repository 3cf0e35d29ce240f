// Password hashing: argon2id with a per-hash salt (OWASP parameters).
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/** Verifies; with no stored hash it still spends the same time, so unknown e-mails can't be told apart. */
export async function verifyPassword(stored: string | null, plain: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

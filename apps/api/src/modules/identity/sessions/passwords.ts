import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's minimum for argon2id). */
export const hashPassword = (password: string) => hash(password);

/** A hash to verify against when the user does not exist, so timing does not tell who has an account. */
let dummy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummy ??= hash('not-a-real-password-Aa1!');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

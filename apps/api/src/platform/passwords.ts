import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library default) with OWASP's minimum parameters: 19 MiB memory, 2 passes,
 * 1 lane. Hashes are PHC strings (`$argon2id$v=19$m=19456,t=2,p=1$…`), so the parameters can be
 * raised later without invalidating stored hashes.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `storedHash`. Without a stored hash (unknown email, social-only
 * account) a dummy hash is verified anyway, so the answer takes the same time either way.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('tripcrew-dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

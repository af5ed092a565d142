import { createRequire } from 'node:module';

/** The native argon2 addon is loaded with the first hash or check, not at start (issue 12: idle memory). */
let argon2: typeof import('@node-rs/argon2') | undefined;
const loadArgon2 = () => {
  argon2 ??= createRequire(import.meta.url)('@node-rs/argon2') as typeof import('@node-rs/argon2');
  return argon2;
};
const hash = (password: string, options: typeof OPTIONS) => loadArgon2().hash(password, options);
const verify = (passwordHash: string, password: string) => loadArgon2().verify(passwordHash, password);

// argon2id (algorithm 2) with the OWASP minimum: 19 MiB memory, 2 passes.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

let dummyHash: Promise<string> | null = null;

/** Verifies; with no hash (unknown account) still spends the same work, so timing does not tell. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    if (!dummyHash) dummyHash = hashPassword('funkis-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

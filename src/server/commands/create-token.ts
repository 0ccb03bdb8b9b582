/** `token create`: a new random token; only its hash is stored, so it is shown this once. */
import { generateToken, hashToken } from '../auth/tokens';
import { openCommandStorage } from '../store/open-storage';

export interface NewToken {
  login: string;
  name: string;
  /** seconds since the epoch, or null for a token that never expires */
  expiresAt: number | null;
  /** OWNER/NAME of the private repositories it may read */
  repos: string[];
}

export async function createToken(db: string, token: NewToken): Promise<void> {
  const secret = generateToken();
  const store = await openCommandStorage(db);
  try {
    await store.createToken({ hash: hashToken(secret), ...token }, Date.now());
  } finally {
    await store.close();
  }
  // The token alone on stdout, so scripts can capture it; it is shown only this once.
  process.stdout.write(`${secret}\n`);
}

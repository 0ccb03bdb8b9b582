/** `token revoke`: the token stops working from the next request on. */
import { hashToken } from '../auth/tokens';
import { openCommandStorage } from '../store/open-storage';
import { CommandError } from './command-error';

export async function revokeToken(db: string, token: string): Promise<void> {
  const store = await openCommandStorage(db);
  try {
    if (!(await store.revokeToken(hashToken(token)))) throw new CommandError('no such token');
  } finally {
    await store.close();
  }
  console.log('Token revoked; it answers 401 from the next request on.');
}

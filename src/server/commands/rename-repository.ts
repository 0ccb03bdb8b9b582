/** `rename`: a repository takes a new name, and the old one answers 301 to it. */
import { openCommandStorage } from '../store/open-storage';

type FullName = { owner: string; name: string };

export async function renameRepository(db: string, from: FullName, to: FullName): Promise<void> {
  const store = await openCommandStorage(db);
  try {
    const repo = await store.renameRepo(from, to, Date.now());
    console.log(`Renamed ${from.owner}/${from.name} to ${repo.owner}/${repo.name}; the old name now answers 301.`);
  } finally {
    await store.close();
  }
}

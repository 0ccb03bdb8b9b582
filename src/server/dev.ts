/**
 * `npm run dev`: the API on port 8081 (database data/dev.db, demo data on
 * first run) and Vite with hot reload on port 5173, proxying /api and
 * /avatars to it, so the app runs same-origin as it does under `npm start`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { hasDemoData, loadDemo } from './commands/load-demo';
import { DEFAULT_SERVICE_CONFIG, startService } from './main';
import { openSqliteStorage } from './store/sqlite/sqlite-storage';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const API_PORT = Number(process.env.API_PORT ?? 8081);
const db = process.env.DB ?? path.join(ROOT, 'data', 'dev.db');

mkdirSync(path.dirname(db), { recursive: true });
const store = openSqliteStorage(db);
if (!(await hasDemoData(store))) await loadDemo(store, Date.now());
store.close();

const api = await startService({ ...DEFAULT_SERVICE_CONFIG, db, port: API_PORT, webBase: 'http://127.0.0.1:5173' });
const vite = await createServer({
  root: ROOT,
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': api.origin, '/avatars': api.origin },
  },
});
await vite.listen();
console.log(`API on ${api.origin}/api (database ${db})`);
vite.printUrls();

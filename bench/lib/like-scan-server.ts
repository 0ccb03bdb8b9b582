/**
 * The search benchmark's plainest peer: a word search answered by scanning
 * every row with `LIKE '%word%'` over title and body, in SQLite, from bare
 * `node:http`. What a service without a text index does, honestly done: the
 * rows are the bench's generated entries with title and body in plain
 * columns (no JSON to take apart per row), and an answer is one page of 30
 * stored documents, newest first, with the count of every match.
 *
 *   tsx bench/lib/like-scan-server.ts build ISSUES_JSON DB   writes the table (its own process, so the
 *                                                        server's memory holds no parsed JSON)
 *   tsx bench/lib/like-scan-server.ts serve DB               prints `listening PORT` on 127.0.0.1
 *
 * GET /search?q=WORD&page=N  →  {"total_count":n,"items":[…30 documents…]}
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import Database from 'better-sqlite3';

const PER_PAGE = 30;

/** `%` and `_` in the word are literal characters, not LIKE's wildcards. */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface Entry {
  number: number;
  title: string;
  body: string | null;
}

function build(issuesJson: string, dbFile: string): void {
  const entries = JSON.parse(readFileSync(issuesJson, 'utf8')) as Entry[];
  const db = new Database(dbFile);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE issues (number INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, doc TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO issues (number, title, body, doc) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    for (const entry of entries) insert.run(entry.number, entry.title, entry.body, JSON.stringify(entry));
  })();
  db.close();
}

function serve(dbFile: string): void {
  const db = new Database(dbFile, { readonly: true });
  const where = "title LIKE ? ESCAPE '\\' OR body LIKE ? ESCAPE '\\'";
  const count = db.prepare(`SELECT count(*) AS n FROM issues WHERE ${where}`).pluck();
  const page = db.prepare(`SELECT doc FROM issues WHERE ${where} ORDER BY number DESC LIMIT ? OFFSET ?`).pluck();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams.get('q');
    if (url.pathname !== '/search' || !q) {
      res.writeHead(404).end();
      return;
    }
    const pageNumber = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
    const pattern = likePattern(q);
    const total = count.get(pattern, pattern) as number;
    const docs = page.all(pattern, pattern, PER_PAGE, (pageNumber - 1) * PER_PAGE) as string[];
    const body = `{"total_count":${total},"items":[${docs.join(',')}]}`;
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

// Run as a script only, so the test can import likePattern.
if (process.argv[1]?.endsWith('like-scan-server.ts')) {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'build' && args.length === 2) build(args[0] as string, args[1] as string);
  else if (command === 'serve' && args.length === 1) serve(args[0] as string);
  else {
    console.error('usage: like-scan-server.ts build ISSUES_JSON DB | serve DB');
    process.exit(2);
  }
}

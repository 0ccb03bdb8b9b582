// How the import's rows travel between threads: every document comes out byte for byte the
// UTF-8 of the JSON that went in, whatever its characters and size, and batches stay bounded.
import { describe, expect, it } from 'vitest';
import { inBatches, unpack } from './import-batches';

interface Row {
  n: number;
  tags: string[];
  doc: string;
}

const texts = [
  '{"body":"plain ASCII"}',
  '{"body":"Größe, café, naïve"}',
  '{"body":"日本語のテキスト"}',
  '{"body":"emoji 🚀🎉 and a lone surrogate \\ud800 escaped"}',
  '',
];
/** larger than a batch's first buffer, so the batch grows to take it */
const LARGE = JSON.stringify({ body: 'x'.repeat(9 * 1024 * 1024) });

describe('import batches', () => {
  it('gives back every row with its document as the UTF-8 of its text, in order, across batches', () => {
    const rows: Row[] = Array.from({ length: 1203 }, (_, i) => ({ n: i, tags: [`t${i % 3}`], doc: i === 700 ? LARGE : (texts[i % texts.length] ?? '') }));
    const batches = [...inBatches(rows, (row) => row)];
    const back = batches.flatMap((b) => [...unpack(b)]);
    expect(back.map((r) => r.n)).toEqual(rows.map((r) => r.n));
    expect(back.map((r) => r.tags)).toEqual(rows.map((r) => r.tags));
    for (const [i, row] of back.entries()) expect(row.doc.equals(Buffer.from(rows[i]?.doc ?? '', 'utf8'))).toBe(true);
  });

  it('closes a batch at 500 rows or once it holds 4 MiB of documents', () => {
    const small = [...inBatches(Array.from({ length: 1001 }, (_, i) => ({ doc: `{"n":${i}}` })), (row) => row)];
    expect(small.map((b) => b.rows.length)).toEqual([500, 500, 1]);
    const large = [...inBatches(Array.from({ length: 5 }, () => ({ doc: 'y'.repeat(1024 * 1024) })), (row) => row)];
    expect(large.map((b) => b.rows.length)).toEqual([4, 1]);
  });

  it('takes documents already in UTF-8 as they are', () => {
    const bytes = Buffer.from('{"body":"déjà vu"}', 'utf8');
    const [batch] = [...inBatches([{ doc: bytes }], (row) => row)];
    const [row] = batch ? [...unpack(batch)] : [];
    expect(row?.doc.equals(bytes)).toBe(true);
  });
});

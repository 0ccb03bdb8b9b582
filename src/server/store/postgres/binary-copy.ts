/**
 * Rows in PostgreSQL's binary COPY format, for an import's widest tables. A
 * document arrives from the import worker as UTF-8 bytes and goes into the
 * stream as they are: the text formats would need every backslash of the
 * JSON escaped here and unescaped by the server, where the binary format
 * takes a length and the bytes.
 *
 * The format (PostgreSQL's "COPY … WITH (FORMAT binary)"): a signature, flags
 * and a header extension length; per row the field count, then per field its
 * length (-1 for NULL) and its bytes in the type's binary form; a trailer of -1.
 */

/**
 * The column types this encoder writes: integers big-endian, text as UTF-8 bytes, and `bytes`
 * for a value already in its type's binary form (a tsvector's, search-document.ts).
 */
export type BinaryColumn = 'int2' | 'int4' | 'int8' | 'text' | 'bytes';

export type BinaryValue = number | string | Uint8Array | null;

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const INTEGER_BYTES: Record<Exclude<BinaryColumn, 'text' | 'bytes'>, number> = { int2: 2, int4: 4, int8: 8 };
const FIRST_CAPACITY_BYTES = 64 * 1024;

/** One COPY stream's bytes, written row by row into one growing buffer. */
export class BinaryCopy {
  private buffer = Buffer.alloc(FIRST_CAPACITY_BYTES);
  private used = 0;
  private rowCount = 0;

  constructor(private readonly columns: readonly BinaryColumn[]) {
    this.reserve(SIGNATURE.length + 8);
    this.used += SIGNATURE.copy(this.buffer, this.used);
    // flags and the header extension's length: both 0
    this.used = this.buffer.writeInt32BE(0, this.buffer.writeInt32BE(0, this.used));
  }

  get rows(): number {
    return this.rowCount;
  }

  /** Appends a row, its values in the columns' order. */
  add(values: readonly BinaryValue[]): void {
    if (values.length !== this.columns.length) throw new Error(`a COPY row of ${this.columns.length} columns was given ${values.length} values`);
    this.reserve(2);
    this.used = this.buffer.writeInt16BE(values.length, this.used);
    values.forEach((value, i) => this.field(this.columns[i] as BinaryColumn, value));
    this.rowCount++;
  }

  /** The whole stream, trailer included. */
  bytes(): Buffer {
    this.reserve(2);
    const end = this.buffer.writeInt16BE(-1, this.used);
    return this.buffer.subarray(0, end);
  }

  private field(column: BinaryColumn, value: BinaryValue): void {
    if (value === null) {
      this.reserve(4);
      this.used = this.buffer.writeInt32BE(-1, this.used);
    } else if (column === 'text') {
      if (typeof value === 'number') throw new Error('a number given for a text column of a COPY row');
      this.text(value);
    } else if (column === 'bytes') {
      if (!(value instanceof Uint8Array)) throw new Error('a bytes column of a COPY row takes a Uint8Array');
      this.text(value);
    } else {
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new Error(`${String(value)} given for an ${column} column of a COPY row`);
      const size = INTEGER_BYTES[column];
      this.reserve(4 + size);
      this.used = this.buffer.writeInt32BE(size, this.used);
      if (column === 'int2') this.used = this.buffer.writeInt16BE(value, this.used);
      else if (column === 'int4') this.used = this.buffer.writeInt32BE(value, this.used);
      else this.used = this.buffer.writeBigInt64BE(BigInt(value), this.used);
    }
  }

  private text(value: string | Uint8Array): void {
    if (typeof value === 'string') {
      // UTF-8 takes at most three bytes for each UTF-16 unit; lone surrogates become U+FFFD.
      this.reserve(4 + value.length * 3);
      const written = this.buffer.write(value, this.used + 4, 'utf8');
      this.buffer.writeInt32BE(written, this.used);
      this.used += 4 + written;
    } else {
      this.reserve(4 + value.byteLength);
      this.used = this.buffer.writeInt32BE(value.byteLength, this.used);
      this.buffer.set(value, this.used);
      this.used += value.byteLength;
    }
  }

  private reserve(bytes: number): void {
    if (this.used + bytes <= this.buffer.length) return;
    const grown = Buffer.alloc(Math.max(this.buffer.length * 2, this.used + bytes));
    this.buffer.copy(grown, 0, 0, this.used);
    this.buffer = grown;
  }
}

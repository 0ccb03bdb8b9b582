import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readContentFile } from './content-file';

const directory = mkdtempSync(join(tmpdir(), 'demo-content-'));
const directoryUrl = pathToFileURL(`${directory}/`);
const schema = z.strictObject({ product: z.string(), surfaces: z.array(z.strictObject({ name: z.string() })) });

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

describe('readContentFile', () => {
  it('returns a well-formed file', () => {
    writeFileSync(join(directory, 'good.json'), '{ "product": "Rocket", "surfaces": [{ "name": "rocket deploy" }] }');
    expect(readContentFile('good.json', schema, directoryUrl)).toEqual({ product: 'Rocket', surfaces: [{ name: 'rocket deploy' }] });
  });

  it('names the file when it is not JSON', () => {
    writeFileSync(join(directory, 'truncated.json'), '{ "product": "Rocket", ');
    expect(() => readContentFile('truncated.json', schema, directoryUrl)).toThrow(/demo content .*truncated\.json cannot be read/);
  });

  it('names the file and the field when a field has the wrong shape', () => {
    writeFileSync(join(directory, 'bad.json'), '{ "product": "Rocket", "surfaces": [{ "name": 7 }] }');
    expect(() => readContentFile('bad.json', schema, directoryUrl)).toThrow(/bad\.json does not have the expected shape[\s\S]*surfaces\[0\]\.name/);
  });

  it('rejects a misspelt key rather than ignoring it', () => {
    writeFileSync(join(directory, 'typo.json'), '{ "product": "Rocket", "surfaces": [], "surface": [] }');
    expect(() => readContentFile('typo.json', schema, directoryUrl)).toThrow(/typo\.json[\s\S]*surface/);
  });

  it('names a missing file', () => {
    expect(() => readContentFile('missing.json', schema, directoryUrl)).toThrow(/missing\.json cannot be read/);
  });
});

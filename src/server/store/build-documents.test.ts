// Built users are remembered by everything that shapes them: a record that differs in any of
// those fields must never get another record's user.
import { describe, expect, it } from 'vitest';
import { buildUser } from './build-documents';
import type { ImportedUser } from './import-schema';

const remote = { localAvatars: false };

describe('buildUser', () => {
  it('gives each distinct record its own user, however many times each is built', () => {
    const records: ImportedUser[] = [
      { login: 'mona' },
      { login: 'Mona' },
      { login: 'mona', id: 7 },
      { login: 'mona', id: 8 },
      { login: 'mona', id: 8, avatar_url: 'https://avatars.example/u/8' },
      { login: 'mona', id: 8, avatar_url: 'https://avatars.example/u/8', type: 'Bot' },
      { login: 'mona', id: 8, avatar_url: 'https://avatars.example/u/8', type: 'Bot', site_admin: true },
    ];
    const first = records.map((r) => JSON.stringify(buildUser(r, remote)));
    expect(new Set(first).size).toBe(records.length);
    const again = records.map((r) => JSON.stringify(buildUser({ ...r }, remote)));
    expect(again).toEqual(first);
    expect(JSON.parse(first[1] ?? '{}')).toMatchObject({ login: 'Mona' });
    expect(JSON.parse(first[6] ?? '{}')).toMatchObject({ id: 8, type: 'Bot', site_admin: true, avatar_url: 'https://avatars.example/u/8' });
  });

  it('serves the avatar locally only when asked, for the same record', () => {
    const record: ImportedUser = { login: 'mona', id: 8, avatar_url: 'https://avatars.example/u/8' };
    expect(buildUser(record, remote).avatar_url).toBe('https://avatars.example/u/8');
    expect(buildUser(record, { localAvatars: true }).avatar_url).not.toBe('https://avatars.example/u/8');
    expect(buildUser(record, remote).avatar_url).toBe('https://avatars.example/u/8');
  });
});

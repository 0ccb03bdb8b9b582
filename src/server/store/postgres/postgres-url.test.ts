import { describe, expect, it } from 'vitest';
import { describePostgresUrl, isPostgresUrl } from './postgres-url';

describe('isPostgresUrl', () => {
  it.each(['postgres://h/db', 'postgresql://u:p@h:5432/db', 'POSTGRES://h/db'])('%s names a PostgreSQL server', (db) => {
    expect(isPostgresUrl(db)).toBe(true);
  });

  it.each(['data/issues.db', ':memory:', 'postgres.db', 'postgres:/h/db', 'mysql://h/db', './postgres://x'])('%s is not a PostgreSQL URL', (db) => {
    expect(isPostgresUrl(db)).toBe(false);
  });
});

describe('describePostgresUrl', () => {
  it('keeps user, host, port and database, and drops the password', () => {
    expect(describePostgresUrl('postgres://issuescope:s3cret@127.0.0.1:5432/issuescope')).toBe('postgres://issuescope@127.0.0.1:5432/issuescope');
  });

  it('drops passwords given as query parameters and keeps the other parameters', () => {
    const described = describePostgresUrl('postgresql://u@db.example/app?sslmode=require&password=s3cret&sslpassword=k3y');
    expect(described).toBe('postgresql://u@db.example/app?sslmode=require');
  });

  it('leaves a URL without secrets as it is', () => {
    expect(describePostgresUrl('postgres://u@[::1]:6543/app')).toBe('postgres://u@[::1]:6543/app');
  });

  it('does not echo a URL it cannot parse, which may hold a password', () => {
    const described = describePostgresUrl('postgres://u:s3cret@host:notaport/db');
    expect(described).not.toContain('s3cret');
  });
});

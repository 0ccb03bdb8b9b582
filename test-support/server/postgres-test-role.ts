/**
 * The names a test PostgreSQL is reached by: the cluster, its readiness check, its handle and
 * the databases copied beside it all have to agree on them.
 */

/** the role initdb creates (a superuser, trusted without a password) and the database tests use */
export const TEST_USER = 'issuescope';
export const TEST_DATABASE = 'issuescope';

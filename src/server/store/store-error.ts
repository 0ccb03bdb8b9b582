/** A failure the caller caused (unknown repository, name taken): its message is safe to show. */
export class StoreError extends Error {}

/** A worker that allocates until its heap limit stops it, for worker-supervisor.test.ts. */
const hoard: number[][] = [];
for (;;) hoard.push(new Array<number>(100_000).fill(hoard.length));

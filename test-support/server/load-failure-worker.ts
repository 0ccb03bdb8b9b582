/** A worker module that fails as it loads, for worker-supervisor.test.ts. */
throw new Error('this module fails as it loads');

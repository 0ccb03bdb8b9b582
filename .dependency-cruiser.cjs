/**
 * The layers a newcomer can see, kept by the linter (`npm run lint:layers`, part of `npm test`):
 * no import circles, type-only ones included; the app's shared layers below its features;
 * features below the routes and the composition root, and each other's only through a public entry;
 * the product below the tools beside it. Browser and server code keep apart by eslint.config.js's rule.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle (a type-only or lazy one too) ties modules that should have one direction: move what both need into a module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'app-shared-layers-below-features',
      severity: 'error',
      comment: "The app's shared layers (api, services, lib, components, hooks, storage) serve every feature and know none.",
      from: { path: '^src/app/(api|services|lib|components|hooks|storage)/' },
      to: { path: '^src/app/(features|routes)/' },
    },
    {
      name: 'features-below-routes',
      severity: 'error',
      comment: 'A feature never reaches up into the routes or the composition root (app-services.ts, app-router.tsx, main.tsx).',
      from: { path: '^src/app/features/' },
      to: { path: '^src/app/(routes/|app-services|app-router|app-providers|main)' },
    },
    {
      name: 'features-through-public-entries',
      severity: 'error',
      comment:
        "A feature uses another only through that feature's public entry (features/B/index.ts), never its inner files (issue 49): what several features share belongs in the shared layers. $1 is the importing feature's folder (dependency-cruiser's group matching), so a feature's own files stay free to import each other.",
      from: { path: '^src/app/features/([^/]+)/' },
      to: { path: '^src/app/features/[^/]+/', pathNot: ['^src/app/features/$1/', '^src/app/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'product-never-imports-tools',
      severity: 'error',
      comment:
        'What the service and the app run never reaches into the tools beside them (scripts/, bench/, stress/, e2e/, test-support/): the demo generator in scripts/demo writes a snapshot that src/server/demo-snapshot reads instead (issue 49). Tests may use test-support.',
      from: { path: '^src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(scripts|bench|stress|e2e|test-support)/' },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'src/shared is what browser and server both use; it imports neither.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(app|server)/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a circle of types is still a circle for the reader.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tmp)/' },
  },
};

/**
 * The rules of the source map (README "Design"), checked by `npm run lint`. Units are `src/<folder>` and
 * `src/modules/<module>`. Violations that predate a rule are listed in .dependency-cruiser-known-violations.json and
 * tolerated until they are removed; any new one fails the lint. Cycles between units (not only between files) are found
 * by scripts/check-unit-cycles.js over this tool's output.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No file may depend on itself through others.',
      from: { path: '^src/' },
      to: { circular: true, pathNot: '\\.spec\\.ts$' },
    },
    {
      name: 'migrations-are-snapshots',
      severity: 'error',
      comment: 'A migration must not change when live code does: it imports typeorm, other migrations and the schema helpers only.',
      from: { path: '^src/database/migrations/' },
      to: { path: '^src/', pathNot: ['^src/database/migrations/', '^src/database/schema-helpers\\.ts$'] },
    },
    {
      name: 'shared-imports-nothing-above',
      severity: 'error',
      comment: 'shared/ is the bottom layer (with config/): domain rules, ports and HTTP plumbing every unit may use.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(database|modules|operations|discovery|tools)/' },
    },
    {
      name: 'database-imports-no-module',
      severity: 'error',
      comment: 'database/ holds the adapters of shared ports and the SQL helpers modules use; modules register their own entities.',
      from: { path: '^src/database/' },
      to: { path: '^src/(modules|operations|discovery|tools)/' },
    },
    {
      name: 'modules-through-their-public-surface',
      severity: 'error',
      comment: 'A module uses another through its index.ts (or its Nest module), never its inner folders.',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/([^/]+)/.+', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/(index|[^/]+\\.module)\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.spec\\.ts$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};

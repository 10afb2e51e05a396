/**
 * The house's boundaries (issue 28, goal 7), checked by `npm run check` (`npm run boundaries`).
 * Errors must stay at 0. Warnings are the known debts still to pay off, counted in each run's summary:
 * bundled rate tables in the web and the SQL schema outside repositories.
 */
const TEST = '\\.test\\.tsx?$|/test/';

module.exports = {
  forbidden: [
    {
      name: 'domain-imports-only-zod',
      comment: 'packages/domain is pure rules: it imports itself and zod, nothing else (no I/O, no app).',
      severity: 'error',
      from: { path: '^packages/domain/src', pathNot: TEST },
      to: { pathNot: ['^packages/domain/src', '^node_modules/zod/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'domain-no-node',
      comment: 'The domain runs in the browser too: no Node built-ins.',
      severity: 'error',
      from: { path: '^packages/domain/src', pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-never-imports-web',
      comment: 'The server serves the built web app (dist), it never imports its source.',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/src' },
    },
    {
      name: 'browser-never-loads-the-converter',
      comment:
        "Hong Kong's Chinese is made at build time (decision 110): the browser's code never imports OpenCC.",
      severity: 'error',
      from: { path: '^apps/web/src', pathNot: TEST },
      to: { path: ['^packages/chinese/', '^node_modules/opencc-js/'] },
    },
    {
      name: 'chinese-imports-only-opencc',
      severity: 'error',
      from: { path: '^packages/chinese/src', pathNot: TEST },
      to: { pathNot: ['^packages/chinese/src', '^node_modules/opencc-js/'] },
    },
    {
      name: 'web-reads-rates-in-force',
      comment:
        'A figure a customer sees is the one in force, served by the server (decisions 099 and 114): the web does not import the bundled rate tables; it asks policy/rate-facts.',
      severity: 'error',
      from: { path: '^apps/web/src', pathNot: TEST },
      to: {
        path: '^packages/domain/src/rating/(tables/|bundled-rate-tables\\.ts|pa-rating\\.ts|home-rate-table\\.ts|travel-rating\\.ts|home-rating\\.ts)',
      },
    },
    {
      name: 'rates-in-force-only',
      comment:
        'Prices, pages and documents state the rate tables in force (decisions 085, 099 and 114), which underwriting may have replaced, never the tables bundled at build: only the rating folder and the seed that loads them import the bundled tables (bundled-rate-tables.ts, home-rate-table.ts, tables/*.json); tests may.',
      severity: 'error',
      from: { pathNot: ['^packages/domain/src/rating/', '^apps/server/src/db/seed/', TEST] },
      to: { path: '^packages/domain/src/rating/(tables/|bundled-rate-tables\\.ts|home-rate-table\\.ts)' },
    },
    {
      name: 'schema-only-in-repositories',
      comment:
        'SQL lives in *-repository.ts (and db/): routes, services and the rest of the server touch neither the schema nor drizzle (issue 28, goal 4).',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: ['-repository\\.ts$', '^apps/server/src/db/', TEST],
      },
      to: { path: ['^apps/server/src/db/schema\\.ts$', 'node_modules/drizzle-orm/'] },
    },
    {
      name: 'no-module-cycles',
      comment: 'Server files do not import each other in a circle, not even for a type.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/dist/', '/dist-ssr/', 'node_modules/\\.'] },
    // The project's TypeScript 7 has no compiler API yet: dependency-cruiser reads the sources with swc.
    parser: 'swc',
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

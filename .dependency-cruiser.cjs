/**
 * The house's boundaries (issue 28, goal 7), checked by `npm run check` (`npm run boundaries`).
 * Every rule is an error and stays at 0 (decision 113).
 */
const TEST = '\\.test\\.tsx?$|/test/';

/**
 * What each feature lets the others use (issue 28, goal 7): the files of a server module or a web
 * feature that another may import. Everything else is the feature's own. A new reach-in fails
 * `npm run boundaries` until it is declared here, where review sees it. Checkout's are the kit the
 * three products' journeys share.
 */
const SERVER_ENTRIES = {
  agent: ['agent-repository.ts'],
  'back-office': [
    'audit.ts',
    'desk/agent-code.ts',
    'desk/desk-repository.ts',
    'desk/link-campaign.ts',
    'desk/sale-commission.ts',
    'staff-access.ts',
    'staff-module.ts',
  ],
  campaign: ['promo-guard.ts'],
  claims: ['claims-repository.ts', 'claims-service.ts'],
  document: ['pdf-documents.ts', 'pdf-fonts.ts', 'policy-schedule.ts'],
  funnel: ['funnel-counter.ts'],
  issuance: ['policy-documents-service.ts'],
  notifications: ['mail-layout.ts', 'mail-outbox-repository.ts', 'mail-senders.ts'],
  payment: [
    'alert-repository.ts',
    'card-payment-service.ts',
    'issuance-repository.ts',
    'issuance-service.ts',
    'payment-repository.ts',
    'refund-service.ts',
  ],
  policy: [
    'benefit-schedules.ts',
    'document-rates.ts',
    'numbering.ts',
    'open-attempts-repository.ts',
    'policy-number-repository.ts',
    'policy-repository.ts',
    'policy-service.ts',
    'pricing.ts',
  ],
  policyholder: [
    'access-repository.ts',
    'holder-access.ts',
    'holder-routes.ts',
    'step-up-repository.ts',
    'step-up-service.ts',
  ],
  product: ['product-catalogue.ts'],
  referral: ['referral-service.ts'],
  renewal: ['renewal-repository.ts'],
  'saved-quote': ['saved-quote-service.ts'],
  system: ['system-service.ts'],
};
const WEB_ENTRIES = {
  checkout: [
    'api/checkout-api.ts',
    'api/payment-api.ts',
    'checkout-product.ts',
    'components/applicant/applicant-details.tsx',
    'components/applicant/applicant-form.module.css',
    'components/applicant/checkout-form.tsx',
    'components/applicant/form-field.tsx',
    'components/applicant/person-fields.tsx',
    'components/applicant/policyholder-values.ts',
    'components/confirm/confirm-cards.module.css',
    'components/confirm/policyholder-card.tsx',
    'components/payment/card-form.tsx',
    'components/payment/gateway-form.ts',
    'components/promo/promo-code-field.tsx',
    'components/save-for-later/save-for-later-button.tsx',
    'components/summary/plan-price.ts',
    'components/summary/price-breakdown.tsx',
    'components/summary/summary-list.tsx',
    'hooks/use-error-title.ts',
    'hooks/use-promo-check.ts',
    'hooks/use-promo-field.ts',
    'state/checkout-store.ts',
    'state/journeys.ts',
    'state/link-plan.ts',
  ],
  home: ['state/home-journey-store.ts'],
  'my-policy': ['api/step-up-api.ts', 'components/holder-sign-in.tsx', 'components/step-up-form.tsx'],
  pa: ['state/pa-flow-store.ts'],
  travel: ['components/use-partner-agent.ts', 'state/travel-flow-store.ts'],
};

/** The declared files as patterns, below `root`. */
const entryPaths = (root, entries) =>
  Object.entries(entries).flatMap(([feature, files]) =>
    files.map((file) => `^${root}${feature}/${file.replaceAll('.', '\\.')}$`),
  );

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
      name: 'server-modules-through-entries',
      comment: 'A server module imports another only through the files it declares (SERVER_ENTRIES).',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: TEST },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', ...entryPaths('apps/server/src/modules/', SERVER_ENTRIES)],
      },
    },
    {
      name: 'web-features-through-entries',
      comment: 'A web feature imports another only through the files it declares (WEB_ENTRIES).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: TEST },
      to: {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/$1/', ...entryPaths('apps/web/src/features/', WEB_ENTRIES)],
      },
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

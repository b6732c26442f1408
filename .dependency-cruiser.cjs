// The layer rules of ARCHITECTURE.md, checked by `npm run lint` (dependency-cruiser). A forbidden
// import or a cycle fails the lint with the rule's name. Test code: *.test.ts(x), test-support/,
// testing/ (the @shop/testing package and web's per-feature builders), web/src/test/, services' checks/,
// and the test builders and kits beside the code (test-builders.ts, *test-kit.ts, test-io.ts).
const TEST =
  '(\\.test\\.tsx?$|(test-kit|test-builders|test-io)\\.ts$|/test-support/|^testing/|/testing/|^web/src/test/|^services/src/checks/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-unresolvable-imports',
      comment:
        'An import that resolves to no file: a package or export that does not exist (e.g. a bare `@shop/services`).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-cycles',
      comment: 'A cycle of imports, type imports included: split out what both sides need.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contracts-import-nothing-of-ours',
      comment: 'contracts/ holds schemas and types shared by everyone; it depends on no package of ours.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^(projections|services|web|e2e|bench|testing)/' },
    },
    {
      name: 'projections-import-only-contracts',
      comment: 'Read models are built from events (contracts) alone; their tests may use @shop/testing.',
      severity: 'error',
      from: { path: '^projections/' },
      to: { path: '^(services|web|e2e|bench)/' },
    },
    {
      name: 'services-do-not-import-clients',
      comment:
        'The server imports contracts and projections, never the web app, the browser tests or the benches.',
      severity: 'error',
      from: { path: '^services/' },
      to: { path: '^(web|e2e|bench)/' },
    },
    {
      name: 'web-imports-only-contracts',
      comment: 'The browser app shares schemas and types (contracts) with the server, nothing else.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(projections|services|e2e|bench|testing)/' },
    },
    {
      name: 'testing-imports-only-contracts',
      comment:
        'The test-only package is shared by the tests of every package, so it depends on contracts alone.',
      severity: 'error',
      from: { path: '^testing/' },
      to: { path: '^(projections|services|web|e2e|bench)/' },
    },
    {
      name: 'production-code-imports-no-tests',
      comment: 'Test builders, fixtures, the in-memory store and the check suites stay out of what ships.',
      severity: 'error',
      from: { path: '^(contracts|projections|services|web)/', pathNot: TEST },
      to: { path: TEST },
    },
    {
      name: 'platform-imports-no-slice',
      comment:
        'services/src/platform (commands, event store, events, HTTP, configuration, the outbox) serves every slice and reactor and knows none.',
      severity: 'error',
      from: { path: '^services/src/platform/', pathNot: TEST },
      to: { path: '^services/src/(slices|reactors|operations|checks)/|^services/src/[^/]+\\.ts$' },
    },
    {
      name: 'shop-deps-import-no-slice',
      comment:
        'shop-deps.ts is what every slice and reactor sees of the composition root: it stands on the platform alone, so no import runs back up into a slice.',
      severity: 'error',
      from: { path: '^services/src/shop-deps\\.ts$' },
      to: {
        path: '^services/src/(slices|reactors|operations|checks)/|^services/src/(main|cli|shop|api|startup)\\.ts$',
      },
    },
    {
      name: 'slices-import-no-operations',
      comment:
        'A domain slice does not depend on the operator tools built on top of it, nor on the reactors that follow its events.',
      severity: 'error',
      from: { path: '^services/src/slices/', pathNot: TEST },
      to: {
        path: '^services/src/(operations|checks|reactors)/|^services/src/(main|cli|shop|api|startup)\\.ts$',
      },
    },
    {
      name: 'reactors-import-no-operations',
      comment:
        'A reactor (services/src/reactors: what the shop does outside because of an event) stands on the platform and reads slices; operator tools and the composition root stand on it.',
      severity: 'error',
      from: { path: '^services/src/reactors/', pathNot: TEST },
      to: { path: '^services/src/(operations|checks)/|^services/src/(main|cli|shop|api|startup)\\.ts$' },
    },
    {
      name: 'web-features-do-not-import-each-other',
      comment: 'Features are independent; what two features share lives in web/src/ui or web/src/lib.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-shared-code-imports-no-feature',
      comment: 'The direction is routes -> features -> ui and lib.',
      severity: 'error',
      from: { path: '^web/src/(ui|lib)/', pathNot: TEST },
      to: { path: '^web/src/(features|routes)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    combinedDependencies: false,
  },
};

/**
 * The layer rules of CONVENTIONS.md. `npm test` fails on any violation. Type-only imports count
 * (tsPreCompilationDeps), except the type-only inversify/rxjs imports ports may use.
 */
const LAYERS = '^src/(domain|ports|application|infrastructure|presentation)/'

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain -> domain and the wire contract only, plus zod and viem (pure helpers; ESLint holds the names).',
      from: { path: '^src/domain/' },
      to: {
        pathNot: ['^src/domain/', '^src/wire/', '^node_modules/(zod|viem)/', '^(zod|viem)$'],
      },
    },
    {
      name: 'wire-is-a-leaf',
      severity: 'error',
      comment: 'The wire contract (src/wire) is zod schemas and nothing else: walletgate-server compiles it as is, for Node.',
      from: { path: '^src/wire/' },
      to: { pathNot: ['^src/wire/', '^node_modules/zod/', '^zod'] },
    },
    {
      name: 'wire-requests-are-types-to-the-modal',
      severity: 'error',
      comment: "The modal builds its requests and checks them against src/wire/requests.ts as types: the server's request schemas are none of the modal's bytes.",
      from: { path: '^src/', pathNot: '^src/wire/' },
      to: { path: '^src/wire/requests\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'ports-depend-on-domain',
      severity: 'error',
      comment: 'ports -> domain (type-only inversify/rxjs allowed).',
      from: { path: '^src/ports/' },
      to: {
        pathNot: ['^src/domain/', '^src/ports/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'application-is-headless',
      severity: 'error',
      comment: 'application -> domain, ports, rxjs. Never react, chain SDKs, infrastructure or presentation.',
      from: { path: '^src/application/' },
      to: {
        pathNot: ['^src/(domain|ports|application)/', '^node_modules/rxjs/', '^rxjs$'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'application-types-from-allowed-places',
      severity: 'error',
      comment: 'Even type-only, the application never reaches into adapters or views.',
      from: { path: '^src/application/' },
      to: { path: '^src/(infrastructure|presentation)/' },
    },
    {
      name: 'infrastructure-never-uses-application-or-presentation',
      severity: 'error',
      comment: 'infrastructure -> domain, ports, SDKs.',
      from: { path: '^src/infrastructure/' },
      to: { path: '^src/(application|presentation)/' },
    },
    {
      name: 'presentation-never-uses-infrastructure',
      severity: 'error',
      comment: 'presentation -> application and domain, react, observable-hooks.',
      from: { path: '^src/presentation/' },
      to: { path: ['^src/infrastructure/', '^src/composition/'], pathNot: '^src/composition/module-loader\\.ts$' },
    },
    {
      name: 'module-loader-is-a-contract',
      severity: 'error',
      comment: "The composition root's contract (src/composition/module-loader.ts: the module loader and the views' needs), which the views may use, is types and tokens only.",
      from: { path: '^src/composition/module-loader\\.ts$' },
      to: { pathNot: ['^src/(domain|application)/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'module-loader-types-from-allowed-places',
      severity: 'error',
      comment: 'Even type-only, the contract names no adapter, view or composition module.',
      from: { path: '^src/composition/module-loader\\.ts$' },
      to: { path: '^src/(infrastructure|presentation|composition)/' },
    },
    {
      name: 'presentation-never-uses-ports',
      severity: 'error',
      comment:
        'Views get their data and services through application stores and use cases, never a port: the application decides how a port is used (type-only imports count).',
      from: { path: '^src/presentation/' },
      to: { path: '^src/ports/' },
    },
    {
      name: 'presentation-no-chain-sdks',
      severity: 'error',
      comment: 'Views never import chain SDKs or WalletConnect.',
      from: { path: '^src/presentation/' },
      to: { path: '^node_modules/(viem|@solana|@polkadot|@cosmjs|@walletconnect)/' },
    },
    {
      name: 'only-di-imports-infrastructure',
      severity: 'error',
      comment: 'The composition root (src/composition: the manifest, its modules and their lazily loaded bindings) is the only place outside infrastructure that imports an adapter.',
      from: { path: '^src/', pathNot: ['^src/infrastructure/', '^src/composition/', '^src/families/'] },
      to: { path: '^src/infrastructure/' },
    },
    {
      name: 'family-entry-points-are-wings',
      severity: 'error',
      comment: "A family's entry point (src/families/<name>.ts, `walletgate/<name>`) re-exports its wing's descriptor and nothing else.",
      from: { path: '^src/families/' },
      to: { pathNot: ['^src/infrastructure/chains/[a-z0-9-]+/wing\\.ts$', '^src/infrastructure/chains/wing\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    exclude: { path: '\\.(css)(\\?inline)?$' },
    reporterOptions: { text: { highlightFocused: true } },
  },
}

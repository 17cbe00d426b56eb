import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

/** A thrown error names its condition: a DomainError or an adapter's error with a code, never a bare Error. */
const NO_PLAIN_THROWS = [
  { selector: "ThrowStatement > NewExpression[callee.name='Error']", message: 'Throw a DomainError or an error with a code.' },
  { selector: "ThrowStatement > CallExpression[callee.name='Error']", message: 'Throw a DomainError or an error with a code.' },
]

const VIEM_PURE_HELPERS_ONLY = {
  name: 'viem',
  allowImportNames: ['formatUnits', 'parseUnits', 'isAddress', 'getAddress', 'isHex', 'checksumAddress'],
  message: "The domain takes only viem's pure unit and address helpers; clients, transports and actions belong in adapters.",
}

const ZOD_MINI_ONLY = ['zod', 'zod/v4', 'zod/v3'].map((name) => ({
  name,
  message: "Import 'zod/mini': classic zod would be bundled next to it (issue 10's size budget).",
}))

/**
 * Chain families are wings: a namespace is named in its own folder (src/infrastructure/chains/<ns>/)
 * and in the few allowed files (see its config below), never switched on anywhere else.
 */
const NAMESPACE_LITERAL = /^(eip155|solana|bip122|polkadot|cosmos)$/
const wings = {
  rules: {
    'no-namespace-literals': {
      meta: {
        type: 'problem',
        messages: {
          named: "'{{ns}}' is a chain namespace: it is named only in its wing (src/infrastructure/chains/<ns>/) or the domain's per-family rules; ask the family's descriptor instead.",
        },
        schema: [],
      },
      create(context) {
        const check = (node, text) => {
          if (typeof text === 'string' && NAMESPACE_LITERAL.test(text)) context.report({ node, messageId: 'named', data: { ns: text } })
        }
        return {
          Literal: (node) => check(node, node.value),
          TemplateElement: (node) => check(node, node.value.cooked),
        }
      },
    },
  },
}

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'server/dist/**',
      'server/.test-dist/**',
      'demo-dist/**',
      // The peers' pages and the browser bench are plain scripts; the server bench is checked like the rest.
      'bench/!(server)/**',
      'bench/*.mjs',
      'test-results/**',
      '.tmp/**',
      '.devnet-data/**',
      'coverage/**',
      '**/*.tmp.mjs',
      'devnet/cache/**',
      'devnet/artifacts/**',
      '**/*.cjs',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: ZOD_MINI_ONLY }],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [VIEM_PURE_HELPERS_ONLY, ...ZOD_MINI_ONLY],
          patterns: [
            { group: ['viem/*'], message: "The domain takes only viem's pure helpers from 'viem'." },
            { group: ['rxjs', 'rxjs/*'], message: 'The domain is synchronous and pure: no rxjs.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'The domain has no DOM.' },
        { name: 'document', message: 'The domain has no DOM.' },
        { name: 'fetch', message: 'The domain does no I/O.' },
        { name: 'localStorage', message: 'The domain does no I/O.' },
        { name: 'setTimeout', message: 'Time comes in as nowMs.' },
        { name: 'setInterval', message: 'Time comes in as nowMs.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...NO_PLAIN_THROWS] },
  },
  {
    // Repeats the rule above: a later block's no-restricted-syntax replaces an earlier one's.
    files: ['src/domain/**/*.ts', 'src/application/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...NO_PLAIN_THROWS,
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Inject a Clock.' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Inject a Clock.' },
      ],
    },
  },
  {
    // Chain families are wings: a namespace is named in its own folder (src/infrastructure/chains/<ns>/)
    // and in the domain's per-family rules, listed here one by one (features built on one family's
    // standards ask featureFamily() there). The other files listed are wagmi's connector and
    // WalletConnect's EVM-first session; the list may only shrink.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { wings },
    ignores: [
      'src/infrastructure/chains/*/**',
      // The domain's per-family rules.
      'src/domain/entities.ts',
      'src/domain/config.ts',
      'src/domain/network/network-config.ts',
      'src/domain/feature-constants.ts',
      'src/domain/connection/connectors.ts',
      'src/domain/network/caip-network-id.ts',
      'src/domain/network/network-support.ts',
      'src/domain/validation/other-family-address.ts',
      'src/domain/bitcoin/validate-bitcoin-address.ts',
      'src/domain/chains/cosmos-networks.ts',
      'src/domain/send/send-receiver.ts',
      'src/domain/send/send-receiver-checks.ts',
      'src/domain/calls/wallet-calls.ts',
      'src/domain/on-ramp/on-ramp-rules.ts',
      // wagmi is EVM's library: its connector serves eip155 and nothing else.
      'src/wagmi.ts',
      // WalletConnect: one session across families, EVM-first (its RPC map, one-click SIWE, EIP-5792).
      'src/infrastructure/wallets/walletconnect/**',
      // The test devnet's port names ('solana' is its Solana chain's port, not a namespace).
      'src/testing/types.ts',
    ],
    rules: { 'wings/no-namespace-literals': 'error' },
  },
  {
    // Playwright fixtures take a `use` callback; nothing here is React.
    files: ['tests/e2e/**/*.ts', 'tests/security/**/*.ts', 'playwright.config.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'devnet/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
)

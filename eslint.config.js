import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

const VIEM_PURE_HELPERS_ONLY = {
  name: 'viem',
  allowImportNames: ['formatUnits', 'parseUnits', 'isAddress', 'getAddress', 'isHex', 'checksumAddress'],
  message: "The domain takes only viem's pure unit and address helpers; clients, transports and actions belong in adapters.",
}

const ZOD_MINI_ONLY = ['zod', 'zod/v4', 'zod/v3'].map((name) => ({
  name,
  message: "Import 'zod/mini': classic zod would be bundled next to it (issue 10's size budget).",
}))

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'demo-dist/**',
      'bench/**',
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
    files: ['src/domain/**/*.ts', 'src/application/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Inject a Clock.' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Inject a Clock.' },
      ],
    },
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

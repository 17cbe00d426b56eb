/**
 * The solana wing's loads of its SDKs (optional peer dependencies): one that fails because a host did
 * not install one rejects MissingChainSdkError naming it (../missing-sdk.ts, loaded only then).
 */
export const withSolanaSdk = <T>(load: () => Promise<T>): Promise<T> =>
  load().catch((error: unknown) =>
    import('../missing-sdk').then(
      (m) => Promise.reject(m.missingSdkOr('solana', ['@solana/web3.js', '@wallet-standard/app'], error)),
      () => Promise.reject(error),
    ),
  )

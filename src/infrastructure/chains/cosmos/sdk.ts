/**
 * The cosmos wing's loads of its SDKs (optional peer dependencies): one that fails because a host did
 * not install one rejects MissingChainSdkError naming it (../missing-sdk.ts, loaded only then).
 */
export const withCosmosSdk = <T>(load: () => Promise<T>): Promise<T> =>
  load().catch((error: unknown) =>
    import('../missing-sdk').then(
      (m) => Promise.reject(m.missingSdkOr('cosmos', ['@cosmjs/amino', '@cosmjs/crypto', '@cosmjs/encoding'], error)),
      () => Promise.reject(error),
    ),
  )

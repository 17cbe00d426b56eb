/**
 * The polkadot wing's loads of its SDKs (optional peer dependencies): one that fails because a host did
 * not install one rejects MissingChainSdkError naming it (../missing-sdk.ts, loaded only then).
 */
export const withPolkadotSdk = <T>(load: () => Promise<T>): Promise<T> =>
  load().catch((error: unknown) =>
    import('../missing-sdk').then(
      (m) => Promise.reject(m.missingSdkOr('polkadot', ['@polkadot/util-crypto', '@polkadot/util'], error)),
      () => Promise.reject(error),
    ),
  )

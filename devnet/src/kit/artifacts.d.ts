/** The devnet contracts, compiled with solc when the kit is built (vite.testing.config.ts). */
declare module 'virtual:walletgate-devnet-artifacts' {
  // An ambient module cannot import by a relative path; an import() type is the way to name it.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const artifacts: import('../chains/eip155/compile').Artifacts
  export default artifacts
}

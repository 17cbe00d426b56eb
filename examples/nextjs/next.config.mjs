// Nothing to configure: Walletgate is an ES module package that Next.js bundles as it is.
export default {}

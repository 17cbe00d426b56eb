// Hardhat 2 config for one devnet chain. The devnet spawns one `hardhat node` per chain and sets
// DEVNET_CHAIN_ID (31337 or 31338) for each. Contracts are compiled by the devnet with solc-js,
// not by Hardhat, so `sources` points at an empty folder.
const path = require('node:path')

const chainId = Number(process.env.DEVNET_CHAIN_ID || 31337)

module.exports = {
  solidity: '0.8.28',
  networks: {
    hardhat: {
      chainId,
      accounts: {
        mnemonic: 'test test test test test test test test test test test junk',
        count: 20,
        accountsBalance: '10000000000000000000000',
      },
      mining: { auto: true },
      loggingEnabled: process.env.DEVNET_HARDHAT_LOGGING === '1',
    },
  },
  paths: {
    root: __dirname,
    sources: path.join(__dirname, 'cache', 'hardhat-no-sources'),
    cache: path.join(__dirname, 'cache', `hardhat-${chainId}`),
    artifacts: path.join(__dirname, 'cache', `hardhat-artifacts-${chainId}`),
  },
}

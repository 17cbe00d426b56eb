// Hardhat 2 config for one devnet chain. The devnet spawns one `hardhat node` per chain and sets
// DEVNET_CHAIN_ID (31337 or 31338) for each. Contracts are compiled by the devnet with solc-js,
// not by Hardhat, so `sources` points at an empty folder.
const path = require('node:path')

const chainId = Number(process.env.DEVNET_CHAIN_ID || 31337)
const balance = '10000000000000000000000' // 10000 ETH

// The devnet passes the private keys of src/config.ts (the first accounts of the mnemonic below):
// deriving them from the mnemonic costs Hardhat seconds of CPU at every start.
const keys = (process.env.DEVNET_ACCOUNT_KEYS || '').split(',').filter(Boolean)
const accounts =
  keys.length > 0
    ? keys.map((privateKey) => ({ privateKey, balance }))
    : { mnemonic: 'test test test test test test test test test test test junk', count: 10, accountsBalance: balance }

module.exports = {
  solidity: '0.8.28',
  networks: {
    hardhat: {
      chainId,
      accounts,
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

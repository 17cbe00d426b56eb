/**
 * `npm run devnet`: starts the devnet on the default ports (or DEVNET_*_PORT), prints what a
 * newcomer needs, and stops everything on SIGINT / SIGTERM.
 */
import { startDevnet, DEVNET_SMART_ACCOUNT, DEVNET_SOLANA_ACCOUNTS, DEVNET_SOLANA_FUNDING, DEVNET_SOLANA_TOKENS, NATIVE_TOKEN_ADDRESS, SOLANA_DEVNET_CAIP_NETWORK_ID } from './index'
import { BITCOIN_DEVNET_CAIP_NETWORK_ID } from './chains/bip122/network'
import { BITCOIN_DEVNET_ACCOUNT_COUNT, bitcoinDevnetAccount } from './chains/bip122/keys'

async function main(): Promise<void> {
  const devnet = await startDevnet({ quiet: process.env.DEVNET_QUIET === '1' })
  let stopping = false
  const shutdown = (signal: string): void => {
    if (stopping) return
    stopping = true
    process.stderr.write(`[devnet] ${signal}: stopping\n`)
    devnet
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error)
        process.exit(1)
      })
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGHUP', () => shutdown('SIGHUP'))
  // A chain that dies is started again by the devnet; this is the case where that failed.
  void devnet.died.then((reason) => {
    if (stopping) return
    stopping = true
    process.stderr.write(`[devnet] ${reason}\n[devnet] stopping everything\n`)
    void devnet.stop().finally(() => process.exit(1))
  })

  const lines: string[] = []
  lines.push('Walletgate devnet')
  for (const [id, url] of Object.entries(devnet.rpcUrls)) lines.push(`  chain ${id.padEnd(6)} ${url}`)
  for (const [id, url] of Object.entries(devnet.bundlerUrls)) lines.push(`  bundler ${id} ${url}  (ERC-4337, EntryPoint v0.7)`)
  lines.push(`  service      ${devnet.serviceUrl}  (walletgate-server; /__admin/* takes Authorization: Bearer ${devnet.adminToken})`)
  if (devnet.relayUrl) lines.push(`  relay        ${devnet.relayUrl}`)
  if (devnet.farcasterUrl) lines.push(`  farcaster    ${devnet.farcasterUrl}  (relay + devnet Farcaster app; seeded fids in devnet/README.md)`)
  lines.push(`  project ids  ${devnet.projectIds.join(', ')}`)
  lines.push(`  data dir     ${devnet.dataDir}`)
  lines.push('Tokens (same addresses on both chains)')
  for (const f of Object.values(devnet.tokens)[0]?.fungibles ?? []) {
    if (f.address !== NATIVE_TOKEN_ADDRESS) lines.push(`  ${f.symbol.padEnd(5)} ${f.address}  ${f.decimals} decimals  $${f.price}`)
  }
  lines.push(`  DPX   ${devnet.contracts.pixels}  ERC-721 Devnet Pixels`)
  lines.push(`  4337  EntryPoint v0.7 ${DEVNET_SMART_ACCOUNT.entryPoint}, smart account factory ${DEVNET_SMART_ACCOUNT.factory}`)
  lines.push(`  swap  router ${devnet.contracts.swapRouter}, factory ${devnet.contracts.swapFactory}, WETH ${devnet.contracts.weth}  Uniswap V2 pools`)
  lines.push('Funded accounts (10000 ETH, #0 less what it deployed and put in the pools; 10000 dUSD, 1000 DVT each; devnet keys, never use elsewhere)')
  devnet.accounts.forEach((a, i) => lines.push(`  #${i} ${a.address} ${a.privateKey}`))
  lines.push(`Solana devnet (${SOLANA_DEVNET_CAIP_NETWORK_ID})`)
  lines.push(`  rpc          ${devnet.solanaRpcUrl}`)
  lines.push(`  pubsub       ${devnet.solanaWsUrl}`)
  for (const t of DEVNET_SOLANA_TOKENS) lines.push(`  ${t.symbol.padEnd(5)} ${t.mint}  SPL, ${t.decimals} decimals`)
  lines.push(`Funded Solana accounts (${DEVNET_SOLANA_FUNDING.solPerAccount} SOL and ${DEVNET_SOLANA_FUNDING.tokensPerAccount} of each SPL token each; address, base58 secret key)`)
  DEVNET_SOLANA_ACCOUNTS.forEach((a, i) => lines.push(`  #${i} ${a.address} ${a.secretKey}`))
  lines.push(`Bitcoin regtest (${BITCOIN_DEVNET_CAIP_NETWORK_ID}), blocks every 2 s while transactions wait`)
  lines.push(`  esplora      ${devnet.bitcoinEsploraUrl}`)
  for (let i = 0; i < BITCOIN_DEVNET_ACCOUNT_COUNT; i++) {
    const a = bitcoinDevnetAccount(i)
    lines.push(`  #${i} payment ${a.payment.address} key ${a.payment.privateKey}`)
    lines.push(`     ordinals ${a.ordinals.address} key ${a.ordinals.privateKey}`)
  }
  if (devnet.authUrl) {
    lines.push('Email login (the embedded wallet)')
    lines.push(`  auth         ${devnet.authUrl}  (wallet frame ${devnet.authUrl}/frame)`)
    lines.push(`  mailbox      ${devnet.authUrl}/devnet/mailbox  (JSON: ${devnet.authUrl}/devnet/mail?to=)`)
    lines.push(`  socials      ${devnet.authUrl}/social/{google,github,apple,facebook,x,discord}  (OIDC issuers; seeded people in devnet/README.md)`)
  }
  lines.push(`Ready in ${devnet.readyMs} ms. Ctrl-C stops everything.`)
  process.stdout.write(`${lines.join('\n')}\n`)
  process.stdout.write(`DEVNET_READY ${JSON.stringify({ pid: process.pid, serviceUrl: devnet.serviceUrl, adminToken: devnet.adminToken, rpcUrls: devnet.rpcUrls, relayUrl: devnet.relayUrl, solanaRpcUrl: devnet.solanaRpcUrl, solanaWsUrl: devnet.solanaWsUrl, bitcoinEsploraUrl: devnet.bitcoinEsploraUrl, authUrl: devnet.authUrl, farcasterUrl: devnet.farcasterUrl, bundlerUrls: devnet.bundlerUrls, childPids: devnet.childPids, readyMs: devnet.readyMs })}\n`)
}

main().catch((error: unknown) => {
  console.error('[devnet] failed to start:', error instanceof Error ? error.message : error)
  process.exit(1)
})

/**
 * `npx tsx devnet/src/wc-wallet/main.ts`: a devnet wallet a person can use by hand. Starts the
 * wallet peer against the running devnet (relay and chains on their default ports, or the
 * DEVNET_*_PORT overrides) and serves the page where you paste a `wc:` URI.
 *
 * Env: WALLET_PAGE_PORT (default 8789), WALLET_ACCOUNT (devnet account index, default 1),
 * WALLET_MODE (approve | reject | manual, default manual), WALLET_PROJECT_ID (default walletgate-demo),
 * WALLET_AUTHENTICATE (off: a wallet without one-click sign-in).
 */
import {
  DEVNET_ACCOUNTS,
  DEVNET_CHAINS,
  DEVNET_DEFAULT_PORTS,
  DEVNET_DEFAULT_PROJECT_IDS,
  DEVNET_HOST,
  DEVNET_PORT_ENV,
} from '../config'
import { startWalletPeer, type WalletPeerMode } from './index'
import { startWalletPage } from './page-server'

function port(envName: string, fallback: number): number {
  const raw = process.env[envName]
  return raw ? Number(raw) : fallback
}

async function main(): Promise<void> {
  const relayUrl = `ws://${DEVNET_HOST}:${port(DEVNET_PORT_ENV.relay, DEVNET_DEFAULT_PORTS.relay)}`
  const rpcUrls: Record<number, string> = {}
  for (const chain of DEVNET_CHAINS) {
    const name = chain.id === 31337 ? 'chainA' : 'chainB'
    rpcUrls[chain.id] = `http://${DEVNET_HOST}:${port(DEVNET_PORT_ENV[name], DEVNET_DEFAULT_PORTS[name])}`
  }
  const index = Number(process.env.WALLET_ACCOUNT ?? 1)
  const account = DEVNET_ACCOUNTS[index]
  if (!account) throw new Error(`WALLET_ACCOUNT must be 0..${DEVNET_ACCOUNTS.length - 1}`)
  const mode = (process.env.WALLET_MODE ?? 'manual') as WalletPeerMode
  const peer = await startWalletPeer({
    relayUrl,
    rpcUrls,
    privateKey: account.privateKey,
    projectId: process.env.WALLET_PROJECT_ID ?? DEVNET_DEFAULT_PROJECT_IDS[0],
    mode,
    authenticate: process.env.WALLET_AUTHENTICATE !== 'off',
  })
  const page = await startWalletPage({ peer, port: port('WALLET_PAGE_PORT', 8789) })
  process.stdout.write(
    [
      'Walletgate devnet wallet',
      `  account  #${index} ${peer.address}`,
      `  relay    ${relayUrl}`,
      ...Object.entries(rpcUrls).map(([id, url]) => `  chain ${id} ${url}`),
      `  mode     ${mode}`,
      `Open ${page.url} and paste a wc: URI. Ctrl-C stops.`,
      '',
    ].join('\n'),
  )
  const shutdown = (): void => {
    void Promise.all([page.close(), peer.stop()]).finally(() => process.exit(0))
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

main().catch((error: unknown) => {
  console.error('[wallet] failed to start:', error instanceof Error ? error.message : error)
  process.exit(1)
})

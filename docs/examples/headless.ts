import { createWalletgateCore, type ConnectRow } from 'walletgate/headless'

// The same configuration as the modal's; nothing is drawn by Walletgate.
const core = createWalletgateCore({
  projectId: 'walletgate-demo',
  networks: [{ id: 31337, chainNamespace: 'eip155', name: 'Devnet A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:8545'] }],
})

/** A wallet list in the host's own markup: one button per installed wallet, a link per one to get. */
export async function renderWalletList(list: HTMLUListElement, status: HTMLElement): Promise<void> {
  await core.restored()
  const { wallets, connection } = await core.connectStores()
  void wallets.load() // the catalogue's featured and recommended wallets

  const item = (row: ConnectRow): HTMLLIElement => {
    const li = document.createElement('li')
    if (row.kind === 'connector') {
      const button = document.createElement('button')
      button.textContent = row.tag === undefined ? row.name : `${row.name} (${row.tag})`
      button.onclick = () => void connection.connect(row.connectorId)
      li.append(button)
    } else {
      const link = document.createElement('a')
      link.textContent = `Get ${row.name}`
      if (row.href !== undefined) link.href = row.href
      li.append(link)
    }
    return li
  }

  wallets.state$.subscribe((model) => list.replaceChildren(...model.groups.flatMap((group) => group.rows).map(item)))
  connection.state$.subscribe((attempt) => (status.textContent = attempt.status))
  core.subscribe((state) => {
    if (state.status === 'connected') status.textContent = `Connected: ${state.address}`
  })
}

/** A QR code for WalletConnect: the URI and how long it is valid, refreshed before it expires. */
export async function showWalletConnectUri(show: (uri: string, secondsLeft: number) => void): Promise<void> {
  const { walletConnect } = await core.walletListStores()
  walletConnect.state$.subscribe((qr) => {
    if (qr.status === 'ready') show(qr.uri, qr.secondsLeft)
  })
  void walletConnect.connect()
}

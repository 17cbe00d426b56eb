/**
 * A small block explorer for the devnet chains, so the modal's "View on block explorer" links
 * lead somewhere when trying the demo: an address page (balances and recent transactions) and a
 * transaction page (its receipt). Plain HTML; every value from a chain or a URL is escaped.
 */
import { isHash, type Hash } from 'viem'
import { DEVNET_CHAINS, type DevnetChainId } from '../../config'
import { formatAmount, parseAccount, parseChainId, readBalances } from '../chains'
import type { ServiceDeps } from '../deps'
import { HttpError, type Router } from '../http'

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text safe inside HTML content and double-quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]!)
}

function chainOf(value: string): DevnetChainId {
  const id = parseChainId(value)
  if (id === null) throw new HttpError(404, 'No such chain on this devnet')
  return id
}

function chainName(id: DevnetChainId): string {
  return DEVNET_CHAINS.find((c) => c.id === id)?.name ?? `Chain ${id}`
}

type HtmlPage = { status?: number; contentType: string; body: string; headers: Record<string, string> }

function page(title: string, body: string): HtmlPage {
  return {
    contentType: 'text/html; charset=utf-8',
    headers: { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}code{overflow-wrap:anywhere}table{border-collapse:collapse}td,th{padding:.25rem .75rem .25rem 0;text-align:left;vertical-align:top}</style></head><body>${body}</body></html>`,
  }
}

function row(label: string, value: string): string {
  return `<tr><th scope="row">${escapeHtml(label)}</th><td>${value}</td></tr>`
}

export function registerExplorerRoutes(router: Router, deps: ServiceDeps): void {
  router.get('/explorer/:chainId/address/:address', async ({ params }) => {
    const chainId = chainOf(params.chainId!)
    const { address } = parseAccount(params.address!)
    const [balances, history] = await Promise.all([
      readBalances(deps.chains, chainId, address),
      deps.history(address, chainId),
    ])
    const holdings = balances
      .map((b) => `<li>${escapeHtml(formatAmount(b.amount, b.meta.decimals))} ${escapeHtml(b.meta.symbol)}</li>`)
      .join('')
    const transactions = history.data
      .map((t) => {
        const hash = t.metadata.hash
        return `<li><a href="../tx/${encodeURIComponent(hash)}"><code>${escapeHtml(hash)}</code></a> ${escapeHtml(t.metadata.operationType)}, ${escapeHtml(t.metadata.status)}, ${escapeHtml(t.metadata.minedAt)}</li>`
      })
      .join('')
    return page(
      `Address ${address}`,
      `<h1>Address</h1><p><code data-testid="explorer-address">${escapeHtml(address)}</code> on ${escapeHtml(chainName(chainId))}</p>` +
        `<h2>Balances</h2><ul data-testid="explorer-balances">${holdings}</ul>` +
        `<h2>Recent transactions</h2>${transactions === '' ? '<p>None yet.</p>' : `<ul data-testid="explorer-transactions">${transactions}</ul>`}`,
    )
  })

  router.get('/explorer/:chainId/tx/:hash', async ({ params }) => {
    const chainId = chainOf(params.chainId!)
    const hash = params.hash!
    if (!isHash(hash)) throw new HttpError(400, 'Not a transaction hash')
    const client = deps.chains.client(chainId)
    let receipt
    let transaction
    try {
      ;[receipt, transaction] = await Promise.all([
        client.getTransactionReceipt({ hash: hash as Hash }),
        client.getTransaction({ hash: hash as Hash }),
      ])
    } catch {
      return { ...page('Transaction not found', '<h1>Transaction not found</h1><p>This devnet has no such transaction (yet).</p>'), status: 404 }
    }
    return page(
      `Transaction ${hash}`,
      `<h1>Transaction</h1><table data-testid="explorer-receipt">` +
        row('Hash', `<code>${escapeHtml(hash)}</code>`) +
        row('Network', escapeHtml(chainName(chainId))) +
        row('Status', `<span data-testid="explorer-status">${receipt.status === 'success' ? 'Success' : 'Failed'}</span>`) +
        row('Block', escapeHtml(receipt.blockNumber)) +
        row('From', `<a href="../address/${encodeURIComponent(receipt.from)}"><code>${escapeHtml(receipt.from)}</code></a>`) +
        row('To', receipt.to === null ? 'Contract creation' : `<a href="../address/${encodeURIComponent(receipt.to)}"><code>${escapeHtml(receipt.to)}</code></a>`) +
        row('Value', `${escapeHtml(formatAmount(transaction.value, 18))} ETH`) +
        row('Gas used', escapeHtml(receipt.gasUsed)) +
        `</table>`,
    )
  })
}

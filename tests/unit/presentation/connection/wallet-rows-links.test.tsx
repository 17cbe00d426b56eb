// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ConnectRow } from '../../../../src/application/connection/connect-rows'
import { WalletRows } from '../../../../src/presentation/views/connect/WalletRows'

afterEach(cleanup)

describe('WalletRows and refused links', () => {
  it('a wallet whose only link was refused is not listed; one with a safe link is', () => {
    const rows: ConnectRow[] = [
      { kind: 'wallet', key: 'safe', name: 'Safe Wallet', href: 'https://safe.example' },
      { kind: 'wallet', key: 'refused', name: 'Hostile Wallet', href: 'ms-msdt:/id PCWDiagnostic' },
      { kind: 'wallet', key: 'plain-http', name: 'Plain Wallet', href: 'http://plain.example' },
      { kind: 'wallet', key: 'none', name: 'No Link Wallet' },
    ]
    render(<WalletRows rows={rows} onConnect={() => undefined} />)
    const safe = screen.getByTestId('wallet-safe')
    expect((safe.closest('a') ?? safe.querySelector('a'))?.getAttribute('href')).toBe('https://safe.example/')
    expect(screen.queryByTestId('wallet-refused')).toBeNull()
    expect(screen.queryByTestId('wallet-plain-http')).toBeNull()
    expect(screen.queryByTestId('wallet-none')).toBeNull()
    expect(screen.queryByText('Not available here')).toBeNull()
  })
})

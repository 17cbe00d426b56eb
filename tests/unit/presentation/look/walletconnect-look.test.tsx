// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { QR_LOGO_SHARE, QrCode, WalletConnectLogo, WalletRow, qrPath } from '../../../../src/presentation/components'

afterEach(cleanup)

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000000'

describe('the WalletConnect QR code with its logo', () => {
  it('uses error correction H and covers well under its 30% recovery with the logo and its pad', () => {
    render(<QrCode value={URI} label="QR" walletConnectLogo />)
    const svg = screen.getByRole('img')
    const high = qrPath(URI, 'H')
    expect(svg.querySelector('path')?.getAttribute('d')).toBe(high.d)
    expect(svg.querySelector('.wg-wc-logo')).not.toBeNull()
    const covered = (Math.round(high.size * QR_LOGO_SHARE) + 2) ** 2
    expect(covered / high.size ** 2).toBeLessThan(0.3 / 3)
  })

  it('keeps level M and no logo for a plain QR code (an address to receive at)', () => {
    render(<QrCode value="0x1111111111111111111111111111111111111111" label="QR" />)
    const svg = screen.getByRole('img')
    expect(svg.querySelector('path')?.getAttribute('d')).toBe(qrPath('0x1111111111111111111111111111111111111111', 'M').d)
    expect(svg.querySelector('.wg-wc-logo')).toBeNull()
  })
})

describe('the WalletConnect row', () => {
  it('shows the drawn mark when the row has no image of its own, and the image when it has one', () => {
    render(<WalletRow testKey="walletConnect" name="WalletConnect" icon={<WalletConnectLogo />} onClick={() => undefined} />)
    expect(screen.getByTestId('wallet-walletConnect').querySelector('.wg-wc-logo')).not.toBeNull()
    cleanup()
    render(
      <WalletRow testKey="walletConnect" name="WalletConnect" imageUrl="https://wc.example/logo.png" icon={<WalletConnectLogo />} onClick={() => undefined} />,
    )
    expect(screen.getByTestId('wallet-walletConnect').querySelector('.wg-wc-logo')).toBeNull()
  })
})

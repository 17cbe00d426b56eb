import qrcode from 'qrcode-generator'
import { useMemo } from 'react'
import { useAreaStyles } from '../styles/area-styles'
import qrCss from '../styles/qr.css?inline'
import { WalletConnectLogo } from './WalletConnectLogo'

/** Share of the code's width the centre logo takes (with level H, 30% of it may be unreadable). */
export const QR_LOGO_SHARE = 0.2

/**
 * The dark modules of a QR code as one SVG path (no markup injection, no inline style). Level H
 * when a logo covers the centre, so the code still reads; M otherwise (fewer, larger modules).
 */
export function qrPath(text: string, level: 'M' | 'H' = 'M'): { size: number; d: string } {
  const qr = qrcode(0, level)
  qr.addData(text)
  qr.make()
  const size = qr.getModuleCount()
  const parts: string[] = []
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (qr.isDark(row, col)) parts.push(`M${col} ${row}h1v1h-1z`)
    }
  }
  return { size, d: parts.join('') }
}

/**
 * A QR code of `value` with a quiet zone, dark on light in both themes so cameras read it; with
 * `walletConnectLogo`, the WalletConnect mark on a light pad in its centre.
 */
export function QrCode({ value, label, walletConnectLogo = false }: { value: string; label: string; walletConnectLogo?: boolean }) {
  useAreaStyles(qrCss)
  const { size, d } = useMemo(() => qrPath(value, walletConnectLogo ? 'H' : 'M'), [value, walletConnectLogo])
  const logo = Math.round(size * QR_LOGO_SHARE)
  const logoAt = (size - logo) / 2
  const margin = 4
  const box = size + margin * 2
  return (
    <svg
      className="wg-qr"
      role="img"
      aria-label={label}
      viewBox={`${-margin} ${-margin} ${box} ${box}`}
      shapeRendering="crispEdges"
      data-testid="receive-qr"
    >
      <rect x={-margin} y={-margin} width={box} height={box} fill="#ffffff" />
      <path d={d} fill="#000000" />
      {walletConnectLogo && (
        <>
          <rect x={logoAt - 1} y={logoAt - 1} width={logo + 2} height={logo + 2} fill="#ffffff" />
          <WalletConnectLogo x={logoAt} y={logoAt} size={logo} />
        </>
      )}
    </svg>
  )
}

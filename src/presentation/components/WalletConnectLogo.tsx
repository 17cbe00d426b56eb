export interface WalletConnectLogoProps {
  /** Placement when drawn inside another SVG (the QR code); ignored on its own. */
  readonly x?: number
  readonly y?: number
  /** Width and height, in the parent's units (CSS pixels on its own). */
  readonly size?: number
}

/**
 * The WalletConnect mark, drawn here (a bridge arc over a W on a blue tile) rather than fetched:
 * it is a few hundred bytes and shows at once, in the row and in the centre of the QR code.
 * Decorative: the row or the QR code's label names WalletConnect.
 */
export function WalletConnectLogo({ x, y, size = 40 }: WalletConnectLogoProps) {
  return (
    <svg className="wg-wc-logo" viewBox="0 0 32 32" x={x} y={y} width={size} height={size} aria-hidden="true">
      <rect width="32" height="32" rx="9" fill="#3b99fc" />
      <g fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
        <polyline points="9,13.5 12,11 16,10 20,11 23,13.5" />
        <polyline points="6,16 10.5,20.5 16,15 21.5,20.5 26,16" />
      </g>
    </svg>
  )
}

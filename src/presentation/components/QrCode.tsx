import qrcode from 'qrcode-generator'
import { useMemo } from 'react'

/** The dark modules of a QR code as one SVG path (no markup injection, no inline style). */
export function qrPath(text: string): { size: number; d: string } {
  const qr = qrcode(0, 'M')
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

/** A QR code of `value` with a quiet zone, dark on light in both themes so cameras read it. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, d } = useMemo(() => qrPath(value), [value])
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
    </svg>
  )
}

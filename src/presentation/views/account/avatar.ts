/** A 5 by 5 pattern, mirrored left to right, and two colours, all drawn from an address. */
export interface AvatarPattern {
  /** The filled cells as one SVG path in a 5 by 5 box. */
  readonly d: string
  readonly background: string
  readonly foreground: string
}

/** FNV-1a over the lower-cased address: the same address always draws the same avatar. */
function seed(address: string): number {
  let hash = 0x811c9dc5
  for (const char of address.toLowerCase()) {
    hash ^= char.charCodeAt(0)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/**
 * The avatar of an address without a profile image: a symmetric block pattern in two colours of
 * the address's own hues (AppKit and RainbowKit draw one too, so accounts tell apart at a glance).
 */
export function avatarPattern(address: string): AvatarPattern {
  let state = seed(address) || 1
  const next = () => {
    // xorshift32: cheap, deterministic, spreads the seed over the 15 cells and the hues.
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    state >>>= 0
    return state
  }
  const hue = next() % 360
  const cells: string[] = []
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      if (next() % 2 === 0) continue
      cells.push(`M${col} ${row}h1v1h-1z`)
      if (col < 2) cells.push(`M${4 - col} ${row}h1v1h-1z`)
    }
  }
  return {
    d: cells.join(''),
    background: `hsl(${hue} 70% 88%)`,
    foreground: `hsl(${(hue + 150) % 360} 60% 42%)`,
  }
}

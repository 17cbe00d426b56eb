export interface SkeletonProps {
  /** What is loading, for screen readers ("Loading wallets"); the placeholder shapes are hidden from them. */
  readonly label: string
  readonly rows?: number
  /** Tiles of a grid (NFTs) instead of list rows. */
  readonly grid?: boolean
  readonly testId?: string
  /** The placeholder of a whole view (its chunk or bindings loading): the panel jumps, not eases, to the view that replaces it. */
  readonly placeholder?: boolean
}

/**
 * Grey placeholders in the shape of the rows to come, so the panel has its size before the data
 * arrives (no bare "Loading…" line that jumps). Busy for assistive technology, which hears the
 * label once; the shimmer stops under prefers-reduced-motion.
 */
export function Skeleton({ label, rows = 3, grid = false, testId, placeholder = false }: SkeletonProps) {
  return (
    <div className="wg-skeleton" aria-busy="true" data-testid={testId} data-wg-placeholder={placeholder ? '' : undefined}>
      <span className="wg-visually-hidden" role="status">
        {label}
      </span>
      <div className={grid ? 'wg-skeleton-grid' : undefined} aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="wg-skeleton-row">
            <span className="wg-skeleton-box" />
            {!grid && <span className="wg-skeleton-box" />}
          </div>
        ))}
      </div>
    </div>
  )
}

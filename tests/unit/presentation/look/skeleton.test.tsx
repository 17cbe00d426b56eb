// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Skeleton } from '../../../../src/presentation/components'

afterEach(cleanup)

describe('Skeleton', () => {
  it('is busy, says what loads once to screen readers, and hides its placeholder shapes from them', () => {
    render(<Skeleton label="Loading wallets" rows={5} testId="loading" />)
    const skeleton = screen.getByTestId('loading')
    expect(skeleton.getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('status').textContent).toBe('Loading wallets')
    const shapes = skeleton.querySelector('[aria-hidden="true"]')
    expect(shapes?.querySelectorAll('.wg-skeleton-row')).toHaveLength(5)
    expect(skeleton.textContent).toBe('Loading wallets')
  })
})

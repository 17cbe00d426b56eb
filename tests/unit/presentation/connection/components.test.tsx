// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ImagePolicyProvider, List, ListRow, WalletRow } from '../../../../src/presentation/components'
import { safeImageUrl, safeLinkUrl } from '../../../../src/presentation/components/safe-image-url'

afterEach(cleanup)

describe('safeImageUrl', () => {
  it('keeps data:image, https and configured-origin URLs', () => {
    expect(safeImageUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBe('data:image/svg+xml;base64,PHN2Zz4=')
    expect(safeImageUrl('data:image/png,abc')).toBe('data:image/png,abc')
    expect(safeImageUrl('https://wallet.example/icon.png')).toBe('https://wallet.example/icon.png')
    expect(safeImageUrl('http://127.0.0.1:8787/getWalletImage/x', ['http://127.0.0.1:8787'])).toBe(
      'http://127.0.0.1:8787/getWalletImage/x',
    )
  })

  it('drops javascript:, other data types, foreign http, relative and non-string values', () => {
    expect(safeImageUrl('javascript:alert(1)')).toBeUndefined()
    expect(safeImageUrl(' JavaScript:alert(1)')).toBeUndefined()
    expect(safeImageUrl('data:text/html,<script>alert(1)</script>')).toBeUndefined()
    expect(safeImageUrl('http://evil.example/x.png', ['http://127.0.0.1:8787'])).toBeUndefined()
    expect(safeImageUrl('/icon.png')).toBeUndefined()
    expect(safeImageUrl({ toString: () => 'https://x' })).toBeUndefined()
  })

  it('safeLinkUrl allows only http(s)', () => {
    expect(safeLinkUrl('https://wallet.example')).toBe('https://wallet.example/')
    expect(safeLinkUrl('javascript:alert(1)')).toBeUndefined()
  })
})

describe('WalletRow', () => {
  it('shows a hostile name as text and never uses a javascript: icon', () => {
    render(<WalletRow testKey="evil.wallet" name={'<img src=x onerror="alert(1)">Evil'} imageUrl="javascript:alert(1)" />)
    const row = screen.getByTestId('wallet-evil.wallet')
    expect(row.textContent).toContain('<img src=x onerror="alert(1)">Evil')
    expect(row.querySelectorAll('img')).toHaveLength(0)
    expect(screen.getByRole('button', { name: /Evil/ })).toBe(row)
  })

  it('renders an allowed icon as <img> with an empty alt', () => {
    render(
      <ImagePolicyProvider origins={['http://127.0.0.1:9999']}>
        <WalletRow testKey="a" name="A" imageUrl="http://127.0.0.1:9999/getWalletImage/a" tag="Installed" />
      </ImagePolicyProvider>,
    )
    const img = screen.getByTestId('wallet-a').querySelector('img')
    expect(img?.getAttribute('src')).toBe('http://127.0.0.1:9999/getWalletImage/a')
    expect(img?.getAttribute('alt')).toBe('')
    expect(screen.getByText('Installed')).toBeTruthy()
  })
})

describe('List', () => {
  it('moves focus with the arrow keys, Home and End', () => {
    render(
      <List label="Wallets">
        {['one', 'two', 'three'].map((name) => (
          <ListRow key={name}>
            <WalletRow testKey={name} name={name} onClick={() => undefined} />
          </ListRow>
        ))}
      </List>,
    )
    const [one, two, three] = ['one', 'two', 'three'].map((n) => screen.getByTestId(`wallet-${n}`))
    one!.focus()
    fireEvent.keyDown(one!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(two)
    fireEvent.keyDown(two!, { key: 'End' })
    expect(document.activeElement).toBe(three)
    fireEvent.keyDown(three!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(three)
    fireEvent.keyDown(three!, { key: 'Home' })
    expect(document.activeElement).toBe(one)
    fireEvent.keyDown(one!, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(one)
  })
})

describe('Snackbar', () => {
  it('announces the snack in a polite live region that is always present', async () => {
    const { createTestContainer } = await import('../../../support/test-container')
    const { Scheduler } = await import('../../../../src/ports/scheduler')
    const { VirtualTimeScheduler } = await import('rxjs')
    const { SnackStore } = await import('../../../../src/application/snack-store')
    const { DiProvider } = await import('../../../../src/presentation/di-context')
    const { Snackbar } = await import('../../../../src/presentation/components')
    const { act } = await import('@testing-library/react')
    const container = createTestContainer(undefined, (c) => c.rebind(Scheduler).toConstantValue(new VirtualTimeScheduler()))
    const store = container.get(SnackStore)
    render(
      <DiProvider container={container}>
        <Snackbar />
      </DiProvider>,
    )
    const region = screen.getByRole('status')
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(screen.queryByTestId('snack')).toBeNull()
    act(() => store.showMessage('tokenBalanceUnavailable'))
    expect(screen.getByTestId('snack').textContent).toContain('Token Balance Unavailable')
    expect(region.contains(screen.getByTestId('snack'))).toBe(true)
  })
})

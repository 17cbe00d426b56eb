// @vitest-environment jsdom
/**
 * SwapSelectToken over a swap form and picker of fakes: a failed search says so in words and keeps
 * the text, Try again finds; a pasted address no token is at is said so; a token named with markup
 * and a direction override shows as text.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ModalStore } from '../../../../src/application/modal-store'
import { SwapFlowService, SwapTokenPickerService } from '../../../../src/application/swap/swap-flow-service'
import { DiProvider } from '../../../../src/presentation/di-context'
import SwapSelectTokenView from '../../../../src/presentation/views/swap/SwapSelectTokenView'
import { createTestContainer } from '../../../support/test-container'
import { CHAIN, pickerWorld } from '../../application/swap/token-picker-world'

afterEach(cleanup)

const HOSTILE = { name: '<img src=x onerror=alert(1)>\u202Egnp.exe', symbol: 'EVIL', address: `${CHAIN}:0x00000000000000000000000000000000000e0e0e`, decimals: 18, logoUri: 'javascript:alert(1)' }

async function show() {
  const w = pickerWorld({ extraTokens: [HOSTILE] })
  await w.flow.start()
  w.picker.open('to')
  const container = createTestContainer(undefined, (c) => {
    c.bind(SwapFlowService).toConstantValue(w.flow)
    c.bind(SwapTokenPickerService).toConstantValue(w.picker)
    c.rebind(ModalStore).toConstantValue(w.modal)
  })
  render(
    <DiProvider container={container}>
      <SwapSelectTokenView />
    </DiProvider>,
  )
  await act(() => w.settle())
  const type = async (text: string) => {
    fireEvent.change(screen.getByTestId('token-search'), { target: { value: text } })
    await act(() => w.settle())
  }
  return { w, type }
}

describe('SwapSelectTokenView', () => {
  it('says a search failed, keeps the text, and finds on Try again', async () => {
    const { w, type } = await show()
    w.api.failNext('searchSwapTokens', new Error('offline'))
    await type('dv')
    expect(screen.getByTestId('token-search-error').textContent).toContain('Could not search the tokens. Try again.')
    expect((screen.getByTestId('token-search') as HTMLInputElement).value).toBe('dv')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await act(() => w.settle())
    expect(screen.getByTestId('token-row-DVT').textContent).toContain('Devnet Token')
  })

  it('says so of a pasted address no token is at', async () => {
    const { type } = await show()
    await type('0x000000000000000000000000000000000000dEaD')
    expect(screen.getByTestId('token-unknown-address').textContent).toContain('Unknown token address')
  })

  it('shows a hostile token name as text in its own isolate, with no image from a script url', async () => {
    const { type } = await show()
    await type('evil')
    const row = screen.getByTestId('token-row-EVIL')
    expect(row.querySelector('img')).toBeNull()
    const name = [...row.querySelectorAll('bdi')].find((el) => el.textContent === HOSTILE.name)
    expect(name).toBeDefined()
    expect(name!.children).toHaveLength(0)
  })
})

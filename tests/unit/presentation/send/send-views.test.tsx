// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { Container } from 'inversify'
import { afterEach, describe, expect, it } from 'vitest'
import { ModalStore } from '../../../../src/application/modal-store'
import { ConfirmSend } from '../../../../src/application/send/confirm-send'
import { ReviewSend } from '../../../../src/application/send/review-send'
import { SendForm } from '../../../../src/application/send/send-form'
import { TransactionApprovals } from '../../../../src/application/send/transaction-approvals'
import { TransactionRejectedError } from '../../../../src/domain/errors'
import { DiProvider } from '../../../../src/presentation/di-context'
import ApproveTransactionView from '../../../../src/presentation/views/ApproveTransactionView'
import SendPreviewView from '../../../../src/presentation/views/SendPreviewView'
import SendView from '../../../../src/presentation/views/SendView'
import { createTestContainer } from '../../../support/test-container'
import { DUSD, DUSD_CONTRACT, ETH, TO, aSendWorld, fill, previewOf, type SendWorld } from '../../application/send/support'

afterEach(cleanup)

function containerOf(world: SendWorld): Container {
  return createTestContainer(undefined, (c) => {
    c.rebind(SendForm).toConstantValue(world.form)
    c.rebind(ReviewSend).toConstantValue(world.review)
    c.rebind(ConfirmSend).toConstantValue(world.confirm)
    c.rebind(TransactionApprovals).toConstantValue(world.approvals)
    c.rebind(ModalStore).toConstantValue(world.modal)
  })
}

function renderView(world: SendWorld, View: () => React.JSX.Element) {
  return render(
    <DiProvider container={containerOf(world)}>
      <View />
    </DiProvider>,
  )
}

describe('SendView', () => {
  it('lists the balances as tokens, shows the fiat value of a pasted amount and reviews', async () => {
    const world = aSendWorld()
    world.modal.push('Send')
    renderView(world, SendView)
    expect(screen.getByTestId('view-Send')).toBeTruthy()
    const select = screen.getByLabelText('Token') as HTMLSelectElement
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
      'Choose a token',
      'ETH · 1.000 available',
      'dUSD · 100.000 available',
    ])
    fireEvent.change(select, { target: { value: select.options[2]!.value } })
    fireEvent.change(screen.getByLabelText('Amount (dUSD)'), { target: { value: '10,5' } })
    expect(screen.getByTestId('send-fiat').textContent).toBe('≈ $10.50')
    fireEvent.change(screen.getByLabelText('To'), { target: { value: TO } })
    fireEvent.click(screen.getByTestId('send-review'))
    await waitFor(() => expect(world.modal.view).toBe('SendPreview'))
    expect(previewOf(world)?.request.amount).toBe(10_500_000n)
  })

  it('shows the rule that failed as an alert and sends nothing', async () => {
    const world = aSendWorld()
    renderView(world, SendView)
    fireEvent.click(screen.getByTestId('send-review'))
    expect((await screen.findByRole('alert')).textContent).toBe('An amount and receiver address are required')

    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '0xnope' } })
    fireEvent.click(screen.getByTestId('send-review'))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('A token is required'))

    fireEvent.change(screen.getByLabelText('Token'), { target: { value: 'eip155:31337|native' } })
    fireEvent.click(screen.getByTestId('send-review'))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid address'))
    expect(world.transfers.sends).toEqual([])
  })

  it('an amount of 0 says "Enter an amount greater than 0" and asks nothing of the wallet', async () => {
    const world = aSendWorld()
    renderView(world, SendView)
    fireEvent.change(screen.getByLabelText('Token'), { target: { value: 'eip155:31337|native' } })
    fireEvent.change(screen.getByLabelText('Amount (ETH)'), { target: { value: '0.' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: TO } })
    fireEvent.click(screen.getByTestId('send-review'))
    expect((await screen.findByRole('alert')).textContent).toBe('Enter an amount greater than 0')
    expect(world.transfers.estimates).toEqual([])
    expect(world.transfers.sends).toEqual([])
    // Editing the amount clears the message.
    fireEvent.change(screen.getByLabelText('Amount (ETH)'), { target: { value: '0.1' } })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('a whole address of another chain family is said under the field while typing; a half-typed one is not', () => {
    const world = aSendWorld()
    world.modal.push('Send')
    renderView(world, SendView)
    const hint = () => screen.getByTestId('send-receiver-hint').textContent
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' } })
    expect(hint()).toBe('This is not an EVM address')
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '0x7099' } })
    expect(hint()).toBe('\u00a0')
  })

  it('Max fills the whole token balance', async () => {
    const world = aSendWorld()
    renderView(world, SendView)
    fireEvent.change(screen.getByLabelText('Token'), { target: { value: 'eip155:31337|eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3' } })
    fireEvent.click(screen.getByRole('button', { name: 'Use the maximum dUSD' }))
    await waitFor(() => expect((screen.getByLabelText('Amount (dUSD)') as HTMLInputElement).value).toBe('100'))
  })
})

describe('SendPreviewView and ApproveTransactionView', () => {
  it('a send to the token contract shows the warning and waits for an explicit yes', async () => {
    const world = aSendWorld()
    world.modal.push('Send')
    fill(world, { token: DUSD, amount: '1', receiver: DUSD_CONTRACT })
    await world.review.review()
    renderView(world, SendPreviewView)
    expect(screen.getByTestId('send-warning-tokenContract').textContent).toBe(
      "This is the dUSD token's own contract: tokens sent to it are usually lost for good.",
    )
    const send = screen.getByTestId('send-confirm') as HTMLButtonElement
    expect(send.disabled).toBe(true)
    fireEvent.click(screen.getByLabelText('I understand, send anyway'))
    expect(send.disabled).toBe(false)
    await act(async () => {
      fireEvent.click(send)
      await Promise.resolve()
    })
    await waitFor(() => expect(world.transfers.sends).toHaveLength(1))
  })

  it('after Cancel while the wallet asks, the review says the request is still open', async () => {
    const world = aSendWorld()
    world.modal.push('Send')
    fill(world, { token: ETH, amount: '0.1', receiver: TO })
    await world.review.review()
    world.transfers.hold()
    renderView(world, SendPreviewView)
    act(() => {
      void world.confirm.confirm()
    })
    act(() => world.confirm.cancelApproval())
    expect(screen.getByTestId('send-still-open').textContent).toBe(
      'The request is still open in your wallet. Nothing is sent unless you approve it there; reject it there to stop it.',
    )
    await act(async () => {
      world.transfers.release()
      await Promise.resolve()
    })
    await waitFor(() => expect(screen.getByTestId('send-sent').textContent).toContain('Sent 0.1 ETH'))
  })

  async function reviewed(world: SendWorld, token = ETH, amount = '0.25') {
    world.modal.push('Send')
    fill(world, { token, amount, receiver: TO })
    await world.review.review()
  }

  it('shows amount, receiver and fee; a double click sends once', async () => {
    const world = aSendWorld()
    await reviewed(world)
    renderView(world, SendPreviewView)
    expect(screen.getByTestId('send-preview-amount').textContent).toBe('0.25 ETH')
    expect(screen.getByTestId('send-preview-receiver').textContent).toContain(TO)
    expect(screen.getByTestId('send-preview-fee').textContent).toContain('ETH')
    world.transfers.hold()
    const button = screen.getByTestId('send-confirm')
    fireEvent.click(button)
    fireEvent.click(button)
    fireEvent.doubleClick(button)
    expect((button as HTMLButtonElement).disabled).toBe(true)
    await act(async () => {
      world.transfers.release()
      await Promise.resolve()
    })
    await waitFor(() => expect(world.modal.view).toBe('Account'))
    expect(world.transfers.sends).toHaveLength(1)
  })

  it('a rejection comes back to the review saying "Transaction rejected"', async () => {
    const world = aSendWorld()
    await reviewed(world, DUSD, '10.5')
    world.transfers.failNextSend(new TransactionRejectedError())
    renderView(world, SendPreviewView)
    fireEvent.click(screen.getByTestId('send-confirm'))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Transaction rejected'))
    expect(world.modal.view).toBe('SendPreview')
    expect((screen.getByTestId('send-confirm') as HTMLButtonElement).disabled).toBe(false)
  })

  it('the approval view shows the request and Cancel goes back', async () => {
    const world = aSendWorld()
    await reviewed(world)
    world.transfers.hold()
    void world.confirm.confirm()
    renderView(world, ApproveTransactionView)
    expect(screen.getByTestId('view-ApproveTransaction')).toBeTruthy()
    expect(screen.getByText('Send 0.25 ETH')).toBeTruthy()
    // The second click of a double click on Send lands here and must not cancel.
    fireEvent.click(screen.getByTestId('approve-cancel'), { detail: 2 })
    expect(world.modal.view).toBe('ApproveTransaction')
    fireEvent.click(screen.getByTestId('approve-cancel'), { detail: 1 })
    expect(world.modal.view).toBe('SendPreview')
    world.transfers.release()
  })
})

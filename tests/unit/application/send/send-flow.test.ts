import { afterEach, describe, expect, it, vi } from 'vitest'
import { TransactionRejectedError } from '../../../../src/domain/errors'
import { GasEstimationError, TransferFailedError } from '../../../../src/ports/token-transfers'
import { NAME_RESOLVE_DEBOUNCE_MS } from '../../../../src/application/send/send-form'
import { MAX_FEE_MARGIN_PERCENT } from '../../../../src/domain/send/send-fees'
import { DUSD, DUSD_CONTRACT, ETH, FROM, NOW, TO, aNameProfile, aSendWorld, connect, fill, previewOf, shownError } from './support'

function onSendView(world: ReturnType<typeof aSendWorld>): void {
  world.modal.reset('Account')
  world.modal.push('Send')
}

afterEach(() => {
  vi.useRealTimers()
})

describe('send: rules checked before any signature', () => {
  it('an empty amount says "An amount and receiver address are required" and asks nothing of the wallet', async () => {
    const world = aSendWorld()
    fill(world, { token: ETH, amount: '', receiver: TO })
    expect(await world.review.review()).toBe(false)
    expect(shownError(world)).toBe('An amount and receiver address are required')
    expect(world.transfers.estimates).toEqual([])
    expect(world.transfers.sends).toEqual([])
  })

  it('an empty receiver says the same', async () => {
    const world = aSendWorld()
    fill(world, { token: ETH, amount: '0.1', receiver: '  ' })
    await world.review.review()
    expect(shownError(world)).toBe('An amount and receiver address are required')
  })

  it('no token says "A token is required"', async () => {
    const world = aSendWorld()
    fill(world, { amount: '0.1', receiver: TO })
    await world.review.review()
    expect(shownError(world)).toBe('A token is required')
    expect(world.transfers.estimates).toEqual([])
  })

  it('a malformed receiver says "Invalid address"', async () => {
    const world = aSendWorld()
    fill(world, { token: ETH, amount: '0.1', receiver: '0x1234' })
    await world.review.review()
    expect(shownError(world)).toBe('Invalid address')
    expect(world.transfers.estimates).toEqual([])
  })

  it('an amount above the balance says "Insufficient funds" before estimating', async () => {
    const world = aSendWorld()
    fill(world, { token: DUSD, amount: '100.000001', receiver: TO })
    await world.review.review()
    expect(shownError(world)).toBe('Insufficient funds')
    expect(world.transfers.estimates).toEqual([])
  })

  it('the native amount plus the fee above the balance says "Insufficient funds"', async () => {
    const world = aSendWorld()
    fill(world, { token: ETH, amount: '1', receiver: TO })
    await world.review.review()
    expect(world.transfers.estimates).toHaveLength(1)
    expect(shownError(world)).toBe('Insufficient funds')
    expect(world.review.snapshot.status).toBe('failed')
    expect(world.form.snapshot.locked).toBe(false)
  })

  it('the receiver is checked with the rule of the connected chain family, and an EVM address on Solana says so', async () => {
    const world = aSendWorld()
    connect(world.connection, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana')
    fill(world, { token: ETH, amount: '0.1', receiver: TO })
    // Said while the visitor types, not only on Review.
    expect(world.form.snapshot.receiver).toEqual({ status: 'unresolved', name: TO, error: { kind: 'wrongFamily', namespace: 'solana' } })
    await world.review.review()
    expect(shownError(world)).toBe('This is not a Solana address')
    expect(world.transfers.estimates).toEqual([])
  })

  it('a chain family that cannot send says "Unsupported chain"', async () => {
    const world = aSendWorld()
    connect(world.connection, 'polkadot:91b171bb158e2d3848fa23a9f1c25182' as never, 'polkadot' as never)
    fill(world, { token: ETH, amount: '0.1', receiver: TO })
    await world.review.review()
    expect(shownError(world)).toBe('Unsupported chain')
  })

  it('more decimals than the token has are refused, not rounded', async () => {
    const world = aSendWorld()
    fill(world, { token: DUSD, amount: '1.1234567', receiver: TO })
    await world.review.review()
    expect(shownError(world)).toBe('This token accepts at most 6 decimals')
    expect(world.transfers.estimates).toEqual([])
  })

  it.each(['0', '0.000', '0.'])('an amount of %j says "Enter an amount greater than 0" and asks nothing of the wallet', async (amount) => {
    const world = aSendWorld()
    fill(world, { token: ETH, amount, receiver: TO })
    expect(await world.review.review()).toBe(false)
    expect(shownError(world)).toBe('Enter an amount greater than 0')
    expect(world.review.snapshot).toEqual({ status: 'failed', error: { kind: 'amountNotPositive' } })
    expect(world.modal.view).not.toBe('SendPreview')
    expect(world.transfers.estimates).toEqual([])
    expect(world.transfers.sends).toEqual([])
  })

  it('an amount of zero to a name is refused before the name is looked up', async () => {
    const world = aSendWorld({ names: [aNameProfile('alice.wg.id', TO)] })
    const lookUp = vi.spyOn(world.api, 'lookUpName')
    fill(world, { token: DUSD, amount: '0', receiver: 'alice' })
    expect(await world.review.review()).toBe(false)
    expect(shownError(world)).toBe('Enter an amount greater than 0')
    expect(lookUp).not.toHaveBeenCalled()
    expect(world.transfers.estimates).toEqual([])
  })

  it('a failed fee estimate gives a clear message and keeps the form', async () => {
    const world = aSendWorld()
    world.transfers.estimateFailure = new Error('execution reverted')
    fill(world, { token: DUSD, amount: '1', receiver: TO })
    expect(await world.review.review()).toBe(false)
    expect(shownError(world)).toBe('Could not estimate the network fee')
    expect(world.form.snapshot.values).toMatchObject({ amount: '1', receiver: TO })
    expect(world.logger.warnings).toContain('Send fee estimate failed')
  })
})

describe('send: the form', () => {
  it('accepts pasted text with spaces and a comma as the decimal separator, and shows the fiat value', async () => {
    const world = aSendWorld()
    onSendView(world)
    fill(world, { token: DUSD, amount: ' 10,5 ', receiver: TO })
    expect(world.form.snapshot.fiat).toBe('10.50')
    expect(await world.review.review()).toBe(true)
    expect(previewOf(world)?.request).toEqual({
      chainId: 'eip155:31337',
      from: FROM,
      to: TO,
      amount: 10_500_000n,
      token: DUSD_CONTRACT,
    })
    expect(world.modal.view).toBe('SendPreview')
  })

  it('shows the estimated fee in the native token and in fiat', async () => {
    const world = aSendWorld()
    world.transfers.gas = 21_000n
    world.transfers.gasPrice = 100_000_000_000n // 0.0021 ETH
    fill(world, { token: ETH, amount: '0.25', receiver: TO })
    await world.review.review()
    expect(previewOf(world)).toMatchObject({ amount: '0.25', fiat: '625.00', fee: '0.002', feeSymbol: 'ETH', feeFiat: '5.25' })
  })

  it('Max of the native token leaves the estimated fee and a margin', async () => {
    const world = aSendWorld()
    fill(world, { token: ETH, receiver: TO })
    await world.review.fillMax()
    const reserve = (world.transfers.fee * (100n + MAX_FEE_MARGIN_PERCENT)) / 100n
    const expected = 10n ** 18n - reserve
    expect(world.form.snapshot.values.amount).toBe(`0.${expected.toString().padStart(18, '0')}`.replace(/0+$/, ''))
    expect(world.transfers.estimates[0]).toMatchObject({ amount: 0n, to: TO })
  })

  it('Max of a token is its whole balance', async () => {
    const world = aSendWorld()
    fill(world, { token: DUSD })
    await world.review.fillMax()
    expect(world.form.snapshot.values.amount).toBe('100')
    expect(world.transfers.estimates).toEqual([])
  })

  it('resolves a registered name after typing pauses and shows the address', async () => {
    vi.useFakeTimers()
    const world = aSendWorld({ names: [aNameProfile('alice.wg.id', TO)] })
    fill(world, { token: ETH, amount: '0.1' })
    world.form.setReceiver('alice.wg.id')
    expect(world.form.snapshot.receiver).toEqual({ status: 'resolving', name: 'alice.wg.id' })
    await vi.advanceTimersByTimeAsync(NAME_RESOLVE_DEBOUNCE_MS)
    expect(world.form.snapshot.receiver).toEqual({ status: 'resolved', name: 'alice.wg.id', address: TO })
  })

  it('sends to the resolved address of a name, adding the zone to a bare name', async () => {
    const world = aSendWorld({ names: [aNameProfile('alice.wg.id', TO)] })
    fill(world, { token: ETH, amount: '0.1', receiver: 'alice' })
    expect(await world.review.review()).toBe(true)
    expect(previewOf(world)).toMatchObject({ receiverAddress: TO, receiverName: 'alice.wg.id' })
    expect(world.transfers.estimates[0]?.to).toBe(TO)
  })

  it('an unregistered name says the name was not found, and logs nothing as a failure', async () => {
    const world = aSendWorld()
    fill(world, { token: ETH, amount: '0.1', receiver: 'nobody' })
    await world.review.review()
    expect(shownError(world)).toBe('No one has registered the name nobody.wg.id')
    expect(world.transfers.estimates).toEqual([])
    // The name service listed it as free: its profile (a 404, a console error in a browser) is not asked.
    expect(world.api.calls).toContain('getNameSuggestions')
    expect(world.api.calls).not.toContain('lookUpName')
    expect(world.logger.warnings).toEqual([])
    expect(world.logger.errors).toEqual([])
  })

  it('a name of another zone is looked up directly, and a missing one is not found either', async () => {
    const world = aSendWorld()
    fill(world, { token: ETH, amount: '0.1', receiver: 'nobody.eth' })
    await world.review.review()
    expect(shownError(world)).toBe('No one has registered the name nobody.eth')
    expect(world.api.calls).toContain('lookUpName')
  })

  it('a Solana address on an EVM network is said to be no EVM address, not looked up as a name', async () => {
    const world = aSendWorld()
    const solana = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    fill(world, { token: ETH, amount: '0.1', receiver: solana })
    expect(world.form.snapshot.receiver).toEqual({ status: 'unresolved', name: solana, error: { kind: 'wrongFamily', namespace: 'eip155' } })
    await world.review.review()
    expect(shownError(world)).toBe('This is not an EVM address')
    expect(world.api.calls).not.toContain('lookUpName')
  })

  it('a name with no address of the connected family says so', async () => {
    const world = aSendWorld({ names: [aNameProfile('sol.wg.id', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 501)] })
    fill(world, { token: ETH, amount: '0.1', receiver: 'sol' })
    await world.review.review()
    expect(shownError(world)).toBe('sol.wg.id has no address on this network')
  })

  it('a mixed-case address whose case is not its checksum says "Invalid address checksum" before any estimate', async () => {
    const world = aSendWorld()
    const flipped = TO.replace('C51812', 'c51812')
    fill(world, { token: ETH, amount: '0.1', receiver: flipped })
    await world.review.review()
    expect(shownError(world)).toBe('Invalid address checksum')
    expect(world.transfers.estimates).toEqual([])
    fill(world, { token: ETH, amount: '0.1', receiver: TO.toLowerCase() })
    expect(await world.review.review()).toBe(true)
  })

  it('reads the amount in the visitor locale and shows it exactly on the review', async () => {
    const rich = { ...DUSD, quantity: { decimals: '6', numeric: '5000' } }
    const en = aSendWorld()
    fill(en, { token: rich, amount: '1,000', receiver: TO })
    expect(en.form.snapshot.fiat).toBe('1,000.00')
    await en.review.review()
    expect(previewOf(en)).toMatchObject({ amount: '1000', amountText: '1,000' })
    const de = aSendWorld({ locale: 'de-DE' })
    fill(de, { token: rich, amount: '1,000', receiver: TO })
    await de.review.review()
    expect(previewOf(de)).toMatchObject({ amount: '1.000', amountText: '1' })
    const fr = aSendWorld({ locale: 'fr-FR' })
    fill(fr, { token: rich, amount: '1.000', receiver: TO })
    await fr.review.review()
    expect(shownError(fr)).toBe('Enter an amount with "," for decimals (for example 1\u202f000,5)')
  })

  it('a new account or network resets the form', () => {
    const world = aSendWorld()
    fill(world, { token: ETH, amount: '0.1', receiver: TO })
    connect(world.connection, 'eip155:31338')
    expect(world.form.snapshot.values).toEqual({ amount: '', receiver: '' })
  })
})

describe('send: sending', () => {
  it('sends once, then: pending activity entry, success snack, balances with forceUpdate, form reset, Account', async () => {
    const world = aSendWorld()
    onSendView(world)
    fill(world, { token: ETH, amount: '0.25', receiver: TO })
    await world.review.review()
    world.transfers.hold()
    const sending = world.confirm.confirm()
    expect(world.modal.view).toBe('ApproveTransaction')
    expect(world.approvals.current?.summary.title).toBe('Send 0.25 ETH')
    expect(world.confirm.snapshot.status).toBe('sending')
    // The form stays as reviewed while the wallet has the request.
    world.form.setAmount('0.5')
    expect(world.form.snapshot.values.amount).toBe('0.25')
    world.transfers.release()
    await sending

    expect(world.transfers.sends).toEqual([{ chainId: 'eip155:31337', from: FROM, to: TO, amount: 250_000_000_000_000_000n }])
    expect(world.pending).toHaveLength(1)
    expect(world.pending[0]?.metadata).toMatchObject({ status: 'pending', sentFrom: FROM, sentTo: TO, chain: 'eip155:31337', minedAt: new Date(NOW).toISOString() })
    expect(world.pending[0]?.transfers[0]).toMatchObject({ direction: 'out', quantity: { numeric: '0.25' }, fungible_info: { symbol: 'ETH' } })
    expect(world.notifier.successes).toEqual(['Sent 0.25 ETH'])
    expect(world.balances.refreshes).toEqual([{ forceUpdate: true }])
    expect(world.form.snapshot.values).toEqual({ amount: '', receiver: '' })
    expect(world.modal.history).toEqual(['Account'])
    expect(world.events.map((e) => e.event)).toEqual(['SEND_SUCCESS'])
  })

  it('a second confirm while the wallet has the request sends nothing more', async () => {
    const world = aSendWorld()
    onSendView(world)
    fill(world, { token: DUSD, amount: '10.5', receiver: TO })
    await world.review.review()
    world.transfers.hold()
    const first = world.confirm.confirm()
    const second = world.confirm.confirm()
    world.transfers.release()
    await Promise.all([first, second])
    await world.confirm.confirm()
    expect(world.transfers.sends).toHaveLength(1)
    expect(world.pending).toHaveLength(1)
  })

  it('a rejection in the wallet says "Transaction rejected", keeps the form and goes back to the review', async () => {
    const world = aSendWorld()
    onSendView(world)
    fill(world, { token: ETH, amount: '0.25', receiver: TO })
    await world.review.review()
    world.transfers.failNextSend(new TransactionRejectedError())
    await world.confirm.confirm()

    expect(shownError(world)).toBe('Transaction rejected')
    expect(world.review.snapshot.status).toBe('ready')
    expect(world.confirm.snapshot).toEqual({ status: 'failed', error: { kind: 'transactionRejected' } })
    expect(world.form.snapshot.values).toMatchObject({ token: ETH, amount: '0.25', receiver: TO })
    expect(world.modal.view).toBe('SendPreview')
    expect(world.pending).toEqual([])
    expect(world.notifier.successes).toEqual([])
    expect(world.balances.refreshes).toEqual([])
    expect(world.logger.warnings).toContain('Transaction rejected in the wallet')
    expect(world.logger.errors).toEqual([])
    expect(world.events.map((e) => e.event)).toEqual(['SEND_REJECTED'])

    // The same review can be sent again.
    await world.confirm.confirm()
    expect(world.transfers.sends).toHaveLength(2)
    expect(world.modal.history).toEqual(['Account'])
  })

  it('any other failure shows its own message and keeps the form', async () => {
    const world = aSendWorld()
    onSendView(world)
    fill(world, { token: DUSD, amount: '1', receiver: TO })
    await world.review.review()
    world.transfers.failNextSend(new TransferFailedError('nonce too low'))
    await world.confirm.confirm()
    expect(shownError(world)).toBe('nonce too low')
    expect(world.form.snapshot.values).toMatchObject({ amount: '1', receiver: TO })
    expect(world.modal.view).toBe('SendPreview')
  })

  it('cancelling the approval goes back and says the request is still open; a later approval says sent, with no jump', async () => {
    const world = aSendWorld()
    onSendView(world)
    fill(world, { token: ETH, amount: '0.1', receiver: TO })
    await world.review.review()
    world.transfers.hold()
    const sending = world.confirm.confirm()
    world.confirm.cancelApproval()
    expect(world.modal.view).toBe('SendPreview')
    expect(world.confirm.snapshot).toEqual({ status: 'sending', stillOpen: true })
    await world.confirm.confirm()
    world.transfers.release()
    await sending
    expect(world.transfers.sends).toHaveLength(1)
    expect(world.pending).toHaveLength(1)
    expect(world.notifier.successes).toEqual(['Sent 0.1 ETH'])
    // The wallet sent it after all: the visitor stays where they were and is told it was sent.
    expect(world.modal.view).toBe('SendPreview')
    expect(world.confirm.snapshot).toMatchObject({ status: 'sent', preview: { amountText: '0.1' } })
  })

  it('a send to the zero address or the token contract goes to the wallet only after an explicit yes', async () => {
    const world = aSendWorld()
    onSendView(world)
    fill(world, { token: DUSD, amount: '1', receiver: DUSD_CONTRACT })
    await world.review.review()
    expect(previewOf(world)).toMatchObject({ warnings: [{ kind: 'tokenContract', symbol: 'dUSD' }], needsAcknowledgement: true })
    await world.confirm.confirm()
    expect(world.transfers.sends).toEqual([])
    await world.confirm.confirm({ acknowledged: true })
    expect(world.transfers.sends).toHaveLength(1)
  })

  it('an ERC-20 send to the zero address says so, not that the fee could not be estimated', async () => {
    const world = aSendWorld()
    onSendView(world)
    // A token refuses the zero address as its receiver: the estimate reverts.
    world.transfers.estimateFailure = new GasEstimationError()
    fill(world, { token: DUSD, amount: '1', receiver: '0x0000000000000000000000000000000000000000' })
    await world.review.review()
    expect(shownError(world)).toBe('This is the zero address: nobody can ever move what is sent to it.')
    expect(world.transfers.sends).toEqual([])
  })

  it('an all-uppercase EVM address is accepted and sent to as its checksummed form', async () => {
    const world = aSendWorld()
    onSendView(world)
    fill(world, { token: ETH, amount: '0.1', receiver: `0x${TO.slice(2).toUpperCase()}` })
    await world.review.review()
    expect(shownError(world)).toBeUndefined()
    expect(previewOf(world)?.request.to).toBe(TO)
    await world.confirm.confirm()
    expect(world.transfers.sends.map((r) => r.to)).toEqual([TO])
  })

  it('a send to oneself is pointed out and needs no extra yes', async () => {
    const world = aSendWorld()
    onSendView(world)
    fill(world, { token: ETH, amount: '0.1', receiver: FROM })
    await world.review.review()
    expect(previewOf(world)).toMatchObject({ warnings: [{ kind: 'self' }], needsAcknowledgement: false })
    await world.confirm.confirm()
    expect(world.transfers.sends).toHaveLength(1)
  })

  it('editing the form drops the review', async () => {
    const world = aSendWorld()
    fill(world, { token: ETH, amount: '0.1', receiver: TO })
    await world.review.review()
    expect(world.review.snapshot.status).toBe('ready')
    world.form.setAmount('0.2')
    expect(world.review.snapshot.status).toBe('editing')
    expect(previewOf(world)).toBeUndefined()
    await world.confirm.confirm()
    expect(world.transfers.sends).toEqual([])
  })
})

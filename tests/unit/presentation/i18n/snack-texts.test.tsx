// @vitest-environment jsdom
/**
 * A snack of the catalogue travels with its key, not its English: the snackbar shows the host's
 * words or the language's for that key, and a text the catalogue says in two places (a snack and a
 * notice's title) is reworded in each place on its own.
 */
import { act, cleanup, render, screen } from '@testing-library/react'
import { VirtualTimeScheduler } from 'rxjs'
import { afterEach, describe, expect, it } from 'vitest'
import { SnackStore } from '../../../../src/application/snack-store'
import { SNACK_MESSAGES } from '../../../../src/domain/messages'
import { Snackbar } from '../../../../src/presentation/components'
import { DiProvider } from '../../../../src/presentation/di-context'
import { en } from '../../../../src/presentation/i18n/catalogue'
import { addEnglish, I18nProvider } from '../../../../src/presentation/i18n/i18n'
import { errors } from '../../../../src/presentation/i18n/messages/errors'
import { Scheduler } from '../../../../src/ports/scheduler'
import { aModalConfig } from '../../../builders/config'
import { createTestContainer } from '../../../support/test-container'

afterEach(cleanup)

function snackbar(messages: Record<string, string>) {
  const scheduler = new VirtualTimeScheduler()
  const container = createTestContainer(aModalConfig({ locale: 'en', messages }), (c) => c.rebind(Scheduler).toConstantValue(scheduler))
  render(
    <DiProvider container={container}>
      <I18nProvider>
        <Snackbar />
      </I18nProvider>
    </DiProvider>,
  )
  return container.get(SnackStore)
}

describe('a snack of the catalogue', () => {
  it('carries its key and shows the host words for it', () => {
    addEnglish(errors)
    // "Token Balance Unavailable" is both a snack's text and the Account notice's title.
    expect(en['account.balanceUnavailableTitle']).toBe(en['snack.tokenBalanceUnavailable'])
    const store = snackbar({ 'snack.tokenBalanceUnavailable': 'Balances are resting', 'account.balanceUnavailableTitle': 'No balances' })
    act(() => store.showMessage('tokenBalanceUnavailable'))
    expect(store.snapshot).toMatchObject({ message: SNACK_MESSAGES.tokenBalanceUnavailable, text: { key: 'snack.tokenBalanceUnavailable' } })
    expect(screen.getByTestId('snack').textContent).toContain('Balances are resting')
    expect(screen.getByTestId('snack').textContent).not.toContain('No balances')
  })

  it('shows its English while its area has not brought its texts, and a snack without a key as it is', () => {
    const store = snackbar({})
    act(() => store.show('Copied', 'success', { text: { key: 'snack.notInTheCatalogue' } }))
    expect(screen.getByTestId('snack').textContent).toContain('Copied')
  })
})

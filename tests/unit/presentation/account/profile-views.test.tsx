// @vitest-environment jsdom
/**
 * The profile's views over a container of fakes: Profile (addresses, names, actions), the choice
 * of the shown name, the account type switch, and each view with nothing connected.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import AccountView from '../../../../src/presentation/views/AccountView'
import { ChooseAccountName, Profile, SwitchAccountType } from '../../../../src/presentation/views/profile'
import { views } from '../../../../src/presentation/views/account/account.views'
import { EOA_ADDRESS, EVM_ADDRESS, SOLANA_ADDRESS, aNameProfile, profileWorld } from '../../../support/profile-world'

afterEach(cleanup)

const NAMES = [aNameProfile('first.wg.id', EVM_ADDRESS, '2026-01-01T00:00:00.000Z'), aNameProfile('second.wg.id', EVM_ADDRESS, '2026-02-01T00:00:00.000Z')]

describe('Profile', () => {
  it("opens from the Account header's avatar and name, a button named after the visitor", async () => {
    const w = profileWorld({ names: NAMES })
    w.show(<AccountView />)
    const opener = screen.getByTestId('account-open-profile')
    expect(opener.tagName).toBe('BUTTON')
    await waitFor(() => expect(opener.textContent).toBe('first.wg.idOpen profile'))
    fireEvent.click(opener)
    expect(w.modal.snapshot.router.view).toBe('Profile')
  })

  it('shows the name, every connected address with its explorer, the account type and the names with the primary marked', async () => {
    const w = profileWorld({ names: NAMES, solana: true, accountTypes: ['smartAccount', 'eoa'] })
    w.show(<Profile />)
    await waitFor(() => expect(screen.getByTestId('profile-title').textContent).toBe('first.wg.id'))
    const evm = screen.getByTestId('profile-address-eip155')
    expect(within(evm).getByTestId('profile-address-value').textContent).toBe(EVM_ADDRESS)
    expect(within(evm).getByTestId('profile-explorer').getAttribute('href')).toBe(`https://explorer.example/address/${EVM_ADDRESS}`)
    expect(within(screen.getByTestId('profile-address-solana')).getByTestId('profile-address-value').textContent).toBe(SOLANA_ADDRESS)
    // The active family first.
    expect(screen.getAllByTestId(/^profile-address-(eip155|solana)$/).map((e) => e.dataset.testid)).toEqual(['profile-address-eip155', 'profile-address-solana'])
    expect(screen.getByTestId('profile-account-type-value').textContent).toBe('Smart account')
    expect(within(screen.getByTestId('name-first.wg.id')).getByText('Primary')).toBeTruthy()
    expect(within(screen.getByTestId('name-second.wg.id')).queryByText('Primary')).toBeNull()

    fireEvent.click(screen.getByTestId('profile-choose-name'))
    expect(w.modal.snapshot.router.view).toBe('ChooseAccountName')
    fireEvent.click(screen.getByTestId('profile-register-name'))
    expect(w.modal.snapshot.router.view).toBe('RegisterAccountName')
    fireEvent.click(screen.getByTestId('profile-switch-type'))
    expect(w.modal.snapshot.router.view).toBe('SwitchAccountType')
    fireEvent.click(screen.getByTestId('profile-settings'))
    expect(w.modal.snapshot.router.view).toBe('AccountSettings')
  })

  it('without a name shows the whole address, says there is none yet and offers to register one', async () => {
    const w = profileWorld()
    w.show(<Profile />)
    await screen.findByTestId('names-empty')
    expect(screen.getByTestId('profile-title').textContent).toBe(EVM_ADDRESS)
    expect(screen.queryByTestId('profile-choose-name')).toBeNull()
    expect(screen.getByTestId('profile-register-name')).toBeTruthy()
    // One account type: nothing to switch to.
    expect(screen.queryByTestId('profile-switch-type')).toBeNull()
  })

  it('a failed names lookup is an error with a retry that recovers', async () => {
    const w = profileWorld({ names: NAMES })
    w.service.names.failNext('reverseLookUpNames', new Error('offline'))
    w.show(<Profile />)
    expect((await screen.findByTestId('names-error')).textContent).toContain('Your names could not be loaded.')
    fireEvent.click(screen.getByTestId('names-retry'))
    await screen.findByTestId('name-first.wg.id')
  })

  it('with nothing connected, each view offers to connect instead of drawing an empty profile', () => {
    for (const View of [Profile, ChooseAccountName, SwitchAccountType]) {
      const w = profileWorld({ connected: false })
      w.show(<View />)
      expect(screen.getByTestId('profile-not-connected').textContent).toContain('Connect a wallet to see its profile.')
      fireEvent.click(screen.getByTestId('profile-connect'))
      expect(w.modal.snapshot.router.view).toBe('Connect')
      cleanup()
    }
  })

  it("registers each view, loaded through the account's chunk", async () => {
    expect((await views.Profile!()).default).toBe(Profile)
    expect((await views.ChooseAccountName!()).default).toBe(ChooseAccountName)
    expect((await views.SwitchAccountType!()).default).toBe(SwitchAccountType)
  })
})

describe('ChooseAccountName', () => {
  it('picking a name marks it primary, says so, and makes it the name the account shows', async () => {
    const w = profileWorld({ names: NAMES })
    w.show(<ChooseAccountName />)
    const second = await screen.findByTestId('choose-name-second.wg.id')
    expect(screen.getByTestId('choose-name-first.wg.id').getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(second)
    expect(second.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByTestId('choose-name-first.wg.id').getAttribute('aria-pressed')).toBe('false')
    expect(screen.getByTestId('name-chosen').textContent).toBe('second.wg.id is now the name shown for this account.')
    cleanup()
    w.show(<Profile />)
    await waitFor(() => expect(screen.getByTestId('profile-title').textContent).toBe('second.wg.id'))
    fireEvent.click(screen.getByTestId('profile-register-name'))
    expect(w.modal.snapshot.router.view).toBe('RegisterAccountName')
  })
})

describe('SwitchAccountType', () => {
  it('explains each type, marks the current one, switches and says so', async () => {
    const w = profileWorld({ accountTypes: ['smartAccount', 'eoa'] })
    w.show(<SwitchAccountType />)
    expect(within(screen.getByTestId('account-type-option-smartAccount')).getByTestId('account-type-current')).toBeTruthy()
    expect(screen.getByTestId('account-type-option-eoa').textContent).toContain('A plain account controlled by one private key')
    expect(screen.getByTestId('account-type-option-smartAccount').textContent).toContain('An account run by a contract')
    fireEvent.click(screen.getByTestId('account-type-use-eoa'))
    await waitFor(() => expect(screen.getByTestId('account-type-status').textContent).toBe('Now using: EOA.'))
    expect(w.connection.snapshot).toMatchObject({ accountType: 'eoa', address: EOA_ADDRESS })
    expect(within(screen.getByTestId('account-type-option-eoa')).getByTestId('account-type-current')).toBeTruthy()
    expect(w.switches).toEqual(['eoa'])
  })

  it("shows the wallet's refusal and stays on the current type", async () => {
    const w = profileWorld({ accountTypes: ['smartAccount', 'eoa'], refuse: true })
    w.show(<SwitchAccountType />)
    fireEvent.click(screen.getByTestId('account-type-use-eoa'))
    await waitFor(() => expect(screen.getByTestId('account-type-error').textContent).toBe('The wallet declined'))
    expect(screen.getByTestId('account-type-status').textContent).toBe('')
    expect(w.connection.snapshot).toMatchObject({ accountType: 'smartAccount', address: EVM_ADDRESS })
  })

  it('with one type says there is nothing to switch to', () => {
    const w = profileWorld()
    w.show(<SwitchAccountType />)
    expect(screen.getByTestId('account-type-none').textContent).toContain('Only one account type')
  })
})

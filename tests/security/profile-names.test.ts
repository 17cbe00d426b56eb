// @vitest-environment jsdom
/**
 * Attacks on the profile's names (src/application/names, src/presentation/views/profile): a name
 * whose text is markup or reorders the line (a name service is outside the modal's control), a pick
 * planted in the page's storage for a name the address does not own, and a pick of another
 * address's name. Each fails without its defence: names rendered as text in an isolated <bdi>,
 * the stored pick shown only while the service lists it as the address's, and `choose` refusing a
 * name not among the address's own.
 */
import { cleanup, screen, waitFor } from '@testing-library/react'
import { createElement } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { IdentityStore } from '../../src/application/account/identity-store'
import { ChooseAccountName as ChooseAccountNameUseCase, rememberDisplayName } from '../../src/application/names/choose-account-name'
import { ChooseAccountName, Profile } from '../../src/presentation/views/profile'
import { InMemoryKeyValueStorage } from '../fakes/in-memory-key-value-storage'
import { EVM_ADDRESS, aNameProfile, profileWorld } from '../support/profile-world'

afterEach(cleanup)

const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const MARKUP = '<img src=x onerror="window.__pwned=1">.wg.id'
// U+202E turns the rest of a line around: "exe.wg.id" would read as something else beside it.
const REORDERING = '\u202Eexe.wg.id'

describe('hostile names', () => {
  it('a name made of markup shows as its text and creates no element; a reordering name is isolated', async () => {
    const w = profileWorld({ names: [aNameProfile(MARKUP, EVM_ADDRESS), aNameProfile(REORDERING, EVM_ADDRESS, '2026-02-01T00:00:00.000Z')] })
    const { container } = w.show(createElement(ChooseAccountName))
    const row = await screen.findByTestId(`choose-name-${MARKUP}`)
    expect(container.querySelector('img')).toBeNull()
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined()
    expect(row.querySelector('bdi')?.textContent).toBe(MARKUP)
    expect(screen.getByTestId(`choose-name-${REORDERING}`).querySelector('bdi')?.textContent).toBe(REORDERING)
    cleanup()
    const shown = w.show(createElement(Profile))
    await waitFor(() => expect(screen.getByTestId('profile-title').querySelector('bdi')?.textContent).toBe(MARKUP))
    expect(shown.container.querySelector('img')).toBeNull()
  })

  it("a pick planted in storage for a name the address does not own is never shown", async () => {
    const storage = new InMemoryKeyValueStorage()
    rememberDisplayName(storage, EVM_ADDRESS, 'vitalik.wg.id')
    const w = profileWorld({ storage, names: [aNameProfile('mine.wg.id', EVM_ADDRESS), aNameProfile('vitalik.wg.id', OTHER)] })
    w.show(createElement(Profile))
    await screen.findByTestId('name-mine.wg.id')
    expect(screen.getByTestId('profile-title').textContent).toBe('mine.wg.id')
    expect(screen.queryByTestId('name-vitalik.wg.id')).toBeNull()
    expect(w.container.get(IdentityStore).snapshot).toMatchObject({ identity: { name: 'mine.wg.id' } })
  })

  it("another address's name cannot be picked as this address's", async () => {
    const w = profileWorld({ names: [aNameProfile('mine.wg.id', EVM_ADDRESS), aNameProfile('theirs.wg.id', OTHER)] })
    const chooser = w.container.get(ChooseAccountNameUseCase)
    await chooser.load()
    chooser.choose('theirs.wg.id')
    expect(chooser.snapshot).toMatchObject({ status: 'ready', names: ['mine.wg.id'], displayed: 'mine.wg.id' })
    expect([...w.storage.values.values()]).not.toContain('theirs.wg.id')
    expect(w.container.get(IdentityStore).snapshot).not.toMatchObject({ identity: { name: 'theirs.wg.id' } })
  })
})

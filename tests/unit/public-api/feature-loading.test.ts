// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { ModuleLoader } from '../../../src/composition/module-loader'
import { ConnectorsStore } from '../../../src/application/connection/connectors-store'
import { NetworksStore } from '../../../src/application/networks/networks-store'
import { RegisterAccountName } from '../../../src/application/names/register-account-name'
import { BuyCrypto } from '../../../src/application/onramp/buy-crypto'
import { aModalWithContainer } from '../../builders/a-modal'
import { aModalConfig } from '../../builders/config'
import { createWalletModal } from '../../../src/index'
import { Logger } from '../../../src/ports/logger'

describe('on-demand bindings', () => {
  it('binds the connect views first and the account features only when asked', async () => {
    const { modal, container } = aModalWithContainer()
    const loader = container.get(ModuleLoader)
    expect(container.isBound(ConnectorsStore)).toBe(false)
    await loader.loadAt('onOpen')
    expect(container.isBound(ConnectorsStore)).toBe(true)
    expect(container.isBound(NetworksStore)).toBe(false)
    expect(loader.loaded('account')).toBe(false)
    const [a, b] = await Promise.all([loader.load('account'), loader.load('account')])
    expect(a).toBe(b)
    expect(loader.loaded('account')).toBe(true)
    expect(container.isBound(NetworksStore)).toBe(true)
    modal.destroy()
  })

  it('binds name registration and buying crypto only when their views ask, and stops them on destroy', async () => {
    const { modal, container } = aModalWithContainer()
    const loader = container.get(ModuleLoader)
    await loader.load('account')
    expect(container.isBound(RegisterAccountName)).toBe(false)
    expect(container.isBound(BuyCrypto)).toBe(false)
    await loader.load('names')
    expect(loader.loaded('names')).toBe(true)
    expect(loader.loaded('onRamp')).toBe(false)
    expect(container.isBound(RegisterAccountName)).toBe(true)
    expect(container.isBound(BuyCrypto)).toBe(false)
    await loader.load('onRamp')
    const stopNames = vi.spyOn(container.get(RegisterAccountName), 'dispose')
    const stopBuying = vi.spyOn(container.get(BuyCrypto), 'dispose')
    modal.destroy()
    expect(stopNames).toHaveBeenCalledTimes(1)
    expect(stopBuying).toHaveBeenCalledTimes(1)
  })

  it('a destroyed modal binds nothing more and its features stop', async () => {
    const { modal, container } = aModalWithContainer()
    const loader = container.get(ModuleLoader)
    await loader.load('account')
    const dispose = vi.spyOn(container.get(NetworksStore), 'dispose')
    modal.destroy()
    expect(dispose).toHaveBeenCalledTimes(1)
    expect(loader.loaded('account')).toBe(false)
    await expect(loader.load('names')).rejects.toThrow('The modal was destroyed.')
  })

  it('an overlay modal prefetches the connect views once the page is idle, before any open', async () => {
    const { modal, container } = aModalWithContainer()
    try {
      await modal.mount()
      expect(modal.getState().open).toBe(false)
      await vi.waitFor(() => expect(container.isBound(ConnectorsStore)).toBe(true), { timeout: 5000 })
      expect(container.isBound(NetworksStore)).toBe(false)
    } finally {
      modal.destroy()
    }
  })
})

describe('open() when the modal cannot be loaded', () => {
  it('resolves, stays closed and warns; the next open loads and opens', async () => {
    const warnings: string[] = []
    let failNext = true
    const modal = createWalletModal(aModalConfig(), {
      overrides: (c) => {
        const real = c.get(ModuleLoader)
        const logger: Logger = { debug() {}, warn: (message) => void warnings.push(message), error() {} }
        c.rebind(Logger).toConstantValue(logger)
        c.rebind(ModuleLoader).toConstantValue({
          ...real,
          loadAt: (moment) => {
            if (!failNext) return real.loadAt(moment)
            failNext = false
            return Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
          },
        })
      },
    })
    try {
      await expect(modal.open()).resolves.toBeUndefined()
      expect(modal.getState().open).toBe(false)
      expect(warnings).toEqual(['Walletgate: the modal could not be loaded'])
      await modal.open()
      expect(modal.getState()).toMatchObject({ open: true, view: 'Connect' })
    } finally {
      modal.destroy()
    }
  })
})

describe('open() and close() while the modal loads', () => {
  function aModalLoadingOnCue() {
    let release: () => void = () => undefined
    let held = true
    const modal = createWalletModal(aModalConfig(), {
      overrides: (c) => {
        const real = c.get(ModuleLoader)
        c.rebind(ModuleLoader).toConstantValue({
          ...real,
          loadAt: (moment) => {
            if (!held) return real.loadAt(moment)
            held = false
            return new Promise<void>((resolve) => (release = resolve)).then(() => real.loadAt(moment))
          },
        })
      },
    })
    return { modal, release: () => release() }
  }

  it('a close() while the chunks load wins: the modal stays closed; a later open opens it', async () => {
    const { modal, release } = aModalLoadingOnCue()
    try {
      const opening = modal.open()
      modal.close()
      release()
      await opening
      expect(modal.getState().open).toBe(false)
      await modal.open()
      expect(modal.getState()).toMatchObject({ open: true, view: 'Connect' })
    } finally {
      modal.destroy()
    }
  })
})

import type { Container } from 'inversify'
import { createWalletModal, type WalletModal } from '../../src/index'
import { aModalConfig } from './config'

/** A modal built from a valid configuration, with its DI container for the test to look into. */
export function aModalWithContainer(): { modal: WalletModal; container: Container } {
  let container: Container | undefined
  const modal = createWalletModal(aModalConfig(), { overrides: (c) => void (container = c) })
  if (container === undefined) throw new Error('overrides not called')
  return { modal, container }
}

/**
 * The modal opens the wallet frame at its FRAME_PATH, and the server serves it at its own
 * WALLET_FRAME_PATH (the server compiles without the modal's code): the two must be one path.
 */
import { describe, expect, it } from 'vitest'
import { FRAME_PATH } from '../../../src/infrastructure/embedded-wallet/frame-protocol'
import { WALLET_FRAME_PATH } from '../../../server/src/wallet/http/frame-page'

describe('the wallet frame path', () => {
  it('is the same in the modal and in the server', () => {
    expect(WALLET_FRAME_PATH).toBe(FRAME_PATH)
  })
})

import { describe, expect, it } from 'vitest'
import {
  INITIAL_FRAME_STATE,
  frameReported,
  startFrameLoad,
  tickFrame,
} from '../../../../src/domain/embedded-wallet/frame-readiness'

describe('embedded wallet frame readiness', () => {
  it('is not loaded until the frame reports ready, then ready 500 ms later', () => {
    const loading = startFrameLoad(INITIAL_FRAME_STATE, 0)
    expect(loading.status).toBe('loading')
    const settling = frameReported(loading, 1_000)
    expect(tickFrame(settling, 1_499).status).toBe('settling')
    expect(tickFrame(settling, 1_500).status).toBe('ready')
  })

  it('fails when the frame has not reported ready within 20 s', () => {
    const loading = startFrameLoad(INITIAL_FRAME_STATE, 0)
    expect(tickFrame(loading, 19_999).status).toBe('loading')
    expect(tickFrame(loading, 20_000).status).toBe('failed')
    expect(startFrameLoad({ status: 'failed' }, 30_000)).toEqual({ status: 'loading', timeoutAtMs: 50_000 })
  })

  it('a ready frame stays ready', () => {
    expect(frameReported({ status: 'ready' }, 5)).toEqual({ status: 'ready' })
    expect(startFrameLoad({ status: 'ready' }, 5)).toEqual({ status: 'ready' })
  })
})

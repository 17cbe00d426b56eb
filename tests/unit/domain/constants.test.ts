import { describe, expect, it } from 'vitest'
import * as C from '../../../src/domain/constants'
import * as F from '../../../src/domain/feature-constants'

describe('section 9 constants', () => {
  it('time', () => {
    expect(C.PAIRING_LIFETIME_MS).toBe(240_000)
    expect(C.PAIRING_EXPIRY_MARGIN_MS).toBe(10_000)
    expect(C.BALANCE_RETRY_GAP_MS).toBe(30_000)
    expect(C.PRELOAD_IMAGE_WAIT_MS).toBe(2_000)
    expect(C.SHAKE_DURATION_MS).toBe(500)
    expect(C.SNACK_RESHOW_DELAY_MS).toBe(150)
    expect(C.EMAIL_LOGIN_COOLDOWN_MS).toBe(30_000)
    expect(C.FRAME_LOAD_TIMEOUT_MS).toBe(20_000)
    expect(C.CONNECT_REQUEST_TIMEOUT_MS).toBe(30_000)
    expect(C.SIGN_OUT_TIMEOUT_MS).toBe(3_000)
    expect(C.FRAME_READY_DELAY_MS).toBe(500)
    expect(C.FALLBACK_TRANSPORT).toEqual({
      pollingIntervalMs: 4_000,
      sampleCount: 10,
      pingTimeoutMs: 1_000,
      weights: { stability: 0.7, latency: 0.3 },
    })
  })

  it('caches and limits', () => {
    expect(C.BALANCE_CACHE_MS).toBe(30_000)
    expect(C.IDENTITY_CACHE_MS).toBe(300_000)
    expect(C.RECENT_WALLETS_LIMIT).toBe(2)
    expect([C.TELEMETRY_MAX_EVENTS, C.TELEMETRY_WINDOW_MS]).toEqual([5, 60_000])
    expect(C.SWAP_SLIPPAGE_TOLERANCE).toBe(1)
    expect([C.WALLET_PAGE_SIZE, C.RECOMMENDED_WALLETS_LIMIT, C.WALLET_SEARCH_PAGE_SIZE]).toEqual([40, 4, 100])
    expect(C.NAME_MIN_LENGTH).toBe(4)
  })

  it('on-ramp providers and swap networks', () => {
    expect(F.ONRAMP_PROVIDERS.map((p) => [p.name, p.feeRange, p.supportedChains])).toEqual([
      ['coinbase', '1-2%', ['eip155']],
      ['meld', '1-2%', ['eip155', 'solana']],
    ])
    expect([...F.COINBASE_ONRAMP_CHAINS]).toEqual([
      'ethereum', 'arbitrum', 'polygon', 'berachain', 'avalanche-c-chain', 'optimism', 'celo', 'base',
    ])
    expect(F.SWAP_SUPPORTED_CHAIN_IDS).toEqual([1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554])
    expect(F.ONRAMP_PAYMENT_METHOD_LIMITS).toEqual({
      card: { min: '10.00', max: '7500.00' },
      bankAccount: { min: '10.00', max: '25000.00' },
    })
  })

  it('features', () => {
    expect(C.DEFAULT_REMOTE_FEATURES).toEqual({
      swaps: ['1inch'],
      onramp: ['coinbase', 'meld'],
      email: true,
      socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
      activity: true,
      branding: true,
    })
    expect(C.DEFAULT_FEATURES).toMatchObject({
      receive: true, send: true, analytics: true, allWallets: true,
      smartSessions: false, legalCheckbox: false, collapseWallets: false, pay: false,
    })
    expect(C.DEFAULT_WALLET_FEATURES_ORDER).toEqual(['onramp', 'swaps', 'receive', 'send'])
  })

  it('display and RPC', () => {
    expect([C.BALANCE_DISPLAY_DECIMALS, C.FIAT_DISPLAY_DECIMALS]).toEqual([3, 2])
    expect([C.MODAL_WIDTH_PX, C.MODAL_Z_INDEX]).toEqual([360, 999])
    expect(Object.values(C.ANIMATION_DURATIONS_MS)).toEqual([120, 150, 150])
    expect([C.RPC_REQUEST_TIMEOUT_MS, C.RPC_RETRY_COUNT, C.RPC_RETRY_BASE_DELAY_MS, C.RPC_BATCH_SIZE]).toEqual([
      10_000, 3, 150, 1000,
    ])
    expect(C.RPC_ERROR_CODES.userRejectedRequest).toBe(4001)
    expect(C.RPC_ERROR_CODES.unsupportedChain).toBe(4902)
    const jsonRpc = Object.values(C.RPC_ERROR_CODES).filter((c) => c < 0).sort((a, b) => a - b)
    expect(jsonRpc[0]).toBe(-32700)
    expect(jsonRpc[jsonRpc.length - 1]).toBe(-32000)
    expect(jsonRpc).toContain(-32006)
  })

  it('storage keys are distinct', () => {
    const keys = Object.values(C.STORAGE_KEYS)
    expect(new Set(keys).size).toBe(keys.length)
  })
})

describe('section 4 state defaults', () => {
  it('the theme defaults to dark', () => {
    expect(C.DEFAULT_THEME_MODE).toBe('dark')
  })
})

import { describe, expect, it } from 'vitest'
import { cacaoSession, issuerOf, statementOf, type CacaoLike } from '../../../../src/infrastructure/wallets/walletconnect/cacao-sessions'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const RECAP = 'urn:recap:eyJhdHQiOnsiZWlwMTU1Ijp7InJlcXVlc3QvcGVyc29uYWxfc2lnbiI6W3t9XX19fQ'
const STATEMENT = "Sign in. I further authorize the stated URI to perform the following actions on my behalf: (1) 'request': 'personal_sign' for 'eip155'."

/** The text the SDK renders for the CACAO below (formatAuthMessage). */
const SIGNED = [
  `app.test wants you to sign in with your Ethereum account:`,
  ADDRESS,
  '',
  STATEMENT,
  '',
  'URI: https://app.test',
  'Version: 1',
  'Chain ID: 31338',
  'Nonce: abcdefgh1234',
  'Issued At: 2026-01-01T00:00:00.000Z',
  'Expiration Time: 2026-01-08T00:00:00.000Z',
  'Resources:',
  `- ${RECAP}`,
].join('\n')

function aCacao(p: Partial<CacaoLike['p']> = {}): CacaoLike {
  return {
    p: {
      iss: `did:pkh:eip155:31338:${ADDRESS}`,
      domain: 'app.test',
      aud: 'https://app.test',
      version: '1',
      nonce: 'abcdefgh1234',
      iat: '2026-01-01T00:00:00.000Z',
      exp: '2026-01-08T00:00:00.000Z',
      statement: 'Sign in.',
      resources: [RECAP],
      ...p,
    },
    s: { t: 'eip191', s: '0xabcdef' },
  }
}

describe('CACAO answers as sign-in sessions', () => {
  it('reads the chain and account from the did:pkh issuer', () => {
    expect(issuerOf(`did:pkh:eip155:31337:${ADDRESS}`)).toEqual({ chainId: 'eip155:31337', address: ADDRESS })
    expect(issuerOf('did:pkh:solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv')).toEqual({
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      address: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
    })
    expect(issuerOf(`eip155:31337:${ADDRESS}`)).toBeUndefined()
    expect(issuerOf(`did:pkh:eip155:31337`)).toBeUndefined()
    expect(issuerOf(`did:pkh:eip155:31337:${ADDRESS}\nURI: x`)).toBeUndefined()
  })

  it('takes the statement the signed text shows (with the ReCap sentence), none when it has none', () => {
    expect(statementOf(SIGNED)).toBe(STATEMENT)
    expect(statementOf(['a wants you to sign in with your Ethereum account:', ADDRESS, '', '', 'URI: https://a'].join('\n'))).toBeUndefined()
  })

  it('maps the payload onto the session data; the signed text, signature and CACAO are kept', () => {
    const cacao = aCacao()
    expect(cacaoSession(cacao, SIGNED)).toEqual({
      data: {
        accountAddress: ADDRESS,
        chainId: 'eip155:31338',
        domain: 'app.test',
        uri: 'https://app.test',
        version: '1',
        nonce: 'abcdefgh1234',
        statement: STATEMENT,
        issuedAt: '2026-01-01T00:00:00.000Z',
        expirationTime: '2026-01-08T00:00:00.000Z',
        resources: [RECAP],
      },
      message: SIGNED,
      signature: '0xabcdef',
      cacao,
    })
  })

  it('reads the uri from `uri` when there is no `aud`, and leaves out fields that arrived as null', () => {
    const cacao = aCacao({ aud: undefined, uri: 'https://other.test', exp: null as unknown as string, resources: undefined, nbf: '2026-01-01T00:00:01.000Z' })
    const session = cacaoSession(cacao, SIGNED)
    expect(session?.data.uri).toBe('https://other.test')
    expect(session?.data.notBefore).toBe('2026-01-01T00:00:01.000Z')
    expect(session?.data).not.toHaveProperty('expirationTime')
    expect(session?.data).not.toHaveProperty('resources')
  })

  it('an issuer that is no account gives no session', () => {
    expect(cacaoSession(aCacao({ iss: ADDRESS }), SIGNED)).toBeUndefined()
  })
})

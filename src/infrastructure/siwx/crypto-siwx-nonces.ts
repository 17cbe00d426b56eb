import { nonceFromBytes } from '../../domain/siwx/siwx-message-data'
import type { SiwxNonces } from '../../ports/siwx'

/** Nonces from the platform's crypto random source (Web Crypto). */
export class CryptoSiwxNonces implements SiwxNonces {
  next(): Promise<string> {
    return Promise.resolve(nonceFromBytes(globalThis.crypto.getRandomValues(new Uint8Array(16))))
  }
}

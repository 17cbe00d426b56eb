/**
 * The shapes only the server's operators read (health and readiness). Everything the modal sends or
 * reads is the wire contract's (./wire.ts), which the modal imports too.
 */
import { z } from 'zod'

export const healthSchema = z.object({ status: z.literal('ok') })
export const readySchema = z.object({
  status: z.string(),
  database: z.enum(['postgres', 'pglite']),
  schema: z.optional(z.int()),
  expected: z.optional(z.int()),
  chains: z.array(z.object({ id: z.string(), status: z.enum(['ok', 'unreachable', 'wrong chain', 'unchecked']) })).describe('Each configured chain: eip155 ones answer eth_chainId with their own id'),
})

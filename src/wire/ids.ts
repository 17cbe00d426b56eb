import { z } from 'zod/mini'
import { CAIP2_NAMESPACE_PATTERN, CAIP2_REFERENCE_PATTERN } from './caip.js'

/** A CAIP-2 network id, e.g. `eip155:1`: any family's (the server answers for the chains it has). */
export const caipNetworkIdSchema = z.templateLiteral([
  z.string().check(z.regex(CAIP2_NAMESPACE_PATTERN)),
  ':',
  z.string().check(z.regex(CAIP2_REFERENCE_PATTERN)),
])

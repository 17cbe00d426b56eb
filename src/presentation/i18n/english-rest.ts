import { titles } from './messages/titles'
import { connecting } from './messages/connecting'
import { account } from './messages/account'
import { send } from './messages/send'
import { swap } from './messages/swap'
import { networks } from './messages/networks'
import { names } from './messages/names'
import { onramp } from './messages/onramp'
import { siwx } from './messages/siwx'
import { errors } from './messages/errors'
import type { Dictionary } from './catalogue'
export { numberFormat } from './format'

/** English of every area but the shell's and Connect's (./english.ts), a chunk of its own. */
export const rest: Dictionary = { ...titles, ...connecting, ...account, ...send, ...swap, ...networks, ...names, ...onramp, ...siwx, ...errors }

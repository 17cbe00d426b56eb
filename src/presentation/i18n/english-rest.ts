import { shell } from './messages/shell'
import { connect } from './messages/connect'
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
import { email } from './messages/email'
import { social } from './messages/social'
import type { Dictionary } from './catalogue'
export { numberFormat } from './format'

/** English of every area, a chunk of its own (./english.ts). */
/** Every English text to its key (the first key of a text said twice), for texts that reach the views in English. */
export function keyOfEnglish(text: string): string | undefined {
  byText ??= new Map(Object.entries(rest).flatMap(([key, value]) => (value === undefined ? [] : [[value, key] as const])).reverse())
  return byText.get(text)
}
let byText: Map<string, string> | undefined

export const rest: Dictionary = { ...shell, ...connect, ...titles, ...connecting, ...account, ...send, ...swap, ...networks, ...names, ...onramp, ...siwx, ...errors, ...email, ...social }

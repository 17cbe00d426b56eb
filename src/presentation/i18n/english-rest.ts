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
import { shared } from './messages/shared'
import { sessions } from './messages/sessions'
import { profile } from './messages/profile'
import { addEnglish } from './english'

/**
 * Every area's English at once, for a visitor who reads another language: it comes with that
 * language's chunk (./languages.ts), so a text that reaches the views from below in English (a
 * failure, an alert, a snack) finds its key, and so its translation, in whatever view shows it.
 * An English visitor never loads it: such a text is already in their language.
 */
export function addAllEnglish(): void {
  addEnglish(connecting, account, send, swap, networks, names, onramp, siwx, errors, email, social, shared, sessions, profile)
}

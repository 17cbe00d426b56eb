import { shell } from './messages/shell'
import { connect } from './messages/connect'
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
import { sponsorship } from './messages/sponsorship'

/**
 * Every text the modal shows, in English: the source language and the fallback of every other.
 * Views read it through `useI18n()` (./i18n.tsx), which loads English in two parts (./english.ts):
 * this whole object is for the key types, the tests and tools, not imported by the shell's code.
 * One file per area of views under ./messages, so a new view adds its strings in its own file.
 * Keys are `area.what`; a plural is a family of keys `area.what#one`, `area.what#other` (plus the
 * CLDR forms a language needs: `#zero`, `#two`, `#few`, `#many`). `{name}` is a placeholder.
 */
export const en = {
  ...shell,
  ...connect,
  ...connecting,
  ...account,
  ...send,
  ...swap,
  ...networks,
  ...names,
  ...onramp,
  ...siwx,
  ...errors,
  ...email,
  ...social,
  ...shared,
  ...sessions,
  ...profile,
  ...sponsorship,
} as const

export type MessageKey = keyof typeof en

/** A key that is a plural family, named without its `#form` suffix. */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer Base}#other` ? Base : never) : never

/** The CLDR plural forms beyond English's `one` and `other`, which some languages add. */
export type ExtraPluralKey = `${PluralKey}#${'zero' | 'two' | 'few' | 'many'}`

/** A language's texts: every English key (a missing one shows English and fails the catalogue test). */
export type Translation = Partial<Record<MessageKey | ExtraPluralKey, string>>

/** Texts by key as the modal reads them. */
export type Dictionary = Readonly<Partial<Record<string, string>>>

import type { FeatureModule } from './feature-module'
import { core } from './modules/core'
import { connect } from './modules/connect'
import { connectFlow } from './modules/connect-flow'
import { walletConnect } from './modules/wallet-connect'
import { email } from './modules/email'
import { social } from './modules/social'
import { siwx } from './modules/siwx'
import { account } from './modules/account'
import { swap } from './modules/swap'
import { names } from './modules/names'
import { onRamp } from './modules/on-ramp'
import { sessions } from './modules/sessions'

/**
 * Every feature of the modal, one module each: when it loads and what it binds. The container, the
 * loader and which module each view waits for (`whenViewOpens`) are derived from this list; the
 * views' own chunks are imported by the shell, from each area's `<area>.views.ts` (see FeatureModule).
 */
export const MANIFEST: readonly FeatureModule[] = [core, connect, connectFlow, walletConnect, email, social, siwx, account, swap, names, onRamp, sessions]

/**
 * The social login's token on its own: the modal's start imports it (to finish a redirect), and
 * it carries nothing else into the first script.
 */
import type { ServiceIdentifier } from 'inversify'
import type { SocialLogin } from './social-login'

/**
 * The social login use case, loaded on demand: the social buttons on Connect load before the modal
 * opens, the use case (and the frame behind it) when the visitor points at or picks one.
 */
export interface SocialLoginLoader {
  (): Promise<SocialLogin>
  peek(): SocialLogin | undefined
}
export const SocialLoginLoader = Symbol('SocialLoginLoader') as ServiceIdentifier<SocialLoginLoader>

import type { ViewLoaders } from '../view-loaders'

const emailViews = () => import('./index')

/** The email login's steps and the email update's (one chunk). */
export const views: ViewLoaders = {
  EmailVerifyOtp: () => emailViews().then((m) => ({ default: m.EmailVerifyOtpView })),
  EmailVerifyDevice: () => emailViews().then((m) => ({ default: m.EmailVerifyDeviceView })),
  UpdateEmailWallet: () => emailViews().then((m) => ({ default: m.UpdateEmailWalletView })),
  UpdateEmailPrimaryOtp: () => emailViews().then((m) => ({ default: m.UpdateEmailPrimaryOtpView })),
  UpdateEmailSecondaryOtp: () => emailViews().then((m) => ({ default: m.UpdateEmailSecondaryOtpView })),
}

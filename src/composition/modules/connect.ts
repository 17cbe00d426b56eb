import type { FeatureModule } from '../feature-module'

/**
 * The connect views' bindings (the wallet list, the catalogue, the close guard, the loaders of the
 * email and social logins): a small chunk loaded with the modal's shell and prefetched while the
 * page is idle. Their views need nothing more (Connect itself comes with the shell).
 */
export const connect: FeatureModule = {
  id: 'connect',
  loads: { onOpen: true },
  bind: () => import('../bindings/connect').then((m) => m.bindConnect),
}

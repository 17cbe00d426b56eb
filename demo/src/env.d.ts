/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_WG_PROJECT_ID?: string
  readonly VITE_WG_SERVICE_URL?: string
  readonly VITE_WG_RPC_A?: string
  readonly VITE_WG_RPC_B?: string
  readonly VITE_WG_RELAY_URL?: string
}

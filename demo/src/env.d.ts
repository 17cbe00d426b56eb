/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_WG_PROJECT_ID?: string
  readonly VITE_WG_SERVICE_URL?: string
  readonly VITE_WG_RPC_A?: string
  /** Optional first RPC URL of Devnet A (tests put a killable proxy here to exercise the fallback). */
  readonly VITE_WG_RPC_A_PRIMARY?: string
  readonly VITE_WG_RPC_B?: string
  readonly VITE_WG_RELAY_URL?: string
  /** The Solana devnet's RPC URL (default http://127.0.0.1:8899). */
  readonly VITE_WG_SOLANA_RPC?: string
  /** The devnet Bitcoin chain's Esplora API base URL (default http://127.0.0.1:8792). */
  readonly VITE_WG_BITCOIN_ESPLORA?: string
  readonly VITE_WG_AUTH_URL?: string
}

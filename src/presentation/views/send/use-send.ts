import { useObservableState } from 'observable-hooks'
import { SendTokens, type SendTokensState } from '../../../application/send/send-tokens'
import { useService } from '../../di-context'

/** The modal's SendTokens use case and its current state. */
export function useSend(): { send: SendTokens; state: SendTokensState } {
  const send = useService(SendTokens)
  const state = useObservableState(send.state$, () => send.snapshot)
  return { send, state }
}

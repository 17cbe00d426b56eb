import type { ModalStore } from '../../../application/modal-store'

/** After a pick: back to the OnRamp form it came from, or onto it when the picker was opened straight from a host page. */
export function backToOnRamp(modal: Pick<ModalStore, 'history' | 'goBack' | 'replace'>): void {
  const history = modal.history
  if (history.length > 1 && history[history.length - 2] === 'OnRamp') modal.goBack()
  else modal.replace('OnRamp')
}

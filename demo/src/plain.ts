import { createWalletModal } from 'walletgate'
import { demoConfig, demoFamilies } from './demo-config'
import './demo.css'

const modal = createWalletModal(demoConfig, { families: demoFamilies })
const inline = document.getElementById('inline-modal')
const status = document.getElementById('status')

if (inline !== null) void modal.mount(inline)
document.getElementById('open')?.addEventListener('click', () => {
  // A second instance shows the overlay; the inline one stays where it is.
  void overlay.open()
})
const overlay = createWalletModal(demoConfig, { families: demoFamilies })

modal.subscribe((state) => {
  if (status !== null) status.textContent = state.status === 'connected' ? `connected: ${state.address}` : state.status
})

import { SwitchNetwork } from '../../application/networks/switch-network'
import { Notice, SafeImage, Spinner, useStore } from '../components'
import { useService } from '../di-context'

/** Shown while the wallet decides about a network switch (or about adding the network first). */
export default function SwitchNetworkView() {
  const state = useStore(useService(SwitchNetwork))
  const target = state.status === 'idle' ? undefined : state.target
  const name = target?.name ?? 'the network'
  const adding = state.status === 'switching' && state.step === 'add'
  return (
    <div className="wg-view" data-testid="view-SwitchNetwork">
      <Notice
        visual={target === undefined ? <Spinner /> : <SafeImage src={target.assets?.imageUrl} fallbackText={name} size="lg" />}
        title={adding ? `Add ${name} in your wallet` : `Approve in your wallet`}
        message={adding ? 'Your wallet does not know this network yet.' : `Switch to ${name} to continue.`}
        announce
        actions={<Spinner label={adding ? 'Waiting for the wallet to add the network' : 'Waiting for the wallet'} />}
      />
    </div>
  )
}

import type { CaipNetwork, ChainNamespace } from '../../domain/entities'
import type { SimulationOutcome, SimulationRequest, TransactionSimulator } from '../../ports/transaction-simulator'
import type { ChainWing } from './wing'

/**
 * One {@link TransactionSimulator} over each chain family's own: a simulation goes to the
 * simulator of the network's namespace, which its wing creates on the family's first preview; a
 * family without one answers `unavailable`.
 */
export class NamespaceTransactionSimulator implements TransactionSimulator {
  private readonly simulators = new Map<ChainNamespace, Promise<TransactionSimulator | undefined>>()

  constructor(private readonly wings: readonly Pick<ChainWing, 'namespace' | 'parts'>[]) {}

  async simulate(network: CaipNetwork, request: SimulationRequest, options?: { signal?: AbortSignal }): Promise<SimulationOutcome> {
    let simulator: TransactionSimulator | undefined
    try {
      simulator = await this.simulator(network.chainNamespace)
    } catch (error) {
      return { status: 'unavailable', cause: error instanceof Error ? error.message : String(error) }
    }
    if (simulator === undefined) return { status: 'unavailable', cause: `no simulator for ${network.chainNamespace}` }
    return simulator.simulate(network, request, options)
  }

  private simulator(namespace: ChainNamespace): Promise<TransactionSimulator | undefined> {
    let simulator = this.simulators.get(namespace)
    if (simulator === undefined) {
      const wing = this.wings.find((w) => w.namespace === namespace)
      simulator = wing === undefined ? Promise.resolve(undefined) : wing.parts().then((parts) => parts.simulator?.())
      this.simulators.set(namespace, simulator)
      // A failed chunk load is not kept: the next preview tries again.
      simulator.catch(() => this.simulators.delete(namespace))
    }
    return simulator
  }
}

import { InMemoryEnsNames } from '../../fakes/in-memory-ens-names'
import { ensNamesContract } from './ens-names.contract'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
ensNamesContract('in memory', async () => ({ names: new InMemoryEnsNames({ 'alice.wg.id': address }), known: 'alice.wg.id', address }))

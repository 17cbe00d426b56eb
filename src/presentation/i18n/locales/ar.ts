import type { Translation } from '../catalogue'

export default {} satisfies Translation

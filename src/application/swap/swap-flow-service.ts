import type { ServiceIdentifier } from 'inversify'
import type { SwapFlow } from './swap-flow'
import type { SwapTokenPicker } from './swap-token-picker'

/**
 * The DI token of the modal's SwapFlow. A token of its own (not the class) so the Swap views import
 * no rxjs: only the account features' chunk holds the flow, and the shared rxjs chunks of the
 * page's first script stay as they were.
 */
export const SwapFlowService = Symbol('SwapFlow') as ServiceIdentifier<SwapFlow>

/** The DI token of the modal's SwapTokenPicker (SwapSelectToken's state), for the same reason. */
export const SwapTokenPickerService = Symbol('SwapTokenPicker') as ServiceIdentifier<SwapTokenPicker>

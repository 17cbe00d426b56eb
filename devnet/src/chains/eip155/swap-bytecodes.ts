/**
 * The creation bytecode of Uniswap V2's factory, WETH9 and Router02, read from the compiled
 * artifacts the npm packages ship. Its own module so the test kit's build can put the bytes in
 * place (vite.testing.config.ts): a host's test devnet needs no @uniswap package installed.
 */
import { createRequire } from 'node:module'
import type { Hex } from 'viem'

const require = createRequire(import.meta.url)
const bytecode = (path: string): Hex => `0x${(require(path) as { bytecode: string }).bytecode.replace(/^0x/, '')}`

export interface SwapBytecodes {
  readonly factory: Hex
  readonly weth: Hex
  readonly router: Hex
}

export function swapBytecodes(): SwapBytecodes {
  return {
    factory: bytecode('@uniswap/v2-core/build/UniswapV2Factory.json'),
    weth: bytecode('@uniswap/v2-periphery/build/WETH9.json'),
    router: bytecode('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
  }
}

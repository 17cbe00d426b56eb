import { describe, expect, it } from 'vitest'
import { nodeGlobalsIn } from '../../scripts/check-browser-globals.mjs'

const names = (code) => nodeGlobalsIn(code).map((f) => f.shape)

describe('the browser-globals check', () => {
  it("finds free reads of Node's globals, as they would throw in a page", () => {
    expect(names('const a = Buffer.from("x"); export { a }')).toEqual(['Buffer.from'])
    expect(names('export const env = process.env.NODE_ENV')).toEqual(['process.env'])
    expect(names('export function f() { return global.crypto }')).toEqual(['global.crypto'])
    expect(names('export const g = global == null ? 1 : 2')).toEqual(['global (== null)'])
  })

  it('ignores what never throws: probes, guarded reads, locals, properties and strings', () => {
    expect(names('export const a = typeof Buffer < "u" && Buffer.from("x")')).toEqual([])
    expect(names('export const a = globalThis.Buffer ? Buffer.from("x") : new Uint8Array()')).toEqual([])
    expect(names('if (typeof process === "object") process.emit("x")')).toEqual([])
    expect(names('export const root = typeof global < "u" ? global : self')).toEqual([])
    expect(names('const process = { env: {} }; export const e = process.env')).toEqual([])
    expect(names('export const o = { global: 1, Buffer: 2 }; export const p = o.global + "Buffer"')).toEqual([])
    expect(names('export function f(Buffer) { return Buffer.from("x") }')).toEqual([])
  })
})

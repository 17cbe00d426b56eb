import { describe, expect, it } from 'vitest'
import { exportTargets, importedSpecifiers, isFamilyPackage, packProblems, packageOf, reachedPackages, unusedDependencies } from '../../scripts/check-package.mjs'

const EXPORTS = {
  '.': { types: './dist/types/index.d.ts', import: './dist/index.js' },
  './react': { types: './dist/types/react.d.ts', import: './dist/react.js' },
}

describe('the package check', () => {
  it('flattens the exports map into the files it points at', () => {
    expect(exportTargets(EXPORTS)).toEqual(['dist/types/index.d.ts', 'dist/index.js', 'dist/types/react.d.ts', 'dist/react.js'])
  })

  it('accepts a tarball of the export targets, their chunks and types', () => {
    const files = ['package.json', 'README.md', 'dist/index.js', 'dist/react.js', 'dist/chunk-abc.js', 'dist/types/index.d.ts', 'dist/types/react.d.ts', 'dist/types/domain/x.d.ts']
    expect(packProblems(files, EXPORTS)).toEqual([])
  })

  it('names a missing export target, a file outside dist, a source map and a stray file', () => {
    const files = ['package.json', 'dist/index.js', 'dist/types/index.d.ts', 'dist/types/react.d.ts', 'src/index.ts', 'dist/index.js.map', 'dist/notes.txt']
    expect(packProblems(files, EXPORTS)).toEqual([
      'exports points at dist/react.js, which the tarball does not hold',
      'src/index.ts is packed but lies outside dist/',
      'dist/index.js.map is a source map (it would ship the sources)',
      'dist/notes.txt is neither a module nor a type declaration',
    ])
  })

  it('finds static, side-effect and dynamic imports of packages, not relative ones', () => {
    const code = `import { a } from "rxjs"; import 'reflect-metadata/lite'; const v = import("viem"); import b from './b.js'; export { c } from "@scope/pkg/sub"`
    expect(importedSpecifiers(code).sort()).toEqual(['@scope/pkg/sub', 'reflect-metadata/lite', 'rxjs', 'viem'])
    expect(packageOf('@scope/pkg/sub')).toBe('@scope/pkg')
    expect(packageOf('reflect-metadata/lite')).toBe('reflect-metadata')
  })

  it('lists declared dependencies nothing imports', () => {
    expect(unusedDependencies({ rxjs: '1', '@cosmjs/encoding': '1', 'reflect-metadata': '1' }, ['rxjs/operators', 'reflect-metadata/lite'])).toEqual(['@cosmjs/encoding'])
  })

  it('follows relative imports, static and lazy, to every package an entry reaches', () => {
    const modules = {
      'dist/headless.js': `import { a } from "./chunk-a.js"; const v = () => import("./views/mount.js")`,
      'dist/chunk-a.js': `import "rxjs"; export * from './chunk-a.js'`,
      'dist/views/mount.js': `import { jsx } from "react/jsx-runtime"; import "../chunk-a.js"`,
    }
    expect(reachedPackages('dist/headless.js', (file) => modules[file])).toEqual(['react', 'rxjs'])
    expect(reachedPackages('dist/chunk-a.js', (file) => modules[file])).toEqual(['rxjs'])
  })

  it('tells a chain family SDK beyond EVM from the packages every host installs', () => {
    for (const name of ['@solana/web3.js', '@wallet-standard/app', '@polkadot/util-crypto', '@cosmjs/encoding', '@scure/btc-signer', '@noble/curves']) {
      expect(isFamilyPackage(name)).toBe(true)
    }
    for (const name of ['viem', '@walletconnect/universal-provider', 'rxjs', '@scure/base']) expect(isFamilyPackage(name)).toBe(false)
  })
})

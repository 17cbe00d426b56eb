#!/usr/bin/env node
// `node bench/catalogue-cost.mjs`: what the message catalogue costs the page before the modal opens.
//
// Builds the bench's Walletgate page twice, the way the size step does (scripts/size-budget.mjs):
// as it is, and with the catalogue's machinery and English taken out (the modules below replaced
// by stubs: `t` gives back its key, nothing is fetched, no English is added, the shell's and
// Connect's English parts are empty), and prints the gzip bytes the size step counts for each.
// The difference is the machinery (t with the host's words, the reverse lookup of texts from below,
// the switch of language at run time and its fetch, English in parts and the redraw when it grows)
// and the English the first open draws with (the shell's and Connect's keys and texts; before the
// catalogue those texts were written inline in the views, so this counts them twice over).
// What it leaves in: the views asking for their texts by key, the `locale` and `messages`
// configuration with the LocaleStore and `setLocale`, right to left, data kept in <bdi>.
// Then it builds both again with chunk names that carry no content hash (withoutHashes below) and
// prints that difference as well.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildPage } from './lib/build.mjs'
import { analyseBuild } from '../scripts/size-budget.mjs'

const STUBS = {
  'src/presentation/i18n/i18n.tsx': `
    import { createContext, useContext } from 'react'
    const ENGLISH = { locale: 'en', language: 'en', dir: 'ltr', t: (key) => key, text: () => undefined }
    const I18nContext = createContext(ENGLISH)
    export function useI18n() { return useContext(I18nContext) }
    export function I18nProvider({ children }) { return children }
    export function prepareLocale() { return Promise.resolve() }
    export function addEnglish() {}
  `,
  'src/presentation/i18n/english.ts': `
    export function addEnglish() {}
    export function redraw() {}
    export function subscribeEnglish() { return () => undefined }
    export function englishVersion() { return 0 }
    export function englishText() { return undefined }
    export function hasEnglish() { return false }
  `,
  'src/presentation/i18n/messages/shell.ts': 'export const shell = {}',
  'src/presentation/i18n/messages/connect.ts': 'export const connect = {}',
}

/** Replaces each module of STUBS with its stub. */
function withoutCatalogue() {
  return {
    name: 'bench-without-catalogue',
    enforce: 'pre',
    load(id) {
      const path = id.replace(/\\/g, '/').split('?')[0]
      const stub = Object.entries(STUBS).find(([module]) => path.endsWith(`/${module}`))
      return stub === undefined ? null : stub[1]
    },
  }
}

/**
 * Names every chunk without its content hash, in both builds. Chunk names carry hashes, and the
 * page's preload map and imports hold them: a change in any chunk changes the hashes of the chunks
 * that import it, and the few random characters that change compress differently, which moves the
 * difference between the two builds by tens of bytes with no change in the catalogue.
 */
function withoutHashes() {
  return {
    name: 'bench-without-hashes',
    config: () => ({ build: { rollupOptions: { output: { chunkFileNames: 'assets/[name].js', entryFileNames: 'assets/[name].js' } } } }),
  }
}

const outRoot = await mkdtemp(join(tmpdir(), 'walletgate-catalogue-cost-'))
try {
  const build = async (name, plugins) => (await analyseBuild(await buildPage('walletgate', { outRoot: join(outRoot, name), plugins }))).gzipBytes
  const withIt = await build('with', [])
  const without = await build('without', [withoutCatalogue()])
  const withItUnhashed = await build('with-unhashed', [withoutHashes()])
  const withoutUnhashed = await build('without-unhashed', [withoutHashes(), withoutCatalogue()])
  const kb = (bytes) => (bytes / 1024).toFixed(2)
  const cost = withIt - without
  const costUnhashed = withItUnhashed - withoutUnhashed
  console.log(`before open, as the size step counts it (gzip):`)
  console.log(`  the page as it is                         ${withIt} bytes (${kb(withIt)} KB)`)
  console.log(`  without the catalogue's machinery/English ${without} bytes (${kb(without)} KB)`)
  console.log(`  the catalogue's machinery and English     ${cost} bytes (${kb(cost)} KB; its issue allows 1 KB)`)
  console.log(`the same with chunk names that carry no content hash (no noise from the hashes):`)
  console.log(`  the page as it is                         ${withItUnhashed} bytes`)
  console.log(`  without the catalogue's machinery/English ${withoutUnhashed} bytes`)
  console.log(`  the catalogue's machinery and English     ${costUnhashed} bytes (${kb(costUnhashed)} KB)`)
} finally {
  await rm(outRoot, { recursive: true, force: true })
}

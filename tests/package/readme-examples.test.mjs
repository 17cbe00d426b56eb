import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * Every code block the docs mark with `<!-- example: <path> -->` is that file, byte for byte, so a
 * quick start cannot drift from the example the e2e suite builds and runs.
 */
const DOC_PAGES = readdirSync('docs').filter((name) => name.endsWith('.md') && name !== 'service-api.md')
const PAGES = ['README.md', ...DOC_PAGES.map((name) => `docs/${name}`)]

/** Pages that describe rather than configure: a policy, the API's members, behaviour under faults, the wings. */
const REFERENCE_PAGES = new Set(['content-security-policy.md', 'public-api.md', 'reliability.md', 'chain-families.md'])

function markedBlocks(markdown) {
  const blocks = []
  const pattern = /<!-- example: (\S+) -->\n```[a-z]*\n([\s\S]*?)```/g
  for (const match of markdown.matchAll(pattern)) blocks.push({ path: match[1], code: match[2] })
  return blocks
}

describe('the docs quote the example files', () => {
  for (const page of PAGES) {
    const blocks = markedBlocks(readFileSync(page, 'utf8'))

    if (page === 'README.md') {
      it(`${page} and docs/quick-starts.md mark the quick starts, the README's first`, () => {
        expect(blocks.map((b) => b.path)).toEqual(expect.arrayContaining(['examples/vite-react/src/App.tsx']))
        expect(markedBlocks(readFileSync('docs/quick-starts.md', 'utf8')).map((b) => b.path)).toEqual(
          expect.arrayContaining(['examples/nextjs/app/wallet.tsx', 'examples/nextjs/app/page.tsx', 'examples/plain-html/index.html']),
        )
      })

      it(`${page}: each quick start installs with the install line it prints, pinning its generator`, () => {
        const markdown = readFileSync(page, 'utf8')
        const install = /<!-- install -->\n```sh\n(.*)\n```/.exec(markdown)?.[1]
        expect(install).toBe('npm i ../walletgate-0.1.0.tgz')
        const printed = markdown + readFileSync('docs/quick-starts.md', 'utf8')
        const quickStarts = [...printed.matchAll(/<!-- quickstart: (\S+) -->\n```sh\n([\s\S]*?)```/g)].map((m) => ({ example: m[1], lines: m[2].split('\n') }))
        expect(quickStarts.map((q) => q.example)).toEqual(['examples/vite-react', 'examples/nextjs', 'examples/plain-html'])
        for (const { example, lines } of quickStarts) {
          expect(lines, example).toContain(install)
          // A generator without its version would make whatever template is newest today.
          for (const line of lines.filter((l) => /\b(create vite|create-next-app)\b/.test(l))) expect(line, example).toMatch(/(vite|create-next-app)@\d+\.\d+\.\d+ /)
        }
      })
    }

    for (const block of blocks) {
      it(`${page}: the block marked ${block.path} is that file`, () => {
        expect(block.code).toBe(readFileSync(block.path, 'utf8'))
      })
    }
  }

  it('every docs example file is quoted by a page, and every feature page has one', () => {
    const quoted = new Set(PAGES.flatMap((page) => markedBlocks(readFileSync(page, 'utf8')).map((b) => b.path)))
    for (const file of readdirSync('docs/examples')) expect(quoted, file).toContain(`docs/examples/${file}`)
    for (const page of DOC_PAGES.filter((name) => !REFERENCE_PAGES.has(name))) {
      expect(markedBlocks(readFileSync(`docs/${page}`, 'utf8')).length, page).toBeGreaterThan(0)
    }
  })

  it('the README\'s performance table is the bench\'s last results file, with its date', () => {
    const readme = readFileSync('README.md', 'utf8')
    const match = /<!-- bench: (\S+) -->\n([\s\S]*?)<!-- \/bench -->/.exec(readme)
    expect(match?.[1]).toBe('bench/results/latest.md')
    const results = readFileSync(match[1], 'utf8')
    expect(match[2]).toBe(results)
    expect(results).toMatch(/^Measured on \d{4}-\d{2}-\d{2} /)
  })

  it('a block that drifts is caught', () => {
    const [block] = markedBlocks('<!-- example: x -->\n```ts\nconst a = 1\n```')
    expect(block).toEqual({ path: 'x', code: 'const a = 1\n' })
  })
})

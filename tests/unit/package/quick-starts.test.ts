/**
 * The examples e2e follows the README's quick starts through tests/e2e/support/quick-starts.ts:
 * what it reads from the README, and the comparison that fails the e2e when a made app and its
 * folder in examples/ part.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { differences, readInstallLine, readQuickStartsOf } from '../../e2e/support/quick-starts'

const REPO = fileURLToPath(new URL('../../..', import.meta.url))
const README = readFileSync(join(REPO, 'README.md'), 'utf8')

describe('the quick starts', () => {
  it("are three, the README's first, each a shell block ending in its app folder and the files it names", () => {
    const quickStarts = readQuickStartsOf(REPO)
    expect(quickStarts.map((q) => [q.example, Object.keys(q.files)])).toEqual([
      ['examples/vite-react', ['src/App.tsx']],
      ['examples/nextjs', ['app/wallet.tsx', 'app/page.tsx']],
      ['examples/plain-html', ['index.html']],
    ])
    for (const { example, commands } of quickStarts) {
      expect(commands, example).toContain(readInstallLine(README))
      expect(commands.filter((line) => line.startsWith('cd ')).at(-1), example).toBe(`cd ${example.slice('examples/'.length)}`)
    }
  })

  it('keep the template\'s default export where the template imports one', () => {
    const vite = readQuickStartsOf(REPO).find((q) => q.example === 'examples/vite-react')!
    expect(vite.files['src/App.tsx']).toMatch(/^export default function App\(/m)
    expect(readFileSync(new URL('../../../examples/vite-react/src/main.tsx', import.meta.url), 'utf8')).toContain("import App from './App.tsx'")
  })
})

describe('the comparison of a made app with its example', () => {
  const dirs: string[] = []
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  function app(files: Record<string, string>): string {
    const dir = mkdtempSync(join(tmpdir(), 'walletgate-quick-start-'))
    dirs.push(dir)
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true })
      writeFileSync(join(dir, path), text)
    }
    return dir
  }

  const manifest = (name: string, walletgate: string) => JSON.stringify({ name, version: '1.0.0', dependencies: { walletgate } })

  it('finds none between equal trees, installs, builds and npm\'s own fields aside', () => {
    const made = app({ 'src/App.tsx': 'a', 'package.json': manifest('made', 'file:../walletgate-0.1.0.tgz'), 'node_modules/x/index.js': '', 'dist/index.html': '', 'package-lock.json': '{}' })
    const kept = app({ 'src/App.tsx': 'a', 'package.json': manifest('kept', 'file:../walletgate-0.1.0.tgz') })
    expect(differences(made, kept)).toEqual([])
  })

  it('names a file that drifted, one the example lacks, one the app lacks, and another dependency', () => {
    const made = app({ 'src/App.tsx': 'b', 'src/new.css': '', 'package.json': manifest('made', 'file:walletgate-0.1.0.tgz') })
    const kept = app({ 'src/App.tsx': 'a', 'README.md': '', 'package.json': manifest('made', 'file:../walletgate-0.1.0.tgz') })
    expect(differences(made, kept)).toEqual([
      'README.md: in the example, not made by the quick start',
      'package.json: differs from the example\'s',
      'src/App.tsx: differs from the example\'s',
      'src/new.css: made by the quick start, missing from the example',
    ])
  })
})

/**
 * The quick starts (the README's, docs/quick-starts.md's) as a new host developer follows them: the shell block marked
 * `<!-- quickstart: examples/<app> -->` run line by line in an empty folder holding the packed
 * tarball, then each code block marked `<!-- example: examples/<app>/<file> -->` written into the
 * file it names. What comes out must be examples/<app> (which a reader browses), file for file.
 */
import { exec } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { promisify } from 'node:util'

const shell = promisify(exec)

export interface QuickStart {
  /** The example it makes: `examples/vite-react`. */
  readonly example: string
  /** The shell block's lines, as printed. */
  readonly commands: readonly string[]
  /** The README's code blocks for this example, by path inside the app: `src/App.tsx`. */
  readonly files: Readonly<Record<string, string>>
}

/** Where the quick starts are printed, in order: the README's (React with Vite), then the others. */
export const QUICK_START_FILES = ['README.md', 'docs/quick-starts.md'] as const

/** The quick starts of the repository at `repo`, in the order they are printed. */
export function readQuickStartsOf(repo: string): QuickStart[] {
  return QUICK_START_FILES.flatMap((file) => readQuickStarts(readFileSync(join(repo, file), 'utf8')))
}

/** The quick starts a text prints, in its order. */
export function readQuickStarts(readme: string): QuickStart[] {
  const files = new Map<string, Record<string, string>>()
  for (const [, example, path, code] of readme.matchAll(/<!-- example: (examples\/[^/\s]+)\/(\S+) -->\n```[a-z]*\n([\s\S]*?)```/g)) {
    files.set(example!, { ...files.get(example!), [path!]: code! })
  }
  return [...readme.matchAll(/<!-- quickstart: (examples\/[^/\s]+) -->\n```sh\n([\s\S]*?)```/g)].map(([, example, block]) => ({
    example: example!,
    commands: block!.split('\n').filter((line) => line.trim() !== ''),
    files: files.get(example!) ?? {},
  }))
}

/** The README's install line (the block marked `<!-- install -->`). */
export function readInstallLine(readme: string): string {
  const match = /<!-- install -->\n```sh\n(.*)\n```/.exec(readme)
  if (match === null) throw new Error('the README marks no install block')
  return match[1]!
}

/**
 * Files the comparison leaves out: what installs and builds write, and `next-env.d.ts`, which
 * the Next.js template's own .gitignore leaves out (Next.js rewrites it on every build).
 */
const NOT_COMPARED = new Set(['node_modules', 'dist', '.next', 'standalone', 'package-lock.json', 'next-env.d.ts'])

function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (NOT_COMPARED.has(name) || name.endsWith('.tgz')) return []
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path, base) : [relative(base, path)]
  })
}

/** What a package.json says about the app: the generator's or npm's other fields vary with npm's own config. */
const manifest = (text: string) => {
  const { dependencies, devDependencies, scripts } = JSON.parse(text) as Record<string, unknown>
  return { dependencies, devDependencies, scripts }
}

/** How `app` differs from `example`: files only one has, and files whose bytes differ. */
export function differences(app: string, example: string): string[] {
  const made = new Set(filesUnder(app))
  const kept = new Set(filesUnder(example))
  const out: string[] = []
  for (const file of made) if (!kept.has(file)) out.push(`${file}: made by the quick start, missing from the example`)
  for (const file of kept) if (!made.has(file)) out.push(`${file}: in the example, not made by the quick start`)
  for (const file of made) {
    if (!kept.has(file)) continue
    const [a, b] = [readFileSync(join(app, file)), readFileSync(join(example, file))]
    const same = file === 'package.json' ? JSON.stringify(manifest(a.toString())) === JSON.stringify(manifest(b.toString())) : a.equals(b)
    if (!same) out.push(`${file}: differs from the example's`)
  }
  return out.sort()
}

export interface MadeApp {
  readonly example: string
  /** The app's folder, as the quick start left it. */
  readonly dir: string
  /** Everything its commands printed (npm's warnings included). */
  readonly output: string
}

/**
 * The environment a quick start runs in: npx's "Ok to proceed?" answered yes (a person types y),
 * packages from npm's cache when it holds them (the generators too), no telemetry or notices, and
 * the generators' saved preferences out of the way.
 */
export function quickStartEnv(configHome: string): NodeJS.ProcessEnv {
  // A developer's shell, not this run's: Vite's build, which the e2e setup runs in this process
  // tree, sets NODE_ENV=production, under which npm would leave the templates' devDependencies out.
  const { NODE_ENV: _production, ...inherited } = process.env
  return {
    ...inherited,
    npm_config_yes: 'true',
    npm_config_prefer_offline: 'true',
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    NEXT_TELEMETRY_DISABLED: '1',
    XDG_CONFIG_HOME: configHome,
  }
}

/**
 * Runs `quickStart` in `root` (which holds walletgate-0.1.0.tgz) as printed: each line in the
 * folder the previous `cd` lines reached, then the README's files written. The example's
 * committed lockfile goes in before the first `npm i`, so the versions are the ones examples/
 * was made with (npm still installs the tarball of this run).
 */
export async function makeApp(quickStart: QuickStart, root: string, repo: string): Promise<MadeApp> {
  // Inside `root`, which the caller removes: nothing is left behind in the system's temp folder.
  const env = quickStartEnv(mkdtempSync(join(root, '.config-')))
  const lockfile = join(repo, quickStart.example, 'package-lock.json')
  let cwd = root
  let output = ''
  let locked = false
  for (const line of quickStart.commands) {
    const cd = /^cd (\S+)$/.exec(line)
    if (cd !== null) {
      cwd = resolve(cwd, cd[1]!)
      continue
    }
    if (!locked && /^npm (i|install) /.test(line) && existsSync(lockfile)) {
      copyFileSync(lockfile, join(cwd, 'package-lock.json'))
      locked = true
    }
    try {
      const { stdout, stderr } = await shell(line, { cwd, env, maxBuffer: 64 * 1024 * 1024 })
      output += `$ ${line}\n${stdout}${stderr}`
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
      throw new Error(`${quickStart.example}: \`${line}\` failed in ${cwd}:\n${output}${stdout}${stderr}`)
    }
  }
  if (basename(cwd) !== basename(quickStart.example)) throw new Error(`${quickStart.example}: the commands end in ${cwd}, not in the app's folder`)
  for (const [path, code] of Object.entries(quickStart.files)) {
    if (!existsSync(dirname(join(cwd, path)))) throw new Error(`${quickStart.example}: the README names ${path}, whose folder the template lacks`)
    writeFileSync(join(cwd, path), code)
  }
  return { example: quickStart.example, dir: cwd, output }
}

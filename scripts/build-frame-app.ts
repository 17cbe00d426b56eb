/**
 * Builds the wallet frame's app (one minified script) into a file: walletgate-server's package
 * serves it from dist/frame/app.js (`npm run build --workspace walletgate-server` runs this).
 *
 *   tsx scripts/build-frame-app.ts <out-file>
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { buildFrameApp } from '../devnet/src/auth/frame-page'

const out = process.argv[2]
if (out === undefined) {
  console.error('usage: tsx scripts/build-frame-app.ts <out-file>')
  process.exit(64)
}
const code = await buildFrameApp((line) => console.log(line))
mkdirSync(dirname(resolve(out)), { recursive: true })
writeFileSync(resolve(out), code)

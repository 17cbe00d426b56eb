/** A small JSON document persisted under the devnet's data directory (atomic writes). */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

export class JsonFile<T> {
  private chain: Promise<void> = Promise.resolve()

  constructor(
    private readonly file: string,
    private readonly fallback: () => T,
  ) {}

  async load(): Promise<T> {
    try {
      return JSON.parse(await readFile(this.file, 'utf8')) as T
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return this.fallback()
      throw error
    }
  }

  /** Writes are queued so the file always holds the latest complete document. */
  save(value: T): Promise<void> {
    const text = JSON.stringify(value, null, 2)
    this.chain = this.chain.then(async () => {
      await mkdir(dirname(this.file), { recursive: true })
      const tmp = `${this.file}.${process.pid}.tmp`
      await writeFile(tmp, text)
      await rename(tmp, this.file)
    })
    return this.chain
  }
}

/**
 * The wallet catalogue (`/getWallets`, `/getWalletImage/{id}`): the host's curated list of wallets
 * and their images, imported from one file (`walletgate-server catalogue import FILE`), which
 * replaces the whole catalogue at once.
 */
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import type { Database } from './db/database.js'
import { isStorableText } from './storable-text.js'

/** A wallet listing as the modal reads it (docs/service-api.md, Wallet catalogue). */
export const walletSchema = z.strictObject({
  id: z.string().min(1).max(128),
  name: z.string().min(1).max(200),
  homepage: z.string().max(2_048),
  image_id: z.string().min(1).max(128),
  order: z.int(),
  rdns: z.string().max(255).nullable(),
  mobile_link: z.string().max(2_048).nullable(),
  desktop_link: z.string().max(2_048).nullable(),
  webapp_link: z.string().max(2_048).nullable(),
  app_store: z.string().max(2_048).nullable(),
  play_store: z.string().max(2_048).nullable(),
  chrome_store: z.string().max(2_048).nullable(),
  injected: z.array(z.strictObject({ injected_id: z.string().max(255), namespace: z.string().max(32) })).nullable(),
  chains: z.array(z.string().max(64)),
})
export type Wallet = z.output<typeof walletSchema>

/** The image types a wallet's image may have; anything else is refused at import. */
export const IMAGE_TYPES = ['image/svg+xml', 'image/png', 'image/webp', 'image/jpeg'] as const

const catalogueFileSchema = z.strictObject({
  wallets: z.array(walletSchema).max(100_000),
  /** By image id: the type and the bytes (base64), or the text of an SVG. */
  images: z.record(
    z.string().min(1).max(128),
    z.union([z.strictObject({ type: z.enum(IMAGE_TYPES), base64: z.base64() }), z.strictObject({ type: z.literal('image/svg+xml'), svg: z.string().max(1_000_000) })]),
  ),
})
export type CatalogueFile = z.input<typeof catalogueFileSchema>

export class CatalogueFileError extends Error {
  override readonly name = 'CatalogueFileError'
  readonly code = 'INVALID_CATALOGUE_FILE'
}

export interface WalletQuery {
  readonly page: number
  readonly entries: number
  readonly search: string
  readonly include: readonly string[]
  readonly exclude: readonly string[]
}

export class WalletCatalogue {
  constructor(private readonly db: Database) {}

  /** Replaces the catalogue with `file`'s, in one transaction: a visitor sees the old one or the new one. */
  async replace(value: unknown): Promise<{ wallets: number; images: number }> {
    const parsed = catalogueFileSchema.safeParse(value)
    if (!parsed.success) {
      throw new CatalogueFileError(`not a catalogue file:\n${parsed.error.issues.slice(0, 10).map((i) => `- ${i.path.join('.') || '(top level)'}: ${i.message}`).join('\n')}`)
    }
    const { wallets, images } = parsed.data
    const missing = wallets.filter((w) => images[w.image_id] === undefined).map((w) => w.id)
    if (missing.length > 0) throw new CatalogueFileError(`wallets without their image: ${missing.slice(0, 10).join(', ')}`)
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM wallets')
      await tx.query('DELETE FROM wallet_images')
      for (const wallet of wallets) {
        await tx.query('INSERT INTO wallets (id, name, sort_order, listing) VALUES ($1, $2, $3, $4)', [wallet.id, wallet.name, wallet.order, JSON.stringify(wallet)])
      }
      for (const [imageId, image] of Object.entries(images)) {
        const body = 'svg' in image ? Buffer.from(image.svg, 'utf8') : Buffer.from(image.base64, 'base64')
        await tx.query('INSERT INTO wallet_images (image_id, content_type, body) VALUES ($1, $2, $3)', [imageId, image.type, body])
      }
    })
    return { wallets: wallets.length, images: Object.keys(images).length }
  }

  /** Reads a catalogue file and imports it. */
  async import(path: string): Promise<{ wallets: number; images: number }> {
    let value: unknown
    try {
      value = JSON.parse(readFileSync(path, 'utf8'))
    } catch (error) {
      throw new CatalogueFileError(`cannot read ${path} as JSON: ${(error as Error).message}`)
    }
    return this.replace(value)
  }

  /** A page of the wallets `query` selects, in catalogue order, and how many it selects in all. */
  async query(query: WalletQuery): Promise<{ count: number; data: Wallet[] }> {
    const where = `($1::jsonb = '[]'::jsonb OR id IN (SELECT jsonb_array_elements_text($1::jsonb)))
      AND id NOT IN (SELECT jsonb_array_elements_text($2::jsonb))
      AND ($3 = '' OR strpos(lower(name), lower($3)) > 0)`
    const params = [JSON.stringify(query.include), JSON.stringify(query.exclude), query.search.trim()]
    const count = await this.db.query<{ count: string | number }>(`SELECT count(*) AS count FROM wallets WHERE ${where}`, params)
    const { rows } = await this.db.query<{ listing: Wallet }>(`SELECT listing FROM wallets WHERE ${where} ORDER BY sort_order, id LIMIT $4 OFFSET $5`, [
      ...params,
      query.entries,
      (query.page - 1) * query.entries,
    ])
    return { count: Number(count.rows[0]?.count ?? 0), data: rows.map((row) => row.listing) }
  }

  async image(imageId: string): Promise<{ type: string; body: Buffer } | undefined> {
    // No image has an id it could not have been imported with.
    if (imageId.length > 128 || !isStorableText(imageId)) return undefined
    const { rows } = await this.db.query<{ content_type: string; body: Uint8Array }>('SELECT content_type, body FROM wallet_images WHERE image_id = $1', [imageId])
    const row = rows[0]
    return row === undefined ? undefined : { type: row.content_type, body: Buffer.from(row.body) }
  }
}

/** The modal's image routes besides the wallets' (spec section 7): networks, currencies and tokens. */

/** Each route's name under `/public/`, with the kind of image it serves. */
export const PUBLIC_IMAGES = { getAssetImage: 'asset', getCurrencyImage: 'currency', getTokenImage: 'token' } as const
export type PublicImageKind = (typeof PUBLIC_IMAGES)[keyof typeof PUBLIC_IMAGES]

/** An image as the image routes send it. */
export interface Image {
  readonly type: string
  readonly body: Buffer | string
}

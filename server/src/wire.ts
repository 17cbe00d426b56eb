/**
 * The wire contract of the service API, as the Walletgate modal and this server share it: every
 * answer's and request's zod schema (zod/mini). A client of its own may import it from
 * `walletgate-server/wire`; /openapi.json is generated from the same schemas.
 */
export * from '../../src/wire/catalogue.js'
export * from '../../src/wire/chain-data.js'
export * from '../../src/wire/names.js'
export * from '../../src/wire/paymaster.js'
export * from '../../src/wire/requests.js'
export * from '../../src/wire/sessions.js'
export * from '../../src/wire/sign-in.js'

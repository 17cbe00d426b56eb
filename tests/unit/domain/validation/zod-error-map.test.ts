import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import {
  ensureEnglishLocale,
  installSpecErrorMap,
  receivedTypeName,
  specErrorMap,
} from '../../../../src/domain/validation/zod-error-map'

describe('spec error map', () => {
  it('words a missing value "Required"', () => {
    const r = z.object({ name: z.string() }).safeParse({}, { error: specErrorMap })
    expect(r.error?.issues[0]?.message).toBe('Required')
  })

  it('words a wrong type "Expected X, received Y"', () => {
    expect(z.string().safeParse(3, { error: specErrorMap }).error?.issues[0]?.message).toBe(
      'Expected string, received number',
    )
    expect(z.number().safeParse('3', { error: specErrorMap }).error?.issues[0]?.message).toBe(
      'Expected number, received string',
    )
    expect(z.object({}).safeParse(null, { error: specErrorMap }).error?.issues[0]?.message).toBe(
      'Expected object, received null',
    )
    expect(z.string().safeParse([], { error: specErrorMap }).error?.issues[0]?.message).toBe(
      'Expected string, received array',
    )
    expect(z.number().safeParse(Number.NaN, { error: specErrorMap }).error?.issues[0]?.message).toBe(
      'Expected number, received nan',
    )
  })

  it('words enums and lengths the way zod 3 did', () => {
    expect(z.enum(['light', 'dark']).safeParse('blue', { error: specErrorMap }).error?.issues[0]?.message).toBe(
      "Invalid enum value. Expected 'light' | 'dark', received 'blue'",
    )
    expect(z.string().check(z.minLength(4)).safeParse('abc', { error: specErrorMap }).error?.issues[0]?.message).toBe(
      'String must contain at least 4 character(s)',
    )
  })

  it('a message set on the schema still wins', () => {
    expect(z.string({ error: 'Name please' }).safeParse(undefined, { error: specErrorMap }).error?.issues[0]?.message).toBe(
      'Name please',
    )
  })

  it('names received types like zod 3', () => {
    expect([null, [], new Date(0), 1, 'a', undefined, true].map(receivedTypeName)).toEqual([
      'null', 'array', 'date', 'number', 'string', 'undefined', 'boolean',
    ])
  })
})

describe('installSpecErrorMap', () => {
  afterEach(() => {
    z.config({ customError: undefined })
  })

  it('makes the spec wording the default for every parse', () => {
    expect(z.string().safeParse(undefined).error?.issues[0]?.message).toBe(
      'Invalid input: expected string, received undefined',
    )
    installSpecErrorMap()
    expect(z.string().safeParse(undefined).error?.issues[0]?.message).toBe('Required')
    expect(z.boolean().safeParse('yes').error?.issues[0]?.message).toBe('Expected boolean, received string')
  })
})

describe('messages the spec map leaves to zod', () => {
  it("read in zod's English, as classic zod words them", () => {
    const r = z.strictObject({ a: z.string() }).safeParse({ a: 'x', extra: 1 }, { error: specErrorMap })
    expect(r.error?.issues[0]?.message).toBe('Unrecognized key: "extra"')
    expect(z.union([z.string(), z.number()]).safeParse(true, { error: specErrorMap }).error?.issues[0]?.message).toBe(
      'Invalid input',
    )
  })

  it('keep a locale the page chose', () => {
    const english = z.config().localeError
    try {
      z.config({ localeError: () => 'page wording' })
      ensureEnglishLocale()
      expect(z.strictObject({}).safeParse({ extra: 1 }).error?.issues[0]?.message).toBe('page wording')
    } finally {
      z.config({ localeError: english })
    }
  })
})

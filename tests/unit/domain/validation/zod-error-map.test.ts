import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import {
  receivedTypeName,
  specErrorMap,
  specIssueMessage,
  withoutZodJit,
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

describe('specIssueMessage (the wording of every parse the modal makes)', () => {
  it('is the spec map first', () => {
    expect(z.string().safeParse(undefined, { error: specIssueMessage }).error?.issues[0]?.message).toBe('Required')
    expect(z.boolean().safeParse('yes', { error: specIssueMessage }).error?.issues[0]?.message).toBe(
      'Expected boolean, received string',
    )
  })

  it("then zod's English, as classic zod words what the spec leaves alone", () => {
    const r = z.strictObject({ a: z.string() }).safeParse({ a: 'x', extra: 1 }, { error: specIssueMessage })
    expect(r.error?.issues[0]?.message).toBe('Unrecognized key: "extra"')
    expect(z.number().check(z.gte(2)).safeParse(1, { error: specIssueMessage }).error?.issues[0]?.message).toBe(
      'Too small: expected number to be >=2',
    )
  })

  it('leaves a parse without it as the page has zod configured', () => {
    expect(z.string().safeParse(undefined).error?.issues[0]?.message).toBe('Invalid input')
  })
})

describe('withoutZodJit', () => {
  /** The global config's own keys and values, to compare before and after. */
  const snapshot = () => ({ ...z.config() })

  it('turns the JIT off while it builds, then removes the key it added', () => {
    const before = snapshot()
    expect(Object.hasOwn(before, 'jitless')).toBe(false)
    expect(withoutZodJit(() => z.config().jitless)).toBe(true)
    expect(snapshot()).toStrictEqual(before)
  })

  it("puts back the page's own setting, also when the build throws", () => {
    z.config({ jitless: false })
    try {
      expect(() =>
        withoutZodJit(() => {
          throw new Error('schema failed')
        }),
      ).toThrow('schema failed')
      expect(z.config().jitless).toBe(false)
      expect(withoutZodJit(() => withoutZodJit(() => z.config().jitless))).toBe(true)
      expect(z.config().jitless).toBe(false)
    } finally {
      delete z.config().jitless
    }
  })
})

/**
 * Validation rules without zod, for what the page's first script must check synchronously (the
 * host's configuration): zod is about 9 KB gzip that a host page would otherwise load before the
 * modal ever opens. The rules reach zod's verdicts and word their issues as the modal's zod parses
 * do (the spec's "Required" and "Expected X, received Y", zod's English for the rest); a property
 * test holds them to the zod schema they replace.
 */
import { VALIDATION_MESSAGES, expectedReceivedMessage } from '../messages'

export type IssuePath = readonly PropertyKey[]
export interface Issue {
  readonly path: IssuePath
  readonly message: string
}

/**
 * Checks `value` at `path`: returns the value to keep (trimmed, defaulted, stripped of unknown
 * keys), or records the issues it found (what it returns then is of no use).
 */
export type Rule<T> = (value: unknown, path: IssuePath, issues: Issue[]) => T
type Out<R> = R extends Rule<infer T> ? T : never

/** The type name of `value` as zod 3 reported it ("string", "number", "nan", "null", "array", ...). */
export function receivedTypeName(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (value instanceof Date) return 'date'
  if (value instanceof Map) return 'map'
  if (value instanceof Set) return 'set'
  if (value instanceof Promise) return 'promise'
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan'
  return typeof value
}

/** "Required" for a missing value, else "Expected X, received Y". */
function wrongType(expected: string, value: unknown): string {
  return value === undefined ? VALIDATION_MESSAGES.required : expectedReceivedMessage(expected, receivedTypeName(value))
}

/** A value as zod 3 quoted it in enum messages: strings in single quotes. */
export function quote(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`
  try {
    return String(value)
  } catch {
    // An object without a prototype (Object.create(null)) has no toString.
    return Object.prototype.toString.call(value)
  }
}

/** Marks an issue saying the value is not even of the rule's type: a union then looks past that option (zod's "aborted" result). */
const TYPE_ERROR = Symbol('type error')
interface TypeIssue extends Issue {
  readonly [TYPE_ERROR]?: true
}
function typeIssue(path: IssuePath, message: string): TypeIssue {
  return { path, message, [TYPE_ERROR]: true }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export const string =
  (minLength = 0, trim = false): Rule<string> =>
  (value, path, issues) => {
    if (typeof value !== 'string') {
      issues.push(typeIssue(path, wrongType('string', value)))
      return value as string
    }
    const out = trim ? value.trim() : value
    if (out.length < minLength) issues.push({ path, message: `String must contain at least ${String(minLength)} character(s)` })
    return out
  }

export const boolean = (): Rule<boolean> => (value, path, issues) => {
  if (typeof value !== 'boolean') issues.push(typeIssue(path, wrongType('boolean', value)))
  return value as boolean
}

/** An integer within [min, max] (zod's `z.number().check(z.int(), z.gte(min), z.lte(max))`). */
export const integer =
  (min: number, max = Infinity): Rule<number> =>
  (value, path, issues) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      issues.push(typeIssue(path, wrongType('number', value)))
      return value as number
    }
    if (!Number.isInteger(value)) {
      issues.push(typeIssue(path, expectedReceivedMessage('int', 'number')))
      return value
    }
    if (value > Number.MAX_SAFE_INTEGER) issues.push({ path, message: `Too big: expected int to be <=${String(Number.MAX_SAFE_INTEGER)}` })
    if (value < Number.MIN_SAFE_INTEGER) issues.push({ path, message: `Too small: expected int to be >=${String(Number.MIN_SAFE_INTEGER)}` })
    if (value < min) issues.push({ path, message: `Too small: expected number to be >=${String(min)}` })
    if (value > max) issues.push({ path, message: `Too big: expected number to be <=${String(max)}` })
    return value
  }

export const oneOf =
  <const T extends readonly string[]>(values: T): Rule<T[number]> =>
  (value, path, issues) => {
    if (!values.includes(value as string)) {
      issues.push(typeIssue(path, `Invalid enum value. Expected ${values.map(quote).join(' | ')}, received ${quote(value)}`))
    }
    return value as T[number]
  }

/**
 * A URL whose scheme matches `protocol`, as `z.url({ protocol, error: message })` checks it: the
 * trimmed text must parse, an http(s) one must spell out `://`, and every issue reads `message`.
 */
export const url =
  (protocol: RegExp, message: string): Rule<string> =>
  (value, path, issues) => {
    if (typeof value !== 'string') {
      issues.push(typeIssue(path, message))
      return value as string
    }
    const trimmed = value.trim()
    const scheme = protocol.source !== '^https?$' || /^https?:\/\//i.test(trimmed) ? urlScheme(trimmed) : undefined
    if (scheme === undefined || !protocol.test(scheme)) issues.push({ path, message })
    return trimmed.replace(/[\t\n\r]/g, '')
  }

/** The scheme of a URL (`https`), or undefined when the text is no URL. */
function urlScheme(text: string): string | undefined {
  try {
    return new URL(text).protocol.replace(/:$/, '')
  } catch {
    return undefined
  }
}

export const custom =
  <T>(test: (value: unknown) => value is T, message: string): Rule<T> =>
  (value, path, issues) => {
    if (!test(value)) issues.push({ path, message })
    return value as T
  }

export const optional =
  <T>(rule: Rule<T>): Rule<T | undefined> =>
  (value, path, issues) =>
    value === undefined ? undefined : rule(value, path, issues)

/** `fallback` (a fresh one each call) for a missing value; the value itself is not checked. */
export const withDefault =
  <T>(rule: Rule<T>, fallback: () => NoInfer<T>): Rule<T> =>
  (value, path, issues) =>
    value === undefined ? fallback() : rule(value, path, issues)

export const array =
  <T>(item: Rule<T>, min?: { length: number; message: string }): Rule<T[]> =>
  (value, path, issues) => {
    if (!Array.isArray(value)) {
      issues.push(typeIssue(path, wrongType('array', value)))
      return value as T[]
    }
    const out = value.map((element, i) => item(element, [...path, i], issues))
    if (min !== undefined && value.length < min.length) issues.push({ path, message: min.message })
    return out
  }

/** The first option the value passes; else the issues of the one option of the value's type, else "Invalid input". */
export const union =
  <A, B>(a: Rule<A>, b: Rule<B>): Rule<A | B> =>
  (value, path, issues) => {
    const tried = [a, b].map((rule) => {
      const found: TypeIssue[] = []
      return { out: rule(value, path, found), found, aborted: found.some((issue) => issue[TYPE_ERROR] === true) }
    })
    const passed = tried.find((t) => t.found.length === 0)
    if (passed !== undefined) return passed.out
    const typed = tried.filter((t) => !t.aborted)
    if (typed.length === 1 && typed[0] !== undefined) issues.push(...typed[0].found)
    else issues.push(typeIssue(path, 'Invalid input'))
    return value as A | B
  }

type Shape = Record<string, Rule<unknown>>
type ObjectOut<S extends Shape> = { [K in keyof S as undefined extends Out<S[K]> ? never : K]: Out<S[K]> } & {
  [K in keyof S as undefined extends Out<S[K]> ? K : never]?: Out<S[K]>
}

/**
 * An object with these keys (zod's `z.object`, unknown keys dropped; `strict`: `z.strictObject`,
 * unknown keys named). A key the value lacks stays absent unless its rule gives a default.
 */
export const object =
  <S extends Shape>(shape: S, strict = true): Rule<ObjectOut<S>> =>
  (value, path, issues) => {
    if (!isObject(value)) {
      issues.push(typeIssue(path, wrongType('object', value)))
      return value as ObjectOut<S>
    }
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(shape)) {
      const kept = (shape[key] as Rule<unknown>)(value[key], [...path, key], issues)
      if (kept !== undefined || key in value) out[key] = kept
    }
    const unknown = strict ? Object.keys(value).filter((key) => !Object.hasOwn(shape, key)) : []
    if (unknown.length > 0) {
      issues.push({ path, message: `Unrecognized key${unknown.length > 1 ? 's' : ''}: ${unknown.map((key) => `"${key}"`).join(', ')}` })
    }
    return out as ObjectOut<S>
  }

/**
 * fast-check arbitraries of the values a JSON Schema (draft 2020-12, the subset zod emits) allows,
 * so request generators come from the OpenAPI document rather than from a list of today's routes.
 * A keyword it does not know throws: a new route whose schema uses one fails loudly instead of
 * being tested with values its schema does not describe.
 */
import fc from 'fast-check'

export type JsonSchema = Readonly<Record<string, unknown>>

/** Keywords that say nothing about which values are allowed. */
const ANNOTATIONS = new Set(['$schema', '$id', 'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly'])
const KNOWN = new Set([
  ...ANNOTATIONS,
  'type',
  'const',
  'enum',
  'anyOf',
  'oneOf',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
])

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** The longest string or array it makes when the schema allows longer (requests stay small). */
const SOME = 24

/**
 * Keys a JSON parser that guards against prototype poisoning refuses (Fastify's does, with 400): a
 * request built from the schema is a valid one, so it never carries them; the hostile requests do.
 */
const POISONING_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

function withoutPoisoningKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPoisoningKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).filter(([key]) => !POISONING_KEYS.has(key)).map(([key, v]) => [key, withoutPoisoningKeys(v)]))
}

/** Any JSON value a valid request may carry. */
const anyJson = (maxDepth: number) => fc.jsonValue({ maxDepth }).map(withoutPoisoningKeys)

export function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const unknown = Object.keys(schema).filter((key) => !KNOWN.has(key))
  if (unknown.length > 0) throw new Error(`json-schema-arbitrary: unsupported keywords ${unknown.join(', ')} in ${JSON.stringify(schema)}`)
  if ('const' in schema) return fc.constant(schema.const)
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (alternatives !== undefined) return fc.oneof(...alternatives.map(arbitraryOf))
  const type = schema.type
  if (Array.isArray(type)) return fc.oneof(...(type as string[]).map((t) => arbitraryOf({ ...schema, type: t })))
  switch (type) {
    case undefined:
      if (Object.keys(schema).every((key) => ANNOTATIONS.has(key))) return anyJson(2)
      throw new Error(`json-schema-arbitrary: a schema without a type: ${JSON.stringify(schema)}`)
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'string':
      return stringOf(schema)
    case 'integer':
    case 'number':
      return numberOf(schema, type === 'integer')
    case 'array': {
      if (Array.isArray(schema.prefixItems)) return tupleOf(schema)
      const items = schema.items === undefined ? anyJson(1) : arbitraryOf(schema.items as JsonSchema)
      const minLength = (schema.minItems as number | undefined) ?? 0
      return fc.array(items, { minLength, maxLength: Math.min((schema.maxItems as number | undefined) ?? Infinity, minLength + 5) })
    }
    case 'object':
      return objectOf(schema)
    default:
      throw new Error(`json-schema-arbitrary: unsupported type ${String(type)}`)
  }
}

/**
 * A tuple (`prefixItems`): each position its own schema, at least `minItems` of them (all, without
 * it), then, when `items` is a schema and `maxItems` allows, a few more of that.
 */
function tupleOf(schema: JsonSchema): fc.Arbitrary<unknown[]> {
  const prefix = (schema.prefixItems as JsonSchema[]).map(arbitraryOf)
  const minItems = (schema.minItems as number | undefined) ?? prefix.length
  const maxItems = (schema.maxItems as number | undefined) ?? (schema.items === false ? prefix.length : prefix.length + 3)
  const rest = schema.items === undefined || schema.items === false ? undefined : arbitraryOf(schema.items as JsonSchema)
  const extra = rest === undefined || maxItems <= prefix.length ? fc.constant([]) : fc.array(rest, { maxLength: Math.min(maxItems - prefix.length, 3) })
  return fc
    .tuple(fc.tuple(...prefix), fc.integer({ min: Math.min(minItems, prefix.length), max: Math.min(maxItems, prefix.length) }), extra)
    .map(([values, length, more]) => (length < prefix.length ? values.slice(0, length) : [...values, ...more]))
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? Infinity, minLength + SOME)
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u')
    return fc.stringMatching(pattern).filter((s) => s.length >= minLength && s.length <= ((schema.maxLength as number | undefined) ?? Infinity))
  }
  // Well-formed text of any script (a lone surrogate is not a string JSON can carry as text).
  return fc.string({ unit: 'grapheme', minLength, maxLength }).map((s) => (s.length > maxLength ? s.slice(0, maxLength) : s)).filter((s) => s.length >= minLength && !LONE_SURROGATE.test(s))
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = Math.max(
    (schema.minimum as number | undefined) ?? -Number.MAX_SAFE_INTEGER,
    schema.exclusiveMinimum === undefined ? -Infinity : (schema.exclusiveMinimum as number) + (integer ? 1 : Number.EPSILON),
  )
  const max = Math.min(
    (schema.maximum as number | undefined) ?? Number.MAX_SAFE_INTEGER,
    schema.exclusiveMaximum === undefined ? Infinity : (schema.exclusiveMaximum as number) - (integer ? 1 : Number.EPSILON),
  )
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
}

function objectOf(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema.required ?? []) as string[])
  const known = fc.record(Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, arbitraryOf(property)])), {
    requiredKeys: Object.keys(properties).filter((name) => required.has(name)),
  })
  const additional = schema.additionalProperties
  if (additional === false) return known
  const keys = schema.propertyNames === undefined ? fc.string({ maxLength: 12 }) : (arbitraryOf(schema.propertyNames as JsonSchema) as fc.Arbitrary<string>)
  const values = additional === undefined || additional === true ? anyJson(2) : arbitraryOf(additional as JsonSchema)
  const extra = fc.dictionary(
    keys.filter((key) => !(key in properties) && !POISONING_KEYS.has(key)),
    values,
    { maxKeys: 4 },
  )
  return fc.tuple(known, extra).map(([k, e]) => ({ ...e, ...k }))
}

import { describe, expect, it } from 'vitest'
import { isRestrictedTimeZone, RESTRICTED_TIMEZONES } from '../../../src/domain/region'

describe('restricted regions', () => {
  it("are the time zones on the list, the spec's by default, never an unknown one", () => {
    expect(isRestrictedTimeZone('Asia/Shanghai', RESTRICTED_TIMEZONES)).toBe(true)
    expect(isRestrictedTimeZone('Asia/Hong_Kong', RESTRICTED_TIMEZONES)).toBe(true)
    expect(isRestrictedTimeZone('Asia/Tokyo', RESTRICTED_TIMEZONES)).toBe(false)
    expect(isRestrictedTimeZone(undefined, RESTRICTED_TIMEZONES)).toBe(false)
    // A host's list replaces the spec's: [] offers buying and swapping everywhere.
    expect(isRestrictedTimeZone('Asia/Shanghai', [])).toBe(false)
    expect(isRestrictedTimeZone('Europe/Berlin', ['Europe/Berlin'])).toBe(true)
  })
})

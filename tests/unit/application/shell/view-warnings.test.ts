import { describe, expect, it } from 'vitest'
import { ViewWarnings } from '../../../../src/application/shell/view-warnings'
import { RecordingLogger } from '../../../fakes/recording-logger'

describe('ViewWarnings', () => {
  it('logs a failed view as a warning naming the view, never as an error', () => {
    const logger = new RecordingLogger()
    new ViewWarnings(logger).viewFailed('Account', new Error('boom'))
    expect(logger.warnings).toEqual(['Walletgate: the Account view failed'])
    expect(logger.errors).toEqual([])
  })

  it('logs a refused clipboard write as a warning', () => {
    const logger = new RecordingLogger()
    new ViewWarnings(logger).clipboardUnavailable(new Error('denied'))
    expect(logger.warnings).toEqual(['Clipboard unavailable'])
    expect(logger.errors).toEqual([])
  })
})

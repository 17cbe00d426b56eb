/**
 * Model-based test of the history router: after any sequence of push, goBack, replace and reset
 * the history is non-empty, the current view is its last entry, and it matches a plain model.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRouter, goBack, push, replace, reset, type RouterState } from '../../../src/domain/navigation/router'
import { VIEW_NAMES, type ViewName } from '../../../src/domain/navigation/views'

interface Model {
  views: ViewName[]
  closes: number
}
interface Real {
  state: RouterState
  closes: number
}

function checkInvariants(m: Model, r: Real): void {
  expect(r.state.history.length).toBeGreaterThan(0)
  expect(r.state.view).toBe(r.state.history[r.state.history.length - 1]?.view)
  expect(r.state.history.map((e) => e.view)).toEqual(m.views)
  expect(r.closes).toBe(m.closes)
}

class PushCommand implements fc.Command<Model, Real> {
  constructor(readonly view: ViewName) {}
  check = () => true
  run(m: Model, r: Real): void {
    r.state = push(r.state, this.view, { pushed: this.view })
    if (m.views[m.views.length - 1] !== this.view) m.views.push(this.view)
    checkInvariants(m, r)
  }
  toString = () => `push(${this.view})`
}

class GoBackCommand implements fc.Command<Model, Real> {
  check = () => true
  run(m: Model, r: Real): void {
    const result = goBack(r.state)
    if (m.views.length === 1) {
      expect(result.closed).toBe(true)
      expect(result.state).toBe(r.state)
      m.closes++
      r.closes++
    } else {
      expect(result.closed).toBe(false)
      m.views.pop()
    }
    r.state = result.state
    checkInvariants(m, r)
  }
  toString = () => 'goBack()'
}

class ReplaceCommand implements fc.Command<Model, Real> {
  constructor(readonly view: ViewName) {}
  check = () => true
  run(m: Model, r: Real): void {
    r.state = replace(r.state, this.view)
    m.views[m.views.length - 1] = this.view
    checkInvariants(m, r)
  }
  toString = () => `replace(${this.view})`
}

class ResetCommand implements fc.Command<Model, Real> {
  constructor(readonly view: ViewName) {}
  check = () => true
  run(m: Model, r: Real): void {
    r.state = reset(r.state, this.view)
    m.views = [this.view]
    checkInvariants(m, r)
  }
  toString = () => `reset(${this.view})`
}

// A few views so that pushing the current view (the no-op case) happens often.
const view = fc.constantFrom<ViewName>(...VIEW_NAMES.slice(0, 6))

describe('router (model-based)', () => {
  it('keeps history non-empty and the current view equal to the last entry', () => {
    fc.assert(
      fc.property(
        view,
        fc.commands(
          [
            view.map((v) => new PushCommand(v)),
            view.map((v) => new PushCommand(v)),
            fc.constant(new GoBackCommand()),
            view.map((v) => new ReplaceCommand(v)),
            view.map((v) => new ResetCommand(v)),
          ],
          { maxCommands: 60 },
        ),
        (start, cmds) => {
          fc.modelRun(() => ({ model: { views: [start], closes: 0 }, real: { state: createRouter(start), closes: 0 } }), cmds)
        },
      ),
      { numRuns: 500 },
    )
  })
})

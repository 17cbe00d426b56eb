import { Subject, type Observable } from 'rxjs'
import type { PlatformKind } from '../../src/domain/connection/platform'
import type { Platform } from '../../src/ports/platform'

/**
 * A scriptable {@link Platform}: `kind` is what the test says; `opened` records every link opened;
 * `hide()` plays the page going to the background.
 */
export class FakePlatform implements Platform {
  readonly opened: string[] = []
  private readonly hidden = new Subject<void>()
  readonly hidden$: Observable<void> = this.hidden.asObservable()

  constructor(public kind: PlatformKind = 'desktop') {}

  openLink(url: string): void {
    this.opened.push(url)
  }

  hide(): void {
    this.hidden.next()
  }
}

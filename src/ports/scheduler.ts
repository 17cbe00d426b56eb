import type { ServiceIdentifier } from 'inversify'
import type { SchedulerLike } from 'rxjs'

/** The RxJS scheduler every time operator in the application receives (TestScheduler in tests). */
export const Scheduler = Symbol('Scheduler') as ServiceIdentifier<SchedulerLike>

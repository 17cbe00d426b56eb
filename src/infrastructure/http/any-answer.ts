/** An answer the caller does not read. Its own module: the event poster imports it on the first event, not with the page. */
import { z } from 'zod/mini'

export const anyAnswer = z.unknown()

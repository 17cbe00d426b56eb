import { z } from 'zod/mini'

/**
 * Runs `build` (schema construction, or a parse that may build one) with zod's JIT off, then puts
 * the host's setting back, also when `build` throws. Zod otherwise probes `new Function('')` when it
 * builds an object schema, which a strict Content-Security-Policy (no 'unsafe-eval') reports as a
 * violation in the host page. The setting is process-wide, so it is on only while the modal's
 * own code runs (synchronously: no host code runs in between).
 */
export function withoutZodJit<T>(build: () => T): T {
  const config = z.config()
  if (config.jitless === true) return build()
  const had = Object.hasOwn(config, 'jitless')
  const before = config.jitless
  config.jitless = true
  try {
    return build()
  } finally {
    if (had) config.jitless = before
    else delete config.jitless
  }
}

// Preloaded (node --require) into a node child that must end with the process that started it,
// even when that process is SIGKILLed (the examples' `next start` in the e2e suite). A native child
// takes no preload: kill-with-parent.cjs runs beside those (the devnet's Anvil nodes).
'use strict'
const parent = Number(process.env.DEVNET_PARENT_PID)
if (parent > 0) {
  const timer = setInterval(() => {
    let alive = true
    try {
      process.kill(parent, 0)
    } catch (error) {
      alive = error && error.code === 'EPERM'
    }
    if (!alive || process.ppid !== parent) process.exit(0)
  }, 100)
  timer.unref()
}

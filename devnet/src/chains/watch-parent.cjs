// Preloaded (node --require) into every child the devnet spawns: the child exits when the devnet
// process that started it dies, even by SIGKILL, so no Hardhat node is ever left serving.
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

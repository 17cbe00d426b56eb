// Run as a small process of its own (node kill-with-parent.cjs) beside each native child the devnet
// spawns, such as an Anvil node, which takes no preload (watch-parent.cjs is that preload for node
// children): when the devnet process that started both dies, even by SIGKILL, it kills the watched
// child outright, so no chain is left serving. It ends by itself once the watched child is gone.
// DEVNET_PARENT_PID is the devnet's pid, DEVNET_WATCHED_PID the native child's.
'use strict'
const parent = Number(process.env.DEVNET_PARENT_PID)
const watched = Number(process.env.DEVNET_WATCHED_PID)

function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return Boolean(error && error.code === 'EPERM')
  }
}

if (!(parent > 0) || !(watched > 0)) process.exit(2)
setInterval(() => {
  if (!alive(watched)) process.exit(0)
  if (!alive(parent) || process.ppid !== parent) {
    try {
      process.kill(watched, 'SIGKILL')
    } catch {
      // gone meanwhile
    }
    process.exit(0)
  }
}, 100)

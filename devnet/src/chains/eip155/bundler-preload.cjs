// Preloaded (node --require) into each bundler the devnet spawns.
//
// 1. Every server the process opens listens on 127.0.0.1, whatever host it asks for: alto has no
//    host option and binds 0.0.0.0, and the devnet serves nothing beyond this machine.
// 2. The bundler ends when the devnet process that started it dies, even by SIGKILL. It kills
//    itself outright rather than exiting: alto's logger flushes through a worker thread on exit,
//    which stalls for seconds once the dead parent's end of the stdout pipe is gone.
'use strict'
const net = require('node:net')

const LOOPBACK = '127.0.0.1'
const listen = net.Server.prototype.listen
net.Server.prototype.listen = function loopbackListen(...args) {
  const first = args[0]
  if (first !== null && typeof first === 'object' && !Array.isArray(first) && first.path === undefined) {
    args[0] = { ...first, host: LOOPBACK, ipv6Only: false }
  } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    // listen(port[, host][, backlog][, callback]): put the loopback host in the host's place.
    if (typeof args[1] === 'string') args[1] = LOOPBACK
    else args.splice(1, 0, LOOPBACK)
  }
  return listen.apply(this, args)
}

const parent = Number(process.env.DEVNET_PARENT_PID)
if (parent > 0) {
  const timer = setInterval(() => {
    let alive = true
    try {
      process.kill(parent, 0)
    } catch (error) {
      alive = error && error.code === 'EPERM'
    }
    if (!alive || process.ppid !== parent) process.kill(process.pid, 'SIGKILL')
  }, 100)
  timer.unref()
}

// Preloaded (node --require) into the bundler: every server the process opens listens on
// 127.0.0.1, whatever host it asks for. Alto has no host option and binds 0.0.0.0; the devnet
// serves nothing beyond this machine.
'use strict'
const net = require('node:net')
const LOOPBACK = '127.0.0.1'
const original = net.Server.prototype.listen
net.Server.prototype.listen = function listen(...args) {
  const first = args[0]
  if (first !== null && typeof first === 'object' && !Array.isArray(first) && first.path === undefined) {
    args[0] = { ...first, host: LOOPBACK, ipv6Only: false }
  } else if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    // listen(port[, host][, backlog][, callback]): put the loopback host in the host's place.
    if (typeof args[1] === 'string') args[1] = LOOPBACK
    else args.splice(1, 0, LOOPBACK)
  }
  return original.apply(this, args)
}

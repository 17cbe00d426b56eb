/**
 * The client address wrong codes are counted against: the connection's peer (a forwarded-for
 * header is anyone's to write, so it is not read here; a service behind a proxy it trusts passes
 * the address that proxy saw). IPv4 as it is (an IPv4-mapped IPv6 address unwrapped); IPv6 by its
 * /64, the block one machine or one home is given.
 */
import { isIPv6 } from 'node:net'

export function clientAddress(remoteAddress: string | undefined): string {
  if (remoteAddress === undefined || remoteAddress === '') return 'unknown'
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(remoteAddress)
  if (mapped !== null) return mapped[1]!
  if (!isIPv6(remoteAddress)) return remoteAddress
  return `${expandIpv6(remoteAddress).slice(0, 4).join(':')}::/64`
}

function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0')
  return [...left, ...zeros, ...right].map((part) => part.toLowerCase().replace(/^0+(?=.)/, ''))
}

import ipaddr from 'ipaddr.js';

/**
 * The part of a client address that stands for one subscriber, the key of every per-IP limit: an IPv4
 * address as is, an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) as its IPv4 address, and an IPv6 address
 * as its /64 prefix (`2001:db8:1:2::/64`): a single host or home network usually holds a whole /64, so keying
 * by the full address would hand one client 2^64 fresh counters. Anything unparsable is returned unchanged.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.parse(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const prefix = v6.parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}

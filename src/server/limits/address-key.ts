/**
 * The client address as the per-address limits count it. An IPv4 address is itself (also
 * when written IPv4-mapped, ::ffff:192.0.2.1); an IPv6 address counts as its /64 network,
 * because one home or school line is given a whole /64 and a guesser could otherwise take a
 * fresh address, and a fresh allowance, for every request.
 */
import { isIPv4, isIPv6 } from "node:net";

export function addressKey(ip: string): string {
  // Every IPv6 form, IPv4-mapped ones included, has a colon: an IPv4 address is itself, at once.
  if (!ip.includes(":")) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, as lower-case hex without leading zeros. */
function expandIPv6(ip: string): string[] {
  const withoutZone = ip.split("%")[0]!.toLowerCase();
  const [head, tail] = withoutZone.split("::") as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = groups(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4 is handled above; 64:ff9b::1.2.3.4 here) is two groups.
  const last = right.length > 0 ? right : left;
  if (last.length > 0 && last[last.length - 1]!.includes(".")) {
    const [a, b, c, d] = last.pop()!.split(".").map(Number) as [number, number, number, number];
    last.push(((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((g) => parseInt(g, 16).toString(16));
}

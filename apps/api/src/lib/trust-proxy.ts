import { BlockList, isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

/** TRUST_PROXY as configured: nobody, a number of proxy hops, or the proxies' addresses and ranges. */
export type TrustProxy = false | number | string[];

/** @fastify/proxy-addr's names for ranges, which Fastify's address list accepts too. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Reads TRUST_PROXY (ADR 010). `false`, `0` or empty: nobody. A whole number N: N proxy hops (`true` = 1, the
 * usual single load balancer). Anything else: a comma-separated list of addresses, CIDR ranges or range names.
 * Answers the issues for a value that is none of these.
 */
export function parseTrustProxy(raw: string): { value: TrustProxy } | { error: string } {
  const v = raw.trim().toLowerCase();
  if (v === '' || v === 'false') return { value: false };
  if (v === 'true') return { value: 1 };
  if (/^\d+$/.test(v)) return { value: Number(v) === 0 ? false : Number(v) };
  const list = v.split(',').map((e) => e.trim());
  const bad = list.filter((e) => !RANGE_NAMES.has(e) && !isAddressOrRange(e));
  if (bad.length > 0) return { error: `TRUST_PROXY: not a hop count, an address or a CIDR range: ${bad.join(', ')}` };
  return { value: list };
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Loopback, private (RFC 1918, fc00::/7) and link-local: where a load balancer of our own network connects from. */
const OWN_NETWORK = new BlockList();
OWN_NETWORK.addSubnet('127.0.0.0', 8, 'ipv4');
OWN_NETWORK.addSubnet('10.0.0.0', 8, 'ipv4');
OWN_NETWORK.addSubnet('172.16.0.0', 12, 'ipv4');
OWN_NETWORK.addSubnet('192.168.0.0', 16, 'ipv4');
OWN_NETWORK.addSubnet('169.254.0.0', 16, 'ipv4');
OWN_NETWORK.addAddress('::1', 'ipv6');
OWN_NETWORK.addSubnet('fc00::', 7, 'ipv6');
OWN_NETWORK.addSubnet('fe80::', 10, 'ipv6');

const inOwnNetwork = (address: string): boolean => {
  const family = isIP(address);
  return family !== 0 && OWN_NETWORK.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/**
 * Fastify's `trustProxy`. Never `true` (trust every hop): the left-most X-Forwarded-For entry is whatever the client
 * wrote, and every per-address limit would fall. Fastify 5 refuses a bare hop count because a client reaching the
 * app directly could then name itself; here the nearest hop must also connect from our own network (loopback,
 * private, link-local), so a direct client from the internet is taken at its socket address. A list is Fastify's own.
 */
export function trustProxyOption(tp: TrustProxy): NonNullable<FastifyServerOptions['trustProxy']> {
  if (tp === false || Array.isArray(tp)) return tp;
  return (address: string, hop: number) => hop < tp && (hop > 0 || inOwnNetwork(address));
}

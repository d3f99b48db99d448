import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';

/** Inodes of the TCP sockets listening on `port` (any address), from /proc/net/tcp{,6}. */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      // cols: sl local_address rem_address st tx:rx tr:tm retrnsmt uid timeout inode
      if (cols[3] === '0A' && cols[1]?.endsWith(`:${hexPort}`) && cols[9]) inodes.add(cols[9]);
    }
  }
  return inodes;
}

/**
 * Whether process `pid` is the one listening on `port` — and not some other process that took the
 * port between our probe and the server's start. Undefined when /proc cannot tell.
 */
export function listensOn(pid: number, port: number): boolean | undefined {
  if (!existsSync('/proc/net/tcp')) return undefined;
  const inodes = listeningInodes(port);
  if (!inodes.size) return false;
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return undefined;
  }
  return fds.some((fd) => {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      return m !== null && inodes.has(m[1]!);
    } catch {
      return false; // closed meanwhile
    }
  });
}

/** Why a host cannot be handed to a probe as one argument, or null when it can. */
export function unsafeTargetReason(host: string): string | null {
  if (host.length === 0) return 'is empty';
  if (host.startsWith('-')) return `"${host}" must not start with "-"`;
  for (let i = 0; i < host.length; i++) {
    const code = host.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return `"${host}" must not contain spaces or control characters`;
  }
  return null;
}

export interface TracerouteTarget {
  hostname: string;
  port: number | null;
}

const SCHEME_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443, 'ws:': 80, 'wss:': 443, 'ftp:': 21 };

/**
 * A traceroute `url` is a URL or a bare host (name, IPv4, IPv6 with or without brackets).
 * For TCP without an explicit port, the URL's port (or its scheme's default) is probed.
 */
export function parseTracerouteTarget(url: string, protocol: string, port: number | null | undefined): TracerouteTarget | { error: string } {
  const text = url.trim();
  let hostname: string;
  let urlPort: number | null = null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    let parsed: URL;
    try {
      parsed = new URL(text);
    } catch {
      return { error: `url "${text}" is not a valid URL` };
    }
    hostname = parsed.hostname;
    urlPort = parsed.port ? Number(parsed.port) : (SCHEME_PORTS[parsed.protocol] ?? null);
  } else {
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
    const hostPort = /^([^:/]+):(\d+)$/.exec(text);
    if (bracketed) {
      hostname = bracketed[1];
      urlPort = bracketed[2] ? Number(bracketed[2]) : null;
    } else if (hostPort) {
      hostname = hostPort[1];
      urlPort = Number(hostPort[2]);
    } else {
      hostname = text.split('/')[0];
    }
  }
  hostname = hostname.replace(/^\[|\]$/g, '');
  const unsafe = unsafeTargetReason(hostname);
  if (unsafe) return { error: `url host ${unsafe}` };
  const chosenPort = port ?? (protocol === 'TCP' ? urlPort : null);
  return { hostname, port: chosenPort };
}

// The one function of proxy-addr the gateway uses (the package ships no types).
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';
  /** The client's address: the socket's peer, or the X-Forwarded-For hop that `trust` stops at. */
  function proxyaddr(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string;
  export = proxyaddr;
}

import net from 'node:net';

/**
 * A TCP proxy on loopback in front of PostgreSQL that a test can cut: `cut()` drops every open connection and
 * from then on accepts new ones without forwarding anything (a database that went silent: the worst case, as
 * nothing is refused and clients must time out); `restore()` forwards again.
 */
export class CuttableProxy {
  private readonly server = net.createServer((socket) => this.accept(socket));
  private readonly sockets = new Set<net.Socket>();
  private forwarding = true;
  port = 0;

  constructor(
    private readonly upstreamHost: string,
    private readonly upstreamPort: number,
  ) {}

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  private accept(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
    if (!this.forwarding) return; // silent: accepted, never answered
    const upstream = net.connect(this.upstreamPort, this.upstreamHost);
    this.sockets.add(upstream);
    upstream.on('close', () => {
      this.sockets.delete(upstream);
      socket.destroy();
    });
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
    socket.pipe(upstream);
    upstream.pipe(socket);
  }

  cut() {
    this.forwarding = false;
    for (const socket of this.sockets) socket.destroy();
  }

  restore() {
    for (const socket of this.sockets) socket.destroy();
    this.forwarding = true;
  }

  async close() {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Host and port of a postgres:// URL. */
export function hostAndPort(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 5432) };
}

/** The same URL pointing at another host and port. */
export function viaPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(port);
  return parsed.toString();
}

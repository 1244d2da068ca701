import net from 'node:net';

type Mode = 'up' | 'held' | 'dropped' | 'down';

interface Link {
  client: net.Socket;
  /** Not connected while the link was accepted during hold() or drop(). */
  upstream?: net.Socket;
  /** Bytes were thrown away (drop): the conversation is broken for good. */
  broken: boolean;
}

/**
 * A TCP forwarder in front of the real database, so a test can make the link fail the ways a
 * network does, and restore it on the same port, without touching the shared server:
 * - down(): connections reset and new ones refused (the database stopped);
 * - hold(): connections stay open but nothing moves either way (a stalled link: no error, no answer);
 * - drop(): a blackhole: connections are accepted and everything sent is swallowed.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const links = new Set<Link>();
  let server: net.Server | undefined;
  let port = 0;
  let mode: Mode = 'up';

  const destroy = (link: Link) => {
    links.delete(link);
    link.client.destroy();
    link.upstream?.destroy();
  };

  const forward = (link: Link) => {
    const { client } = link;
    const upstream = link.upstream ?? net.connect(target.port, target.host);
    if (!link.upstream) {
      link.upstream = upstream;
      upstream.on('error', () => destroy(link));
      upstream.on('close', () => mode === 'up' && destroy(link));
    }
    client.pipe(upstream).pipe(client);
  };

  const stall = (link: Link) => {
    for (const socket of [link.client, link.upstream]) {
      socket?.unpipe();
      socket?.pause();
    }
  };

  const swallow = (link: Link) => {
    link.broken = true;
    for (const socket of [link.client, link.upstream]) {
      socket?.unpipe();
      socket?.on('data', () => {});
      socket?.resume();
    }
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const link: Link = { client, broken: false };
        links.add(link);
        client.on('error', () => destroy(link));
        // A closed end is passed on only while the link works; a stalled one passes nothing.
        client.on('close', () => mode === 'up' && destroy(link));
        if (mode === 'up') forward(link);
        else if (mode === 'held') stall(link);
        else swallow(link);
      });
      server.once('error', reject);
      const listening = server;
      listening.listen(port, '127.0.0.1', () => {
        port = (listening.address() as net.AddressInfo).port;
        resolve();
      });
    });

  const closeServer = () =>
    new Promise<void>((resolve) => {
      const closing = server;
      server = undefined;
      if (closing) closing.close(() => resolve());
      else resolve();
    });

  await listen();
  return {
    get port() {
      return port;
    },
    /** Refuses new connections and resets the open ones. */
    async down() {
      mode = 'down';
      for (const link of links) destroy(link);
      await closeServer();
    },
    /** Keeps every connection open, and accepts new ones, but forwards nothing until up(). */
    hold() {
      mode = 'held';
      for (const link of links) stall(link);
    },
    /** Accepts connections and swallows every byte in both directions; up() then resets those links. */
    drop() {
      mode = 'dropped';
      for (const link of links) swallow(link);
    },
    /**
     * Forwards again: held links carry on where they stopped (their bytes were only delayed), links
     * that lost bytes to drop() are reset, and a stopped listener listens again on the same port.
     */
    async up() {
      mode = 'up';
      for (const link of links) {
        if (link.broken || link.client.destroyed || link.upstream?.destroyed) destroy(link);
        else forward(link);
      }
      if (!server) await listen();
    },
    close() {
      return this.down();
    },
  };
}

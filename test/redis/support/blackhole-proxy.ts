import * as net from 'node:net';

export interface BlackholeProxy {
  port: number;
  /**
   * From now on the connections open so far carry nothing, either way, and are never closed (a FIN into them is not
   * answered either): what a firewall or load balancer that dropped the flow, or a failover behind a proxy, leaves. New
   * connections are forwarded as before.
   */
  blackholeExisting: () => void;
  close: () => Promise<void>;
}

/** A TCP proxy on a free loopback port to `upstreamPort`, for a test. */
export async function startBlackholeProxy(upstreamPort: number): Promise<BlackholeProxy> {
  let epoch = 0;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  // allowHalfOpen: the proxy decides itself when a side is closed, so a black-holed connection stays open.
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    const mine = epoch;
    const live = () => mine === epoch;
    const upstream = net.connect({ port: upstreamPort, host: '127.0.0.1', allowHalfOpen: true });
    track(client);
    track(upstream);
    client.on('data', (data) => live() && upstream.write(data));
    upstream.on('data', (data) => live() && client.write(data));
    const closeBoth = () => {
      if (!live()) return;
      client.destroy();
      upstream.destroy();
    };
    for (const side of [client, upstream]) {
      side.on('end', closeBoth);
      side.on('close', closeBoth);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    blackholeExisting: () => void epoch++,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

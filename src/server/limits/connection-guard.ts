/**
 * Connections one address may hold open at once. Past the cap a new connection is closed
 * as soon as it opens, before Node reads a byte of it, so one address cannot use up the
 * server's file descriptors (health checks and the database pool need them too). The
 * cap is generous (a school of 1,000 pupils behind one address each holds a live stream
 * and a keep-alive connection or two) and configurable: MAX_CONNECTIONS_PER_ADDRESS.
 *
 * Behind a trusted proxy every connection comes from the proxy, so no cap is applied:
 * the proxy is the place to limit connections then (docs/SECURITY.md).
 */
import type { Server, Socket } from "node:net";

export function capConnectionsPerAddress(server: Server, max: number): { openFrom(address: string): number } {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return { openFrom: (address) => open.get(address) ?? 0 };
}

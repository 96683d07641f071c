import type { Socket } from 'node:net';
import type { ChannelCredentials } from '@grpc/grpc-js';

/**
 * Credentials that remember every TCP socket their channel opens, so a run can destroy them when it
 * ends. grpc-js closes a channel's connection gracefully, and a connection whose peer never sent its
 * HTTP/2 settings (a server that accepts and hangs) would otherwise stay open for good.
 * `_createSecureConnector` is grpc-js' (typed, public) hook between its TCP connect and HTTP/2.
 */
export function trackingSockets(creds: ChannelCredentials): { creds: ChannelCredentials; destroyAll(): void } {
  const sockets = new Set<Socket>();
  const create = creds._createSecureConnector.bind(creds);
  creds._createSecureConnector = (...args) => {
    const connector = create(...args);
    const connect = connector.connect.bind(connector);
    connector.connect = (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      return connect(socket);
    };
    return connector;
  };
  return {
    creds,
    destroyAll: () => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
  };
}

/** Connections one API key may hold at once: the public CLI opens one per `checkly trigger`/`test` run. */
export const MAX_MQTT_CONNECTIONS_PER_KEY = 20;
/** Connections one client address (IPv6: one /64) may hold at once, whatever keys they use; each costs about 44 KB. */
export const MAX_MQTT_CONNECTIONS_PER_ADDRESS = 50;

export interface MqttConnectionCaps {
  perKey: number;
  /** Also bounds the address's sockets that have not sent an accepted CONNECT yet, counted apart. */
  perAddress: number;
}

export const DEFAULT_MQTT_CONNECTION_CAPS: MqttConnectionCaps = { perKey: MAX_MQTT_CONNECTIONS_PER_KEY, perAddress: MAX_MQTT_CONNECTIONS_PER_ADDRESS };

/** Why a CONNECT was refused by a cap, in the words the refusal carries. */
export type CapRefusal = { cap: 'key' | 'address'; message: string };

/** One WebSocket's place in the counts, from its upgrade until its TCP socket closes. */
export interface ConnectionSlot {
  /** Counts the connection under its key; a refusal when the key or the address already holds its cap. */
  connect(keyId: string): CapRefusal | null;
  /** Frees what the socket held; called once its socket closed (further calls do nothing). */
  release(): void;
}

function bump(counts: Map<string, number>, id: string, by: number): void {
  const next = (counts.get(id) ?? 0) + by;
  if (next > 0) counts.set(id, next);
  else counts.delete(id);
}

/**
 * Live MQTT connections per key and per address. A socket is "waiting" from its upgrade until its
 * CONNECT is accepted, then "connected"; waiting ones are capped apart, so sockets that never send
 * CONNECT cannot pile up either, and a refused CONNECT never takes a connected place.
 */
export class ConnectionCounts {
  private readonly waiting = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();
  private readonly byKey = new Map<string, number>();

  constructor(private readonly caps: MqttConnectionCaps) {}

  /** A new socket from the address; null when the address already has its cap of sockets waiting for CONNECT. */
  open(address: string): ConnectionSlot | null {
    if ((this.waiting.get(address) ?? 0) >= this.caps.perAddress) return null;
    bump(this.waiting, address, 1);
    let state: 'waiting' | 'connected' | 'released' = 'waiting';
    let key = '';
    return {
      connect: (keyId) => {
        if (state !== 'waiting') return null;
        if ((this.byKey.get(keyId) ?? 0) >= this.caps.perKey) {
          return { cap: 'key', message: `this API key already holds ${this.caps.perKey} MQTT connections, the most it may; close one first` };
        }
        if ((this.byAddress.get(address) ?? 0) >= this.caps.perAddress) {
          return { cap: 'address', message: `this address already holds ${this.caps.perAddress} MQTT connections, the most it may; close one first` };
        }
        state = 'connected';
        key = keyId;
        bump(this.waiting, address, -1);
        bump(this.byAddress, address, 1);
        bump(this.byKey, key, 1);
        return null;
      },
      release: () => {
        if (state === 'waiting') bump(this.waiting, address, -1);
        if (state === 'connected') {
          bump(this.byAddress, address, -1);
          bump(this.byKey, key, -1);
        }
        state = 'released';
      },
    };
  }
}

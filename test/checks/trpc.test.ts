import { describe, expect, it } from 'vitest';
import { createAlertChannel } from '../helpers/server';
import { trpcError } from '../helpers/trpc';
import { useServerWithClients } from '../helpers/trpc-server';

describe('tRPC twins of the traceroute and multi-step routes', () => {
  const env = useServerWithClients();

  it('createTraceroute and updateTraceroute answer what REST reads back', async () => {
    const channel = await createAlertChannel(env.server, 'EMAIL', { address: 'ops@example.com' });
    const created = await env.trpc.checks.createTraceroute.mutate({ name: 'path', request: { url: '127.0.0.1' } });
    expect(created).toMatchObject({ checkType: 'TRACEROUTE', request: { protocol: 'TCP', maxHops: 30 }, alertChannelSubscriptions: [{ alertChannelId: channel, activated: true }] });
    const updated = await env.trpc.checks.updateTraceroute.mutate({ id: created.id, patch: { request: { timeout: 5 } } });
    expect(updated.request).toEqual({ ...(created.request as object), timeout: 5 });
    expect((await env.server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(updated);
  });

  it('createMultiStep and updateMultiStep answer what REST reads back; a bad update changes nothing', async () => {
    const created = await env.trpc.checks.createMultiStep.mutate({ name: 'flow', script: 'console.log(1)' });
    expect(created).toMatchObject({ checkType: 'MULTI_STEP', frequency: 10, dependencies: [] });
    const updated = await env.trpc.checks.updateMultiStep.mutate({ id: created.id, patch: { frequency: 60 } });
    expect((await env.server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(updated);
    const wrongType = await trpcError(env.trpc.checks.updateTraceroute.mutate({ id: created.id, patch: { name: 'x' } }));
    expect(wrongType.data?.code).toBe('NOT_FOUND');
    expect((await env.server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(updated);
  });

  it('createSsl and updateSsl answer what REST reads back; a bad port is refused naming the field', async () => {
    const created = await env.trpc.checks.createSsl.mutate({ name: 'certificate', request: { sslConfig: { hostname: 'example.test' } } });
    expect(created).toMatchObject({ checkType: 'SSL', request: { sslConfig: { hostname: 'example.test', port: 443, alertDaysBeforeExpiry: 20 } } });
    const updated = await env.trpc.checks.updateSsl.mutate({ id: created.id, patch: { request: { sslConfig: { hostname: 'example.test', port: 8443 } } } });
    expect((await env.server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(updated);
    const refused = await trpcError(env.trpc.checks.updateSsl.mutate({ id: created.id, patch: { request: { sslConfig: { hostname: 'example.test', port: 0 } } } }));
    expect(refused.data?.code).toBe('BAD_REQUEST');
    expect(refused.message).toContain('port');
    expect((await env.server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(updated);
  });
  it('createTcp/updateTcp and createDns/updateDns answer what REST reads back; bad input is refused naming the field', async () => {
    const tcp = await env.trpc.checks.createTcp.mutate({ name: 'port', request: { hostname: '127.0.0.1', port: 25 } });
    expect(tcp).toMatchObject({ checkType: 'TCP', request: { hostname: '127.0.0.1', port: 25, ipFamily: 'IPv4' } });
    const tcpUpdated = await env.trpc.checks.updateTcp.mutate({ id: tcp.id, patch: { request: { port: 587 } } });
    expect((await env.server.api('GET', `/v1/checks/${tcp.id}`)).body).toEqual(tcpUpdated);
    const badPort = await trpcError(env.trpc.checks.updateTcp.mutate({ id: tcp.id, patch: { request: { port: 70000 } } }));
    expect(badPort.data?.code).toBe('BAD_REQUEST');
    expect(badPort.message).toContain('port');

    const dns = await env.trpc.checks.createDns.mutate({ name: 'name', request: { query: 'app.test', recordType: 'MX' } });
    expect(dns).toMatchObject({ checkType: 'DNS', request: { query: 'app.test', recordType: 'MX', protocol: 'UDP' } });
    const dnsUpdated = await env.trpc.checks.updateDns.mutate({ id: dns.id, patch: { request: { protocol: 'TCP' } } });
    expect((await env.server.api('GET', `/v1/checks/${dns.id}`)).body).toEqual(dnsUpdated);
    const noPort = await trpcError(env.trpc.checks.updateDns.mutate({ id: dns.id, patch: { request: { nameServer: '127.0.0.1' } } }));
    expect(noPort.data?.code).toBe('BAD_REQUEST');
    expect(noPort.message).toContain('port');
    expect((await env.server.api('GET', `/v1/checks/${dns.id}`)).body).toEqual(dnsUpdated);
  });

  it('createGrpc/updateGrpc answer what REST reads back; a BEHAVIOR update without a method is refused naming it and changes nothing', async () => {
    const grpc = await env.trpc.checks.createGrpc.mutate({ name: 'orders', request: { url: '127.0.0.1', port: 50051, grpcConfig: { tls: false } } });
    expect(grpc).toMatchObject({ checkType: 'GRPC', request: { url: '127.0.0.1', port: 50051, timeout: 60, grpcConfig: { tls: false, metadata: [] } } });
    const updated = await env.trpc.checks.updateGrpc.mutate({ id: grpc.id, patch: { request: { port: 50052 } } });
    expect((await env.server.api('GET', `/v1/checks/${grpc.id}`)).body).toEqual(updated);
    const noMethod = await trpcError(env.trpc.checks.updateGrpc.mutate({ id: grpc.id, patch: { request: { grpcConfig: { mode: 'BEHAVIOR' } } } }));
    expect(noMethod.data?.code).toBe('BAD_REQUEST');
    expect(noMethod.message).toContain('request.grpcConfig.method');
    expect((await env.server.api('GET', `/v1/checks/${grpc.id}`)).body).toEqual(updated);
  });
});

import { Alert, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { DenseTable } from '../../components/dense-table';
import { StatGrid } from '../../components/stat-grid';
import { formatAt } from '../../lib/date-time';
import { AssertionsTable } from './assertions-table';
import { FailingAssertions } from './failing-assertions';
import { formatMs, formatValue } from './result-display';
import { readAssertions, type SslResultPayload } from '../../../src-shared/schemas/result-payloads';

const CHAIN_COLUMNS = ['#', 'Subject', 'Issuer', 'Valid from', 'Valid to', 'Days left', 'Validity'];

/** Red when expired or within the alert window, orange within twice it, teal otherwise. */
function daysColor(days: number | null, alertDays: number): string | undefined {
  if (days === null) return undefined;
  if (days < 0 || days <= alertDays) return 'red';
  return days <= alertDays * 2 ? 'orange' : 'teal';
}

export function SslResultView({ ssl }: { ssl: SslResultPayload }) {
  const response = ssl.response;
  const assertions = readAssertions(ssl.assertions);
  const days = response?.daysUntilExpiry ?? ssl.daysUntilExpiry;
  const target = `${ssl.request.hostname}:${ssl.request.port}`;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Handshake with <Text span ff="monospace">{target}</Text>
        {ssl.request.serverName && ssl.request.serverName !== ssl.request.hostname && <> as {ssl.request.serverName}</>}
        {response?.resolvedIp && <> ({response.resolvedIp})</>}
      </Text>
      {ssl.requestError && (
        <Alert color="red" variant="light" title="The handshake did not complete">
          {ssl.requestError}
        </Alert>
      )}
      <StatGrid
        label="Certificate"
        stats={[
          {
            label: 'Days left',
            value: days === null ? '—' : days < 0 ? `expired ${-days} days ago` : String(days),
            color: daysColor(days, ssl.request.alertDaysBeforeExpiry),
            hint: `The run fails ${ssl.request.alertDaysBeforeExpiry} days before expiry.`,
          },
          { label: 'Chain trusted', value: ssl.chainTrusted ? 'Yes' : 'No', color: ssl.chainTrusted ? 'teal' : 'red' },
          { label: 'Hostname verified', value: ssl.hostnameVerified ? 'Yes' : 'No', color: ssl.hostnameVerified ? 'teal' : 'red' },
          { label: 'Protocol', value: formatValue(ssl.tlsVersion) },
          { label: 'Handshake', value: formatMs(ssl.handshakeTimeMs, 0) },
        ]}
      />
      {response && !response.chainTrusted && (
        <Alert color="red" variant="light" title="Chain not trusted">
          {response.chainTrustDetail ?? response.chainTrustReason ?? 'No reason was given.'}
          {response.chainTrustReason && response.chainTrustDetail && (
            <Text size="xs" ff="monospace" mt={4}>
              {response.chainTrustReason}
            </Text>
          )}
          {ssl.request.skipChainValidation && <Text size="xs">Chain validation is skipped for this monitor: this does not fail the run.</Text>}
        </Alert>
      )}
      <FailingAssertions assertions={assertions} />
      {response && (
        <Text size="sm">
          Cipher <Text span ff="monospace">{formatValue(response.cipherSuite)}</Text>
          {response.certificate && (
            <>
              {' '}
              · key {formatValue(response.certificate.keyAlgorithm)} {response.certificate.keySizeBits ? `${response.certificate.keySizeBits} bits` : ''}
              {response.certificate.sans.length > 0 && <> · names {response.certificate.sans.join(', ')}</>}
            </>
          )}
        </Text>
      )}
      {response && response.chain.length > 0 && (
        <Stack gap={4}>
          <Title order={4}>Chain</Title>
          <DenseTable label="Certificate chain" columns={CHAIN_COLUMNS} hiddenColumn={null} minWidth={820} highlightOnHover={false} verticalSpacing={4}>
            {response.chain.map((cert, index) => (
              <Table.Tr key={`${cert.fingerprintSha256}-${index}`}>
                <Table.Td>{index === 0 ? 'Leaf' : index}</Table.Td>
                <Table.Td ff="monospace">{cert.subject}</Table.Td>
                <Table.Td ff="monospace">
                  {cert.issuer}
                  {cert.selfSigned && (
                    <Badge ml={4} size="xs" variant="light" color="gray">
                      self-signed
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{formatAt(cert.validFrom, 'date')}</Table.Td>
                <Table.Td>{formatAt(cert.validTo, 'date')}</Table.Td>
                <Table.Td>{cert.daysUntilExpiry}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={cert.validity === 'valid' ? 'teal' : 'red'}>
                    {cert.validity}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </DenseTable>
        </Stack>
      )}
      <Stack gap={4}>
        <Title order={4}>Assertions</Title>
        <AssertionsTable assertions={assertions} />
      </Stack>
    </Stack>
  );
}

import { Anchor, Badge, Stack, Title } from '@mantine/core';
import { humanLabel } from '../../lib/labels';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LoadingBlock } from '../../components/loading-block';
import { TimeZoneNote } from '../../components/time-zone-note';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { MonitorFields } from '../monitors/monitor-fields';
import { formatTime } from '../sessions/session-display';
import { DurationScaleContext } from '../../lib/duration-scale';
import { errorShownBelow, resultPageScale, resultVerdict, runTimingMs } from './result-display';
import { ResultErrorAlert } from './result-error-alert';
import { RUN_TYPE_NAMES } from '../../../src-shared/check-types';
import { CONSOLE_CHECK_TYPES } from '../check-types';
import { ResultVerdictBadge } from './result-verdict-badge';

export function ResultPage() {
  const { id = '', resultId = '' } = useParams();
  const trpc = useTRPC();
  const result = useQuery(trpc.checkResults.get.queryOptions({ checkId: id, checkResultId: resultId }));

  if (result.isPending) return <LoadingBlock label="Loading result" />;
  if (result.isError) return <QueryError title="The result could not be loaded" error={result.error} onRetry={() => void result.refetch()} />;

  const data = result.data;
  const scale = resultPageScale(data);
  const runMs = runTimingMs(data);
  const fields = [
    { label: 'Monitor', value: <Anchor component={Link} to={`/monitors/${data.checkId}`} size="sm">{data.name}</Anchor> },
    { label: 'Session', value: <Anchor component={Link} to={`/sessions/${data.checkSessionId}`} size="sm">{data.checkSessionId}</Anchor> },
    { label: 'Location', value: data.runLocation },
    { label: 'Result type', value: humanLabel(data.resultType) },
    { label: 'Attempt', value: data.attempts },
    { label: 'Started', value: formatTime(data.startedAt) },
    { label: 'Stopped', value: formatTime(data.stoppedAt) },
    { label: 'Response time', value: scale.format(runMs === null ? null : runMs * 1_000) },
    { label: 'Over max response time', value: data.overMaxResponseTime },
  ];

  return (
    <>
      <PageHeader
        title={`Result of ${data.name}`}
        description={`${humanLabel(data.checkType)} · ${humanLabel(data.resultType)} result from ${data.runLocation} · ${formatTime(data.startedAt)}`}
        actions={
          <>
            <ResultVerdictBadge verdict={resultVerdict(data)} />
            <Badge size="sm" variant="outline" color="gray">
              {humanLabel(data.resultType)}
            </Badge>
          </>
        }
      />
      <DurationScaleContext.Provider value={scale}>
      <Stack gap="lg" maw={1100}>
        {data.error && <ResultErrorAlert error={data.error} shownBelow={errorShownBelow(data)} />}
        {RUN_TYPE_NAMES.map((type) => {
          const View = CONSOLE_CHECK_TYPES[type].ResultView;
          return <View key={type} result={data} />;
        })}
        <Stack gap={4}>
          <Title order={4}>Run</Title>
          <MonitorFields label="Run details" fields={fields} />
          <TimeZoneNote />
        </Stack>
      </Stack>
      </DurationScaleContext.Provider>
    </>
  );
}

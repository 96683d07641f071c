import { Code, Text } from '@mantine/core';
import type { MultiStepCheckResult } from '../../../src-shared/schemas/result-payloads';

/** Which path ran the script and why; results from before the warm runtime name only the version. */
export function MultiStepRuntimeLine({ multiStep }: { multiStep: MultiStepCheckResult }) {
  const version = multiStep.runtimeVersion ? ` · Runtime ${multiStep.runtimeVersion}` : '';
  if (multiStep.runtime === 'WARM') {
    return (
      <Text size="sm" c="dimmed">
        Ran on the warm runtime{version}
      </Text>
    );
  }
  if (multiStep.runtime === 'FULL') {
    return (
      <Text size="sm" c="dimmed">
        Ran with <Code>playwright test</Code> (full path){multiStep.fullPathReason ? `: ${multiStep.fullPathReason}` : ''}
        {version}
      </Text>
    );
  }
  return version ? (
    <Text size="sm" c="dimmed">
      Runtime {multiStep.runtimeVersion}
    </Text>
  ) : null;
}

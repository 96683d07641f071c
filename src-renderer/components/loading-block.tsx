import { Center, Loader } from '@mantine/core';

export function LoadingBlock({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

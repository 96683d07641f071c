import { Center, Loader } from '@mantine/core';

export function LoadingBlock({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}

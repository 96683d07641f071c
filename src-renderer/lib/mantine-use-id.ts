import { useId as useReactId } from 'react';

/**
 * @mantine/hooks' useId with React's id kept (vite.renderer.config.ts points Mantine's own module here).
 * Mantine's renders React's id, then swaps it for a random one in a layout effect: every input,
 * Select, Popover and Tooltip rendered twice as it mounted, synchronously, before the first frame.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}

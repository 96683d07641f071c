import { MultiSelect } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { LOCATIONS } from '../../src-shared/enums';
import { LOCAL_RUN_LOCATION } from '../lib/run-locations';
import { useTRPC } from '../lib/trpc';

interface LocationPickerProps {
  label: string;
  description: string;
  /** @mantine/form's props of a `string[]` field of tagged values (lib/run-locations.ts). */
  inputProps: GetInputPropsReturnType;
}

export const PUBLIC_NAMES_GROUP = 'Public location names — runs from this machine under that name';

/**
 * Where a check (or a group's checks) runs: this machine, the account's private locations by name,
 * and — only when Settings → Console offers them — the public location names, which run from this
 * machine under that name. A public name already stored is shown either way, so saving keeps it.
 */
export function LocationPicker({ label, description, inputProps }: LocationPickerProps) {
  const trpc = useTRPC();
  const privateLocations = useQuery(trpc.privateLocations.list.queryOptions());
  const settings = useQuery(trpc.console.settings.queryOptions());
  const value = Array.isArray(inputProps.value) ? (inputProps.value as string[]) : [];

  const known = new Set<string>([LOCAL_RUN_LOCATION]);
  const privateItems = (privateLocations.data ?? []).map((location) => {
    const tagged = `private:${location.slugName}`;
    known.add(tagged);
    return { value: tagged, label: `${location.name} (${location.slugName})` };
  });
  // A slug stored but not (or not yet) listed still shows, by its slug.
  for (const tagged of value) {
    if (tagged.startsWith('private:') && !known.has(tagged)) privateItems.push({ value: tagged, label: tagged.slice('private:'.length) });
  }
  const offered = settings.data?.offerPublicLocations === true;
  const publicValues = offered ? LOCATIONS.map((region) => `public:${region}`) : value.filter((tagged) => tagged.startsWith('public:'));
  const data = [
    { group: 'This machine', items: [{ value: LOCAL_RUN_LOCATION, label: 'This machine (local)' }] },
    ...(privateItems.length ? [{ group: 'Private locations', items: privateItems }] : []),
    ...(publicValues.length ? [{ group: PUBLIC_NAMES_GROUP, items: publicValues.map((tagged) => ({ value: tagged, label: tagged.slice('public:'.length) })) }] : []),
  ];
  return <MultiSelect label={label} description={description} data={data} searchable clearable hidePickedOptions={false} {...inputProps} />;
}

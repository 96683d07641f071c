import { SectionPlaceholder } from '../../components/section-placeholder';

export function SettingsPage() {
  return (
    <SectionPlaceholder
      title="Settings"
      description="Account, API keys, plan limits and global alert settings."
      willHold="Settings for this account will be shown here."
    />
  );
}

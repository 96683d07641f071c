import { SectionPlaceholder } from '../../components/section-placeholder';

export function AlertChannelsPage() {
  return (
    <SectionPlaceholder
      title="Alert channels"
      description="Where alerts go when a monitor fails or recovers: email, Slack, webhooks, SMS, phone calls, PagerDuty and Opsgenie."
      willHold="Alert channels you add will be listed here with their type, target and the monitors subscribed to them."
    />
  );
}

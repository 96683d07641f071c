import { SectionPlaceholder } from '../../components/section-placeholder';

export function NotificationsPage() {
  return (
    <SectionPlaceholder
      title="Notifications"
      description="The alert notifications Sightline has sent, with the channel used and whether delivery succeeded."
      willHold="Sent notifications will be listed here, newest first, once an alert has fired."
    />
  );
}

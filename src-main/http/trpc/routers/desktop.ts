import { getDesktopNotificationSettings, setDesktopNotificationSettings } from '../../../services/desktop';
import { DesktopNotificationSettings } from '../../../../src-shared/schemas/desktop-notifications';
import { adminProcedure, authedProcedure, router } from '../init';

/** The desktop app's native-notification opt-in (Settings → Desktop app); stored per account, used only by the app. */
export const desktopRouter = router({
  notificationSettings: authedProcedure.query(({ ctx }) => getDesktopNotificationSettings(ctx.service)),
  setNotificationSettings: adminProcedure.input(DesktopNotificationSettings).mutation(({ ctx, input }) => setDesktopNotificationSettings(ctx.service, input)),
});

import { getConsoleSettings, setConsoleSettings } from '../../../services/settings';
import { runMultiStepOnce, sendNow } from '../../../services/test-sessions';
import { ConsoleSettings } from '../../../../src-shared/schemas/console-settings';
import { RunOnceRequest, SendNowRequest } from '../../../../src-shared/schemas/run-once';
import { adminProcedure, authedProcedure, router } from '../init';

/** What only the console asks for: runs that record nothing, and its own account-wide preferences. */
export const consoleRouter = router({
  /** "Run once without saving" on the multi-step form: runs an unsaved script with the account's secrets, so it needs `write`, like saving it. */
  runMultiStepOnce: authedProcedure.input(RunOnceRequest).mutation(({ ctx, input, signal }) => runMultiStepOnce(ctx.service, input, signal)),
  /** "Send now" on the API, URL and SSL forms: sends an unsaved check with the account's secrets, so it needs `write` too. */
  sendNow: authedProcedure.input(SendNowRequest).mutation(({ ctx, input, signal }) => sendNow(ctx.service, input, signal)),
  settings: authedProcedure.query(({ ctx }) => getConsoleSettings(ctx.service)),
  setSettings: adminProcedure.input(ConsoleSettings).mutation(({ ctx, input }) => setConsoleSettings(ctx.service, input)),
});

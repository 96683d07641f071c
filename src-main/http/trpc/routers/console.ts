import { getConsoleSettings, setConsoleSettings } from '../../../services/settings';
import { runApiOnce, runMultiStepOnce } from '../../../services/test-sessions';
import { ConsoleSettings } from '../../../../src-shared/schemas/console-settings';
import { ApiRunOnceRequest, RunOnceRequest } from '../../../../src-shared/schemas/run-once';
import { adminProcedure, authedProcedure, router } from '../init';

/** What only the console asks for: runs that record nothing, and its own account-wide preferences. */
export const consoleRouter = router({
  /** "Run once without saving" on the multi-step form: runs an unsaved script with the account's secrets, so it needs `write`, like saving it. */
  runMultiStepOnce: authedProcedure.input(RunOnceRequest).mutation(({ ctx, input, signal }) => runMultiStepOnce(ctx.service, input, signal)),
  /** "Send now" on the API check form: sends an unsaved request with the account's secrets, so it needs `write` too. */
  runApiOnce: authedProcedure.input(ApiRunOnceRequest).mutation(({ ctx, input, signal }) => runApiOnce(ctx.service, input, signal)),
  settings: authedProcedure.query(({ ctx }) => getConsoleSettings(ctx.service)),
  setSettings: adminProcedure.input(ConsoleSettings).mutation(({ ctx, input }) => setConsoleSettings(ctx.service, input)),
});

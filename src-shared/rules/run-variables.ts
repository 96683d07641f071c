/**
 * Names a variable given for one run (`checkly trigger -e`) may not have: the full path hands a
 * multi-step run's variables to its `playwright test` process as its environment, where these
 * configure node, the dynamic loader, Playwright or a shell rather than the script
 * (`NODE_OPTIONS=--import=data:...` runs code of its own). A trigger may run stored checks only
 * (READ_RUN may trigger), so it may not change what code runs. A check's own variables are set by a
 * key that may write the script anyway.
 */
const RUNTIME_SETTING = /^(?:NODE_|LD_|DYLD_|PLAYWRIGHT_|PW_|ELECTRON_|UV_|OPENSSL_|SSL_|NPM_CONFIG_|BASH_|GIT_)|^(?:PATH|HOME|TMPDIR|TMP|TEMP|ENV|SHELL|CI|FORCE_COLOR|DEBUG)$/i;

export function isRuntimeSetting(key: string): boolean {
  return RUNTIME_SETTING.test(key);
}

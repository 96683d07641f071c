/** `db copy` will not (or could not) copy: the message names the cause and what to do; the CLI prints it and exits 1. */
export class CopyRefused extends Error {
  override readonly name = 'CopyRefused';
}

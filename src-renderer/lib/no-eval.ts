import { z } from 'zod';

// zod compiles object parsers with `new Function` when it may; the console's CSP allows no eval
// (script-src 'self'), so its probe would only be reported as a violation. Imported first in main.tsx.
z.config({ jitless: true });

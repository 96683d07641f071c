import { TEMPLATE_VARIABLES } from '../../notify/template-variables';

/**
 * The `{{NAME}}` variables a webhook channel may use, for the console's help. The list is the
 * provider's own (notify/ fills them in), reached through the services like everything the transports show.
 */
export function webhookTemplateVariables(): typeof TEMPLATE_VARIABLES {
  return TEMPLATE_VARIABLES;
}

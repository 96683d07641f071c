/** The error body of every REST answer that is not a success (spec section 7). */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  attributes?: Record<string, unknown>;
}

export const HTTP_ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  421: 'Misdirected Request',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorBody(statusCode: number, message: string, attributes?: Record<string, unknown>): ErrorBody {
  const body: ErrorBody = { statusCode, error: HTTP_ERROR_NAMES[statusCode] ?? 'Error', message };
  if (attributes) body.attributes = attributes;
  return body;
}

interface IssueLike {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/** "request.pingCount: must be 50 or less; name: ..." — names each bad field. */
export function describeIssues(issues: ReadonlyArray<IssueLike>, prefix = ''): string {
  return issues
    .map((issue) => {
      const path = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.').replace(/\.\[/g, '[');
      const field = [prefix, path].filter(Boolean).join('.');
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

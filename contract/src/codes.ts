// The error codes and their HTTP statuses (CONTRACT.md section 2) as plain values, without zod: the
// web app's sign-in route needs them and must not load zod. common.ts builds the schema from them.

export const ERR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export type ErrCode = (typeof ERR_CODES)[number];

/** The HTTP status of each error code (CONTRACT.md section 2). */
export const ERR_STATUS: Record<ErrCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

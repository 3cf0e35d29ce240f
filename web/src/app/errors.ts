// Turns anything a call can throw into a title and readable messages in the user's language.
// The zod-free codes: this module is on the sign-in route, which must not load zod.
import { ERR_CODES } from '@lbo/contract/codes';
import type { Translate } from '../i18n/core';
import { ApiError } from './api-client';

/** i18next's `t`, or the sign-in screen's core-message lookup (i18n/core.ts `coreText`). */
type TFunction = Translate | ((key: string) => string);

export type ReadableError = { title: string; messages: string[]; code: string; status: number };

/** The server's codes (from the contract) and the client's own. */
const KNOWN = new Set<string>([...ERR_CODES, 'NETWORK', 'SESSION_EXPIRED', 'BAD_RESPONSE']);

export function readableError(error: unknown, t: TFunction): ReadableError {
  if (error instanceof ApiError) {
    const code = KNOWN.has(error.code) ? error.code : error.status >= 500 ? 'INTERNAL' : 'UNKNOWN';
    const title = t(`errors.codes.${code}`);
    // A 500 says nothing useful to a user; the rest carry the server's own explanation.
    const serverMessages = code === 'INTERNAL' ? [] : error.messages;
    const messages = serverMessages.length > 0 ? serverMessages : [t(`errors.hints.${code}`)];
    return { title, messages, code, status: error.status };
  }
  const message = error instanceof Error && error.message ? error.message : String(error);
  return { title: t('errors.codes.UNKNOWN'), messages: [message], code: 'UNKNOWN', status: 0 };
}

/** One line for a toast or an inline alert. */
export function errorText(error: unknown, t: TFunction): string {
  return readableError(error, t).messages.join(' · ');
}

// Errors the API answers with, and the one error handler that turns anything thrown into
// CONTRACT.md's error envelope. A 500 never carries SQL or a stack trace.
import { ERR_STATUS, type ErrCode } from '@lbo/contract/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { pgErrorOf } from '../db/retry';
import { detailOf, type ErrDetail, type Lang, requestLang, zodDetail } from './messages';

export class ApiError extends Error {
  readonly status: number;
  readonly messages: string[];
  constructor(
    readonly code: ErrCode,
    messages: string | string[],
  ) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list.join('; '));
    this.status = ERR_STATUS[code];
    this.messages = list.length > 0 ? list : [code];
  }
}

export const badRequest = (m: string | string[]) => new ApiError('VALIDATION_ERROR', m);
export const unauthenticated = (m = 'Sign in first: the token is missing, invalid or expired') =>
  new ApiError('UNAUTHENTICATED', m);
export const forbidden = (m = 'You do not have permission for this action') => new ApiError('FORBIDDEN', m);
export const notFound = (m = 'Not found') => new ApiError('NOT_FOUND', m);
export const conflict = (m: string | string[]) => new ApiError('CONFLICT', m);

export function errorBody(code: ErrCode, messages: string[]) {
  return { data: null, err_code: code, err_msg: messages };
}

/**
 * The envelope with each message worded in the request's language (Accept-Language `id` or `en`;
 * none: as thrown) and, for a request that names its language, `err_detail`: per message its stable
 * code, the field it concerns and parameters.
 */
export function localizedErrorBody(code: ErrCode, messages: string[], lang: Lang | null) {
  return detailedBody(
    code,
    messages.map((m) => detailOf(m, lang)),
    lang,
  );
}

function detailedBody(code: ErrCode, details: ErrDetail[], lang: Lang | null) {
  // One message per problem: the same sentence twice (a check run on two paths) is said once.
  const seen = new Set<string>();
  const unique = details.filter((d) => !seen.has(d.message) && seen.add(d.message));
  const body = { data: null, err_code: code, err_msg: unique.map((d) => d.message) };
  // The details go to a client that names its language (the web app does): the envelope others
  // have always read stays exactly as it was.
  return lang ? { ...body, err_detail: unique } : body;
}

const humanize = (s: string) => s.replace(/_/g, ' ');

/** Maps constraint violations to readable 409/400 answers. */
export function fromPgError(err: unknown): ApiError | null {
  const pg = pgErrorOf(err);
  if (!pg?.code) return null;
  const detail = pg.detail ?? '';
  switch (pg.code) {
    case '23505': {
      // Key (customer_code)=(C001) already exists.
      const m = /Key \((.+?)\)=\((.*?)\)/.exec(detail);
      const field = m ? humanize(m[1].replace(/lower\((.+)\)/, '$1')) : 'value';
      return conflict(
        m ? `${field} '${m[2]}' already exists` : 'A record with the same unique value already exists',
      );
    }
    case '23503': {
      // Key (id)=(3) is still referenced from table "salesmen".  /  Key (branch_id)=(99) is not present in table "branches".
      const still = /is still referenced from table "(.+?)"/.exec(detail);
      if (still)
        return conflict(`This record is still used by ${humanize(still[1])}; remove or reassign those first`);
      const missing = /Key \((.+?)\)=\((.*?)\) is not present in table "(.+?)"/.exec(detail);
      if (missing) return badRequest(`${missing[1]}: ${humanize(missing[3])} ${missing[2]} does not exist`);
      return conflict('The record is linked to other data');
    }
    case '23514':
      return badRequest(`A value breaks the rule ${pg.constraint ?? 'check'}`);
    case '23502':
      return badRequest(`${humanize(/column "(.+?)"/.exec(pg.message ?? '')?.[1] ?? 'a field')} is required`);
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return badRequest('A value has the wrong format or is out of range');
    case '40001':
    case '40P01':
      return conflict('The record was changed by another request at the same time; try again');
    default:
      return null;
  }
}

/**
 * An unexpected error as it goes to the log: a failed statement keeps its SQL but not its parameters
 * (they hold what users typed: names, phone numbers, passwords on the way to a hash).
 */
export function loggable(err: unknown): Record<string, unknown> {
  const redact = (m: unknown) =>
    typeof m === 'string' ? m.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]') : m;
  const e = err as { name?: string; code?: string; message?: string; stack?: string; cause?: unknown };
  const cause = e.cause as { message?: string; code?: string } | undefined;
  return {
    type: e.name,
    code: e.code,
    message: redact(e.message),
    stack: redact(e.stack),
    ...(cause ? { cause: { message: cause.message, code: cause.code } } : {}),
  };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((req, reply) => {
    reply
      .code(404)
      .send(
        localizedErrorBody(
          'NOT_FOUND',
          [`No route ${req.method} ${req.url.split('?')[0]}`],
          requestLang(req.headers['accept-language']),
        ),
      );
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = requestLang(req.headers['accept-language']);
    const errorBody = (code: ErrCode, messages: string[]) => localizedErrorBody(code, messages, lang);
    if (err instanceof ApiError) {
      return reply.code(err.status).send(errorBody(err.code, err.messages));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const details = err.validation.map((v) => {
        // documents/7/lines/0/qty -> documents[7].lines[0].qty
        const field = v.instancePath
          .replace(/^\//, '')
          .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
          .replace(/\//g, '.');
        return zodDetail(field || where, v.keyword, v.message ?? '', v.params as Record<string, never>, lang);
      });
      return reply.code(400).send(detailedBody('VALIDATION_ERROR', details, lang));
    }
    const pg = fromPgError(err);
    if (pg) return reply.code(pg.status).send(errorBody(pg.code, pg.messages));
    if (isResponseSerializationError(err)) {
      req.log.error({ err: err.cause, url: req.url }, 'response did not match its schema');
      return reply.code(500).send(errorBody('INTERNAL', ['Internal server error']));
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_PARTS_LIMIT') {
      return reply.code(413).send(errorBody('PAYLOAD_TOO_LARGE', ['The request body is too large']));
    }
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send(errorBody('UNSUPPORTED_MEDIA_TYPE', ['Unsupported content type']));
    }
    if (status === 429) {
      return reply.code(429).send(errorBody('RATE_LIMITED', ['Too many requests; try again later']));
    }
    if (status === 403 || status === 404) {
      // The static file server refusing a path (a dot file, an escape from its folder) or not finding
      // it: both are "no such file" to the client, which learns nothing about what exists.
      return reply
        .code(404)
        .send(errorBody('NOT_FOUND', [`No file at ${req.url.split('?')[0].slice(0, 200)}`]));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, empty body, ...): their messages hold no internals.
      return reply.code(400).send(errorBody('VALIDATION_ERROR', [err.message]));
    }
    req.log.error({ err: loggable(err) }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL', ['Internal server error']));
  });
}

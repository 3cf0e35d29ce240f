// Errors the API answers with, and the one error handler that turns anything thrown into
// CONTRACT.md's error envelope. A 500 never carries SQL or a stack trace.
import { ERR_STATUS, type ErrCode } from '@lbo/contract/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { pgErrorOf } from '../db/retry';
import {
  type ErrDetail,
  type Lang,
  type Problem,
  phrase,
  problem,
  requestLang,
  wordProblem,
  zodDetail,
} from './messages';

export { type MsgCode, type Problem, phrase, problem, zodProblem } from './messages';

/** What a throw site says: a problem of the catalogue, or free text (answered as written, code `message`). */
export type Said = Problem | string;

const asProblem = (m: Said): Problem => (typeof m === 'string' ? phrase(m) : m);

export class ApiError extends Error {
  readonly status: number;
  readonly problems: Problem[];
  constructor(
    readonly code: ErrCode,
    said: Said | Said[],
  ) {
    const list = (Array.isArray(said) ? said : [said]).map(asProblem);
    const problems = list.length > 0 ? list : [problem('message', { text: code })];
    const plain = problems.map((p) => wordProblem(p, null).message);
    super(plain.join('; '));
    this.status = ERR_STATUS[code];
    this.problems = problems;
  }

  /** The messages as answered without Accept-Language. */
  get messages(): string[] {
    return this.problems.map((p) => wordProblem(p, null).message);
  }
}

export const badRequest = (m: Said | Said[]) => new ApiError('VALIDATION_ERROR', m);
export const unauthenticated = (m: Said = problem('sign_in_first')) => new ApiError('UNAUTHENTICATED', m);
export const forbidden = (m: Said | Said[] = problem('forbidden')) => new ApiError('FORBIDDEN', m);
export const notFound = (m: Said | Said[] = problem('not_found')) => new ApiError('NOT_FOUND', m);
export const conflict = (m: Said | Said[]) => new ApiError('CONFLICT', m);

export function errorBody(code: ErrCode, messages: string[]) {
  return { data: null, err_code: code, err_msg: messages };
}

/**
 * The envelope with each problem worded in the request's language (Accept-Language `id` or `en`;
 * none: the English the API has always answered) and, for a request that names its language,
 * `err_detail`: per message its stable code, the field (and import row) it concerns and parameters.
 */
export function localizedErrorBody(code: ErrCode, problems: readonly Said[], lang: Lang | null) {
  return detailedBody(
    code,
    problems.map((p) => wordProblem(asProblem(p), lang)),
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
      if (!m) return conflict(problem('duplicate'));
      const thing = humanize(m[1].replace(/lower\((.+)\)/, '$1'));
      // A key of one column concerns that field; one of several names them all in `thing`.
      const field = thing.includes(',') ? undefined : thing.replace(/ /g, '_');
      return conflict(problem('duplicate', { thing, value: m[2] }, { field, named: true }));
    }
    case '23503': {
      // Key (id)=(3) is still referenced from table "salesmen".  /  Key (branch_id)=(99) is not present in table "branches".
      const still = /is still referenced from table "(.+?)"/.exec(detail);
      if (still) return conflict(problem('in_use', { thing: humanize(still[1]) }));
      const missing = /Key \((.+?)\)=\((.*?)\) is not present in table "(.+?)"/.exec(detail);
      if (missing) {
        return badRequest(
          problem('missing_reference', { thing: humanize(missing[3]), value: missing[2] }, missing[1]),
        );
      }
      return conflict(problem('in_use'));
    }
    case '23514':
      return badRequest(problem('check_failed', { rule: pg.constraint ?? 'check' }));
    case '23502': {
      const column = /column "(.+?)"/.exec(pg.message ?? '')?.[1];
      return badRequest(
        problem('required', { thing: column ? humanize(column) : 'a field' }, { field: column, named: true }),
      );
    }
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return badRequest(problem('format'));
    case '40001':
    case '40P01':
      return conflict(problem('concurrent_change'));
    case 'LOT01': {
      // A debit that its store's lots cannot cover (raised by point_lots_draw, migration 0018).
      const p = JSON.parse(detail || '{}') as Record<string, string | number>;
      return conflict(
        problem('lots_short', { customer: p.customer, open: p.open, takes: p.takes, short: p.short }),
      );
    }
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

/** Where fastify keeps each validated part of a request. */
const SOURCE: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((req, reply) => {
    reply
      .code(404)
      .send(
        localizedErrorBody(
          'NOT_FOUND',
          [problem('no_route', { method: req.method, path: req.url.split('?')[0] })],
          requestLang(req.headers['accept-language']),
        ),
      );
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = requestLang(req.headers['accept-language']);
    const errorBody = (code: ErrCode, said: readonly Said[]) => localizedErrorBody(code, said, lang);
    if (err instanceof ApiError) {
      return reply.code(err.status).send(errorBody(err.code, err.problems));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const details = err.validation.map((v) => {
        // documents/7/lines/0/qty -> documents[7].lines[0].qty
        const field = v.instancePath
          .replace(/^\//, '')
          .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
          .replace(/\//g, '.');
        // The value the issue is about, so a missing field is told from a wrong one.
        let input: unknown = (req as unknown as Record<string, unknown>)[SOURCE[where] ?? 'body'];
        for (const step of v.instancePath.split('/').slice(1)) {
          input =
            input !== null && typeof input === 'object'
              ? (input as Record<string, unknown>)[step]
              : undefined;
        }
        return zodDetail(field || where, v.keyword, v.message ?? '', { ...v.params, input }, lang);
      });
      return reply.code(400).send(detailedBody('VALIDATION_ERROR', details, lang));
    }
    const pg = fromPgError(err);
    if (pg) return reply.code(pg.status).send(errorBody(pg.code, pg.problems));
    if (isResponseSerializationError(err)) {
      req.log.error({ err: err.cause, url: req.url }, 'response did not match its schema');
      return reply.code(500).send(errorBody('INTERNAL', [problem('internal')]));
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_PARTS_LIMIT') {
      return reply.code(413).send(errorBody('PAYLOAD_TOO_LARGE', [problem('too_large')]));
    }
    if (status === 415 || err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send(errorBody('UNSUPPORTED_MEDIA_TYPE', [problem('media_type')]));
    }
    if (status === 429) {
      return reply.code(429).send(errorBody('RATE_LIMITED', [problem('rate_limited')]));
    }
    if (status === 403 || status === 404) {
      // The static file server refusing a path (a dot file, an escape from its folder) or not finding
      // it: both are "no such file" to the client, which learns nothing about what exists.
      return reply
        .code(404)
        .send(errorBody('NOT_FOUND', [problem('no_file', { path: req.url.split('?')[0].slice(0, 200) })]));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, empty body, ...): their messages hold no internals.
      return reply.code(400).send(errorBody('VALIDATION_ERROR', [err.message]));
    }
    req.log.error({ err: loggable(err) }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL', [problem('internal')]));
  });
}

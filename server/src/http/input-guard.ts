// Guards every API request's raw input once, before any route validates it (CONTRACT.md section 2):
// - control characters (NUL included) are refused with 400 naming the field: in query and path
//   parameters always, in JSON bodies and multipart form_data except tab, line feed and carriage
//   return, which multi-line texts (notes, addresses) legitimately hold. PostgreSQL refuses NUL in
//   text, so without this a NUL reached SQL and answered 500 (with the statement in the log);
// - a query parameter given twice is refused, instead of one of the values being silently dropped
//   (id lists, `..._ids`, may repeat: `item_category_ids=1&item_category_ids=2`).
import type { FastifyInstance } from 'fastify';
import { badRequest, type Problem, problem } from './errors';

/** In parameters every control character is refused; in bodies tab, line feed and carriage return stay. */
type Rule = { keepLayout: boolean };
const IN_PARAMS: Rule = { keepLayout: false };
const IN_TEXT: Rule = { keepLayout: true };

function hasControl(s: string, rule: Rule): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c !== 0x7f) continue;
    if (rule.keepLayout && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
    return true;
  }
  return false;
}

const visible = (s: string) => [...s].map((ch) => (hasControl(ch, IN_PARAMS) ? '?' : ch)).join('');

const REPEATABLE = /(^|_)ids$/;

const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

/** Every field (path like `lines[0].note`) whose string, or key, holds a character `rule` refuses. */
function controlFields(value: unknown, path: string, rule: Rule, out: Problem[], depth = 0): void {
  if (depth > 20 || out.length >= 50) return;
  if (typeof value === 'string') {
    if (hasControl(value, rule)) out.push(problem('control_chars', undefined, path || 'body'));
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) controlFields(value[i], join(path, i), rule, out, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (hasControl(k, IN_PARAMS)) out.push(problem('control_chars', undefined, join(path, visible(k))));
      else controlFields(v, join(path, k), rule, out, depth + 1);
    }
  }
}

/** 400 when a body (JSON, or the form_data of a multipart request) holds control characters. */
export function assertCleanBody(body: unknown): void {
  const errors: Problem[] = [];
  controlFields(body, '', IN_TEXT, errors);
  if (errors.length > 0) throw badRequest(errors);
}

export function registerInputGuards(api: FastifyInstance): void {
  api.addHook('preValidation', async (req) => {
    const errors: Problem[] = [];
    for (const [key, value] of Object.entries((req.query ?? {}) as Record<string, unknown>)) {
      if (Array.isArray(value) && !REPEATABLE.test(key)) {
        errors.push(problem('repeated_param', { times: value.length }, key));
      }
      controlFields(value, key, IN_PARAMS, errors);
    }
    for (const [key, value] of Object.entries((req.params ?? {}) as Record<string, unknown>)) {
      controlFields(value, key, IN_PARAMS, errors);
    }
    // A multipart body is read later by its route, which checks its form_data (multipartJsonBody).
    if (!req.isMultipart()) controlFields(req.body, '', IN_TEXT, errors);
    if (errors.length > 0) throw badRequest(errors);
  });
}

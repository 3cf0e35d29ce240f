// A bare Fastify app for testing one piece of the machinery on its own (the action registrar, the
// import pipeline): the real zod compilers, auth, error envelope and OpenAPI document, the piece's
// routes mounted under /v1/api, tokens signed for any user, and a call helper.
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type AuthUser, registerAuth, type SessionResolver, TokenService } from '../../src/http/auth';
import { registerErrorHandling, unauthenticated } from '../../src/http/errors';
import type { Harness } from '../harness';

export type BareApp = Awaited<ReturnType<typeof createBareApp>>;

export async function createBareApp(
  h: Harness,
  opts: {
    secret: string;
    /** The grants of a token signed without any. */
    grants: AuthUser['grants'];
    /** Registers the routes under test (behind the auth hook). */
    mount(api: FastifyInstance): void;
  },
) {
  const tokens = new TokenService(opts.secret, 900);
  // The bare app's sessions: each token signed by `token()` names one, holding the user it was made for.
  const sessions = new Map<number, AuthUser>();
  const resolver: SessionResolver = {
    async resolve(userId, sessionId) {
      const user = sessions.get(sessionId);
      if (!user || user.id !== userId) throw unauthenticated('The session has ended; sign in again');
      return user;
    },
  };
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(swagger, {
    openapi: { info: { title: 't', version: '1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(
    async (api) => {
      registerAuth(api, tokens, resolver);
      opts.mount(api);
    },
    { prefix: '/v1/api' },
  );
  await app.ready();

  /** A token for the fixture admin, with `user` changing any part of it. */
  async function token(user: Partial<AuthUser> = {}): Promise<string> {
    const full: AuthUser = {
      id: h.fixture.adminId,
      name: 'Tester',
      roleGroupId: null,
      grants: opts.grants,
      branches: 'all',
      ...user,
    };
    const sessionId = sessions.size + 1;
    sessions.set(sessionId, full);
    return (await tokens.sign({ id: full.id, sessionId })).token;
  }

  /** Calls `/v1/api<url>` with the token (none for null); the status and the parsed answer. */
  async function call(
    tok: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) {
    const res = await app.inject({
      method,
      url: `/v1/api${url}`,
      headers: tok ? { authorization: `Bearer ${tok}` } : {},
      payload: payload as never,
    });
    return { status: res.statusCode, body: res.json() };
  }

  return { app, token, call };
}

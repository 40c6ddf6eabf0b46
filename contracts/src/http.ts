import { z } from 'zod';
import { ErrorBody } from './common/errors';
import { AuthAnswer, LoginBody, RegisterBody } from './workspace/auth';
import { CreateModelBody, ListModelsQuery, Model, ModelIdParams, ModelList, UpdateModelBody } from './workspace/model';
import { User } from './workspace/user';

/** One HTTP route of the BFF: the BFF validates with these schemas and /api/docs is generated from them. */
export interface HttpRoute {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  summary: string;
  auth: boolean;
  params?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  response: z.ZodTypeAny;
  status?: number;
}

const Ok = z.object({ ok: z.literal(true) });

export const HttpRoutes = {
  register: { method: 'post', path: '/api/auth/register', summary: 'Sign up', auth: false, body: RegisterBody, response: AuthAnswer, status: 201 },
  login: { method: 'post', path: '/api/auth/login', summary: 'Sign in', auth: false, body: LoginBody, response: AuthAnswer },
  logout: { method: 'post', path: '/api/auth/logout', summary: 'Sign out', auth: false, response: Ok },
  me: { method: 'get', path: '/api/auth/me', summary: 'The signed-in user', auth: true, response: User },
  createModel: { method: 'post', path: '/api/workspace/model', summary: 'Create a model', auth: true, body: CreateModelBody, response: Model, status: 201 },
  listModels: { method: 'get', path: '/api/workspace/model', summary: 'List, search and sort my models', auth: true, query: ListModelsQuery, response: ModelList },
  getModel: { method: 'get', path: '/api/workspace/model/{id}', summary: 'One model', auth: true, params: ModelIdParams, response: Model },
  updateModel: { method: 'patch', path: '/api/workspace/model/{id}', summary: 'Rename a model or change its description', auth: true, params: ModelIdParams, body: UpdateModelBody, response: Model },
  deleteModel: { method: 'delete', path: '/api/workspace/model/{id}', summary: 'Delete a model', auth: true, params: ModelIdParams, response: Model },
} satisfies Record<string, HttpRoute>;

export { ErrorBody as HttpErrorBody };
